import type { Knex } from '@cred/db';
import type { PromiseClient } from '@cred/grpc';
import type { AccountsServiceClient } from '@cred/proto';
import { AppError } from '@cred/runtime';
import { organizationStore } from '../db/organization-store.js';
import { ORGANIZATION_STATUSES, type Organization, type OrganizationStatus } from '../domain/model.js';
import { isUuid } from '../domain/identifiers.js';

export interface OrganizationRefreshOptions {
  db: Knex;
  accounts: Pick<PromiseClient<AccountsServiceClient>, 'GetOrganization'>;
  /** Forgets every copy this replica keeps, and has the other replicas forget theirs; resolves once told. */
  forgetEverywhere(): Promise<void>;
}

/**
 * RefreshOrganization (read-your-writes for an operator's approve, suspend or reinstate; issue
 * 39): reads the organization as accounts has it now and writes it into the read model through
 * the same forward-only upsert as `accounts.organization.updated`, ordered by the record's
 * `updated_at` instead of the event's `createdAt`. Changes of one organization are serialized
 * under its row lock in accounts and each event is made after its change's `updated_at` and
 * before the next change's, so neither the fill nor the event that follows can undo the other's
 * newer state. Then every cached copy is dropped here and announced to the other replicas.
 */
export function createOrganizationRefresh(o: OrganizationRefreshOptions): (organizationId: string) => Promise<OrganizationStatus> {
  return async (organizationId) => {
    if (!isUuid(organizationId)) throw AppError.validation('organization_id', 'organization_id must be a UUID');
    const r = await o.accounts.GetOrganization({ organization_id: organizationId });
    const status = r.status as OrganizationStatus;
    const updatedAt = new Date(r.updated_at);
    if (!(ORGANIZATION_STATUSES as readonly string[]).includes(status) || Number.isNaN(updatedAt.getTime())) {
      throw new AppError('UNAVAILABLE', 'accounts answered an organization verification cannot read');
    }
    const organization: Organization = {
      id: r.id,
      name: r.name,
      slug: r.slug,
      domain: r.domain === '' ? null : r.domain,
      domainVerified: r.domain_verified,
      status,
      plan: r.plan,
      subscriptionStatus: r.subscription_status,
      emailNotificationsEnabled: r.email_notifications_enabled,
      signingKeysGenerated: r.signing_keys_generated,
      createdAt: new Date(r.created_at),
    };
    await o.db.transaction((trx) => organizationStore.applySnapshot(trx, organization, updatedAt, 1));
    await o.forgetEverywhere();
    return status;
  };
}
