import { AppError, discardRequestBody, toAppError } from '@cred/runtime';
import type { VerificationContext } from '../../app/context.js';
import { verifySubmitted, type SubmittedVerification } from '../../app/verify-submitted.js';
import { parseCredentialRef } from '../../domain/identifiers.js';
import { MAX_UPLOAD_BYTES, mediaType, readMultipartFile } from '../body.js';
import type { Route } from '../respond.js';
import { banner, checkList, date, record, str, type BannerTone } from './common.js';
import { html, layout, sendHtml, type Html } from './html.js';

function forms(options: { id?: string; idError?: string; uploadError?: string } = {}): Html {
  return html`<section class="card" aria-labelledby="id-h">
      <h2 id="id-h">Look up a credential</h2>
      <form method="get" action="/verify-lookup">
        <label for="id">Credential ID (CRD-…) or UUID</label>
        <input
          type="text"
          id="id"
          name="id"
          value="${options.id ?? ''}"
          autocomplete="off"
          spellcheck="false"
          required
          maxlength="64"
          ${options.idError ? html` aria-invalid="true" aria-describedby="id-error"` : ''}
        />
        ${options.idError ? html`<p id="id-error" class="error" role="alert">${options.idError}</p>` : ''}
        <button type="submit">Verify</button>
      </form>
    </section>
    <section class="card" aria-labelledby="upload-h">
      <h2 id="upload-h">Verify a baked badge</h2>
      <p>
        Upload a badge image (PNG or SVG) with an Open Badges 3.0 credential or an Open Badges 2.0 assertion inside, from this platform or
        any other. At most 5 MiB.
      </p>
      <form method="post" action="/verify-lookup" enctype="multipart/form-data">
        <label for="file">Badge image</label>
        <input
          type="file"
          id="file"
          name="file"
          accept="image/png,image/svg+xml,.png,.svg"
          required${options.uploadError ? html` aria-invalid="true" aria-describedby="upload-error"` : ''}
        />
        ${options.uploadError ? html`<p id="upload-error" class="error" role="alert">${options.uploadError}</p>` : ''}
        <label for="recipient">Recipient e-mail address (optional, Open Badges 2.0)</label>
        <input type="email" id="recipient" name="recipient" autocomplete="off" maxlength="320" aria-describedby="recipient-hint" />
        <p id="recipient-hint">Given, it is compared with the badge’s recipient (hashed or not); it is not stored.</p>
        <button type="submit">Verify the file</button>
      </form>
    </section>`;
}

function lookupPage(body: Html): string {
  return layout(
    'Verify a credential',
    html`<h1>Verify a credential</h1>
      ${body}`,
    {
      description: 'Verify an Open Badges 3.0 credential by its ID, or an Open Badges 3.0 or 2.0 badge from its baked image',
    },
  );
}

const BANNERS: Record<string, [BannerTone, string]> = {
  valid: ['ok', 'Verified: this credential is valid'],
  expired: ['warn', 'Expired: this credential is past its expiration date'],
  revoked: ['bad', 'Revoked: the issuer has revoked this credential'],
  invalid: ['bad', 'Not valid: this credential could not be verified'],
};

/**
 * The banner of a result. A credential whose proof verifies but whose key could not be tied to
 * its issuer (read only from the verification method id) is not valid (docs/contract.md "Verification"),
 * but it is not a forgery either: say exactly that, so that the reader knows what is missing.
 */
function bannerOf(r: SubmittedVerification): [BannerTone, string] {
  const v = r.verification;
  const onlyIssuerUnconfirmed =
    r.status === 'invalid' && v.signatureValid && !v.issuerAuthenticated && r.checks.every((c) => c.passed || c.name === 'issuer');
  if (onlyIssuerUnconfirmed) {
    return ['warn', 'Not verified: the signature is intact, but the key could not be confirmed as the issuer’s'];
  }
  return BANNERS[r.status] ?? BANNERS['invalid']!;
}

function firstString(...values: unknown[]): string | null {
  for (const v of values) {
    const s = str(v);
    if (s) return s;
  }
  return null;
}

/** What an Open Badges 2.0 result shows: the badge, its issuer, dates and the recipient check. */
function ob2Facts(r: SubmittedVerification): { name: string; facts: Html } {
  const assertion = record(r.ob2?.assertion);
  const badgeClass = record(r.ob2?.badgeClass);
  const issuer = record(r.ob2?.issuer);
  const name = firstString(badgeClass['name']) ?? 'Open Badges 2.0 badge';
  const recipient = r.checks.find((c) => c.name === 'recipient');
  const facts = html`<dl class="facts">
    <dt>Standard</dt>
    <dd>
      Open Badges
      2.0${str(record(assertion['verification'])['type']) ? html` (${String(record(assertion['verification'])['type'])} assertion)` : ''}
    </dd>
    <dt>Issued by</dt>
    <dd>${firstString(issuer['name']) ?? 'Not named'}${str(issuer['id']) ? html` (<code>${String(issuer['id'])}</code>)` : ''}</dd>
    ${
      str(badgeClass['description'])
        ? html`<dt>Description</dt>
            <dd>${String(badgeClass['description'])}</dd>`
        : ''
    }
    <dt>Issued on</dt>
    <dd>${date(firstString(assertion['issuedOn'])) || 'Not given'}</dd>
    <dt>Expires</dt>
    <dd>${date(firstString(assertion['expires'])) || 'No end date'}</dd>
    <dt>Recipient</dt>
    <dd>
      ${
        recipient
          ? recipient.passed
            ? 'Matches the address you gave'
            : html`Does not match the address you gave (${recipient.message})`
          : 'Not checked: no e-mail address was given'
      }
    </dd>
  </dl>`;
  return { name, facts };
}

