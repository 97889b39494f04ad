import { rowCodec, type Knex, type RowOf } from '@cred/db';
import type { SealedKey } from '../domain/envelope.js';

export interface StoredKey {
  id: string;
  organizationId: string;
  organizationSlug: string;
  sequence: number;
  keyId: string;
  publicKeyMultibase: string;
  sealed: SealedKey;
  isCurrent: boolean;
  createdAt: Date;
  revokedAt: Date | null;
  compromisedAt: Date | null;
}

/** The plain columns are the key's fields (packages/db rows.ts); the sealed private key is three columns. */
const plainColumns = rowCodec<Omit<StoredKey, 'sealed'>>()([
  'id',
  'organizationId',
  'organizationSlug',
  'sequence',
  'keyId',
  'publicKeyMultibase',
  'isCurrent',
  'createdAt',
  'revokedAt',
  'compromisedAt',
]);
type Row = RowOf<Omit<StoredKey, 'sealed'>> & {
  kek_id: string;
  wrapped_dek: Buffer;
  private_key_ciphertext: Buffer;
};

function toDomain(r: Row): StoredKey {
  return { ...plainColumns.fromRow(r), sealed: { kekId: r.kek_id, wrappedDek: r.wrapped_dek, ciphertext: r.private_key_ciphertext } };
}

/** The only place with SQL for signing keys. */
export const keyStore = {
  async findCurrent(db: Knex, organizationId: string): Promise<StoredKey | undefined> {
    const row = await db<Row>('signing_keys').where({ organization_id: organizationId, is_current: true }).first();
    return row ? toDomain(row) : undefined;
  },

  async findBySequence(db: Knex, organizationId: string, sequence: number): Promise<StoredKey | undefined> {
    const row = await db<Row>('signing_keys').where({ organization_id: organizationId, sequence }).first();
    return row ? toDomain(row) : undefined;
  },

  async listPublic(db: Knex, organizationId: string): Promise<StoredKey[]> {
    const rows = await db<Row>('signing_keys').where({ organization_id: organizationId }).whereNull('revoked_at').orderBy('sequence', 'asc');
    return rows.map(toDomain);
  },

  /** Serialises key changes of one organization (transaction-scoped advisory lock). */
  async lockOrganization(trx: Knex.Transaction, organizationId: string): Promise<void> {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`signing:${organizationId}`]);
  },

  async nextSequence(trx: Knex.Transaction, organizationId: string): Promise<number> {
    const row = await trx('signing_keys').where({ organization_id: organizationId }).max<{ max: number | null }>('sequence as max').first();
    return (row?.max ?? 0) + 1;
  },

  async retireCurrent(trx: Knex.Transaction, organizationId: string): Promise<void> {
    await trx('signing_keys').where({ organization_id: organizationId, is_current: true }).update({ is_current: false });
  },

  /** Records the compromise; an earlier instant reported before stays (the earliest one counts). */
  async markCompromised(trx: Knex.Transaction, id: string, at: Date): Promise<Date> {
    const rows = await trx<Row>('signing_keys')
      .where({ id })
      .update({ compromised_at: trx.raw('least(compromised_at, ?::timestamptz)', [at]) as unknown as Date }, ['compromised_at']);
    return rows[0]!.compromised_at!;
  },

  /** Keys wrapped under a KEK other than `kekId`, by id, after `afterId`. */
  async wrappedUnderOtherKek(db: Knex, kekId: string, afterId: string, limit: number): Promise<StoredKey[]> {
    const rows = await db<Row>('signing_keys').whereNot('kek_id', kekId).where('id', '>', afterId).orderBy('id').limit(limit);
    return rows.map(toDomain);
  },

  /** How many keys are wrapped under each KEK (fingerprints only). */
  async countByKek(db: Knex): Promise<Record<string, number>> {
    const rows = await db('signing_keys').select('kek_id').count<Array<{ kek_id: string; count: string }>>('* as count').groupBy('kek_id');
    return Object.fromEntries(rows.map((r) => [r.kek_id, Number(r.count)]));
  },

  /**
   * Stores a re-wrapped data key if the row still holds the one that was read: replicas
   * re-wrapping at once (or with their KEKs the other way round, mid-rollout) never lose a key.
   */
  async storeRewrapped(db: Knex, id: string, read: SealedKey, rewrapped: SealedKey): Promise<boolean> {
    const n = await db<Row>('signing_keys')
      .where({ id, kek_id: read.kekId, wrapped_dek: read.wrappedDek })
      .update({ kek_id: rewrapped.kekId, wrapped_dek: rewrapped.wrappedDek });
    return n === 1;
  },

  async insert(trx: Knex.Transaction, key: StoredKey): Promise<void> {
    await trx<Row>('signing_keys').insert({
      ...plainColumns.toRow(key),
      kek_id: key.sealed.kekId,
      wrapped_dek: key.sealed.wrappedDek,
      private_key_ciphertext: key.sealed.ciphertext,
    });
  },
};
