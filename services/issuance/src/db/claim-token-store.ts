import type { Knex } from '@cred/db';

/** Claim token hashes from notification.claim_token.issued (the tokens themselves are never here). */
export const claimTokenStore = {
  /** Idempotent: a redelivered event or a hash seen before changes nothing. */
  async add(trx: Knex.Transaction, t: { tokenHash: string; credentialUuid: string; organizationId: string | null; expiresAt: Date; sourceEventId: string | null; at: Date }): Promise<void> {
    await trx('claim_tokens')
      .insert({
        token_hash: t.tokenHash,
        credential_uuid: t.credentialUuid,
        organization_id: t.organizationId,
        expires_at: t.expiresAt,
        source_event_id: t.sourceEventId,
        created_at: t.at,
      })
      .onConflict('token_hash')
      .ignore();
  },

  /** Hashes of the credential that are unused and unexpired at `now`. */
  async usableFor(trx: Knex.Transaction, credentialUuid: string, now: Date): Promise<string[]> {
    const rows = await trx('claim_tokens').where({ credential_uuid: credentialUuid }).whereNull('used_at').where('expires_at', '>', now).select('token_hash');
    return rows.map((r: { token_hash: string }) => r.token_hash);
  },

  /** Single use: the credential is claimed once, so every link to it is spent. */
  async spendAll(trx: Knex.Transaction, credentialUuid: string, now: Date): Promise<void> {
    await trx('claim_tokens').where({ credential_uuid: credentialUuid }).whereNull('used_at').update({ used_at: now });
  },
};
