import type { Knex } from '@cred/db';
import type { CredentialFacts } from '../domain/webhook-payload.js';

interface Row {
  credential_uuid: string;
  credential_id: string;
  organization_id: string;
  badge_id: string;
  recipient_email: string;
  created_at: Date;
}

export const credentialIndexStore = {
  async upsert(trx: Knex.Transaction, f: CredentialFacts, now: Date): Promise<void> {
    await trx<Row>('credential_index')
      .insert({
        credential_uuid: f.credentialUuid,
        credential_id: f.credentialId,
        organization_id: f.organizationId,
        badge_id: f.badgeId,
        recipient_email: f.recipientEmail,
        created_at: now,
      })
      .onConflict('credential_uuid')
      .ignore();
  },

  async find(db: Knex, ref: { credentialUuid?: string; credentialId?: string }): Promise<CredentialFacts | undefined> {
    const q = db<Row>('credential_index');
    if (ref.credentialUuid) q.where({ credential_uuid: ref.credentialUuid });
    else if (ref.credentialId) q.where({ credential_id: ref.credentialId });
    else return undefined;
    const r = await q.first();
    return r
      ? { credentialUuid: r.credential_uuid, credentialId: r.credential_id, organizationId: r.organization_id, badgeId: r.badge_id, recipientEmail: r.recipient_email }
      : undefined;
  },
};
