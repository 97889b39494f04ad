import type { BulkPreviewOutcome } from '@cred/proto/bulk-results';
import { effectiveStatus, expirationFor, issuanceInstant, type Credential } from './credential.js';
import type { RecipientRow } from './csv.js';

/** docs/contract.md "Credential lifecycle": the reason recorded on a credential superseded by a renewal. */
export const SUPERSEDED_REASON = 'superseded by renewal';

/** The 409 of issuing to a recipient who holds an active, non-expiring credential of the badge (also a bulk row's reason). */
export const ACTIVE_NON_EXPIRING_MESSAGE =
  'The recipient already has an active, non-expiring credential of this badge; revoke it before issuing again';

/** The recipient's credential of the badge that issuing again is measured against. */
export type PriorCredential = Pick<Credential, 'id' | 'credentialId' | 'status' | 'expirationDate' | 'revokedAt'>;

/**
 * What issuing a badge to a recipient does, per the transitions in docs/contract.md "Credential lifecycle":
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

/** A credential can be claimed only while pending, not expired and not revoked (docs/contract.md "Credential lifecycle"). */
export function claimability(c: Pick<Credential, 'status' | 'expirationDate' | 'revokedAt'>, now: Date): 'claimable' | 'already_claimed' | 'revoked' | 'expired' {
  const status = effectiveStatus(c, now);
  if (status === 'revoked') return 'revoked';
  if (status === 'expired') return 'expired';
  if (status === 'valid') return 'already_claimed';
  return 'claimable';
}

export type PreviewOutcome = BulkPreviewOutcome;

export interface PreviewRow {
  row: number;
  name: string;
  email: string;
  outcome: PreviewOutcome;
  reason: string | null;
}

/**
 * What a bulk job would do with its rows, in file order, without doing it: each valid row goes
 * through decideIssue against the recipient's prior credential (`priors`, by lower-cased
 * e-mail), and a row that would issue becomes the prior of the next row for the same address,
 * as the worker issues a job's rows for one address one after the other in CSV order. So a
 * repeated address renews the earlier row's credential (time-bound badge) or conflicts with it
 * (non-expiring badge).
 *
 * With `quota`, the monthly recipient quota is applied as the issue path applies it, after the
 * conflict check: an address already counted this month (or by an earlier row of the file)
 * costs nothing more, a new one takes one of the `remaining` places, and a row that finds
 * none left is `over_quota` (the real job records it `failed` with the quota's 403 message).
 * Such a row issues nothing, so it is not the prior of a later row. The worker issues a few rows
 * at once, so near the limit the places may go to other new addresses than file order says.
 */
export function previewBulkRows(
  rows: readonly RecipientRow[],
  priors: ReadonlyMap<string, PriorCredential>,
  expiresInDays: number | null,
  now: Date,
  quota?: { remaining: number; counted: ReadonlySet<string>; refusal: string },
): PreviewRow[] {
  const counted = new Set(quota?.counted);
  let remaining = quota?.remaining ?? Infinity;
  const latest = new Map<string, { prior: PriorCredential; row?: number }>();
  for (const [email, prior] of priors) latest.set(email, { prior });
  const issuedAt = issuanceInstant(now);
  return rows.map((r): PreviewRow => {
    const base = { row: r.row, name: r.name, email: r.email };
    if (r.invalidReason !== null) return { ...base, outcome: 'invalid', reason: r.invalidReason };
    const known = latest.get(r.email);
    const decision = decideIssue(known?.prior ?? null, now);
    const what = known?.row === undefined ? known?.prior.credentialId : `the credential of row ${known.row} of this file`;
    if (decision.kind === 'conflict') {
      return { ...base, outcome: 'conflict', reason: known?.row === undefined ? ACTIVE_NON_EXPIRING_MESSAGE : `${ACTIVE_NON_EXPIRING_MESSAGE} (${what})` };
    }
    if (quota && !counted.has(r.email)) {
      if (remaining <= 0) return { ...base, outcome: 'over_quota', reason: quota.refusal };
      counted.add(r.email);
      remaining--;
    }
    latest.set(r.email, {
      prior: { id: '', credentialId: '', status: 'pending', expirationDate: expirationFor(issuedAt, expiresInDays), revokedAt: null },
      row: r.row,
    });
    if (decision.kind === 'first') return { ...base, outcome: 'issue', reason: null };
    const effect = decision.priorAction === 'revoke' ? 'which is revoked as superseded by renewal' : `which is ${decision.priorStatus}`;
    return { ...base, outcome: 'renew', reason: `Renews ${what}, ${effect}` };
  });
}
