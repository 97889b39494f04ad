import type { Knex } from '@cred/db';

/** Claim token hashes from notification.claim_token.issued (the tokens themselves are never here). */
export const claimTokenStore = {
  /**
   * Idempotent: a redelivered event or a hash seen before changes nothing. One statement for
   * all of them (atomic on its own: no transaction, one round trip per call).
   */
  async add(
    db: Knex,
    tokens: ReadonlyArray<{ tokenHash: string; credentialUuid: string; organizationId: string | null; expiresAt: Date; sourceEventId: string | null; at: Date }>,
  ): Promise<void> {
    if (tokens.length === 0) return;
    await db('claim_tokens')
      .insert(
        tokens.map((t) => ({
          token_hash: t.tokenHash,
          credential_uuid: t.credentialUuid,
          organization_id: t.organizationId,
          expires_at: t.expiresAt,
          source_event_id: t.sourceEventId,
          created_at: t.at,
        })),
      )
      .onConflict('token_hash')
      .ignore();
  },

  /** Every hash sent for the credential, and whether it can still claim (unused and unexpired at `now`). */
  async of(trx: Knex.Transaction, credentialUuid: string, now: Date): Promise<Array<{ hash: string; usable: boolean }>> {
    const rows = await trx('claim_tokens').where({ credential_uuid: credentialUuid }).select('token_hash', 'used_at', 'expires_at');
    return rows.map((r: { token_hash: string; used_at: Date | null; expires_at: Date }) => ({
      hash: r.token_hash,
      usable: r.used_at === null && r.expires_at.getTime() > now.getTime(),
    }));
  },

  /** Single use: the credential is claimed once, so every link to it is spent. */
  async spendAll(trx: Knex.Transaction, credentialUuid: string, now: Date): Promise<void> {
    await trx('claim_tokens').where({ credential_uuid: credentialUuid }).whereNull('used_at').update({ used_at: now });
  },
};
