import type { Knex } from '@cred/db';
import type { DomainEvent } from '@cred/events';
import { readEvent } from '@cred/event-contracts';
import { organizationStore } from '../db/organization-store.js';

export const ORGANIZATION_EVENT_TYPES = ['accounts.organization.created', 'accounts.organization.updated'];

/**
 * `accounts.organization.created|updated` carry the whole organization; the newest snapshot
 * (by event createdAt) wins, so a late `created` cannot undo an approval or a suspension.
 */
export async function onOrganizationEvent(event: DomainEvent<unknown>, trx: Knex.Transaction): Promise<void> {
  const { organization: o } = readEvent(event, 'accounts.organization.created', 'accounts.organization.updated');
  await organizationStore.applySnapshot(
    trx,
    {
      id: o.id,
      name: o.name,
      slug: o.slug,
      domain: o.domain ?? null,
      domainVerified: o.domainVerified,
      status: o.status,
      plan: o.plan,
      subscriptionStatus: o.subscriptionStatus,
      emailNotificationsEnabled: o.emailNotificationsEnabled ?? true,
      signingKeysGenerated: o.signingKeysGenerated,
      createdAt: new Date(o.createdAt),
    },
    new Date(event.createdAt),
    event.type === 'accounts.organization.created' ? 0 : 1,
  );
}
