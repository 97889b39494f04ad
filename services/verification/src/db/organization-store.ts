import { rowCodec, upsertNewer, type Knex, type RowOf } from '@cred/db';
import type { Organization } from '../domain/model.js';

/** The read model's columns are the organization's fields (packages/db rows.ts), plus the event's order. */
const columns = rowCodec<Organization>()([
  'id',
  'name',
  'slug',
  'domain',
  'domainVerified',
  'status',
  'plan',
  'subscriptionStatus',
  'emailNotificationsEnabled',
  'signingKeysGenerated',
  'createdAt',
]);
export type OrganizationRow = RowOf<Organization> & { event_at: Date; event_rank: number };

export function organizationFromRow(r: OrganizationRow): Organization {
  return columns.fromRow(r);
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
      { ...columns.toRow(org), event_at: eventAt, event_rank: rank },
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
