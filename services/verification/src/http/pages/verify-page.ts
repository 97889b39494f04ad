import type { VerificationContext } from '../../app/context.js';
import { verifyCredential, type CredentialVerification } from '../../app/verify-credential.js';
import { badgeStore } from '../../db/badge-store.js';
import { parseCredentialRef } from '../../domain/identifiers.js';
import type { Route } from '../respond.js';
import { outcomeKey, verificationBody } from '../verify-route.js';
import { sendCachedBytes, STATUS_DEPENDENT_MAX_AGE_S } from '../conditional.js';
import { banner, checkList, date, issuerLine, qrSvg, record, str, tagList, type BannerTone } from './common.js';
import { achievementContentOf, achievementDetails, credentialDetails } from './content.js';
import { html, htmlHeaders, layout } from './html.js';

function statusBanner(v: CredentialVerification): [BannerTone, string] {
  if (v.keyCompromise) return ['bad', `Not valid: ${v.keyCompromise.message}`];
  if (!v.checks.signatureValid) return ['bad', 'Not valid: the signature of this credential does not verify'];
  if (!v.checks.notRevoked) return ['bad', 'Revoked: the issuer has revoked this credential'];
  if (!v.checks.notExpired) return ['warn', 'Expired: this credential is past its expiration date'];
  if (!v.checks.issuerActive) return ['bad', 'Not valid: the issuing organization is not active'];
  return v.status === 'pending'
    ? ['ok', 'Verified: this credential is valid (not yet claimed by the recipient)']
    : ['ok', 'Verified: this credential is valid'];
}

/**
 * GET /verify/{id}: the web verification page (docs/contract.md "Identifiers and URLs"). The same
 * four checks as GET /api/verify/{id}, recorded as channel `page`. Private credentials: 403
 * page unless the owner's session is sent; unknown ids: 404 page.
 */
export const verifyPageRoute: Route<VerificationContext> = {
  name: 'verify-page',
  pattern: /^\/verify\/([^/]+)$/,
  html: true,
  async handle(req, res, match, ctx) {
    const v = await verifyCredential(ctx, parseCredentialRef(match[1]!), req.headers, 'page');
    const outcome = outcomeKey(v);
    let cached = pagesOfRow.get(v.credential);
    if (!cached || cached.outcome !== outcome) {
      cached = { outcome, bytes: Buffer.from(await renderPage(v, ctx)) };
      pagesOfRow.set(v.credential, cached);
    }
    sendCachedBytes(
      req,
      res,
      cached.bytes,
      htmlHeaders(v.credential.isPublic ? `public, max-age=${STATUS_DEPENDENT_MAX_AGE_S}` : 'no-store'),
    );
  },
};

/**
 * Rendered pages per cached read-model row, like verify-route.ts's answers: the page depends on
 * the row (credential, organization, keys; a badge change clears the read model) and the outcome
 * computed for this request, so the warm path neither reads the badge nor renders again.
 */
const pagesOfRow = new WeakMap<object, { outcome: string; bytes: Buffer }>();

