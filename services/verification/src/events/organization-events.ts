import type { Knex } from '@cred/db';
import type { DomainEvent } from '@cred/events';
import { organizationStore } from '../db/organization-store.js';
import { ORGANIZATION_STATUSES } from '../domain/model.js';
import { PayloadReader, requireVersion } from './payload.js';

export const ORGANIZATION_EVENT_TYPES = ['accounts.organization.created', 'accounts.organization.updated'];

/**
 * `accounts.organization.created|updated` carry the whole organization; the newest snapshot
 * (by event createdAt) wins, so a late `created` cannot undo an approval or a suspension.
 */
export async function onOrganizationEvent(event: DomainEvent<unknown>, trx: Knex.Transaction): Promise<void> {
  requireVersion(event, [1]);
  const o = PayloadReader.of(event.type, event.data).object('organization');
  await organizationStore.applySnapshot(
    trx,
    {
      id: o.string('id'),
      name: o.string('name'),
      slug: o.string('slug'),
      domain: o.optionalString('domain'),
      domainVerified: o.boolean('domainVerified'),
      status: o.oneOf('status', ORGANIZATION_STATUSES),
      plan: o.string('plan'),
      subscriptionStatus: o.string('subscriptionStatus'),
      emailNotificationsEnabled: o.boolean('emailNotificationsEnabled'),
      signingKeysGenerated: o.boolean('signingKeysGenerated'),
      createdAt: o.date('createdAt'),
    },
    new Date(event.createdAt),
    event.type === 'accounts.organization.created' ? 0 : 1,
  );
}
