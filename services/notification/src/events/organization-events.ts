import type { DomainEvent } from '@cred/events';
import type { Knex } from '@cred/db';
import { newUuid, type Clock, type Logger } from '@cred/runtime';
import { notificationStore } from '../db/notification-store.js';
import { organizationStore } from '../db/organization-store.js';
import { readEvent } from '@cred/event-contracts';

/**
 * `organization.signing_keys.generated`: records the operator notice that the organization
 * can now issue. Runs in the inbox transaction, so a redelivered event records nothing twice.
 */
export function onSigningKeysGenerated(clock: Clock) {
  return async (event: DomainEvent<unknown>, trx: Knex.Transaction) => {
    const d = readEvent(event, 'organization.signing_keys.generated');
    await notificationStore.insert(trx, {
      id: newUuid(),
      eventId: event.id,
      eventType: event.type,
      organizationId: d.organizationId,
      channel: 'log',
      status: 'recorded',
      data: { keyId: d.keyId, organizationSlug: d.organizationSlug },
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
    const { organization: org } = readEvent(event, ...ORGANIZATION_EVENTS);
    const applied = await organizationStore.upsertIfNewer(
      trx,
      {
        id: org.id,
        name: org.name,
        slug: org.slug,
        status: org.status,
        plan: org.plan,
        emailNotificationsEnabled: org.emailNotificationsEnabled ?? true,
        version: new Date(event.createdAt),
      },
      clock.now(),
    );
    if (!applied) logger.debug({ eventId: event.id }, 'older organization state ignored');
  };
}
