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

  /**
   * The organization's notifications, newest first: operator notices from `notifications` and
   * credential e-mails from `email_sends` (with their delivery state), as one list.
   */
  async listForOrganization(db: Knex, organizationId: string, limit: number, offset: number): Promise<{ items: NotificationView[]; total: number }> {
    const union = `
      SELECT id, event_id, event_type, channel, status, created_at, created_at AS updated_at, '' AS kind, '' AS recipient,
             '' AS subject, 0 AS attempts, NULL::text AS last_error, NULL::timestamptz AS sent_at
        FROM notifications WHERE organization_id = ?
      UNION ALL
      SELECT id, event_id, event_type, 'email' AS channel, status, created_at, updated_at, kind, recipient_email AS recipient,
             subject, attempts, last_error, sent_at
        FROM email_sends WHERE organization_id = ?`;
    const [rows, count] = await Promise.all([
      db.raw(`SELECT * FROM (${union}) n ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, [organizationId, organizationId, limit, offset]),
      db.raw(`SELECT count(*)::int AS count FROM (${union}) n`, [organizationId, organizationId]),
    ]);
    const items = (rows as { rows: ViewRow[] }).rows.map(
      (r): NotificationView => ({
        id: r.id,
        eventId: r.event_id,
        eventType: r.event_type,
        channel: r.channel,
        status: r.status,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
        kind: r.kind,
        recipient: r.recipient,
        subject: r.subject,
        attempts: Number(r.attempts),
        lastError: r.last_error,
        sentAt: r.sent_at,
      }),
    );
    return { items, total: Number((count as { rows: { count: number }[] }).rows[0]?.count ?? 0) };
  },
};

export interface NotificationView {
  id: string;
  eventId: string;
  eventType: string;
  channel: string;
  status: string;
  createdAt: Date;
  updatedAt: Date;
  kind: string;
  recipient: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
}

interface ViewRow {
  id: string;
  event_id: string;
  event_type: string;
  channel: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  kind: string;
  recipient: string;
  subject: string;
  attempts: number | string;
  last_error: string | null;
  sent_at: Date | null;
}
