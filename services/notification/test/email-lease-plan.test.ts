// The e-mail worker's lease under a backlog (migration 0008): PostgreSQL reads the earliest due
// rows in the index's order and stops at the lease's size, instead of reading and sorting every
// pending row for each lease. Real database; PostgreSQL's plan, not a timing, is what is checked.
import t from 'tap';
import { createDb, type Knex } from '@cred/db';
import { createIsolation, planNodes } from '@cred/testing';
import { migrateAll } from '../../../scripts/migrate-all.js';
import { CLAIM_DUE_SQL, claimDueBindings, emailSendStore } from '../src/db/email-send-store.js';

const iso = await createIsolation('notification_lease', { migrated: true });
await migrateAll(iso.databaseUrl);
const db: Knex = createDb({ url: iso.databaseUrl, schema: 'notification', poolMax: 2 });
t.teardown(async () => {
  await db.destroy();
  await iso.cleanup();
});

/** `count` pending sends, due one millisecond apart from `from` on; every third one leased until later. */
async function backlog(count: number, from: Date): Promise<void> {
  await db.raw(
    `INSERT INTO email_sends (id, event_id, event_type, kind, recipient_email, recipient_name, subject, status,
       attempts, next_attempt_at, locked_until, created_at, updated_at)
     SELECT gen_random_uuid(), 'evt_' || gen_random_uuid(), 'credential.issued', 'credential_issued', 'r' || i || '@example.com', 'R', 'S',
       'pending', 0, ?::timestamptz + i * interval '1 millisecond',
       CASE WHEN i % 3 = 0 THEN ?::timestamptz + interval '1 hour' END, now(), now()
     FROM generate_series(1, ?) AS i`,
    [from, from, count],
  );
}

t.test('a lease reads the earliest due rows in order, whatever the backlog and its statistics', async (t) => {
  // Statistics taken while the table held a handful of rows, then a backlog of 6,000 (as under a
  // bulk job, between two automatic analyses).
  await db.raw('ALTER TABLE email_sends SET (autovacuum_enabled = off)');
  const start = new Date(Date.now() - 60_000);
  await backlog(5, new Date(start.getTime() - 10_000));
  await db.raw('ANALYZE email_sends');
  await backlog(6000, start);

  const now = new Date();
  const nodes = await planNodes(db, CLAIM_DUE_SQL, claimDueBindings(now, 120_000, 32));
  t.same(
    nodes.filter((n) => String(n['Node Type']).endsWith('Sort')).map((n) => `${String(n['Node Type'])}: ${String(n['Sort Key'])}`),
    [],
    'no sort: the rows come in the lease order from the index',
  );
  t.ok(
    nodes.some((n) => n['Node Type'] === 'Index Scan' && n['Index Name'] === 'email_sends_due_in_order'),
    'read through email_sends_due_in_order',
  );

  // And what it leases: the 32 earliest due rows whose lease has lapsed, in order.
  const expected = (await db('email_sends')
    .where({ status: 'pending' })
    .where('next_attempt_at', '<=', now)
    .whereNull('locked_until')
    .orderBy([{ column: 'next_attempt_at' }, { column: 'id' }])
    .limit(32)
    .select('id')) as Array<{ id: string }>;
  const leased = await emailSendStore.claimDue(db, now, 120_000, 32);
  t.equal(leased.length, 32);
  t.same(
    leased.map((s) => s.id).sort(),
    expected.map((r) => r.id).sort(),
    'the earliest 32 free ones (none of those leased until later)',
  );
});
