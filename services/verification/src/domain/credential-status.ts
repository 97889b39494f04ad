import type { CredentialRecord, CredentialStatus, Organization } from './model.js';

export interface LifecycleChecks {
  status: CredentialStatus;
  notRevoked: boolean;
  notExpired: boolean;
}

/**
 * The lifecycle status at `now` (docs/contract.md "Requests and bodies", "Time"): revoked > expired > valid (claimed)
 * > pending. Computed on every read from the application clock, never stored, so a credential
 * expires at its expirationDate without anyone having to write anything.
 */
export function lifecycleAt(
  c: Pick<CredentialRecord, 'revokedAt' | 'expirationDate' | 'expiredAt' | 'claimedAt'>,
  now: Date,
): LifecycleChecks {
  const notRevoked = c.revokedAt === null;
  const pastExpiration = c.expirationDate !== null && now.getTime() >= c.expirationDate.getTime();
  // The issuer's own expiry event also counts: state only moves forward.
  const notExpired = !pastExpiration && c.expiredAt === null;
  const status: CredentialStatus = !notRevoked ? 'revoked' : !notExpired ? 'expired' : c.claimedAt !== null ? 'valid' : 'pending';
  return { status, notRevoked, notExpired };
}

/** Check 4 of docs/contract.md: the issuing organization is approved and not suspended. Unknown fails closed. */
export function issuerActive(org: Pick<Organization, 'status'> | undefined): boolean {
  return org?.status === 'approved';
}

/** Outcome recorded for analytics: `valid`, or the first failed check in docs/contract.md's order. */
export function verificationOutcome(checks: {
  signatureValid: boolean;
  notRevoked: boolean;
  notExpired: boolean;
  issuerActive: boolean;
}): string {
  if (!checks.signatureValid) return 'signature_invalid';
  if (!checks.notRevoked) return 'revoked';
  if (!checks.notExpired) return 'expired';
  if (!checks.issuerActive) return 'issuer_inactive';
  return 'valid';
}
