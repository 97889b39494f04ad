import type { Knex } from '@cred/db';
import type { DomainEvent } from '@cred/events';
import type { Clock } from '@cred/runtime';
import { claimTokenStore } from '../db/claim-token-store.js';
import { UUID_RE } from '../domain/text.js';

export const CLAIM_TOKEN_EVENT_TYPES = ['notification.claim_token.issued'];

const HASH_RE = /^[0-9a-f]{64}$/;

/** A payload that breaks the contract: retried, then dead-lettered (never half-applied). */
export class ClaimTokenPayloadError extends Error {}

function field(data: Record<string, unknown>, name: string, re?: RegExp): string {
  const v = data[name];
  if (typeof v !== 'string' || v.length === 0 || v.length > 200 || (re && !re.test(v))) throw new ClaimTokenPayloadError(`notification.claim_token.issued: ${name} is missing or malformed`);
  return v;
}

/**
 * `notification.claim_token.issued` v1 (docs/events.md): store the hash so the link in the
 * e-mail can claim the credential. Idempotent by event id (inbox) and by hash.
 */
export function onClaimTokenIssued(clock: Clock) {
  return async (event: DomainEvent<unknown>, trx: Knex.Transaction): Promise<void> => {
    if (event.version !== 1) throw new ClaimTokenPayloadError(`notification.claim_token.issued: unsupported version ${event.version}`);
    const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as Record<string, unknown>;
    const expiresAt = new Date(field(data, 'expiresAt'));
    if (Number.isNaN(expiresAt.getTime())) throw new ClaimTokenPayloadError('notification.claim_token.issued: expiresAt is not an instant');
    const organizationId = typeof data.organizationId === 'string' && UUID_RE.test(data.organizationId) ? data.organizationId : null;
    await claimTokenStore.add(trx, {
      tokenHash: field(data, 'tokenHash', HASH_RE),
      credentialUuid: field(data, 'credentialUuid', UUID_RE).toLowerCase(),
      organizationId,
      expiresAt,
      sourceEventId: typeof data.sourceEventId === 'string' ? data.sourceEventId.slice(0, 100) : null,
      at: clock.now(),
    });
  };
}
