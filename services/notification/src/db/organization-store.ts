import type { Knex } from '@cred/db';
import { readOncePerTransaction } from './transaction-reads.js';

/** What notification knows of an organization (from accounts.organization.* events). */
export interface OrganizationFacts {
  id: string;
  name: string;
  slug: string;
  status: string;
  plan: string;
  emailNotificationsEnabled: boolean;
  /** createdAt of the event this state came from. */
  version: Date;
}

interface Row {
  id: string;
  name: string;
  slug: string;
  status: string;
  plan: string;
  email_notifications_enabled: boolean;
  version: Date;
  updated_at: Date;
}

const toDomain = (r: Row): OrganizationFacts => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  status: r.status,
  plan: r.plan,
  emailNotificationsEnabled: r.email_notifications_enabled,
  version: r.version,
});

export const organizationStore = {
  /** Applies the state only if it comes from a newer event than the stored one. Returns whether it did. */
  async upsertIfNewer(trx: Knex.Transaction, o: OrganizationFacts, now: Date): Promise<boolean> {
    const result = await trx.raw(
      `INSERT INTO organizations (id, name, slug, status, plan, email_notifications_enabled, version, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, slug = excluded.slug, status = excluded.status,
         plan = excluded.plan, email_notifications_enabled = excluded.email_notifications_enabled,
         version = excluded.version, updated_at = excluded.updated_at
       WHERE organizations.version < excluded.version
       RETURNING id`,
      [o.id, o.name, o.slug, o.status, o.plan, o.emailNotificationsEnabled, o.version, now],
    );
    return (result as { rows: unknown[] }).rows.length > 0;
  },

  /** The organization as a consumer transaction reads it: once per transaction (transaction-reads.ts). */
  inTransaction(trx: Knex.Transaction, id: string): Promise<OrganizationFacts | undefined> {
    return readOncePerTransaction(trx, `organization:${id}`, () => organizationStore.find(trx, id));
  },

  async find(db: Knex, id: string): Promise<OrganizationFacts | undefined> {
    const row = await db<Row>('organizations').where({ id }).first();
    return row ? toDomain(row) : undefined;
  },
};
