import { rowCodec, type Knex, type RowOf } from '@cred/db';

export interface IssuerKey {
  keyId: string;
  organizationId: string;
  organizationSlug: string;
  sequence: number;
  publicKeyMultibase: string;
  createdAt: Date;
  revokedAt: Date | null;
  compromisedAt: Date | null;
}

/** The read model's columns are the key's fields (packages/db rows.ts). */
const columns = rowCodec<IssuerKey>()([
  'keyId',
  'organizationId',
  'organizationSlug',
  'sequence',
  'publicKeyMultibase',
  'createdAt',
  'revokedAt',
  'compromisedAt',
]);
type Row = RowOf<IssuerKey>;

export const issuerKeyStore = {
  /**
   * The key as an event tells it. A compromise only ever moves earlier and is never undone by
   * a later (or redelivered) signing.key.created: events of one key may arrive in any order.
   */
  async upsert(trx: Knex.Transaction, k: IssuerKey): Promise<void> {
    await trx<Row>('issuer_keys')
      .insert(columns.toRow(k))
      .onConflict('key_id')
      .merge({
        organization_id: k.organizationId,
        organization_slug: k.organizationSlug,
        sequence: k.sequence,
        public_key_multibase: k.publicKeyMultibase,
        created_at: k.createdAt,
        revoked_at: k.revokedAt,
        compromised_at: trx.raw('least(issuer_keys.compromised_at, excluded.compromised_at)') as unknown as Date,
      });
  },

  /** Every non-revoked key of the organization with this slug, oldest first. */
  async listPublishedBySlug(db: Knex, slug: string): Promise<IssuerKey[]> {
    const rows = await db<Row>('issuer_keys').where({ organization_slug: slug }).whereNull('revoked_at').orderBy('sequence', 'asc');
    return rows.map((r) => columns.fromRow(r));
  },
};
