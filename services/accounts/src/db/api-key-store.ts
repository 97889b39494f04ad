import { rowCodec, type Knex, type RowOf } from '@cred/db';
import type { ApiKey } from '../domain/model.js';

/** The columns are the key's fields (packages/db rows.ts). */
const columns = rowCodec<ApiKey>()([
  'id',
  'organizationId',
  'name',
  'prefix',
  'keyHash',
  'rateLimitPerMinute',
  'createdAt',
  'lastUsedAt',
  'revokedAt',
]);
type Row = RowOf<ApiKey>;
const toKey = (r: Row): ApiKey => columns.fromRow(r);

/** The only place with SQL for API keys. Keys are always looked up inside their organization. */
export const apiKeyStore = {
  /** `createdBy`: the member who created it (null for a key the platform made). */
  async insert(trx: Knex.Transaction, k: ApiKey, createdBy: string | null): Promise<void> {
    await trx('api_keys').insert({ ...columns.toRow(k), created_by_user_id: createdBy });
  },

  /** Revokes the organization's active keys created by `userId`; returns them as revoked. */
  async revokeCreatedBy(trx: Knex.Transaction, organizationId: string, userId: string, at: Date): Promise<ApiKey[]> {
    const rows = await trx<Row>('api_keys')
      .where({ organization_id: organizationId, created_by_user_id: userId } as Record<string, string>)
      .whereNull('revoked_at')
      .update({ revoked_at: at })
      .returning('*');
    return (rows as Row[]).map(toKey);
  },

  async countActive(db: Knex, organizationId: string): Promise<number> {
    const [row] = await db('api_keys')
      .where({ organization_id: organizationId })
      .whereNull('revoked_at')
      .count<{ count: number }[]>('* as count');
    return Number(row?.count ?? 0);
  },

  async list(db: Knex, organizationId: string, includeRevoked: boolean): Promise<ApiKey[]> {
    const q = db<Row>('api_keys').where({ organization_id: organizationId });
    if (!includeRevoked) q.whereNull('revoked_at');
    const rows = await q.orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
    return rows.map(toKey);
  },

  async find(db: Knex, organizationId: string, id: string): Promise<ApiKey | undefined> {
    const row = await db<Row>('api_keys').where({ organization_id: organizationId, id }).first();
    return row ? toKey(row) : undefined;
  },

  async findByHash(db: Knex, keyHash: string): Promise<ApiKey | undefined> {
    const row = await db<Row>('api_keys').where({ key_hash: keyHash }).first();
    return row ? toKey(row) : undefined;
  },

  async update(
    trx: Knex.Transaction,
    organizationId: string,
    id: string,
    patch: { name?: string; rateLimitPerMinute?: number },
  ): Promise<ApiKey | undefined> {
    const values: Partial<Row> = {};
    if (patch.name !== undefined) values.name = patch.name;
    if (patch.rateLimitPerMinute !== undefined) values.rate_limit_per_minute = patch.rateLimitPerMinute;
    if (Object.keys(values).length === 0) return this.find(trx, organizationId, id);
    const [row] = await trx<Row>('api_keys')
      .where({ organization_id: organizationId, id })
      .whereNull('revoked_at')
      .update(values)
      .returning('*');
    return row ? toKey(row as Row) : undefined;
  },

  async revoke(trx: Knex.Transaction, organizationId: string, id: string, at: Date): Promise<ApiKey | undefined> {
    const [row] = await trx<Row>('api_keys')
      .where({ organization_id: organizationId, id })
      .whereNull('revoked_at')
      .update({ revoked_at: at })
      .returning('*');
    return row ? toKey(row as Row) : undefined;
  },

  /** At most one write per key per minute, however often the gateway reports use. */
  async touch(db: Knex, id: string, at: Date): Promise<void> {
    await db('api_keys')
      .where({ id })
      .whereNull('revoked_at')
      .where((q) => q.whereNull('last_used_at').orWhere('last_used_at', '<', new Date(at.getTime() - 60_000)))
      .update({ last_used_at: at });
  },
};
