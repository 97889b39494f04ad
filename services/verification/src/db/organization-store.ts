import { upsertNewer, type Knex } from '@cred/db';
import type { Organization, OrganizationStatus } from '../domain/model.js';

export interface OrganizationRow {
  id: string;
  name: string;
  slug: string;
  domain: string | null;
  domain_verified: boolean;
  status: string;
  plan: string;
  subscription_status: string;
  email_notifications_enabled: boolean;
  signing_keys_generated: boolean;
  created_at: Date;
  event_at: Date;
  event_rank: number;
}

export function organizationFromRow(r: OrganizationRow): Organization {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    domain: r.domain,
    domainVerified: r.domain_verified,
    status: r.status as OrganizationStatus,
    plan: r.plan,
    subscriptionStatus: r.subscription_status,
    emailNotificationsEnabled: r.email_notifications_enabled,
    signingKeysGenerated: r.signing_keys_generated,
    createdAt: r.created_at,
  };
}

/** Event order for a tie on createdAt: an update is newer than the creation. */
export type OrganizationEventRank = 0 | 1;

export const organizationStore = {
  /**
   * Applies a snapshot only if it is newer than the stored one (events can arrive out of order).
   * Returns whether it was applied.
   */
  async applySnapshot(trx: Knex.Transaction, org: Organization, eventAt: Date, rank: OrganizationEventRank): Promise<boolean> {
    return upsertNewer<OrganizationRow>(
      trx,
      'organizations',
      {
        id: org.id,
        name: org.name,
        slug: org.slug,
        domain: org.domain,
        domain_verified: org.domainVerified,
        status: org.status,
        plan: org.plan,
        subscription_status: org.subscriptionStatus,
        email_notifications_enabled: org.emailNotificationsEnabled,
        signing_keys_generated: org.signingKeysGenerated,
        created_at: org.createdAt,
        event_at: eventAt,
        event_rank: rank,
      },
      { key: 'id', order: ['event_at', 'event_rank'] },
    );
  },

  async findById(db: Knex, id: string): Promise<Organization | undefined> {
    const row = await db<OrganizationRow>('organizations').where({ id }).first();
    return row ? organizationFromRow(row) : undefined;
  },

  /** The organization currently holding `slug` (the most recently changed one, should two claim it). */
  async findBySlug(db: Knex, slug: string): Promise<Organization | undefined> {
    const row = await db<OrganizationRow>('organizations').where({ slug }).orderBy('event_at', 'desc').first();
    return row ? organizationFromRow(row) : undefined;
  },
};
