import type { Knex } from '@cred/db';

export interface IdempotencyRecord {
  requestHash: string;
  credentialUuid: string;
  createdAt: Date;
}

interface Row {
  organization_id: string;
  key: string;
  request_hash: string;
  credential_uuid: string;
  created_at: Date;
}

/**
 * Idempotency keys of issues (docs/decisions.md, "Idempotency-Key"), stored with the issue in
 * its transaction, so that a retry whose first attempt committed finds it even when the gateway
 * lost track of it (its call timed out, or Redis lost the record). A key binds for `retention`;
 * after that it may be used again.
 */
export const idempotencyStore = {
  /** The record of a key that still binds (created after `since`), if any. */
  async find(db: Knex, organizationId: string, key: string, since: Date): Promise<IdempotencyRecord | undefined> {
    const row = await db<Row>('issue_idempotency')
      .where({ organization_id: organizationId, key })
      .andWhere('created_at', '>', since)
      .first('request_hash', 'credential_uuid', 'created_at');
    return row ? { requestHash: row.request_hash, credentialUuid: row.credential_uuid, createdAt: row.created_at } : undefined;
  },

  /**
   * Binds the key to this issue, in its transaction. False when the key still binds another
   * issue: a concurrent one holding it waits here until that one commits or rolls back. A
   * record older than `since` is taken over.
   */
  async claim(
    trx: Knex.Transaction,
    r: { organizationId: string; key: string; requestHash: string; credentialUuid: string; at: Date; since: Date },
  ): Promise<boolean> {
    const result = await trx.raw(
      `insert into issue_idempotency (organization_id, key, request_hash, credential_uuid, created_at)
       values (?, ?, ?, ?, ?)
       on conflict (organization_id, key) do update
         set request_hash = excluded.request_hash, credential_uuid = excluded.credential_uuid, created_at = excluded.created_at
         where issue_idempotency.created_at <= ?
       returning 1 as claimed`,
      [r.organizationId, r.key, r.requestHash, r.credentialUuid, r.at, r.since],
    );
    return (result as { rows: unknown[] }).rows.length === 1;
  },

  /** Deletes up to `limit` records that no longer bind; returns how many. */
  async purge(db: Knex, since: Date, limit: number): Promise<number> {
    const result = await db.raw(
      `delete from issue_idempotency where ctid in (select ctid from issue_idempotency where created_at <= ? limit ?)`,
      [since, limit],
    );
    return (result as { rowCount: number }).rowCount;
  },
};
