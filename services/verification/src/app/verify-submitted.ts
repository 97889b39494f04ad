import { credentialStore } from '../db/credential-store.js';
import { organizationStore } from '../db/organization-store.js';
import { issuerActive, lifecycleAt, verificationOutcome } from '../domain/credential-status.js';
import { isSlug, isUuid } from '../domain/identifiers.js';
import { compromisedProof } from '../domain/key-compromise.js';
import { issuerKeyStore } from '../db/issuer-key-store.js';
import type { CredentialRecord, VerificationChannel } from '../domain/model.js';
import { credentialDigest } from '../domain/credential-digest.js';
import { REASON, type VerificationReason } from '../domain/verification-reasons.js';
import type { ExternalVerificationResult } from '../external/index.js';
import type { VerificationContext } from './context.js';
import { issuerDid } from './issuer-documents.js';

export interface SubmittedVerification extends Omit<ExternalVerificationResult, 'reason'> {
  /** Present when the credential is one of ours and public: where its verification page is. */
  issuedHere?: { credentialId: string; verificationUrl: string };
  /**
   * Why it is not valid, when there is more to say than a failed check: one of ours refused
   * (verification-reasons.ts), or an Open Badges 2.0 refusal (the external verifier's reason).
   */
  reason?: VerificationReason | ExternalVerificationResult['reason'];
}

function issuerIdOf(credential: Record<string, unknown>): unknown {
  const issuer = credential['issuer'];
  return typeof issuer === 'object' && issuer !== null ? (issuer as Record<string, unknown>)['id'] : issuer;
}

/** The slug of our organization whose did:web is `issuerId`, or null for any other issuer. */
function ourSlug(baseUrl: string, issuerId: unknown): string | null {
  if (typeof issuerId !== 'string') return null;
  const prefix = (issuerDid(baseUrl, 'x') ?? '').slice(0, -1);
  if (!prefix || !issuerId.startsWith(prefix)) return null;
  const slug = issuerId.slice(prefix.length);
  return isSlug(slug) && issuerDid(baseUrl, slug) === issuerId ? slug : null;
}

/** The submitted credential refused with `reason`, whatever the external verifier made of it. */
function refused(result: ExternalVerificationResult, check: string, reason: VerificationReason): SubmittedVerification {
  return {
    ...result,
    valid: false,
    status: 'invalid',
    verification: reason.code === REASON.keyCompromised ? { ...result.verification, signatureValid: false } : result.verification,
    checks: [...result.checks, { name: check, passed: false, message: reason.message }],
    reason,
  };
}

/**
 * The credential of ours that `ob3` is, if we issued exactly it: a record with its
 * `urn:uuid:` id whose signed credential has the same digest. A credential issued a moment ago
 * whose event has not reached the read model yet is asked of issuance (credential-source.ts).
 */
async function issuedRecord(ctx: VerificationContext, ob3: Record<string, unknown>): Promise<CredentialRecord | undefined> {
  const id = typeof ob3['id'] === 'string' ? /^urn:uuid:(.+)$/i.exec(ob3['id'])?.[1] : undefined;
  if (!id || !isUuid(id)) return undefined;
  const ref = { kind: 'uuid', value: id.toLowerCase() } as const;
  let record = await credentialStore.find(ctx.db, ref);
  if (!record && ctx.source && (await ctx.source.fill(ref))) record = await credentialStore.find(ctx.db, ref);
  if (!record) return undefined;
  let held: unknown;
  try {
    held = JSON.parse(record.ob3Json);
  } catch {
    return undefined;
  }
  return credentialDigest(held) === credentialDigest(ob3) ? record : undefined;
}

