import type { Knex } from '@cred/db';
import type { EmailKind } from '../domain/email-templates.js';

export type EmailSendStatus = 'pending' | 'sent' | 'failed' | 'skipped';

export interface EmailSend {
  id: string;
  eventId: string;
  eventType: string;
  kind: EmailKind;
  organizationId: string | null;
  recipientEmail: string;
  recipientName: string;
  subject: string;
  status: EmailSendStatus;
  payload: Record<string, string> | null;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  lockedUntil: Date | null;
  sentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What an event consumer decides of an e-mail; the rest of a new row is the same for all. */
export type NewEmailSend = Pick<
  EmailSend,
  'id' | 'eventId' | 'eventType' | 'kind' | 'organizationId' | 'recipientEmail' | 'recipientName' | 'subject' | 'status' | 'payload' | 'lastError'
>;

/** A row as recorded: no attempt yet, due at once, unleased. */
export function newEmailSend(fields: NewEmailSend, now: Date): EmailSend {
  return { ...fields, attempts: 0, nextAttemptAt: now, lockedUntil: null, sentAt: null, createdAt: now, updatedAt: now };
}

interface Row {
  id: string;
  event_id: string;
  event_type: string;
  kind: EmailKind;
  organization_id: string | null;
  recipient_email: string;
  recipient_name: string;
  subject: string;
  status: EmailSendStatus;
  payload: Record<string, string> | null;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  locked_until: Date | null;
  sent_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const toDomain = (r: Row): EmailSend => ({
  id: r.id,
  eventId: r.event_id,
  eventType: r.event_type,
  kind: r.kind,
  organizationId: r.organization_id,
  recipientEmail: r.recipient_email,
  recipientName: r.recipient_name,
  subject: r.subject,
  status: r.status,
  payload: r.payload,
  attempts: r.attempts,
  lastError: r.last_error,
  nextAttemptAt: r.next_attempt_at,
  lockedUntil: r.locked_until,
  sentAt: r.sent_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * New rows from arrays, one per column: the same statement text for one row or a consumer
 * batch's worth (no query building, one plan). `unnest` of typed arrays, so the planner knows
 * the row count.
 */
const INSERT_SENDS = `INSERT INTO email_sends (id, event_id, event_type, kind, organization_id, recipient_email,
  recipient_name, subject, status, payload, attempts, last_error, next_attempt_at, locked_until, sent_at, created_at, updated_at)
  SELECT * FROM unnest(?::uuid[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[],
    ?::jsonb[], ?::int[], ?::text[], ?::timestamptz[], ?::timestamptz[], ?::timestamptz[], ?::timestamptz[], ?::timestamptz[])
  ON CONFLICT (event_id, kind) DO NOTHING RETURNING id`;

/**
 * The lease of the earliest due sends, in the order of the index email_sends_due_in_order
 * (migration 0008): PostgreSQL reads the first due rows and stops, whatever the backlog.
 * Exported for the test that checks the plan.
 */
export const CLAIM_DUE_SQL = `UPDATE email_sends SET locked_until = ?, attempts = attempts + 1, updated_at = ?
  WHERE id IN (
    SELECT id FROM email_sends
    WHERE status = 'pending' AND next_attempt_at <= ? AND (locked_until IS NULL OR locked_until < ?)
    ORDER BY next_attempt_at, id
    LIMIT ? FOR UPDATE SKIP LOCKED)
  RETURNING *`;

export const claimDueBindings = (now: Date, leaseMs: number, limit: number) => [new Date(now.getTime() + leaseMs), now, now, now, limit];

export const emailSendStore = {
  /** Records the e-mail owed for (event, kind); a second insert for the same key is ignored. */
  async insert(trx: Knex.Transaction, s: EmailSend): Promise<boolean> {
    return (await emailSendStore.insertMany(trx, [s])) === 1;
  },

  /**
   * Records the e-mails owed, in one statement however many (a consumer batch's); a row whose
   * (event, kind) is already recorded is ignored. Returns how many rows were new.
   */
  async insertMany(trx: Knex.Transaction, sends: readonly EmailSend[]): Promise<number> {
    if (sends.length === 0) return 0;
    // One array per column; pg sends each as an array literal (nulls included).
    const column = <T>(f: (s: EmailSend) => T): Knex.Value => sends.map(f) as Knex.Value;
    const result = await trx.raw(INSERT_SENDS, [
      column((s) => s.id),
      column((s) => s.eventId),
      column((s) => s.eventType),
      column((s) => s.kind),
      column((s) => s.organizationId),
      column((s) => s.recipientEmail),
      column((s) => s.recipientName),
      column((s) => s.subject),
      column((s) => s.status),
      column((s) => (s.payload === null ? null : JSON.stringify(s.payload))),
      column((s) => s.attempts),
      column((s) => s.lastError),
      column((s) => s.nextAttemptAt),
      column((s) => s.lockedUntil),
      column((s) => s.sentAt),
      column((s) => s.createdAt),
      column((s) => s.updatedAt),
    ]);
    return (result as { rows: unknown[] }).rows.length;
  },

  /**
   * Leases up to `limit` due pending sends (status pending, due, lease lapsed) for `leaseMs`,
   * counting the attempt now so that sends which crash the process are bounded too.
   */
  async claimDue(db: Knex, now: Date, leaseMs: number, limit: number): Promise<EmailSend[]> {
    const result = await db.raw(CLAIM_DUE_SQL, claimDueBindings(now, leaseMs, limit));
    return (result as { rows: Row[] }).rows.map(toDomain);
  },

  /** Marks these sends `sent` (one statement for all of them). */
  async markSent(db: Knex, ids: readonly string[], now: Date): Promise<void> {
    await db<Row>('email_sends').whereIn('id', ids).update({ status: 'sent', sent_at: now, updated_at: now, locked_until: null, last_error: null, payload: null });
  },

  async markFailed(db: Knex, id: string, now: Date, error: string): Promise<void> {
    await db<Row>('email_sends').where({ id }).update({ status: 'failed', updated_at: now, locked_until: null, last_error: error.slice(0, 500), payload: null });
  },

  async scheduleRetry(db: Knex, id: string, now: Date, at: Date, error: string): Promise<void> {
    await db<Row>('email_sends').where({ id }).update({ next_attempt_at: at, updated_at: now, locked_until: null, last_error: error.slice(0, 500) });
  },

  async find(db: Knex, eventId: string, kind: EmailKind): Promise<EmailSend | undefined> {
    const row = await db<Row>('email_sends').where({ event_id: eventId, kind }).first();
    return row ? toDomain(row) : undefined;
  },
};
