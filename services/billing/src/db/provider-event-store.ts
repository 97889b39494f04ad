import type { Knex } from '@cred/db';

export interface Watermarks {
  planEventCreatedAt: Date;
  statusEventCreatedAt: Date;
}

export const providerEventStore = {
  /**
   * Claims the event id in the caller's transaction. false: already processed (or being
   * processed by a concurrent delivery, which this insert waits for: if that one commits, this
   * is a duplicate; if it rolls back, this one goes ahead).
   */
  async claim(trx: Knex.Transaction, e: { provider: string; eventId: string; eventType: string; createdAt: Date; now: Date }): Promise<boolean> {
    const rows = await trx('provider_events')
      .insert({ provider: e.provider, event_id: e.eventId, event_type: e.eventType, processed_at: e.now, event_created_at: e.createdAt })
      .onConflict(['provider', 'event_id'])
      .ignore()
      .returning('event_id');
    return rows.length > 0;
  },

  async setOutcome(trx: Knex.Transaction, provider: string, eventId: string, organizationId: string | null, outcome: string): Promise<void> {
    await trx('provider_events').where({ provider, event_id: eventId }).update({ organization_id: organizationId, outcome: outcome.slice(0, 200) });
  },

  /** The organization's marks, locked until the transaction ends (serialises its events). */
  async lockWatermarks(trx: Knex.Transaction, organizationId: string): Promise<Watermarks> {
    const epoch = new Date(0);
    await trx('subscription_watermarks')
      .insert({ organization_id: organizationId, plan_event_created_at: epoch, status_event_created_at: epoch })
      .onConflict('organization_id')
      .ignore();
    const row = await trx('subscription_watermarks').where({ organization_id: organizationId }).forUpdate().first();
    return { planEventCreatedAt: row.plan_event_created_at, statusEventCreatedAt: row.status_event_created_at };
  },

  async saveWatermarks(trx: Knex.Transaction, organizationId: string, w: Watermarks): Promise<void> {
    await trx('subscription_watermarks')
      .where({ organization_id: organizationId })
      .update({ plan_event_created_at: w.planEventCreatedAt, status_event_created_at: w.statusEventCreatedAt });
  },
};
