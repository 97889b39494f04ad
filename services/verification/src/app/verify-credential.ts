import { organizationStore } from '../db/organization-store.js';
import { issuerActive, lifecycleAt, verificationOutcome, type LifecycleChecks } from '../domain/credential-status.js';
import type { CredentialRef } from '../domain/identifiers.js';
import type { CredentialRecord, Organization, VerificationChannel } from '../domain/model.js';
import type { VerificationContext } from './context.js';
import { loadViewableCredential } from './credential-access.js';
import { didDocumentForSlug, issuerDid } from './issuer-documents.js';

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
}

/**
 * Verifies one of our credentials (SPEC.md "Verify a credential", DECISIONS.md section 5). The
 * four checks run on every request: the signature against the key in the did.json we publish
 * (its result cached for these exact bytes and keys), and expiry, revocation and the issuer's
 * status read fresh from the read model and the application clock.
 */
export async function verifyCredential(
  ctx: VerificationContext,
  ref: CredentialRef | null,
  authorization: string | undefined,
  channel: VerificationChannel,
): Promise<CredentialVerification> {
  const credential = await loadViewableCredential(ctx, ref, authorization);
  const did = issuerDid(ctx.baseUrl, credential.organizationSlug);
  const [organization, didDocument] = await Promise.all([
    organizationStore.findById(ctx.db, credential.organizationId),
    didDocumentForSlug(ctx.db, ctx.baseUrl, credential.organizationSlug),
  ]);
  const signature = did
    ? await ctx.signatures.check({ credentialUuid: credential.uuid, ob3Json: credential.ob3Json, expectedIssuer: did, didDocument })
    : { valid: false, reason: 'organization slug cannot form a did:web', source: 'precheck' as const };
  if (!signature.valid) {
    ctx.logger.info({ credentialUuid: credential.uuid, reason: signature.reason }, 'credential signature did not verify');
  }
  const lifecycle = lifecycleAt(credential, ctx.clock.now());
  const checks: VerificationChecks = {
    signatureValid: signature.valid,
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
    ob3: JSON.parse(credential.ob3Json) as Record<string, unknown>,
  };
}
