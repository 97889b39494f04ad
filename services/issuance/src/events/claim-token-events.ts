import type { Knex } from '@cred/db';
import type { DomainEvent } from '@cred/events';
import type { Clock } from '@cred/runtime';
import { EventContractError, readEvent } from '@cred/event-contracts';
import { parseClaimTokenRegistration } from '../app/claim-tokens.js';
import { claimTokenStore } from '../db/claim-token-store.js';

export const CLAIM_TOKEN_EVENT_TYPES = ['notification.claim_token.issued'];

/**
 * `notification.claim_token.issued` v1 (docs/events.md), deprecated: notification now registers
 * the hashes over gRPC (RegisterClaimTokens) before sending, so the link works as soon as the
 * e-mail can be read. This consumer stays for one release so that events written by a
 * notification process of the previous release (still in an outbox or a queue during a rolling
 * upgrade) are not lost. Idempotent by event id (inbox) and by hash.
 */
export function onClaimTokenIssued(clock: Clock) {
  return async (event: DomainEvent<unknown>, trx: Knex.Transaction): Promise<void> => {
    const data = readEvent(event, 'notification.claim_token.issued');
    const token = parseClaimTokenRegistration(data, (message) => new EventContractError(event.type, message));
    await claimTokenStore.add(trx, [{ ...token, at: clock.now() }]);
  };
}
