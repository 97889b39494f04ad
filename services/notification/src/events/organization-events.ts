import type { DomainEvent } from '@cred/events';
import type { Knex } from '@cred/db';
import { newUuid, type Clock } from '@cred/runtime';
import { notificationStore } from '../db/notification-store.js';

interface SigningKeysGenerated {
  organizationId: string;
  organizationSlug: string;
  keyId: string;
}

/**
 * `organization.signing_keys.generated`: records the operator notice that the organization
 * can now issue. Runs in the inbox transaction, so a redelivered event records nothing twice.
 */
export function onSigningKeysGenerated(clock: Clock) {
  return async (event: DomainEvent<SigningKeysGenerated>, trx: Knex.Transaction) => {
    await notificationStore.insert(trx, {
      id: newUuid(),
      eventId: event.id,
      eventType: event.type,
      organizationId: event.data.organizationId,
      channel: 'log',
      status: 'recorded',
      data: { keyId: event.data.keyId, organizationSlug: event.data.organizationSlug },
      createdAt: clock.now(),
    });
  };
}
