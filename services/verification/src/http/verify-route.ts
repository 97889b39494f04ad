import type { VerificationContext } from '../app/context.js';
import { verifyCredential, type CredentialVerification } from '../app/verify-credential.js';
import { parseCredentialRef } from '../domain/identifiers.js';
import { partialEmail } from '../domain/partial-email.js';
import { REASON } from '../domain/verification-reasons.js';
import { sendText, type Route } from './respond.js';

function record(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * The public JSON of a verification (docs/contract.md "Verification" + docs/contract.md "Verification").
 * Badge name, description, image and skills come from the signed achievement, i.e. what the
 * recipient was awarded, not from the template as it reads today. The recipient's address is
 * only ever shown in its partial form.
 */
export function verificationBody(v: CredentialVerification, baseUrl: string): Record<string, unknown> {
  const c = v.credential;
  const achievement = record(record(v.ob3['credentialSubject'])['achievement']);
  const image = achievement['image'];
  const tags = Array.isArray(achievement['tag']) ? achievement['tag'].filter((t): t is string => typeof t === 'string') : [];
  return {
    valid: v.valid,
    status: v.status,
    credential: {
      id: c.uuid,
      credentialId: c.credentialId,
      badgeId: c.badgeId,
      badgeName: str(achievement['name']),
      badgeDescription: str(achievement['description']),
      badgeImageUrl: str(image) ?? str(record(image)['id']),
      tags,
      issuerName: v.organization?.name ?? str(record(v.ob3['issuer'])['name']),
      issuerSlug: c.organizationSlug,
      issuerDomainVerified: v.organization?.domainVerified ?? false,
      recipientName: c.recipientName,
      recipientEmailPartial: partialEmail(c.recipientEmail),
      issuanceDate: c.issuanceDate.toISOString(),
      expirationDate: iso(c.expirationDate),
      claimedAt: iso(c.claimedAt),
      revokedAt: iso(c.revokedAt),
      revocationReason: c.revokedAt ? c.revocationReason : null,
      supersedesCredentialId: c.supersedesCredentialId,
      supersededByCredentialId: c.supersededByCredentialId,
      verificationUrl: `${baseUrl}/verify/${c.credentialId}`,
    },
    verification: v.checks,
    // Why a check failed, when there is more to say than false (today: a compromised key).
    ...(v.keyCompromise ? { reason: { code: REASON.keyCompromised, message: `Not valid: ${v.keyCompromise.message}` } } : {}),
    ob3Credential: v.ob3,
    features: { qrCodeEnabled: true },
  };
}

/**
 * Serialized answers per cached read-model row. The row is immutable while cached, and besides
 * the row the answer depends only on the outcome computed for this request (status and the four
 * checks, evaluated every time), so the bytes are reused while that outcome stays the same.
 */
const answersOfRow = new WeakMap<object, { outcome: string; bytes: Buffer }>();

export function outcomeKey(v: CredentialVerification): string {
  const c = v.checks;
  return `${v.status}|${+v.valid}${+c.signatureValid}${+c.notRevoked}${+c.notExpired}${+c.issuerActive}|${v.keyCompromise?.message ?? ''}`;
}

/** GET /api/verify/{id} — id is the CRD- id or the UUID; anything else is 404. */
export const verifyRoute: Route<VerificationContext> = {
  name: 'verify',
  pattern: /^\/api\/verify\/([^/]+)$/,
  async handle(req, res, match, ctx) {
    const v = await verifyCredential(ctx, parseCredentialRef(match[1]!), req.headers, 'api');
    const outcome = outcomeKey(v);
    let answer = answersOfRow.get(v.credential);
    if (!answer || answer.outcome !== outcome) {
      // The stored credential bytes go out as they are (no re-serialization of the OB3 document).
      const { ob3Credential: _ob3, ...rest } = verificationBody(v, ctx.baseUrl);
      answer = { outcome, bytes: Buffer.from(`${JSON.stringify(rest).slice(0, -1)},"ob3Credential":${v.credential.ob3Json}}`) };
      answersOfRow.set(v.credential, answer);
    }
    // The answer changes with revocation, expiry and the issuer's status: never reuse it unchecked.
    sendText(res, 200, answer.bytes, {
      cacheControl: v.credential.isPublic ? 'no-cache' : 'private, no-store',
      cors: v.credential.isPublic,
      varyAuthorization: true,
    });
  },
};
