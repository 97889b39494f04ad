import type { DomainEvent } from '@cred/events';
import type { Knex } from '@cred/db';
import { newUuid, type Clock, type Logger } from '@cred/runtime';
import { notificationStore } from '../db/notification-store.js';
import { organizationStore } from '../db/organization-store.js';
import { record, str, uuid } from './event-data.js';

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

export const ORGANIZATION_EVENTS = ['accounts.organization.created', 'accounts.organization.updated'] as const;

/**
 * `accounts.organization.created|updated` -> the organizations read model (plan for webhooks,
 * emailNotificationsEnabled for e-mail). Events can arrive out of order; a state is applied
 * only when its event is newer (createdAt) than the one the stored state came from.
 */
export function onOrganizationChanged(clock: Clock, logger: Logger) {
  return async (event: DomainEvent<unknown>, trx: Knex.Transaction) => {
    const org = record(record(event.data, 'data').organization, 'data.organization');
    const enabled = org.emailNotificationsEnabled;
    const applied = await organizationStore.upsertIfNewer(
      trx,
      {
        id: uuid(org, 'id'),
        name: str(org, 'name', 500),
        slug: str(org, 'slug', 200),
        status: str(org, 'status', 50),
        plan: str(org, 'plan', 50),
        emailNotificationsEnabled: typeof enabled === 'boolean' ? enabled : true,
        version: new Date(event.createdAt),
      },
      clock.now(),
    );
    if (!applied) logger.debug({ eventId: event.id }, 'older organization state ignored');
  };
}
