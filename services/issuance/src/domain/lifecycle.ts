import { effectiveStatus, type Credential } from './credential.js';

/** DECISIONS.md section 1: the reason recorded on a credential superseded by a renewal. */
export const SUPERSEDED_REASON = 'superseded by renewal';

/** The recipient's credential of the badge that issuing again is measured against. */
export type PriorCredential = Pick<Credential, 'id' | 'credentialId' | 'status' | 'expirationDate' | 'revokedAt'>;

/**
 * What issuing a badge to a recipient does, per SPEC.md's transitions table:
 * - no prior credential: a first issue;
 * - prior expired: a renewal, the prior stays expired (`markExpired` when only the clock says
 *   so yet, so the expiry is persisted and announced once, in the same transaction);
 * - prior revoked: a renewal, the prior stays revoked;
 * - prior active (pending or valid, not past its expirationDate) and time-bound: a renewal
 *   that revokes the prior with reason `superseded by renewal`;
 * - prior active and non-expiring: 409, nothing changes.
 */
export type IssueDecision =
  | { kind: 'first' }
  | { kind: 'renew'; prior: PriorCredential; priorAction: 'none' | 'revoke' | 'markExpired'; priorStatus: 'expired' | 'revoked' }
  | { kind: 'conflict'; prior: PriorCredential };

export function decideIssue(prior: PriorCredential | null, now: Date): IssueDecision {
  if (prior === null) return { kind: 'first' };
  const status = effectiveStatus(prior, now);
  if (status === 'revoked') return { kind: 'renew', prior, priorAction: 'none', priorStatus: 'revoked' };
  if (status === 'expired') return { kind: 'renew', prior, priorAction: prior.status === 'expired' ? 'none' : 'markExpired', priorStatus: 'expired' };
  if (prior.expirationDate === null) return { kind: 'conflict', prior };
  return { kind: 'renew', prior, priorAction: 'revoke', priorStatus: 'revoked' };
}

/** A credential can be claimed only while pending, not expired and not revoked (DECISIONS.md section 1). */
export function claimability(c: Pick<Credential, 'status' | 'expirationDate' | 'revokedAt'>, now: Date): 'claimable' | 'already_claimed' | 'revoked' | 'expired' {
  const status = effectiveStatus(c, now);
  if (status === 'revoked') return 'revoked';
  if (status === 'expired') return 'expired';
  if (status === 'valid') return 'already_claimed';
  return 'claimable';
}
