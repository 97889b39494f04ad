import type { Knex } from '@cred/db';
import { checkIdempotencyRequest, findAnswer, type IdempotencyRequest } from '@cred/idempotency';
import type { Credential } from '../domain/credential.js';

/** What issueCredential returns: the credential, and whether an earlier call with the same idempotency key issued it. */
export type IssuedCredential = Credential & { idempotentReplay?: true };

/**
 * The Idempotency-Key of an issue as the shared records take it (@cred/idempotency,
 * docs/decisions.md "Idempotency-Key"): the caller's scoped key and fingerprint, looked up
 * among this organization's issues only.
 */
export function issueIdempotency(organizationId: string, given: { key: string; fingerprint: string }): IdempotencyRequest {
  return checkIdempotencyRequest({ scope: `credentials.issue:${organizationId}`, key: given.key, fingerprint: given.fingerprint });
}

/** The credential an issue answered, as its record stores it (JSON: dates as ISO strings), marked replayed. */
export function replayedIssue(stored: unknown): IssuedCredential {
  const c = stored as Record<string, unknown>;
  const date = (v: unknown) => (typeof v === 'string' ? new Date(v) : null);
  return {
    ...(c as unknown as Credential),
    issuanceDate: new Date(String(c.issuanceDate)),
    expirationDate: date(c.expirationDate),
    claimedAt: date(c.claimedAt),
    revokedAt: date(c.revokedAt),
    createdAt: new Date(String(c.createdAt)),
    idempotentReplay: true,
  };
}

/** The stored answer of a key that still binds, before any work (422 for another request). */
export async function issueReplay(db: Knex, r: IdempotencyRequest, now: Date): Promise<IssuedCredential | undefined> {
  const stored = await findAnswer(db, r, now);
  return stored === undefined ? undefined : replayedIssue(stored);
}