/** The result page for an uploaded badge: what the credential says, and every check. */
function resultPage(r: SubmittedVerification): string {
  if (r.openBadgesVersion === '2.0') {
    const { name, facts } = ob2Facts(r);
    // No key-binding nuance here: a hosted badge has no key, and a signed one's key is the issuer's or not.
    const [tone, text] = BANNERS[r.status] ?? BANNERS['invalid']!;
    return layout(
      `${name} — verification result`,
      html`<h1>${name}</h1>
        ${banner(tone, text)} ${r.reason && !r.valid ? html`<p class="card" id="reason">Reason: ${r.reason.message}</p>` : ''}
        <section class="card" aria-labelledby="cred-h">
          <h2 id="cred-h">Badge</h2>
          ${facts}
        </section>
        <section class="card" aria-labelledby="checks-h">
          <h2 id="checks-h">Checks</h2>
          ${checkList(r.checks.map((c) => ({ label: c.name, passed: c.passed, message: c.message })))}
        </section>
        <p><a href="/verify-lookup">Verify another credential</a></p>`,
    );
  }
  const ob3 = r.ob3Credential ?? {};
  const subject = record(Array.isArray(ob3['credentialSubject']) ? ob3['credentialSubject'][0] : ob3['credentialSubject']);
  const achievement = record(subject['achievement']);
  const issuer = ob3['issuer'];
  const issuerName = firstString(record(issuer)['name']);
  const issuerId = firstString(issuer, record(issuer)['id']);
  const name = firstString(achievement['name'], ob3['name']) ?? 'Credential';
  const tags = Array.isArray(achievement['tag']) ? achievement['tag'].filter((t): t is string => typeof t === 'string') : [];
  const [tone, text] = bannerOf(r);
  return layout(
    `${name} — verification result`,
    html`<h1>${name}</h1>
      ${banner(tone, text)}
      ${r.issuedHere ? html`<p class="card">Issued on this platform: <a href="${r.issuedHere.verificationUrl}">open its verification page</a>.</p>` : ''}
      <section class="card" aria-labelledby="cred-h">
        <h2 id="cred-h">Credential</h2>
        <dl class="facts">
          <dt>Issued by</dt>
          <dd>${issuerName ?? 'Not named'}${issuerId ? html` (<code>${issuerId}</code>)` : ''}</dd>
          ${
            str(achievement['description'])
              ? html`<dt>Description</dt>
                  <dd>${String(achievement['description'])}</dd>`
              : ''
          }
          ${
            str(subject['name'])
              ? html`<dt>Awarded to</dt>
                  <dd>${String(subject['name'])}</dd>`
              : ''
          }
          <dt>Valid from</dt>
          <dd>${date(firstString(ob3['validFrom'], ob3['issuanceDate'])) || 'Not given'}</dd>
          <dt>Valid until</dt>
          <dd>${date(firstString(ob3['validUntil'], ob3['expirationDate'])) || 'No end date'}</dd>
          ${
            tags.length
              ? html`<dt>Skills</dt>
                  <dd>${tags.join(', ')}</dd>`
              : ''
          }
        </dl>
      </section>
      <section class="card" aria-labelledby="checks-h">
        <h2 id="checks-h">Checks</h2>
        ${checkList(r.checks.map((c) => ({ label: c.name, passed: c.passed, message: c.message })))}
      </section>
      <p><a href="/verify-lookup">Verify another credential</a></p>`,
  );
}

/**
 * GET /verify-lookup: forms for an id (`?id=` redirects 303 to /verify/{id} when well formed)
 * and for a baked image upload. POST /verify-lookup (multipart, field `file`): verifies the
 * uploaded badge like POST /api/verify/baked and renders the result, for credentials of any
 * platform. Unusable uploads re-render the form with the reason (4xx).
 */
export const lookupPageRoute: Route<VerificationContext> = {
  name: 'verify-lookup',
  pattern: /^\/verify-lookup$/,
  methods: ['GET', 'HEAD', 'POST'],
  html: true,
  async handle(req, res, _match, ctx) {
    if (req.method === 'POST') {
      let result: SubmittedVerification;
      try {
        if (mediaType(req) !== 'multipart/form-data') {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Please upload the badge image with the form.');
        }
        const file = await readMultipartFile(req, 'file', MAX_UPLOAD_BYTES, ['recipient']);
        const recipient = file.fields['recipient']?.trim() || undefined;
        result = await verifySubmitted(
          ctx,
          { kind: 'baked', bytes: file.bytes, contentType: file.contentType, ...(recipient ? { recipient } : {}) },
          'baked',
        );
      } catch (err) {
        const e = toAppError(err);
        if (e.code === 'INTERNAL_ERROR') throw err;
        if (!req.complete) discardRequestBody(req);
        sendHtml(res, e.httpStatus, lookupPage(forms({ uploadError: e.message })));
        return;
      }
      sendHtml(res, 200, resultPage(result), { private: true });
      return;
    }
    const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
    const id = query.get('id');
    if (id === null) {
      sendHtml(res, 200, lookupPage(forms()), { headers: { 'cache-control': 'public, max-age=300' } });
      return;
    }
    const ref = parseCredentialRef(id.trim());
    if (!ref) {
      const shown = id.slice(0, 64);
      sendHtml(
        res,
        400,
        lookupPage(forms({ id: shown, idError: 'That is not a credential ID. It looks like CRD-7K4M2Q9XW3RT or a UUID.' })),
      );
      return;
    }
    res.writeHead(303, { location: `/verify/${ref.value}`, 'cache-control': 'no-store', 'content-length': 0 });
    res.end();
  },
};