/**
 * A credential submitted to POST /api/verify/credential or /api/verify/baked (or the lookup
 * page), from any platform (an Open Badges 2.0 assertion too: src/external/ob2.ts; those are
 * never ours, so nothing of ours is added or recorded) (docs/contract.md "Verification"). The
 * external verifier does the work; our own did:web issuers resolve from the read model (see
 * own-documents.ts).
 *
 * A credential that names one of our issuers is trusted only as far as our records go
 * (docs/decisions.md "Compromised keys: what a verifier can trust"): unless we hold a credential
 * with its id and the same content (digest of the signed credential), it is refused with reason
 * `not_issued`, whatever its signature and `proof.created` say: a key thief can sign anything
 * and back-date it, but cannot make us have issued it. For one we did issue, the compromise
 * cutoff (ADR 0008) is applied to the credential as we hold it, and what only we know is added:
 * revocation and expiry recorded by the issuer, and check 4 (issuer approved and not
 * suspended). A revoked credential of ours never verifies as valid from its baked copy.
 */
export async function verifySubmitted(
  ctx: VerificationContext,
  input: { kind: 'credential'; body: unknown } | { kind: 'baked'; bytes: Buffer; contentType: string | undefined; recipient?: string },
  channel: VerificationChannel,
): Promise<SubmittedVerification> {
  const verified =
    input.kind === 'credential'
      ? await ctx.external.verifyCredential(input.body)
      : await ctx.external.verifyBakedImage(
          input.bytes,
          input.contentType,
          input.recipient !== undefined ? { recipient: input.recipient } : {},
        );
  const ob3 = verified.ob3Credential;
  const issuerId = ob3 ? issuerIdOf(ob3) : null;
  const slug = ourSlug(ctx.baseUrl, issuerId);
  if (!ob3 || !slug) return verified;
  const record = await issuedRecord(ctx, ob3);
  if (!record) {
    return refused(verified, 'registry', {
      code: REASON.notIssued,
      message: `names ${String(issuerId)}, an issuer of this platform, but this platform never issued it: no credential with this id and content is on record`,
    });
  }
  // The credential as we hold it (the same, by digest): its proofs are the ones we made.
  const held = JSON.parse(record.ob3Json) as Record<string, unknown>;
  const compromise = compromisedProof(held, issuerDid(ctx.baseUrl, slug)!, await issuerKeyStore.listPublishedBySlug(ctx.db, slug));
  const result = compromise
    ? refused(verified, 'keyNotCompromised', { code: REASON.keyCompromised, message: compromise.message })
    : verified;

  const organization = await organizationStore.findById(ctx.db, record.organizationId);
  const lifecycle = lifecycleAt(record, ctx.clock.now());
  const active = issuerActive(organization);
  const verification = {
    ...result.verification,
    notRevoked: result.verification.notRevoked && lifecycle.notRevoked,
    notExpired: result.verification.notExpired && lifecycle.notExpired,
    issuerActive: active,
  };
  const checks = [
    ...result.checks,
    {
      name: 'registry',
      passed: lifecycle.notRevoked && lifecycle.notExpired,
      message: !lifecycle.notRevoked
        ? `revoked by the issuer on ${record.revokedAt!.toISOString()}${record.revocationReason ? ` (${record.revocationReason})` : ''}`
        : !lifecycle.notExpired
          ? 'expired according to the issuing platform'
          : 'neither revoked nor expired according to the issuing platform',
    },
    {
      name: 'issuerActive',
      passed: active,
      message: active ? 'the issuing organization is approved' : 'the issuing organization is not approved or is suspended',
    },
  ];
  const status =
    result.status === 'invalid'
      ? 'invalid'
      : !verification.notRevoked
        ? 'revoked'
        : !verification.notExpired
          ? 'expired'
          : !active
            ? 'invalid'
            : result.status;
  ctx.recorder.record({
    credentialUuid: record.uuid,
    organizationId: record.organizationId,
    badgeId: record.badgeId,
    channel,
    outcome: verificationOutcome({
      signatureValid: result.verification.signatureValid && result.verification.issuerAuthenticated,
      notRevoked: verification.notRevoked,
      notExpired: verification.notExpired,
      issuerActive: active,
    }),
  });
  return {
    ...result,
    valid: status === 'valid',
    status,
    verification,
    checks,
    ...(record.isPublic
      ? { issuedHere: { credentialId: record.credentialId, verificationUrl: `${ctx.baseUrl}/verify/${record.credentialId}` } }
      : {}),
  };
}
