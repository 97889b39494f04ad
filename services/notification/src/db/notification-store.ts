import type { Knex } from '@cred/db';

export interface NotificationRecord {
  id: string;
  eventId: string;
  eventType: string;
  organizationId: string | null;
  channel: 'email' | 'webhook' | 'log';
  status: 'recorded' | 'sent' | 'failed';
  data: Record<string, unknown>;
  createdAt: Date;
}

interface Row {
  id: string;
  event_id: string;
  event_type: string;
  organization_id: string | null;
  channel: NotificationRecord['channel'];
  status: NotificationRecord['status'];
  data: Record<string, unknown>;
  created_at: Date;
}

const toDomain = (r: Row): NotificationRecord => ({
  id: r.id,
  eventId: r.event_id,
  eventType: r.event_type,
  organizationId: r.organization_id,
  channel: r.channel,
  status: r.status,
  data: r.data,
  createdAt: r.created_at,
});

export const notificationStore = {
  async insert(trx: Knex.Transaction, n: NotificationRecord): Promise<void> {
    await trx<Row>('notifications')
      .insert({
        id: n.id,
        event_id: n.eventId,
        event_type: n.eventType,
        organization_id: n.organizationId,
        channel: n.channel,
        status: n.status,
        data: JSON.stringify(n.data) as unknown as Record<string, unknown>,
        created_at: n.createdAt,
      })
      .onConflict(['event_id', 'channel'])
      .ignore();
  },

  async listForOrganization(db: Knex, organizationId: string, limit: number, offset: number): Promise<{ items: NotificationRecord[]; total: number }> {
    const [rows, count] = await Promise.all([
      db<Row>('notifications').where({ organization_id: organizationId }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit).offset(offset),
      db('notifications').where({ organization_id: organizationId }).count<{ count: string | number }[]>('* as count'),
    ]);
    return { items: rows.map(toDomain), total: Number(count[0]?.count ?? 0) };
  },
};
