import type { Knex } from '@cred/db';

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

interface Row {
  key_id: string;
  organization_id: string;
  organization_slug: string;
  sequence: number;
  public_key_multibase: string;
  created_at: Date;
  revoked_at: Date | null;
  compromised_at: Date | null;
}

export const issuerKeyStore = {
  /**
   * The key as an event tells it. A compromise only ever moves earlier and is never undone by
   * a later (or redelivered) signing.key.created: events of one key may arrive in any order.
   */
  async upsert(trx: Knex.Transaction, k: IssuerKey): Promise<void> {
    await trx<Row>('issuer_keys')
      .insert({
        key_id: k.keyId,
        organization_id: k.organizationId,
        organization_slug: k.organizationSlug,
        sequence: k.sequence,
        public_key_multibase: k.publicKeyMultibase,
        created_at: k.createdAt,
        revoked_at: k.revokedAt,
        compromised_at: k.compromisedAt,
      })
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
    return rows.map((r) => ({
      keyId: r.key_id,
      organizationId: r.organization_id,
      organizationSlug: r.organization_slug,
      sequence: r.sequence,
      publicKeyMultibase: r.public_key_multibase,
      createdAt: r.created_at,
      revokedAt: r.revoked_at,
      compromisedAt: r.compromised_at,
    }));
  },
};