async function renderPage(v: CredentialVerification, ctx: VerificationContext): Promise<string> {
  const body = verificationBody(v, ctx.baseUrl) as { credential: Record<string, unknown> };
  const c = body.credential;
  const achievement = record(record(v.ob3['credentialSubject'])['achievement']);
  const criteria = str(record(achievement['criteria'])['narrative']);
  const content = achievementContentOf(achievement);
  const badge = await badgeStore.findById(ctx.db, v.credential.badgeId);
  const [tone, text] = statusBanner(v);
  const verificationUrl = String(c['verificationUrl']);
  const id = v.credential.credentialId;
  const badgeName = str(c['badgeName']) ?? 'Credential';
  const imageSrc = badge ? `/o/${badge.organizationSlug}/badges/${badge.slug}/image.png` : null;
  const checks = [
    {
      label: 'Signature',
      passed: v.checks.signatureValid,
      message: v.checks.signatureValid
        ? 'signed by the issuer’s published key'
        : v.keyCompromise
          ? 'made with a key the issuer reported compromised'
          : 'does not match the issuer’s key',
    },
    { label: 'Not revoked', passed: v.checks.notRevoked },
    { label: 'Not expired', passed: v.checks.notExpired },
    {
      label: 'Issuer active',
      passed: v.checks.issuerActive,
      message: v.checks.issuerActive ? 'approved organization' : 'not approved or suspended',
    },
  ];
  const page = layout(
    `${badgeName} — credential verification`,
    html`<h1>${badgeName}</h1>
      ${banner(tone, text)}
      ${
        c['supersededByCredentialId']
          ? html`<p class="card">
              This credential has been renewed. <a href="/verify/${String(c['supersededByCredentialId'])}">View the renewed credential</a>.
            </p>`
          : ''
      }
      <section class="card badge" aria-labelledby="badge-h">
        ${imageSrc ? html`<img src="${imageSrc}" alt="Badge image: ${badgeName}" width="160" height="160" />` : ''}
        <div>
          <h2 id="badge-h">Achievement</h2>
          ${str(c['badgeDescription']) ? html`<p>${String(c['badgeDescription'])}</p>` : ''}
          ${criteria ? html`<p><strong>Criteria:</strong> ${criteria}</p>` : ''} ${tagList((c['tags'] as string[] | undefined) ?? [])}
          ${achievementDetails(content, false)}
        </div>
      </section>
      ${credentialDetails(v.ob3, content)}
      <section class="card" aria-labelledby="facts-h">
        <h2 id="facts-h">Details</h2>
        <dl class="facts">
          <dt>Issued by</dt>
          <dd>${issuerLine(str(c['issuerName']), v.organization?.domainVerified ?? false, v.organization?.domain ?? null)}</dd>
          <dt>Awarded to</dt>
          <dd>${String(c['recipientName'])} (${String(c['recipientEmailPartial'])})</dd>
          <dt>Credential ID</dt>
          <dd>${id}</dd>
          <dt>Status</dt>
          <dd>${v.status}</dd>
          <dt>Issued on</dt>
          <dd>${date(str(c['issuanceDate']))}</dd>
          <dt>Expires</dt>
          <dd>${c['expirationDate'] ? date(str(c['expirationDate'])) : 'Does not expire'}</dd>
          ${
            c['claimedAt']
              ? html`<dt>Claimed on</dt>
                  <dd>${date(str(c['claimedAt']))}</dd>`
              : ''
          }
          ${
            c['revokedAt']
              ? html`<dt>Revoked on</dt>
                  <dd>${date(str(c['revokedAt']))}</dd>`
              : ''
          }
          ${
            c['revokedAt']
              ? html`<dt>Revocation reason</dt>
                  <dd>${str(c['revocationReason']) ?? 'Not given'}</dd>`
              : ''
          }
          ${
            c['supersedesCredentialId']
              ? html`<dt>Renews</dt>
                  <dd><a href="/verify/${String(c['supersedesCredentialId'])}">the earlier credential</a></dd>`
              : ''
          }
        </dl>
      </section>
      <section class="card" aria-labelledby="checks-h">
        <h2 id="checks-h">Checks</h2>
        ${checkList(checks)}
      </section>
      <section class="card" aria-labelledby="share-h">
        <h2 id="share-h">Share and download</h2>
        <div class="qr">${await qrSvg(verificationUrl)}</div>
        <p>Verification address: <a href="${verificationUrl}">${verificationUrl}</a></p>
        <p class="downloads">
          <a href="/credentials/${id}/ob3" download="${id}.jsonld">Download the credential (JSON-LD)</a>
          <a href="/api/credentials/${id}/baked" download="${id}.png">Download the baked badge (PNG)</a>
        </p>
      </section>`,
    { description: `Verification of the credential ${id}` },
  );
  return page;
}
