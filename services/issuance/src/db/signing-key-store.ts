import type { Knex } from '@cred/db';

export interface OrganizationSigningKey {
  organizationId: string;
  organizationSlug: string;
  currentKeyId: string;
  publicKeyMultibase: string;
  generatedAt: Date;
}

interface Row {
  organization_id: string;
  organization_slug: string;
  current_key_id: string;
  public_key_multibase: string;
  generated_at: Date;
  updated_at: Date;
}

export const signingKeyStore = {
  async find(db: Knex, organizationId: string): Promise<OrganizationSigningKey | undefined> {
    const r = await db<Row>('organization_signing_keys').where({ organization_id: organizationId }).first();
    return r
      ? { organizationId: r.organization_id, organizationSlug: r.organization_slug, currentKeyId: r.current_key_id, publicKeyMultibase: r.public_key_multibase, generatedAt: r.generated_at }
      : undefined;
  },

  /** Records the key; returns true when this organization had no key recorded before. */
  async upsert(trx: Knex.Transaction, key: OrganizationSigningKey, now: Date): Promise<boolean> {
    const rows = await trx.raw<{ rows: { inserted: boolean }[] }>(
      `INSERT INTO organization_signing_keys (organization_id, organization_slug, current_key_id, public_key_multibase, generated_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (organization_id) DO UPDATE SET current_key_id = EXCLUDED.current_key_id,
         public_key_multibase = EXCLUDED.public_key_multibase, organization_slug = EXCLUDED.organization_slug, updated_at = EXCLUDED.updated_at
       RETURNING (xmax = 0) AS inserted`,
      [key.organizationId, key.organizationSlug, key.currentKeyId, key.publicKeyMultibase, key.generatedAt, now],
    );
    return rows.rows[0]?.inserted === true;
  },
};
