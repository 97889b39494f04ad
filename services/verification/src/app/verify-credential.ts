import { buildDidDocument } from '@cred/ob3';
import { AppError } from '@cred/runtime';
import { issuerActive, lifecycleAt, verificationOutcome, type LifecycleChecks } from '../domain/credential-status.js';
import type { CredentialRef } from '../domain/identifiers.js';
import { compromisedProof, type KeyCompromise } from '../domain/key-compromise.js';
import type { CredentialRecord, Organization, VerificationChannel } from '../domain/model.js';
import type { VerificationContext } from './context.js';
import { assertViewable } from './credential-access.js';
import type { SessionHeaders } from './recipient-session.js';
import { issuerDid } from './issuer-documents.js';
import { parseStatusListUrl } from './status-lists.js';
import type { SignatureCheckResult } from './signature-verifier.js';

export interface VerificationChecks {
  signatureValid: boolean;
  notRevoked: boolean;
  notExpired: boolean;
  issuerActive: boolean;
}

export interface CredentialVerification {
  valid: boolean;
  status: LifecycleChecks['status'];
  checks: VerificationChecks;
  credential: CredentialRecord;
  organization: Organization | undefined;
  ob3: Record<string, unknown>;
  /** Set when the proof was made by a key the issuer reported compromised, at or after that time. */
  keyCompromise: KeyCompromise | null;
}

/**
 * Is the credential's revocation bit set in the list we publish for its organization? False
 * without an entry of ours (credentials issued before status lists) and when the list cannot be
 * read at the moment: the read model's own revocation still counts.
 */
async function revokedOnStatusList(ctx: VerificationContext, orgSlug: string, ob3: Record<string, unknown>): Promise<boolean> {
  const entry = ob3['credentialStatus'] as Record<string, unknown> | undefined;
  if (!entry || typeof entry !== 'object' || entry['statusPurpose'] !== 'revocation') return false;
  const list = typeof entry['statusListCredential'] === 'string' ? parseStatusListUrl(ctx.baseUrl, entry['statusListCredential']) : null;
  const index =
    typeof entry['statusListIndex'] === 'string' && /^\d{1,9}$/.test(entry['statusListIndex']) ? Number(entry['statusListIndex']) : null;
  if (!list || list.slug !== orgSlug || index === null) return false;
  try {
    return (await ctx.statusLists.bit(list.slug, list.listNumber, index)) === 1;
  } catch (err) {
    // An unavailable list was logged once by the source, for the read that failed; the failure
    // is then remembered for as long as a list, so it is not logged again for every request.
    if (!(err instanceof AppError && err.code === 'UNAVAILABLE'))
      ctx.logger.warn(
        { orgSlug, listNumber: list.listNumber, err: err instanceof Error ? err.message : String(err) },
        'status list not read',
      );
    return false;
  }
}

/** Signature results per cached read-model row (same bytes, same keys: same answer). */
const signatureOfRow = new WeakMap<object, SignatureCheckResult>();

/** Parsed once per cached read-model row (the hot path reuses the row for up to a second). */
const parsedOb3 = new WeakMap<CredentialRecord, Record<string, unknown>>();
function ob3Of(credential: CredentialRecord): Record<string, unknown> {
  let ob3 = parsedOb3.get(credential);
  if (!ob3) {
    ob3 = JSON.parse(credential.ob3Json) as Record<string, unknown>;
    parsedOb3.set(credential, ob3);
  }
  return ob3;
}

/**
 * Verifies one of our credentials (docs/contract.md "Verification", docs/contract.md "Verification"). The
 * four checks run on every request: the signature against the key in the did.json we publish
 * (its result cached for these exact bytes and keys), and expiry, revocation and the issuer's
 * status read fresh from the read model and the application clock.
 */
export async function verifyCredential(
  ctx: VerificationContext,
  ref: CredentialRef | null,
  headers: SessionHeaders,
  channel: VerificationChannel,
): Promise<CredentialVerification> {
  // One statement reads the credential, its organization and the published keys.
  const found = ref ? await ctx.readModel.find(ref) : undefined;
  if (!found) throw AppError.notFound('Credential not found');
  const { credential, organization } = found;
  await assertViewable(ctx, credential, headers);
  // The row (and its keys) is immutable while cached: its signature answer can ride along with it.
  let signature = signatureOfRow.get(found);
  if (!signature) {
    const did = issuerDid(ctx.baseUrl, credential.organizationSlug);
    // Built exactly as /issuers/{slug}/did.json serves it (didDocumentForSlug).
    const didDocument =
      did && found.keys.length > 0
        ? buildDidDocument(
            did,
            found.keys.map((k) => ({
              n: k.sequence,
              publicKeyMultibase: k.publicKeyMultibase,
              revoked: k.compromisedAt ? new Date(k.compromisedAt) : null,
            })),
          )
        : null;
    signature = did
      ? await ctx.signatures.check({ credentialUuid: credential.uuid, ob3Json: credential.ob3Json, expectedIssuer: did, didDocument })
      : { valid: false, reason: 'organization slug cannot form a did:web', source: 'precheck' as const };
    if (signature.source !== 'computed' || signature.valid) signatureOfRow.set(found, signature);
  } else {
    ctx.signatures.countReuse();
  }
  // A key reported compromised vouches only for what it signed before (ADR 0008): read fresh
  // from the read model on every request, like revocation.
  const did = issuerDid(ctx.baseUrl, credential.organizationSlug);
  const keyCompromise = signature.valid && did ? compromisedProof(ob3Of(credential), did, found.keys) : null;
  if (!signature.valid) {
    ctx.logger.info({ credentialUuid: credential.uuid, reason: signature.reason }, 'credential signature did not verify');
  }
  let lifecycle = lifecycleAt(credential, ctx.clock.now());
  // The list other verifiers read says the same: a set bit is a revocation here too, even in
  // the moment before the read model hears of it (ADR 0007).
  if (lifecycle.notRevoked && (await revokedOnStatusList(ctx, credential.organizationSlug, ob3Of(credential)))) {
    lifecycle = { ...lifecycle, notRevoked: false, status: 'revoked' };
  }
  const checks: VerificationChecks = {
    signatureValid: signature.valid && !keyCompromise,
    notRevoked: lifecycle.notRevoked,
    notExpired: lifecycle.notExpired,
    issuerActive: issuerActive(organization),
  };
  const valid = checks.signatureValid && checks.notRevoked && checks.notExpired && checks.issuerActive;
  ctx.recorder.record({
    credentialUuid: credential.uuid,
    organizationId: credential.organizationId,
    badgeId: credential.badgeId,
    channel,
    outcome: verificationOutcome(checks),
  });
  return {
    valid,
    status: lifecycle.status,
    checks,
    credential,
    organization,
    // Shared with the cached row: callers only read it.
    ob3: ob3Of(credential),
    keyCompromise,
  };
}
