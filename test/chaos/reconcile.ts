// Reconciliation after a chaos run: what the client saw acknowledged (load.ts) against what the
// platform stored (PostgreSQL), sent (the mail catcher, the webhook receiver) and shows publicly
// (/api/verify), and what the broker dead-lettered. Produces rows for the table and the verdict.
import pg from 'pg';
import { createRequire } from 'node:module';
import type { LoadRecord } from './load.js';
import type { CaughtMessage, MailCatcher } from '../../scripts/mail-catcher.js';
import type { WebhookReceiver } from './webhook-receiver.js';

export interface Row {
  check: string;
  value: string;
  /** A failing row makes the suite exit non-zero. */
  ok: boolean;
  note?: string;
}

export interface Reconciliation {
  rows: Row[];
  lost: number;
  unexpected: number;
  failures: string[];
  details: string[];
}

// amqplib is a dependency of @cred/testing, not of the root package: load it from there.
interface AmqpMessage {
  content: Buffer;
  fields: { routingKey: string };
  properties: { messageId?: unknown; headers?: unknown };
}
interface AmqpChannel {
  get(queue: string, options: { noAck: boolean }): Promise<AmqpMessage | false>;
  close(): Promise<void>;
}
interface AmqpConnection {
  createChannel(): Promise<AmqpChannel>;
  close(): Promise<void>;
}
const amqp = createRequire(new URL('../../packages/testing/package.json', import.meta.url))('amqplib') as {
  connect(url: string): Promise<AmqpConnection>;
};

const WEBHOOK_TYPES = [
  'credential.issued',
  'credential.renewed',
  'credential.claimed',
  'credential.revoked',
  'credential.expired',
  'bulk_issuance.completed',
];

interface StoredCredential {
  id: string;
  credential_id: string;
  recipient_email: string;
  status: string;
  issued_by: string | null;
  claimed_at: Date | null;
  created_at: Date;
}

export interface ReconcileInput {
  databaseUrl: string;
  organizationId: string;
  baseUrl: string;
  load: LoadRecord;
  mail: MailCatcher;
  webhooks: WebhookReceiver;
  amqpUrl: string;
  listQueues: () => Promise<{ name: string; messages: number }[]>;
  exchange: string;
  /** Times in the details are seconds since this instant (the run's start, as in its log). */
  runStartedAt: number;
  /** When notification was SIGKILLed (Date.now() just before the signal), for the e-mail duplicates the design allows. */
  notificationKilledAt: readonly number[];
}

/**
 * The e-mail worker's lease (EmailWorker's default): a send accepted by the SMTP server but not
 * yet recorded when notification dies goes out again once this has passed.
 */
const EMAIL_LEASE_MS = 120_000;
/** How long before a kill an accepted send may still be unrecorded: the sent update's linger (100 ms) and its round trip, with room for a loaded machine. */
const UNRECORDED_WINDOW_MS = 2_000;

/** The e-mail row a notification Message-ID names (`<row id@notification.credentials>`). */
function sendIdOf(messageId: string): string | undefined {
  return /^<([^@>]+)@notification\.credentials>$/.exec(messageId)?.[1];
}

/**
 * Whether the copies of one credential's e-mail are the duplicate the design allows: exactly two,
 * one Message-ID (so one row sent twice), that row leased at least twice (`leases`: attempts by
 * row id), the first accepted at most UNRECORDED_WINDOW_MS before a kill of notification, and
 * the second at least half a lease after that kill (it waited for the lease to lapse).
 */
