import type { Knex } from '@cred/db';

/** One organization's revocation list as stored (ADR 0007). */
export interface StatusList {
  organizationId: string;
  listNumber: number;
  organizationSlug: string;
  length: number;
  allocated: number;
  /** Moves with every revocation of one of its credentials. */
  revision: number;
  /** The revision the stored signed copy shows (null: never signed). */
  signedRevision: number | null;
  signedJson: string | null;
}

interface StatusListRow {
  organization_id: string;
  list_number: number;
  organization_slug: string;
  length: number;
  allocated: number;
  revision: string | number;
  signed_revision: string | number | null;
  signed_json: string | null;
}

function toStatusList(r: StatusListRow): StatusList {
  return {
    organizationId: r.organization_id,
    listNumber: r.list_number,
    organizationSlug: r.organization_slug,
    length: r.length,
    allocated: r.allocated,
    revision: Number(r.revision),
    signedRevision: r.signed_revision === null ? null : Number(r.signed_revision),
    signedJson: r.signed_json,
  };
}

/**
 * The first `limit` candidates (in their order) that no credential had, recorded. Each candidate
 * is looked up in the primary key on its own (the LATERAL subquery with LIMIT 1 cannot be turned
 * into a join): written as NOT EXISTS, PostgreSQL could plan an anti-join that reads every index
 * the list has handed out and compares each candidate with each of them, which it did whenever
 * the table's statistics were older than its growth (on a list 26,000 entries full, 2 million
 * comparisons and 120 ms under the list's lock for one block of 64, against under a millisecond).
 * Exported for the test that checks the plan.
 */
export const CLAIM_INDEXES_SQL = `INSERT INTO status_list_indexes (organization_id, list_number, idx)
  SELECT ?, ?, c.idx FROM unnest(?::int[]) WITH ORDINALITY AS c(idx, ord)
  LEFT JOIN LATERAL (
    SELECT true AS taken FROM status_list_indexes s
    WHERE s.organization_id = ? AND s.list_number = ? AND s.idx = c.idx LIMIT 1
  ) t ON true
  WHERE t.taken IS NULL
  ORDER BY c.ord LIMIT ?
  ON CONFLICT DO NOTHING RETURNING idx`;

export function claimIndexesBindings(organizationId: string, listNumber: number, candidates: readonly number[], limit: number) {
  // A Postgres array literal: knex would expand a JS array into a list of parameters.
  return [organizationId, listNumber, `{${candidates.map((i) => Math.trunc(i)).join(',')}}`, organizationId, listNumber, limit];
}

/** The only SQL on status_lists and status_list_indexes. */
export const statusListStore = {
  /**
   * The organization's open list (fewer than `fillLimit` indexes handed out), locked for an
   * allocation; a new list is opened when the last one is full. `created` tells whether this
   * call opened it.
   */
  async lockOpenList(
    trx: Knex.Transaction,
    o: { organizationId: string; organizationSlug: string; length: number; fillLimit: number; at: Date },
  ): Promise<{ list: StatusList; created: boolean }> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const open = await trx<StatusListRow>('status_lists')
        .where('organization_id', o.organizationId)
        .where('allocated', '<', o.fillLimit)
        .orderBy('list_number')
        .forUpdate()
        .first();
      if (open) return { list: toStatusList(open), created: false };
      // Two allocators may open the same number at once: one insert wins, both then lock it.
      const inserted = await trx.raw<{ rows: StatusListRow[] }>(
        `INSERT INTO status_lists (organization_id, list_number, organization_slug, length, created_at)
         SELECT ?, coalesce(max(list_number), 0) + 1, ?, ?, ? FROM status_lists WHERE organization_id = ?
         ON CONFLICT DO NOTHING RETURNING *`,
        [o.organizationId, o.organizationSlug, o.length, o.at, o.organizationId],
      );
      const row = inserted.rows[0];
      if (row) {
        const locked = await trx<StatusListRow>('status_lists')
          .where({ organization_id: o.organizationId, list_number: row.list_number })
          .forUpdate()
          .first();
        return { list: toStatusList(locked!), created: true };
      }
    }
    throw new Error(`could not open a status list for organization ${o.organizationId}`);
  },

  /**
   * Records up to `limit` of the candidates (in their order) that were not handed out before and
   * returns them. The caller holds the list's row lock, so no other allocator writes to it meanwhile.
   */
  async claimIndexes(
    trx: Knex.Transaction,
    organizationId: string,
    listNumber: number,
    candidates: readonly number[],
    limit: number,
  ): Promise<number[]> {
    if (candidates.length === 0 || limit <= 0) return [];
    const r = await trx.raw<{ rows: Array<{ idx: number }> }>(
      CLAIM_INDEXES_SQL,
      claimIndexesBindings(organizationId, listNumber, candidates, limit),
    );
    const claimed = r.rows.map((x) => x.idx);
    await trx('status_lists')
      .where({ organization_id: organizationId, list_number: listNumber })
      .increment('allocated', claimed.length);
    return claimed;
  },

  async find(db: Knex, organizationId: string, listNumber: number): Promise<StatusList | undefined> {
    const r = await db<StatusListRow>('status_lists').where({ organization_id: organizationId, list_number: listNumber }).first();
    return r ? toStatusList(r) : undefined;
  },

  async findBySlug(db: Knex, organizationSlug: string, listNumber: number): Promise<StatusList | undefined> {
    const r = await db<StatusListRow>('status_lists').where({ organization_slug: organizationSlug, list_number: listNumber }).first();
    return r ? toStatusList(r) : undefined;
  },

  /** The organization's lists whose signed copy is missing or older than their revision. */
  async listStale(db: Knex, organizationId: string): Promise<StatusList[]> {
    const rows = await db<StatusListRow>('status_lists')
      .where('organization_id', organizationId)
      .where((q) => q.whereNull('signed_revision').orWhereRaw('signed_revision < revision'))
      .orderBy('list_number');
    return rows.map(toStatusList);
  },

  /** Marks every list of the organization stale (its signing key changed): each is re-signed with the current key. */
  async bumpRevisions(trx: Knex.Transaction, organizationId: string): Promise<number> {
    return trx('status_lists').where('organization_id', organizationId).increment('revision', 1);
  },

  /** The entries of the list whose credentials are revoked: its set bits. */
  async revokedIndexes(db: Knex, organizationId: string, listNumber: number): Promise<number[]> {
    const rows = await db('credentials')
      .where({ organization_id: organizationId, status_list_number: listNumber })
      .whereNotNull('revoked_at')
      .select<Array<{ status_list_index: number }>>('status_list_index');
    return rows.map((r) => r.status_list_index);
  },

  /** Stores a signed copy unless a newer one is already there. True when stored. */
  async storeSigned(
    db: Knex,
    o: { organizationId: string; listNumber: number; revision: number; signedJson: string; at: Date },
  ): Promise<boolean> {
    const n = await db('status_lists')
      .where({ organization_id: o.organizationId, list_number: o.listNumber })
      .where((q) => q.whereNull('signed_revision').orWhere('signed_revision', '<', o.revision))
      .update({ signed_revision: o.revision, signed_json: o.signedJson, signed_at: o.at });
    return n === 1;
  },
};
