import type { Knex } from '@cred/db';
import type { VerificationChannel } from '../domain/model.js';

/** One analytics counter: verifications of a credential on a day, through a channel, with an outcome. */
export interface VerificationCount {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  credentialUuid: string;
  organizationId: string;
  badgeId: string;
  channel: VerificationChannel;
  outcome: string;
  count: number;
}

export const verificationStatsStore = {
  /** Adds the counts in one statement (one batch of the recorder). */
  async increment(db: Knex, counts: readonly VerificationCount[]): Promise<void> {
    if (counts.length === 0) return;
    await db('verification_daily')
      .insert(
        counts.map((c) => ({
          day: c.day,
          credential_uuid: c.credentialUuid,
          organization_id: c.organizationId,
          badge_id: c.badgeId,
          channel: c.channel,
          outcome: c.outcome,
          count: c.count,
        })),
      )
      .onConflict(['day', 'credential_uuid', 'channel', 'outcome'])
      .merge({ count: db.raw('verification_daily.count + excluded.count') } as never);
  },

  /** Counts of one credential, for tests and the analytics RPC to come. */
  async listForCredential(db: Knex, credentialUuid: string): Promise<VerificationCount[]> {
    const rows = await db('verification_daily')
      .select(db.raw("to_char(day, 'YYYY-MM-DD') as day"), 'credential_uuid', 'organization_id', 'badge_id', 'channel', 'outcome', 'count')
      .where({ credential_uuid: credentialUuid })
      .orderBy(['day', 'channel', 'outcome']);
    return rows.map((r: Record<string, unknown>) => ({
      day: String(r.day),
      credentialUuid: String(r.credential_uuid),
      organizationId: String(r.organization_id),
      badgeId: String(r.badge_id),
      channel: r.channel as VerificationChannel,
      outcome: String(r.outcome),
      count: Number(r.count),
    }));
  },
};

export interface AnalyticsRow {
  day: string;
  channel: string;
  badgeId: string;
  outcome: string;
  count: number;
}

/** Counts of an organization per day, channel, badge and outcome, `from`..`to` inclusive (UTC days). */
export async function analyticsForOrganization(db: Knex, organizationId: string, from: string, to: string): Promise<AnalyticsRow[]> {
  const rows = await db('verification_daily')
    .select(db.raw("to_char(day, 'YYYY-MM-DD') as day"), 'channel', 'badge_id', 'outcome', db.raw('sum(count)::bigint as count'))
    .where({ organization_id: organizationId })
    .whereBetween('day', [from, to])
    .groupBy('day', 'channel', 'badge_id', 'outcome')
    .orderBy([{ column: 'day' }, { column: 'channel' }, { column: 'badge_id' }, { column: 'outcome' }]);
  return rows.map((r: Record<string, unknown>) => ({
    day: String(r.day),
    channel: String(r.channel),
    badgeId: String(r.badge_id),
    outcome: String(r.outcome),
    count: Number(r.count),
  }));
}