export function explainedDuplicate(
  copies: readonly CaughtMessage[],
  leases: ReadonlyMap<string, number>,
  notificationKilledAt: readonly number[],
): boolean {
  if (copies.length !== 2) return false;
  const [first, second] = [...copies].sort((a, b) => Date.parse(a.receivedAt) - Date.parse(b.receivedAt)) as [CaughtMessage, CaughtMessage];
  const sendId = sendIdOf(first.messageId);
  if (sendId === undefined || second.messageId !== first.messageId || (leases.get(sendId) ?? 0) < 2) return false;
  const accepted = Date.parse(first.receivedAt);
  const again = Date.parse(second.receivedAt);
  return notificationKilledAt.some((k) => accepted <= k && k - accepted <= UNRECORDED_WINDOW_MS && again - k >= EMAIL_LEASE_MS / 2);
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

export async function reconcile(input: ReconcileInput): Promise<Reconciliation> {
  const rows: Row[] = [];
  const failures: string[] = [];
  const details: string[] = [];
  const add = (check: string, value: number | string, ok: boolean, note?: string) => {
    rows.push({ check, value: String(value), ok, ...(note ? { note } : {}) });
    if (!ok) failures.push(`${check}: ${value}${note ? ` (${note})` : ''}`);
  };
  const db = new pg.Client({ connectionString: input.databaseUrl });
  await db.connect();
  try {
    const org = input.organizationId;
    const creds = (
      await db.query<StoredCredential>(
        'select id, credential_id, recipient_email, status, issued_by, claimed_at, created_at from issuance.credentials where organization_id = $1',
        [org],
      )
    ).rows;
    const byId = new Map(creds.map((c) => [c.id, c]));
    const load = input.load;

    // ---------------------------------------------------------------- single issues and renewals
    const issues = load.issues;
    const acked = issues.filter((i) => i.outcome === 'acknowledged');
    const unknown = issues.filter((i) => i.outcome === 'unknown');
    const refused = issues.filter((i) => i.outcome === 'refused');
    add(
      'issue requests sent (issue + renew)',
      `${issues.length} (${issues.filter((i) => i.kind === 'issue').length} + ${issues.filter((i) => i.kind === 'renew').length})`,
      true,
    );
    add('  acknowledged (201)', acked.length, true);
    add('  refused (definitive 4xx)', refused.length, true, summarize(refused.map((r) => r.error ?? String(r.status))));
    add('  unknown (no definitive answer by the deadline)', unknown.length, true, summarize(unknown.map((r) => r.error ?? '')));
    const lostIssues = acked.filter((a) => !byId.has(a.id!));
    add('  acknowledged but not stored (lost)', lostIssues.length, lostIssues.length === 0);
    for (const l of lostIssues.slice(0, 10)) details.push(`lost issue: ${l.idempotencyKey} ${l.email} ${l.id}`);
    const wrongRecipient = acked.filter((a) => byId.has(a.id!) && byId.get(a.id!)!.recipient_email !== a.email);
    add('  acknowledged id stored for another recipient', wrongRecipient.length, wrongRecipient.length === 0);

    const ackedIds = new Set(acked.map((a) => a.id!));
    const unknownPerEmail = new Map<string, number>();
    for (const u of unknown) unknownPerEmail.set(u.email, (unknownPerEmail.get(u.email) ?? 0) + 1);
    const singles = creds.filter((c) => !c.issued_by?.startsWith('bulk:'));
    const extraPerEmail = new Map<string, number>();
    for (const c of singles) if (!ackedIds.has(c.id)) extraPerEmail.set(c.recipient_email, (extraPerEmail.get(c.recipient_email) ?? 0) + 1);
    let unexpectedSingles = 0;
    let unknownTookEffect = 0;
    for (const [email, extra] of extraPerEmail) {
      const allowed = unknownPerEmail.get(email) ?? 0;
      unknownTookEffect += Math.min(extra, allowed);
      if (extra > allowed) {
        unexpectedSingles += extra - allowed;
        details.push(
          `unexpected credential(s) for ${email}: ${extra} stored without an acknowledged request, ${allowed} unknown request(s)`,
        );
      }
    }
    add('  stored without an acknowledged request, matched to an unknown one', unknownTookEffect, true);
    for (const u of unknown) {
      const stored = singles.filter((c) => c.recipient_email === u.email && !ackedIds.has(c.id));
      const when = (t: number) => `${((t - input.runStartedAt) / 1000).toFixed(0)} s`;
      details.push(
        `unknown ${u.kind} ${u.idempotencyKey} (${u.email}) sent at ${when(u.at)}, ${u.attempts} attempts [${(u.trail ?? []).slice(0, 4).join(', ')} ... ${(u.trail ?? []).slice(-3).join(', ')}]; ` +
          `stored without an acknowledgement: ${stored.map((c) => `${c.credential_id} created at ${when(c.created_at.getTime())}`).join(', ') || 'none'}`,
      );
    }
    add('  stored without any acknowledged or unknown request (unexpected)', unexpectedSingles, unexpectedSingles === 0);

    // ---------------------------------------------------------------- bulk uploads
    const bulks = load.bulks;
    const ackedJobs = bulks.filter((b) => b.outcome === 'acknowledged');
    const jobs = (
      await db.query<{
        id: string;
        status: string;
        total: number;
        issued: number;
        renewed: number;
        failed: number;
        conflicts: number;
        invalid: number;
      }>('select id, status, total, issued, renewed, failed, conflicts, invalid from issuance.bulk_issuances where organization_id = $1', [
        org,
      ])
    ).rows;
    const jobById = new Map(jobs.map((j) => [j.id, j]));
    const bulkCreds = creds.filter((c) => c.issued_by?.startsWith('bulk:'));
    const perRow = new Map<string, number>();
    for (const c of bulkCreds) {
      const [, job, row] = c.issued_by!.split(':');
      perRow.set(`${job}:${row}`, (perRow.get(`${job}:${row}`) ?? 0) + 1);
    }
    let bulkLost = 0;
    let bulkRowsExpected = 0;
    let notCompleted = 0;
    for (const b of ackedJobs) {
      const job = jobById.get(b.jobId!);
      if (!job) {
        bulkLost += b.emails.length;
        details.push(`bulk job ${b.jobId} acknowledged but not stored`);
        continue;
      }
      if (job.status !== 'completed') notCompleted++;
      for (let row = 1; row <= b.emails.length; row++) {
        bulkRowsExpected++;
        if ((perRow.get(`${job.id}:${row}`) ?? 0) === 0) {
          bulkLost++;
          details.push(`bulk job ${job.id} row ${row}: no credential (job ${job.status}, failed ${job.failed})`);
        }
      }
    }
    const duplicateRows = [...perRow.values()].filter((n) => n > 1).length;
    const ackedJobIds = new Set(ackedJobs.map((b) => b.jobId));
    const unknownBulks = bulks.filter((b) => b.outcome === 'unknown').length;
    const strayJobs = jobs.filter((j) => !ackedJobIds.has(j.id));
    add('bulk uploads sent / acknowledged (202) / unknown', `${bulks.length} / ${ackedJobs.length} / ${unknownBulks}`, true);
    add('  acknowledged jobs not completed after the drain', notCompleted, notCompleted === 0);
    add('  rows of acknowledged jobs / without a credential (lost)', `${bulkRowsExpected} / ${bulkLost}`, bulkLost === 0);
    add('  rows issued more than once', duplicateRows, duplicateRows === 0);
    add(
      '  jobs stored without an acknowledged upload (unknown allowed)',
      `${strayJobs.length} (unknown uploads: ${unknownBulks})`,
      strayJobs.length <= unknownBulks,
    );
    const lost = lostIssues.length + bulkLost;
    const unexpected = unexpectedSingles + Math.max(0, strayJobs.length - unknownBulks) + duplicateRows;

    // ---------------------------------------------------------------- revocations and claims
    const revAcked = load.revokes.filter((r) => r.outcome === 'acknowledged');
    const revLost = revAcked.filter((r) => byId.get(r.target)?.status !== 'revoked');
    add(
      'revocations sent / acknowledged / unknown',
      `${load.revokes.length} / ${revAcked.length} (${revAcked.filter((r) => r.ambiguous).length} by a 409 after a retry) / ${load.revokes.filter((r) => r.outcome === 'unknown').length}`,
      true,
      summarize(load.revokes.filter((r) => r.outcome === 'refused').map((r) => `refused ${r.error}`)),
    );
    add('  acknowledged but not revoked in the database (lost)', revLost.length, revLost.length === 0);
    const claimAcked = load.claims.filter((r) => r.outcome === 'acknowledged');
    const byCredentialId = new Map(creds.map((c) => [c.credential_id, c]));
    const claimLost = claimAcked.filter((r) => !byCredentialId.get(r.target)?.claimed_at);
    add(
      'claims sent / acknowledged / unknown',
      `${load.claims.length} / ${claimAcked.length} (${claimAcked.filter((r) => r.ambiguous).length} by a 409 "already claimed" after a retry) / ${load.claims.filter((r) => r.outcome === 'unknown').length}`,
      true,
      summarize(load.claims.filter((r) => r.outcome === 'refused').map((r) => `refused ${r.error}`)),
    );
    add('  acknowledged but not claimed in the database (lost)', claimLost.length, claimLost.length === 0);
    for (const c of claimLost)
      details.push(
        `claim acknowledged (${c.ambiguous ? '409 after a retry' : c.status}) but not claimed: ${c.target}, stored ${byCredentialId.get(c.target)?.status}`,
      );

    // ---------------------------------------------------------------- public verification
    const verifyDuring = load.verifies;
    add(
      'public verify during the load: 200 / other',
      `${verifyDuring.filter((v) => v.status === 200).length} / ${verifyDuring.filter((v) => v.status !== 200).length}`,
      true,
      'answers while parts were down are not counted as failures',
    );
    const verified = await mapLimit(creds, 6, async (c) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          const res = await fetch(`${input.baseUrl}/api/verify/${c.credential_id}`, { signal: AbortSignal.timeout(15000) });
          const body = (await res.json().catch(() => undefined)) as any;
          if (res.status !== 200) return `${c.credential_id}: ${res.status}`;
          if (body?.verification?.signatureValid !== true) return `${c.credential_id}: signature not valid`;
          if (body?.status !== c.status) return `${c.credential_id}: status ${body?.status} on /api/verify, ${c.status} stored`;
          if (body?.valid !== (c.status === 'pending' || c.status === 'valid'))
            return `${c.credential_id}: valid ${body?.valid} on /api/verify for a ${c.status} credential`;
          return undefined;
        } catch (err) {
          if (attempt === 2) return `${c.credential_id}: ${err instanceof Error ? err.message : String(err)}`;
        }
      }
      return undefined;
    });
    const verifyFailures = verified.filter((v): v is string => v !== undefined);
    add(
      'stored credentials verified on /api/verify after the drain (signature, status)',
      `${creds.length - verifyFailures.length} of ${creds.length}`,
      verifyFailures.length === 0,
    );
    for (const f of verifyFailures.slice(0, 10)) details.push(`verify: ${f}`);

    // ---------------------------------------------------------------- e-mails
    const mails = input.mail.messages();
    const mailCount = new Map<string, number>();
    for (const m of mails) {
      const found = /\/claim\/(CRD-[A-Za-z0-9]+)\?token=/.exec(m.text);
      if (found) mailCount.set(found[1]!, (mailCount.get(found[1]!) ?? 0) + 1);
    }
    const noMail = creds.filter((c) => !mailCount.has(c.credential_id));
    const dupMail = creds.filter((c) => (mailCount.get(c.credential_id) ?? 0) > 1);
    add('credential e-mails caught', `${[...mailCount.values()].reduce((a, b) => a + b, 0)} for ${creds.length} credentials`, true);
    add('  credentials without an e-mail', noMail.length, noMail.length === 0);
    // The one duplicate the design allows (docs/reliability.md): the SMTP server accepted the
    // message, notification was SIGKILLed before the row was recorded sent, and once the row's
    // lease lapsed the same message (its Message-ID is the row's) went out again. Explained only
    // with all the evidence: two copies with one Message-ID, the first accepted shortly before a
    // kill of notification, the second after the lease, and the row leased twice. Any other
    // duplicate fails the run.
    const dupCopies = dupMail.map((c) => ({
      credential: c,
      copies: mails
        .filter((m) => /\/claim\/(CRD-[A-Za-z0-9]+)\?token=/.exec(m.text)?.[1] === c.credential_id)
        .sort((a, b) => Date.parse(a.receivedAt) - Date.parse(b.receivedAt)),
    }));
    const dupSendIds = dupCopies.flatMap(({ copies }) =>
      copies.map((m) => sendIdOf(m.messageId)).filter((id): id is string => id !== undefined),
    );
    const leases = new Map(
      (
        await db.query<{ id: string; attempts: number }>(
          'select id::text as id, attempts from notification.email_sends where id::text = any($1)',
          [[...new Set(dupSendIds)]],
        )
      ).rows.map((r) => [r.id, r.attempts]),
    );
    const explained = (copies: CaughtMessage[]) => explainedDuplicate(copies, leases, input.notificationKilledAt);
    const unexplainedDup = dupCopies.filter(({ copies }) => !explained(copies));
    add('  credentials with more than one e-mail (duplicates)', dupMail.length, true);
    add(
      '    explained (accepted by SMTP, notification killed before recording it, sent again after the lease)',
      dupMail.length - unexplainedDup.length,
      true,
    );
    add('    unexplained', unexplainedDup.length, unexplainedDup.length === 0);
    for (const { credential, copies } of dupCopies.slice(0, 10)) {
      const times = copies.map((m) => `${((Date.parse(m.receivedAt) - input.runStartedAt) / 1000).toFixed(1)} s ${m.messageId}`).join(', ');
      details.push(`duplicate e-mail: ${credential.credential_id} x${copies.length} (${times})${explained(copies) ? ' explained' : ''}`);
    }

    // ---------------------------------------------------------------- webhooks
    const events = (
      await db.query<{ id: string; type: string }>('select id, type from issuance.outbox where type = any($1) order by created_at', [
        WEBHOOK_TYPES,
      ])
    ).rows;
    const received = input.webhooks.deliveries();
    const perEvent = new Map<string, number>();
    for (const d of received) perEvent.set(d.eventId, (perEvent.get(d.eventId) ?? 0) + 1);
    const missingHooks = events.filter((e) => !perEvent.has(e.id));
    const dupHooks = [...perEvent.entries()].filter(([, n]) => n > 1);
    const expectedIds = new Set(events.map((e) => e.id));
    const strayHooks = [...perEvent.keys()].filter((id) => !expectedIds.has(id));
    add(
      'webhook events expected (issuance outbox) / received distinct / deliveries',
      `${events.length} / ${perEvent.size} / ${received.length}`,
      true,
    );
    add('  events never delivered', missingHooks.length, missingHooks.length === 0, summarize(missingHooks.map((e) => e.type)));
    add('  events delivered more than once (receivers dedupe by id; at-least-once)', dupHooks.length, true);
    add('  deliveries of unknown events', strayHooks.length, strayHooks.length === 0);

    // ---------------------------------------------------------------- quota
    const quota = (
      await db.query<{ month: string; used: number; recipients: number }>(
        `select c.month, c.used, (select count(*)::int from issuance.quota_recipients r where r.organization_id = c.organization_id and r.month = c.month) as recipients
           from issuance.quota_counters c where c.organization_id = $1`,
        [org],
      )
    ).rows;
    const distinct = new Set(creds.map((c) => c.recipient_email)).size;
    const used = quota.reduce((a, q) => a + q.used, 0);
    const recipients = quota.reduce((a, q) => a + q.recipients, 0);
    add(
      'quota counted / recipient rows / distinct recipients stored',
      `${used} / ${recipients} / ${distinct}`,
      used === recipients && recipients === distinct,
      used > distinct ? 'double count' : used < distinct ? 'under count' : undefined,
    );

    // ---------------------------------------------------------------- dead letters
    const queues = await input.listQueues();
    const dlqs = queues.filter((q) => q.name.endsWith('.dlq') && q.messages > 0);
    const dead: { queue: string; type: string; id: string; reason: string; handled: boolean }[] = [];
    if (dlqs.length > 0) {
      const conn = await amqp.connect(input.amqpUrl);
      try {
        const ch = await conn.createChannel();
        for (const q of dlqs) {
          // <exchange>.<service>.<purpose>.dlq: was the event handled anyway (the consumer's inbox)?
          const service = q.name.slice(input.exchange.length + 1).split('.')[0]!;
          for (;;) {
            const m = await ch.get(q.name, { noAck: false });
            if (!m) break;
            let id = String(m.properties.messageId ?? '');
            let type = String(m.fields.routingKey);
            try {
              const ev = JSON.parse(m.content.toString('utf8')) as { id?: string; type?: string };
              id = ev.id ?? id;
              type = ev.type ?? type;
            } catch {
              // malformed: stays unexplained
            }
            const headers = (m.properties.headers ?? {}) as Record<string, unknown>;
            const reason = String(
              headers['x-error'] ?? headers['x-last-error'] ?? headers['x-death-reason'] ?? JSON.stringify(headers).slice(0, 200),
            );
            const handled =
              id !== '' &&
              ((
                await db
                  .query(`select 1 from ${pg.escapeIdentifier(service)}.inbox where event_id = $1 limit 1`, [id])
                  .catch(() => ({ rowCount: 0 }))
              ).rowCount ?? 0) > 0;
            dead.push({ queue: q.name, type, id, reason, handled });
          }
        }
        await ch.close(); // unacked messages go back to their queues
      } finally {
        await conn.close().catch(() => undefined);
      }
    }
    const unexplained = dead.filter((d) => !d.handled);
    add('messages in dead-letter queues', dead.length, true);
    add('  explained (the event was handled anyway: its id is in the consumer inbox)', dead.length - unexplained.length, true);
    add('  unexplained', unexplained.length, unexplained.length === 0);
    for (const d of dead) details.push(`dead letter ${d.queue}: ${d.type} ${d.id} handled=${d.handled} ${d.reason}`);
    const backlog = queues.filter((q) => !q.name.endsWith('.dlq') && q.messages > 0);
    add(
      'messages left in other queues after the drain',
      backlog.reduce((a, q) => a + q.messages, 0),
      backlog.length === 0,
      summarize(backlog.map((q) => q.name)),
    );

    return { rows, lost, unexpected, failures, details };
  } finally {
    await db.end();
  }
}

function summarize(items: string[]): string | undefined {
  if (items.length === 0) return undefined;
  const counts = new Map<string, number>();
  for (const i of items) counts.set(i.trim(), (counts.get(i.trim()) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([k, n]) => `${n}x ${k.slice(0, 80)}`)
    .join('; ');
}

export function formatTable(rows: Row[]): string {
  const w = Math.max(...rows.map((r) => r.check.length));
  const v = Math.max(...rows.map((r) => r.value.length));
  return rows.map((r) => `${r.ok ? '  ' : '!!'} ${r.check.padEnd(w)}  ${r.value.padStart(v)}${r.note ? `  (${r.note})` : ''}`).join('\n');
}
