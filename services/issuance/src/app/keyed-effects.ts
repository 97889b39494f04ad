import type { Knex } from '@cred/db';
import { checkIdempotencyRequest, once, type IdempotencyRequest } from '@cred/idempotency';

/**
 * The Idempotency-Key records issuance keeps for its keyed effects other than the issue
 * (@cred/idempotency, docs/decisions.md "Idempotency-Key", ADR 0013): badge creation, badge
 * image upload and signing-key rotation. The caller's key and fingerprint come with the call;
 * the scope is the operation and the organization, so a key never reaches another
 * organization's records or another operation's.
 */
export type KeyedOperation = 'badges.create' | 'badges.image' | 'signing-keys.rotate';

/** The key and fingerprint as the gateway passes them (proto: IdempotencyKey). */
export interface GivenKey {
  key: string;
  fingerprint: string;
}

/** An answer and whether it is the stored answer of an earlier call with the same key. */
export type Keyed<T> = T & { idempotentReplay?: true };

/** The request the shared records take, or undefined without a key; 400 for a malformed one. */
export function keyedRequest(operation: KeyedOperation, organizationId: string, given: GivenKey | undefined): IdempotencyRequest | undefined {
  if (!given?.key) return undefined;
  return checkIdempotencyRequest({ scope: `${operation}:${organizationId}`, key: given.key, fingerprint: given.fingerprint });
}

/**
 * Runs `effect` in `trx`, at most once per key: with a key, the claim comes first (409 while
 * another transaction holds it, 422 for another request, the stored answer revived for a
 * retry) and the answer is stored with the effect; without one, the effect just runs.
 */
export async function keyedOnce<T>(
  trx: Knex.Transaction,
  request: IdempotencyRequest | undefined,
  now: Date,
  effect: () => Promise<T>,
  revive: (stored: unknown) => T,
): Promise<{ answer: T; replayed: boolean }> {
  if (!request) return { answer: await effect(), replayed: false };
  return once(trx, request, now, effect, revive);
}

/** The answer marked as a replay when it is one. */
export function markReplay<T extends object>(r: { answer: T; replayed: boolean }): Keyed<T> {
  return r.replayed ? { ...r.answer, idempotentReplay: true } : r.answer;
}
