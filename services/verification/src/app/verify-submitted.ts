import { credentialStore } from '../db/credential-store.js';
import { organizationStore } from '../db/organization-store.js';
import { issuerActive, lifecycleAt, verificationOutcome } from '../domain/credential-status.js';
import { isSlug, isUuid } from '../domain/identifiers.js';
import { compromisedProof } from '../domain/key-compromise.js';
import { issuerKeyStore } from '../db/issuer-key-store.js';
import type { VerificationChannel } from '../domain/model.js';
import type { ExternalVerificationResult } from '../external/index.js';
import type { VerificationContext } from './context.js';
import { issuerDid } from './issuer-documents.js';

export interface SubmittedVerification extends ExternalVerificationResult {
  /** Present when the credential is one of ours and public: where its verification page is. */
  issuedHere?: { credentialId: string; verificationUrl: string };
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

/**
 * A proof made by one of our keys after its owner reported it compromised (ADR 0008) fails
 * here whatever else is known about the credential: a forgery made with a stolen key carries
 * an id we never issued. The key stays in did.json, so the external verifier alone would pass it.
 */
async function withKeyCompromise(ctx: VerificationContext, result: ExternalVerificationResult): Promise<ExternalVerificationResult> {
  const ob3 = result.ob3Credential;
  const slug = ob3 ? ourSlug(ctx.baseUrl, issuerIdOf(ob3)) : null;
  if (!ob3 || !slug) return result;
  const compromise = compromisedProof(ob3, issuerDid(ctx.baseUrl, slug)!, await issuerKeyStore.listPublishedBySlug(ctx.db, slug));
  if (!compromise) return result;
  return {
    ...result,
    valid: false,
    status: 'invalid',
    verification: { ...result.verification, signatureValid: false },
    checks: [...result.checks, { name: 'keyNotCompromised', passed: false, message: compromise.message }],
  };
}

/**
 * A credential submitted to POST /api/verify/credential or /api/verify/baked (or the lookup
 * page), from any platform (an Open Badges 2.0 assertion too: src/external/ob2.ts; those are
 * never ours, so nothing of ours is added or recorded) (docs/contract.md "Verification"). The external verifier does the work; our
 * own did:web issuers resolve from the read model (see own-documents.ts). When the credential is
 * one of ours (`urn:uuid:<uuid>` known here, issued by that organization's DID), what only we
 * know is added: revocation and expiry recorded by the issuer, and check 4 (issuer approved and
 * not suspended). A revoked credential of ours never verifies as valid from its baked copy.
 */
export async function verifySubmitted(
  ctx: VerificationContext,
  input: { kind: 'credential'; body: unknown } | { kind: 'baked'; bytes: Buffer; contentType: string | undefined; recipient?: string },
  channel: VerificationChannel,
): Promise<SubmittedVerification> {
  const result = await withKeyCompromise(
    ctx,
    input.kind === 'credential'
      ? await ctx.external.verifyCredential(input.body)
      : await ctx.external.verifyBakedImage(
          input.bytes,
          input.contentType,
          input.recipient !== undefined ? { recipient: input.recipient } : {},
        ),
  );
  const ob3 = result.ob3Credential;
  const id = ob3 && typeof ob3['id'] === 'string' ? /^urn:uuid:(.+)$/i.exec(ob3['id'])?.[1] : undefined;
  if (!ob3 || !id || !isUuid(id)) return result;
  const record = await credentialStore.find(ctx.db, { kind: 'uuid', value: id.toLowerCase() });
  if (!record || issuerIdOf(ob3) !== issuerDid(ctx.baseUrl, record.organizationSlug)) return result;

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
