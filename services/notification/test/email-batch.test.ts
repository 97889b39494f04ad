// The credential e-mail consumer's batch handler: a consumer batch of credential events records
// the rows the one-event handler records, event by event, in one statement (ADR 0005). Real
// database; the handlers are called in transactions the way the consumer calls them.
import { randomUUID } from 'node:crypto';
import t from 'tap';
import { createLogger, type Clock } from '@cred/runtime';
import type { DomainEvent } from '@cred/events';
import { loadTemplates } from '../src/domain/email-templates.js';
import { onCredentialEmail } from '../src/events/email-events.js';
import { BASE_URL, credentialIssued, eventOf, organization, startHarness, storeOrganization } from './fixtures/harness.js';

const h = await startHarness(t);
const clock: Clock = { now: () => new Date() };
let wakes = 0;
const consumer = onCredentialEmail({
  clock,
  logger: createLogger({ service: 'notification-test', level: 'silent' }),
  baseUrl: BASE_URL,
  templates: loadTemplates(),
  wakeWorker: () => void wakes++,
});

const enabled = organization({ name: 'Acme Academy' });
const disabled = organization({ name: 'Quiet College', emailNotificationsEnabled: false });
for (const org of [enabled, disabled]) await storeOrganization(h.db, org);

const renewal = (org: typeof enabled, email: string) =>
  credentialIssued(org, {
    recipientEmail: email,
    supersedesCredentialId: randomUUID(),
    supersedesCredentialShortId: 'CRD-PR10R0000000',
    priorStatus: 'revoked',
  });
/** The same credential events, as two separate sets of events (ids differ). */
const datas = [
  ['credential.issued', credentialIssued(enabled, { recipientEmail: 'a@example.com', recipientName: 'Ann' })],
  ['credential.renewed', renewal(enabled, 'b@example.com')],
  ['credential.issued', credentialIssued(disabled, { recipientEmail: 'c@example.com' })],
  ['credential.issued', credentialIssued(enabled, { recipientEmail: 'd@example.com', expirationDate: '2031-01-01T00:00:00.000Z' })],
] as const;

/** What a row says, without what is unique to its event (ids) or its moment. */
const rowsOf = async (events: DomainEvent<unknown>[]) => {
  const rows = await h.db('email_sends').whereIn(
    'event_id',
    events.map((e) => e.id),
  );
  return events.map((e) => {
    const r = rows.find((row) => row.event_id === e.id);
    return r && { kind: r.kind, eventType: r.event_type, status: r.status, subject: r.subject, recipient: r.recipient_email, name: r.recipient_name, organizationId: r.organization_id, payload: r.payload, lastError: r.last_error, attempts: r.attempts };
  });
};
/** Statements that inserted these rows: rows of one statement share their transaction and command id. */
const insertingStatements = async (events: DomainEvent<unknown>[]) =>
  (
    await h.db('email_sends')
      .whereIn(
        'event_id',
        events.map((e) => e.id),
      )
      .select(h.db.raw('xmin::text as x'), h.db.raw('cmin::text as c'))
  ).reduce((set, r) => set.add(`${r.x}/${r.c}`), new Set<string>()).size;

t.test('a batch records, in one statement, the rows the handler records one event at a time', async (t) => {
  const single = datas.map(([type, data]) => eventOf(type, data));
  await h.db.transaction(async (trx) => {
    for (const e of single) await consumer.handler(e, trx);
  });
  const batch = datas.map(([type, data]) => eventOf(type, data));
  const wakesBefore = wakes;
  await h.db.transaction((trx) => consumer.batchHandler(batch, trx));
  await new Promise((r) => setImmediate(r));

  const expected = await rowsOf(single);
  t.equal(expected.filter(Boolean).length, 4, 'the handler recorded a row per event');
  t.same(await rowsOf(batch), expected, 'the batch recorded the same rows');
  t.same(
    expected.map((r) => r!.status),
    ['pending', 'pending', 'skipped', 'pending'],
    'renewal and first issue pending; the organization without e-mail skipped',
  );
  t.equal(expected[1]!.kind, 'credential_renewed');
  t.equal(await insertingStatements(single), 4, 'the handler: one statement per event');
  t.equal(await insertingStatements(batch), 1, 'the batch: one statement');
  t.equal(wakes - wakesBefore, 1, 'the worker is woken once, after the commit');

  // A redelivered batch (or a copy within it) adds nothing.
  await h.db.transaction((trx) => consumer.batchHandler([batch[0]!, batch[0]!, batch[2]!], trx));
  t.equal((await h.db('email_sends').whereIn('event_id', batch.map((e) => e.id))).length, 4, 'nothing added for events already recorded');
});

t.test('a batch that fails records nothing', async (t) => {
  const good = eventOf('credential.issued', credentialIssued(enabled, { recipientEmail: 'e@example.com' }));
  const broken = eventOf('credential.issued', { ...credentialIssued(enabled), recipientEmail: undefined });
  await t.rejects(h.db.transaction((trx) => consumer.batchHandler([good, broken], trx)));
  t.equal((await h.db('email_sends').where({ event_id: good.id })).length, 0, 'rolled back with the batch');
});
