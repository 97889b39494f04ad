import type { Knex } from '@cred/db';

export type QuotaOutcome = { kind: 'already_counted' } | { kind: 'counted'; used: number } | { kind: 'exhausted'; used: number };

/** The monthly recipient quota (tables quota_recipients and quota_counters). */
export const quotaStore = {
  /**
   * Inside the issuing transaction: count the recipient for the month unless already counted.
   * The counter's conditional upsert (`used < limit`) holds its row lock to the end of the
   * transaction, so concurrent issues of one organization cannot overshoot the limit; a
   * rollback (the issue failed later) undoes the count.
   */
  async count(trx: Knex.Transaction, o: { organizationId: string; month: string; recipientEmail: string; credentialId: string; limit: number; at: Date }): Promise<QuotaOutcome> {
    // Both writes in one round trip (a named statement, planned once per connection): the
    // counter moves only when the recipient row is new (ADR 0005).
    const r = await trx
      .raw<{ rows: Array<{ new_recipient: boolean; used: number | null }> }>(
        `WITH recipient AS (
           INSERT INTO quota_recipients (organization_id, month, recipient_email, first_credential_id, created_at)
           VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING 1
         ), counter AS (
           INSERT INTO quota_counters AS qc (organization_id, month, used)
           SELECT ?, ?, 1 WHERE ? > 0 AND EXISTS (SELECT 1 FROM recipient)
           ON CONFLICT (organization_id, month) DO UPDATE SET used = qc.used + 1 WHERE qc.used < ?
           RETURNING used
         )
         SELECT EXISTS (SELECT 1 FROM recipient) AS new_recipient, (SELECT used FROM counter) AS used`,
        [o.organizationId, o.month, o.recipientEmail, o.credentialId, o.at, o.organizationId, o.month, o.limit, o.limit],
      )
      .options({ name: 'issuance_quota_count' });
    const row = r.rows[0];
    if (!row?.new_recipient) return { kind: 'already_counted' };
    if (row.used !== null) return { kind: 'counted', used: Number(row.used) };
    return { kind: 'exhausted', used: await quotaStore.used(trx, o.organizationId, o.month) };
  },

  /**
   * count() for several recipients of one organization and month in one statement: the new
   * recipients are counted together, and only if all of them fit under the limit (else nothing
   * is counted and the caller issues them one by one, which decides exactly who still fits).
   */
  async countMany(
    trx: Knex.Transaction,
    o: { organizationId: string; month: string; recipients: ReadonlyArray<{ recipientEmail: string; credentialId: string }>; limit: number; at: Date },
  ): Promise<{ kind: 'counted'; newRecipients: number } | { kind: 'over_limit' }> {
    const r = await trx.raw<{ rows: Array<{ new_recipients: string; used: number | null }> }>(
      `WITH recipient AS (
         INSERT INTO quota_recipients (organization_id, month, recipient_email, first_credential_id, created_at)
         SELECT ?, ?, i.email, i.credential_id, ? FROM unnest(?::text[], ?::uuid[]) AS i(email, credential_id)
         ON CONFLICT DO NOTHING RETURNING 1
       ), fresh AS (SELECT count(*) AS n FROM recipient), counter AS (
         INSERT INTO quota_counters AS qc (organization_id, month, used)
         SELECT ?, ?, fresh.n FROM fresh WHERE fresh.n > 0 AND fresh.n <= ?
         ON CONFLICT (organization_id, month) DO UPDATE SET used = qc.used + excluded.used WHERE qc.used + excluded.used <= ?
         RETURNING used
       )
       SELECT (SELECT n FROM fresh) AS new_recipients, (SELECT used FROM counter) AS used`,
      [
        o.organizationId,
        o.month,
        o.at,
        o.recipients.map((x) => x.recipientEmail),
        o.recipients.map((x) => x.credentialId),
        o.organizationId,
        o.month,
        o.limit,
        o.limit,
      ],
    );
    const row = r.rows[0];
    const fresh = Number(row?.new_recipients ?? 0);
    if (fresh === 0) return { kind: 'counted', newRecipients: 0 };
    return row?.used !== null && row?.used !== undefined ? { kind: 'counted', newRecipients: fresh } : { kind: 'over_limit' };
  },

  /** Which of `recipientEmails` the organization's quota already counts for `month`. */
  async countedOf(db: Knex, organizationId: string, month: string, recipientEmails: readonly string[]): Promise<Set<string>> {
    if (recipientEmails.length === 0) return new Set();
    const rows = (await db('quota_recipients')
      .where({ organization_id: organizationId, month })
      .whereIn('recipient_email', [...recipientEmails])
      .select('recipient_email')) as Array<{ recipient_email: string }>;
    return new Set(rows.map((r) => r.recipient_email));
  },

  async used(db: Knex, organizationId: string, month: string): Promise<number> {
    const r = await db('quota_counters').where({ organization_id: organizationId, month }).first('used');
    return r ? Number((r as { used: number }).used) : 0;
  },
};
