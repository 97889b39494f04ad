// Bulk issuance over gRPC against the real services (PostgreSQL, RabbitMQ, signing, accounts):
// per-row results under the single-issue rules, counters, bulk_issuance.completed on the
// broker, and workers that stop, crash and run side by side without issuing a row twice.
import t from 'tap';
import type { DomainEvent } from '@cred/events';
import { createDb } from '@cred/db';
import { planNodes, sumSeries, waitFor } from '@cred/testing';
import { Registry } from '@cred/runtime';
import { BESIDE_CLIENTS_MAX, besideClients, BulkWorker, type BulkWorkerOptions } from '../src/app/bulk-issuance.js';
import { bulkStore, LEASE_ROWS_SQL, leaseRowsBindings } from '../src/db/bulk-store.js';
import { issueCredential } from '../src/app/issue-credential.js';
import { quotaMonth } from '../src/domain/quota.js';
import { badgeBody, outboxEvents, rejection, startIssuance } from './fixtures/harness.js';

const csv = (...lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');

const h = await startIssuance(t);
const c = h.issuance;

// bulk_issuance.completed as it reached RabbitMQ (the harness records bulk_issuance.*).
const completed = { find: (p: (e: DomainEvent<any>) => boolean) => h.received('bulk_issuance.completed').find(p) };

const org = await h.createOrg({ name: 'Bulk Academy' });
const expiring = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Yearly', expiresInDays: 365 }) });
const forever = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Forever' }) });
const create = (badgeId: string, body: Buffer, orgId = org.id) =>
  c.CreateBulkIssuance({ organization_id: orgId, badge_id: badgeId, csv: body, requested_by: 'test' });
const get = (id: string, rows: { rows_limit?: number; rows_offset?: number; result?: string } = {}, orgId = org.id) =>
  c.GetBulkIssuance({
    organization_id: orgId,
    bulk_issuance_id: id,
    rows_limit: rows.rows_limit ?? 1000,
    rows_offset: rows.rows_offset ?? 0,
    ...(rows.result ? { result: rows.result } : {}),
  });
const until = (id: string, done: (j: Awaited<ReturnType<typeof get>>) => boolean, what: string, orgId = org.id) =>
  waitFor(
    what,
    async () => {
      const j = await get(id, {}, orgId);
      return done(j) ? j : undefined;
    },
    90_000,
    100,
  );
const untilCompleted = (id: string, orgId = org.id) => until(id, (j) => j.status === 'completed', `bulk issuance ${id} completed`, orgId);
interface BulkCredential {
  id: string;
  credential_id: string;
  issued_by: string;
  recipient_email: string;
  supersedes_credential_id: string | null;
  status: string;
}
/** The bulk row an issue is for, from its mark `bulk:<job>:<row>`. */
const rowOfIssue = (request: Parameters<typeof issueCredential>[2]) => {
  const [, jobId, row] = (request.issuedBy ?? '').split(':');
  return { jobId, row: Number(row) };
};
/** Where a process dies: the step never returns, so nothing after it runs. */
const dies = () => new Promise<never>(() => undefined);
const bulkCredentials = async (jobId: string): Promise<BulkCredential[]> =>
  h
    .db('credentials')
    .whereLike('issued_by', `bulk:${jobId}:%`)
    .select('id', 'credential_id', 'issued_by', 'recipient_email', 'supersedes_credential_id', 'status');

t.test('a mixed CSV: every row gets the result a single issue would have', async (t) => {
  const prior = await c.IssueCredential({
    organization_id: org.id,
    badge_id: expiring.id,
    recipient_name: 'Prior',
    recipient_email: 'prior@example.com',
    issued_by: 'test',
  });
  const people = Array.from({ length: 20 }, (_, i) => `Person ${i + 1},person${i + 1}@example.com`);
  const body = csv(
    'Name,Email',
    ...people, // rows 1-20
    'Bad Email,not-an-email', // 21
    'Bad Too,x@', // 22
    'Extra,extra@example.com,surplus', // 23
    ',noname@example.com', // 24
    'Person One Again,PERSON1@Example.com', // 25: the second row for person1, after row 1 (a renewal)
    'Prior Holder,prior@example.com', // 26: holds a credential from before (a renewal)
    '"Quoted, Name",quoted@example.com', // 27
    '', // 28: blank, skipped
    'Person Three,person3@example.com', // 29
    'Last,last@example.com', // 30
  );
  const job = await create(expiring.id, body);
  t.match(job, { status: 'queued', total: 29, processed: 4, invalid: 4, organization_id: org.id, badge_id: expiring.id });
  t.equal(job.rows.length, 0, 'the create response carries no rows');

  const done = await untilCompleted(job.id);
  t.match(done, { status: 'completed', total: 29, processed: 29, issued: 22, renewed: 3, conflicts: 0, invalid: 4, failed: 0 });
  t.ok(done.started_at && done.completed_at && done.completed_at >= done.started_at && done.started_at >= done.created_at);
  const byRow = new Map(done.rows.map((r) => [r.row, r]));
  t.same(
    [...byRow.keys()],
    [...Array.from({ length: 27 }, (_, i) => i + 1), 29, 30],
    'every row in CSV order; the blank record 28 is skipped',
  );
  for (let i = 1; i <= 20; i++) t.equal(byRow.get(i)!.result, 'issued', `row ${i} issued`);
  t.match(byRow.get(21), { result: 'invalid', name: 'Bad Email', email: 'not-an-email', reason: 'email must be a valid e-mail address' });
  t.match(byRow.get(22), { result: 'invalid', reason: /email must be a valid e-mail address/ });
  t.match(byRow.get(23), { result: 'invalid', reason: 'Expected 2 fields (name,email), found 3' });
  t.match(byRow.get(24), { result: 'invalid', reason: 'name is required' });
  t.match(byRow.get(25), { result: 'renewed', name: 'Person One Again', email: 'person1@example.com' });
  t.match(byRow.get(26), { result: 'renewed' });
  t.match(byRow.get(27), { result: 'issued', name: 'Quoted, Name' });
  t.match(byRow.get(29), { result: 'renewed' });
  for (const r of done.rows) {
    if (r.result === 'issued' || r.result === 'renewed') {
      t.match(r.credential_uuid, /^[0-9a-f-]{36}$/);
      t.match(r.credential_id, /^CRD-/);
      t.equal(r.reason, undefined);
    } else {
      t.equal(r.credential_uuid, undefined);
    }
  }

  // The credentials are the ones issueCredential made, marked with their row, renewals linked.
  const creds = await bulkCredentials(job.id);
  t.equal(creds.length, 25, 'one credential per issued or renewed row');
  const byMark = new Map(creds.map((x) => [x.issued_by, x]));
  const renewal = byMark.get(`bulk:${job.id}:25`)!;
  t.equal(renewal.supersedes_credential_id, byRow.get(1)!.credential_uuid, 'row 25 renews the credential of row 1');
  t.equal(renewal.id, byRow.get(25)!.credential_uuid);
  t.equal(byMark.get(`bulk:${job.id}:26`)!.supersedes_credential_id, prior.id, 'row 26 renews the credential issued before the job');
  const first = await c.GetCredential({ organization_id: org.id, credential_uuid: byRow.get(1)!.credential_uuid! });
  t.equal(first.status, 'revoked', 'the superseded active time-bound credential is revoked');
  t.equal(first.superseded_by_credential_id, renewal.id);
  t.equal((await outboxEvents(h.db, 'credential.issued')).filter((e) => creds.some((x) => x.id === e.data.credentialUuid)).length, 22);
  t.equal((await outboxEvents(h.db, 'credential.renewed')).filter((e) => creds.some((x) => x.id === e.data.credentialUuid)).length, 3);

  // Exactly one completion event, in the outbox and on the broker.
  const expected = {
    bulkIssuanceId: job.id,
    organizationId: org.id,
    badgeId: expiring.id,
    status: 'completed',
    total: 29,
    issued: 22,
    renewed: 3,
    conflicts: 0,
    invalid: 4,
    failed: 0,
    completedAt: done.completed_at,
  };
  const written = (await outboxEvents(h.db, 'bulk_issuance.completed')).filter((e) => e.data.bulkIssuanceId === job.id);
  t.equal(written.length, 1);
  t.same(written[0]!.data, expected);
  t.equal(written[0]!.producer, 'issuance');
  const received = await waitFor('bulk_issuance.completed on the broker', () => completed.find((e) => e.data.bulkIssuanceId === job.id));
  t.same(received.data, expected);

  // Pages and filters of the rows.
  const page = await get(job.id, { rows_limit: 5, rows_offset: 20 });
  t.same(
    page.rows.map((r) => r.row),
    [21, 22, 23, 24, 25],
  );
  t.equal(page.rows_limit, 5);
  t.equal(page.rows_offset, 20);
  const invalid = await get(job.id, { result: 'invalid' });
  t.same(
    invalid.rows.map((r) => r.row),
    [21, 22, 23, 24],
  );
  t.equal((await get(job.id, { result: 'renewed', rows_limit: 1, rows_offset: 1 })).rows[0]!.row, 26);
  t.equal((await get(job.id, { rows_limit: 0 })).rows.length, 0, 'rows_limit 0: progress only');
  t.equal((await rejection(get(job.id, { rows_limit: 1001 }))).details.field, 'limit');
  t.equal((await rejection(get(job.id, { result: 'done' }))).details.field, 'result');
  const other = await h.createOrg();
  t.equal((await rejection(get(job.id, {}, other.id))).code, 'NOT_FOUND', "another organization's job");
  t.equal((await rejection(get('0f8fad5b-d9cb-469f-a165-70867728950e'))).code, 'NOT_FOUND');
});

t.test('a non-expiring badge: holders and duplicates are conflicts', async (t) => {
  await c.IssueCredential({
    organization_id: org.id,
    badge_id: forever.id,
    recipient_name: 'Holder',
    recipient_email: 'holder@example.com',
    issued_by: 'test',
  });
  const job = await create(
    forever.id,
    csv('name,email', 'Holder,holder@example.com', 'Zed,zed@example.com', 'Zed Again,ZED@example.com', 'Wu,wu@example.com'),
  );
  const done = await untilCompleted(job.id);
  t.match(done, { issued: 2, renewed: 0, conflicts: 2, invalid: 0, failed: 0 });
  t.same(
    done.rows.map((r) => [r.row, r.result]),
    [
      [1, 'conflict'],
      [2, 'issued'],
      [3, 'conflict'],
      [4, 'issued'],
    ],
  );
  t.match(done.rows[0]!.reason, /active, non-expiring credential/);
});

t.test('refused up front: what would fail every row, and a malformed file', async (t) => {
  const ok = csv('name,email', 'A,a@example.com');
  const code = async (p: Promise<unknown>) => {
    const e = await rejection(p);
    return [e.code, e.details.field];
  };
  t.same(await code(create('0f8fad5b-d9cb-469f-a165-70867728950e', ok)), ['NOT_FOUND', undefined], 'unknown badge');
  const other = await h.createOrg();
  const foreign = await c.CreateBadge({ organization_id: other.id, badge: badgeBody() });
  t.same(await code(create(foreign.id, ok)), ['NOT_FOUND', undefined], "another organization's badge");
  const off = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Off', isActive: false }) });
  const inactive = await rejection(create(off.id, ok));
  t.same([inactive.code, inactive.details.field], ['VALIDATION_ERROR', 'badgeId']);
  t.match(inactive.message, /deactivated/);
  t.same(await code(create('', ok)), ['VALIDATION_ERROR', 'badgeId']);
  t.same(await code(create('nope', ok)), ['VALIDATION_ERROR', 'badgeId']);
  const keyless = await h.createOrg({ keys: false });
  const kb = await c.CreateBadge({ organization_id: keyless.id, badge: badgeBody() });
  t.same(await code(create(kb.id, ok, keyless.id)), ['FORBIDDEN', undefined], 'no signing keys');
  const pending = await h.createOrg({ approve: false, keys: false });
  const pb = await c.CreateBadge({ organization_id: pending.id, badge: badgeBody() });
  await h.db('organization_signing_keys').insert({
    organization_id: pending.id,
    organization_slug: pending.slug,
    current_key_id: 'k',
    public_key_multibase: 'z',
    generated_at: new Date(),
    updated_at: new Date(),
  });
  t.same(await code(create(pb.id, ok, pending.id)), ['FORBIDDEN', undefined], 'organization not approved');

  t.same(await code(create(expiring.id, Buffer.alloc(0))), ['VALIDATION_ERROR', 'file']);
  t.same(await code(create(expiring.id, csv('email,name', 'a@example.com,A'))), ['VALIDATION_ERROR', 'file']);
  t.same(await code(create(expiring.id, csv('name,email'))), ['VALIDATION_ERROR', 'file']);
  t.same(await code(create(expiring.id, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))), [
    'VALIDATION_ERROR',
    'file',
  ]);
  t.same(await code(create(expiring.id, Buffer.alloc(5 * 1024 * 1024 + 1, 0x41))), ['PAYLOAD_TOO_LARGE', 'file']);
  t.equal(
    await h
      .db('bulk_issuances')
      .whereIn('organization_id', [other.id, keyless.id, pending.id])
      .count('* as n')
      .first()
      .then((r) => Number(r!.n)),
    0,
    'nothing stored',
  );
});

t.test('a file with only invalid rows is complete at once', async (t) => {
  const job = await create(expiring.id, csv('name,email', 'A,nope', ',b@example.com'));
  t.match(job, { status: 'completed', total: 2, processed: 2, invalid: 2 });
  t.ok(job.started_at && job.completed_at);
  const received = await waitFor('bulk_issuance.completed on the broker', () => completed.find((e) => e.data.bulkIssuanceId === job.id));
  t.match(received.data, { total: 2, invalid: 2, issued: 0, status: 'completed', organizationId: org.id });
});

t.test('10,000 rows are accepted and stored in one go', async (t) => {
  // Parse and insert only: a full run of 10,000 issues is the benchmark's business. Every row's
  // e-mail is malformed, so nothing is issued and the job completes at once.
  const lines = Array.from({ length: 10_000 }, (_, i) => `Recipient ${i + 1},recipient-${i + 1}-at-example.com`);
  const started = performance.now();
  const job = await create(expiring.id, csv('name,email', ...lines));
  const ms = performance.now() - started;
  t.match(job, { total: 10_000, invalid: 10_000, status: 'completed' });
  t.equal(Number((await h.db('bulk_issuance_rows').where({ job_id: job.id }).count('* as n').first())!.n), 10_000);
  t.ok(ms < 30_000, `created in ${Math.round(ms)} ms`);
  // The upload refreshed the rows table's statistics (bulk-store insertJob): the lease is planned
  // knowing the 10,000 rows, not on the empty table the earlier tests left.
  const stats = await h.db.raw<{ rows: Array<{ reltuples: number }> }>(
    "SELECT reltuples FROM pg_class WHERE oid = to_regclass('bulk_issuance_rows')",
  );
  t.ok(Number(stats.rows[0]!.reltuples) >= 10_000, `planner statistics count the upload (${stats.rows[0]!.reltuples} rows)`);
  const last = await get(job.id, { rows_limit: 1, rows_offset: 9_999 });
  t.equal(last.rows[0]!.row, 10_000);
  t.equal(
    (await rejection(create(expiring.id, csv('name,email', ...lines, 'One,too@many.example')))).details.field,
    'file',
    '10,001 rows are refused',
  );
});

t.test('list: newest first, without rows', async (t) => {
  const lister = await h.createOrg();
  const badge = await c.CreateBadge({ organization_id: lister.id, badge: badgeBody() });
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push((await create(badge.id, csv('name,email', 'A,invalid'), lister.id)).id);
  const r = await c.ListBulkIssuances({ organization_id: lister.id, limit: 2, offset: 0 });
  t.equal(r.total, 3);
  t.same(
    r.bulk_issuances.map((j) => j.id),
    [ids[2], ids[1]],
  );
  t.same(
    (await c.ListBulkIssuances({ organization_id: lister.id, limit: 2, offset: 2 })).bulk_issuances.map((j) => j.id),
    [ids[0]],
  );
  t.ok(r.bulk_issuances.every((j) => j.rows.length === 0));
  t.equal((await rejection(c.ListBulkIssuances({ organization_id: org.id, limit: 101, offset: 0 }))).details.field, 'limit');
  t.equal(
    (await c.ListBulkIssuances({ organization_id: org.id, limit: 10, offset: 0 })).bulk_issuances.some((j) => ids.includes(j.id)),
    false,
    'per organization',
  );
});

t.test('the monthly quota: rows beyond it fail with the quota message, renewals of counted recipients do not', async (t) => {
  const q = await h.createOrg();
  const badge = await c.CreateBadge({ organization_id: q.id, badge: badgeBody({ expiresInDays: 30 }) });
  await c.IssueCredential({
    organization_id: q.id,
    badge_id: badge.id,
    recipient_name: 'Counted',
    recipient_email: 'counted@example.com',
    issued_by: 'test',
  });
  await h
    .db('quota_counters')
    .where({ organization_id: q.id, month: quotaMonth(h.clock.now()) })
    .update({ used: 998 });
  const job = await create(
    badge.id,
    csv('name,email', 'N1,n1@example.com', 'N2,n2@example.com', 'N3,n3@example.com', 'Counted,counted@example.com', 'N4,n4@example.com'),
    q.id,
  );
  const done = await untilCompleted(job.id, q.id);
  t.match(done, { issued: 2, renewed: 1, failed: 2, conflicts: 0, invalid: 0 });
  t.equal(done.rows[3]!.result, 'renewed', 'a recipient counted this month renews for free');
  // Rows are issued a few at a time, so which new recipients got the last two places is not fixed.
  const failed = done.rows.filter((r) => r.result === 'failed');
  t.equal(failed.length, 2);
  for (const r of failed) t.match(r.reason, /Monthly recipient quota exceeded/);
});

t.test('workers: stopped, crashed, side by side; every row issued exactly once', async (t) => {
  // The service's own worker steps aside; the test drives its own, wrapping the step that issues a row.
  const own = h.service.bulkWorker()!;
  await own.stop();
  const ctx = own.ctx;
  const worker = (o: Partial<BulkWorkerOptions> = {}) => {
    const w = new BulkWorker(ctx, { concurrency: 2, pollIntervalMs: 50, leaseMs: 60_000, ...o });
    w.start();
    return w;
  };

  const lines = Array.from({ length: 12 }, (_, i) => `Crash ${i + 1},crash${i + 1}@example.com`);
  const job = await create(expiring.id, csv('name,email', ...lines));
  const rowOf = (issuedBy: string) => Number(issuedBy.split(':')[2]);

  // 1. A graceful stop part-way: what is in flight finishes, nothing else is touched.
  const slow = worker({
    concurrency: 1,
    issue: async (...args) => {
      await new Promise((r) => setTimeout(r, 50)); // the scenario: a slow issue, so that one is in flight at the stop
      return issueCredential(...args);
    },
  });
  await until(job.id, (j) => j.processed >= 3, '3 rows done');
  await slow.stop();
  const paused = await get(job.id);
  const doneRows = paused.rows.filter((r) => r.result !== 'pending');
  t.equal(paused.status, 'running');
  t.equal(doneRows.length, paused.processed, 'counters match the recorded rows');
  t.ok(paused.processed < 12);
  t.same(
    (await bulkCredentials(job.id)).map((x) => rowOf(x.issued_by)).sort((a, b) => a - b),
    doneRows.map((r) => r.row),
    'credentials exist for recorded rows only',
  );

  // 2. A worker that "dies" at the worst moments: after the credential committed but before
  // its row was recorded (rows 8 and 10), and after leasing, before issuing (row 9). A dead
  // row's step never returns: it holds its lease and a slot, and records nothing.
  const crashing = worker({
    concurrency: 4,
    issue: async (...args) => {
      const { jobId, row } = rowOfIssue(args[2]);
      if (jobId === job.id && row === 9) return dies();
      const issued = await issueCredential(...args);
      if (jobId === job.id && (row === 8 || row === 10)) return dies();
      return issued;
    },
  });
  await until(job.id, (j) => j.processed === 9, 'every row but the crashed ones');
  // A dead process takes no more work; its stop would wait for the dead rows, so it is not awaited.
  void crashing.stop();
  const crashed = await get(job.id, { result: 'pending' });
  t.same(
    crashed.rows.map((r) => r.row),
    [8, 9, 10],
    'the crashed rows are still pending (their leases held by a dead worker)',
  );
  const orphans = (await bulkCredentials(job.id)).filter((x) => [8, 9, 10].includes(rowOf(x.issued_by)));
  t.same(
    orphans.map((x) => rowOf(x.issued_by)).sort((a, b) => a - b),
    [8, 10],
    'rows 8 and 10 have their credential already',
  );

  // 3. Nobody takes a leased row before its lease lapses: a worker that has finished two lease
  // passes (the second began after it started) took nothing...
  const earlyMetrics = new Registry();
  const early = worker({ metrics: earlyMetrics });
  await afterTwoPasses(earlyMetrics);
  await early.stop();
  t.equal((await get(job.id)).processed, 9, 'leases hold');

  // ...then two replicas side by side finish the job: the crashed rows are recorded, not re-issued.
  h.clock.advance(61_000);
  const replicas = [worker(), worker()];
  try {
    const done = await untilCompleted(job.id);
    t.match(done, { status: 'completed', total: 12, processed: 12, issued: 12, renewed: 0, conflicts: 0, failed: 0 });
    const creds = await bulkCredentials(job.id);
    t.equal(creds.length, 12, 'twelve rows, twelve credentials');
    t.equal(new Set(creds.map((x) => x.recipient_email)).size, 12, 'one per recipient');
    t.ok(
      creds.every((x) => x.supersedes_credential_id === null),
      'no row renewed a credential of its own job',
    );
    for (const orphan of orphans) {
      t.equal(
        done.rows.find((r) => r.row === rowOf(orphan.issued_by))!.credential_uuid,
        orphan.id,
        `row ${rowOf(orphan.issued_by)} records the credential issued before the crash`,
      );
    }
    // Two workers holding one row at once (a lease that lapsed mid-issue) cannot both store a
    // credential for it: the mark is unique.
    const [a, b] = creds;
    await t.rejects(
      h.db('credentials').where({ id: b!.id }).update({ issued_by: a!.issued_by }),
      { code: '23505' },
      'one credential per bulk row',
    );
    const events = (await outboxEvents(h.db, 'bulk_issuance.completed')).filter((e) => e.data.bulkIssuanceId === job.id);
    t.equal(events.length, 1, 'completed once');
    await waitFor('bulk_issuance.completed on the broker', () => completed.find((e) => e.data.bulkIssuanceId === job.id));
  } finally {
    await Promise.all(replicas.map((w) => w.stop()));
    h.clock.reset();
  }
});

t.test('transient failures are retried with backoff; a row that never succeeds ends failed', async (t) => {
  const own = h.service.bulkWorker()!;
  await own.stop();
  const ctx = own.ctx;
  let failures = 0;
  let blipped = false;
  const registry = new Registry();
  const flaky = new BulkWorker(ctx, {
    concurrency: 2,
    pollIntervalMs: 50,
    maxAttempts: 3,
    metrics: registry,
    issue: async (...args) => {
      const { row } = rowOfIssue(args[2]);
      if (row === 1) {
        failures++;
        throw new Error('signing is down');
      }
      if (row === 2 && !blipped) {
        blipped = true;
        throw new Error('a blip');
      }
      return issueCredential(...args);
    },
  });
  flaky.start();
  try {
    const job = await create(expiring.id, csv('name,email', 'Never,never@example.com', 'Blip,blip@example.com', 'Fine,fine@example.com'));
    await until(job.id, (j) => j.processed === 1, 'the healthy row');
    const waiting = await h.db('bulk_issuance_rows').where({ job_id: job.id }).whereIn('row_no', [1, 2]).orderBy('row_no');
    t.ok(
      waiting.every(
        (r: { result: string; next_attempt_at: Date; last_error: string }) =>
          r.result === 'pending' && r.next_attempt_at > h.clock.now() && r.last_error,
      ),
      'failed rows wait for their retry',
    );
    h.clock.advance(6_000);
    await until(job.id, (j) => j.processed === 2, 'the blip row on its second attempt');
    h.clock.advance(11_000);
    const done = await untilCompleted(job.id);
    t.equal(failures, 3);
    t.match(done, { issued: 2, failed: 1 });
    t.match(done.rows[0], { row: 1, result: 'failed', reason: 'Internal error (gave up after 3 attempts)' });
    t.match(done.rows[1], { row: 2, result: 'issued' });

    // What an operator sees of it on /metrics.
    const metric = async (name: string, labels: Record<string, string> = {}) => {
      const m = (await registry.getMetricsAsJSON()).find((x) => x.name === name);
      const values = (m?.values ?? []) as Array<{ value: number; labels: Record<string, string | number>; metricName?: string }>;
      return values.filter((v) => Object.entries(labels).every(([k, want]) => v.labels[k] === want)).reduce((n, v) => n + v.value, 0);
    };
    t.equal(await metric('issuance_bulk_rows_total', { result: 'issued' }), 2);
    t.equal(await metric('issuance_bulk_rows_total', { result: 'failed' }), 1);
    t.equal(await metric('issuance_bulk_row_retries_total'), 3, 'two retries of the failing row, one of the blip');
    t.equal(await metric('issuance_bulk_jobs_completed_total'), 1);
    const seconds = (await registry.getMetricsAsJSON()).find((x) => x.name === 'issuance_bulk_row_seconds')!.values as Array<{
      value: number;
      metricName?: string;
    }>;
    t.equal(seconds.find((v) => v.metricName === 'issuance_bulk_row_seconds_count')?.value, 3, 'one observation per finished row');
    t.equal(await metric('issuance_bulk_rows_in_flight'), 0);
    const pending = await h.db('bulk_issuance_rows').where({ result: 'pending' }).count<{ n: string }[]>('* as n');
    t.equal(await metric('issuance_bulk_rows_pending'), Number(pending[0]?.n), 'the backlog as the table has it');
  } finally {
    await flaky.stop();
    h.clock.reset();
  }
});

t.test('Idempotency-Key: a repeated upload answers with the first job, never queues the file twice', async (t) => {
  const o = await h.createOrg({ name: 'Idempotent Bulk' });
  const badge = await c.CreateBadge({ organization_id: o.id, badge: badgeBody({ name: 'Once' }) });
  const file = csv('name,email', 'Ada,ada@once.example', 'Grace,grace@once.example');
  const upload = (key: string, body = file, badgeId = badge.id) =>
    c.CreateBulkIssuance({ organization_id: o.id, badge_id: badgeId, csv: body, requested_by: 'test:u1', idempotency_key: key });
  const jobsOf = async () => Number((await h.db('bulk_issuances').where({ organization_id: o.id }).count<{ n: string }[]>('* as n'))[0]?.n);

  const first = await upload('user:u1:bulk:k1');
  t.equal(first.idempotent_replay, false);
  const again = await upload('user:u1:bulk:k1');
  t.equal(again.id, first.id, 'the same job');
  t.equal(again.idempotent_replay, true);
  t.equal(await jobsOf(), 1, 'nothing queued twice');

  const other = await rejection(upload('user:u1:bulk:k1', csv('name,email', 'Someone,else@once.example')));
  t.equal(other.code, 'UNPROCESSABLE', 'the key with another file');
  t.equal(other.details.field, 'Idempotency-Key');
  t.equal((await rejection(upload('user:u1:bulk:k1', file, expiring.id))).code, 'UNPROCESSABLE', 'the key with another badge');

  // A burst of the same new key: one job, every caller gets it.
  const burst = await Promise.all(Array.from({ length: 6 }, () => upload('user:u1:bulk:k2')));
  t.equal(new Set(burst.map((j) => j.id)).size, 1, 'one job for the burst');
  t.equal(burst.filter((j) => !j.idempotent_replay).length, 1, 'created once, replayed to the others');
  t.equal(await jobsOf(), 2);

  // A refused upload stores nothing: the key stays free for the corrected one.
  const bad = await rejection(upload('user:u1:bulk:k3', Buffer.from('not,a\ncsv,"', 'utf8')));
  t.equal(bad.code, 'VALIDATION_ERROR');
  const fixed = await upload('user:u1:bulk:k3', csv('name,email', 'Linus,linus@once.example'));
  t.equal(fixed.idempotent_replay, false, 'the corrected upload runs under the same key');

  // Without a key every upload is a job of its own.
  const plain = await upload('');
  t.not(plain.id, first.id);
  t.equal(plain.idempotent_replay, false);

  // After 24 hours the key binds nothing: the same key and file make a new job.
  h.clock.advance(24 * 60 * 60 * 1000 + 1000);
  try {
    const later = await upload('user:u1:bulk:k1');
    t.not(later.id, first.id, 'a new job after the retention');
    t.equal(later.idempotent_replay, false);
    t.equal((await upload('user:u1:bulk:k1')).id, later.id, 'and the key now binds the new one');
  } finally {
    h.clock.reset();
  }
});

t.test(
  'leases ahead of free slots: a live worker renews them, a dead one loses them, a stopped one gives back what it never started',
  async (t) => {
    const own = h.service.bulkWorker()!;
    await own.stop();
    const ctx = own.ctx;
    const rowsOf = async (jobId: string) =>
      (await h
        .db('bulk_issuance_rows')
        .where({ job_id: jobId })
        .orderBy('row_no')
        .select('row_no', 'result', 'attempts', 'leased_until')) as Array<{
        row_no: number;
        result: string;
        attempts: number;
        leased_until: Date | null;
      }>;
    /** A step that waits until the test opens it; `reached` resolves once a row got there. */
    const gate = () => {
      let open!: () => void;
      let reached!: () => void;
      const opened = new Promise<void>((r) => (open = r));
      const arrived = new Promise<void>((r) => (reached = r));
      return { open, arrived, wait: () => (reached(), opened) };
    };
    const sixRows = (tag: string) =>
      create(expiring.id, csv('name,email', ...Array.from({ length: 6 }, (_, i) => `Ahead ${i + 1},${tag}${i + 1}@ahead.example`)));
    /** Counts a worker's issues of the job's rows, by row, to tell who issued what (other jobs' rows pass through). */
    const counting =
      (jobId: string, counts: Map<number, number>, before?: (row: number) => Promise<unknown>): BulkWorkerOptions['issue'] =>
      async (...args) => {
        const mark = rowOfIssue(args[2]);
        if (mark.jobId === jobId) {
          counts.set(mark.row, (counts.get(mark.row) ?? 0) + 1);
          if (before) await before(mark.row);
        }
        return issueCredential(...args);
      };

    t.test('one lease for a batch; a live worker keeps renewing the rows that wait', async (t) => {
      const job = await sixRows('live');
      const first = gate();
      const byA = new Map<number, number>();
      const a = new BulkWorker(ctx, {
        concurrency: 1,
        pollIntervalMs: 20,
        leaseMs: 60_000,
        issue: counting(job.id, byA, (row) => (row === 1 ? first.wait() : Promise.resolve())),
      });
      const byB = new Map<number, number>();
      let b: BulkWorker | undefined;
      try {
        a.start();
        await first.arrived;
        const held = await rowsOf(job.id);
        t.same(
          held.map((r) => r.attempts),
          [1, 1, 1, 1, 1, 1],
          'one worker with one slot leased all six rows at once',
        );
        // Three times a third of the lease and more: each renewal moves every held lease on (to
        // now + 60 s; before it, the lease ends 35 s from now).
        for (let i = 0; i < 3; i++) {
          h.clock.advance(25_000);
          const now = h.clock.now().getTime();
          await waitFor('leases renewed', async () =>
            (await rowsOf(job.id)).every((r) => r.leased_until!.getTime() > now + 50_000) ? true : undefined,
          );
        }
        // 75 s after the lease of 60 s: another worker finds nothing to take.
        const bMetrics = new Registry();
        b = new BulkWorker(ctx, { concurrency: 2, pollIntervalMs: 20, leaseMs: 60_000, issue: counting(job.id, byB), metrics: bMetrics });
        b.start();
        await afterTwoPasses(bMetrics);
        t.equal(byB.size, 0, 'the rows waiting under a live worker are not taken');
        first.open();
        const done = await untilCompleted(job.id);
        t.match(done, { processed: 6, issued: 6 });
        t.equal((await bulkCredentials(job.id)).length, 6, 'one credential per row');
        t.same(Object.fromEntries(byA), { 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1 }, 'the live worker issued each of its rows once');
        t.equal(byB.size, 0);
      } finally {
        first.open();
        await a.stop();
        await b?.stop();
        h.clock.reset();
      }
    });

    t.test('a worker that dies with rows leased and not started: another takes them once the lease lapses', async (t) => {
      const job = await sixRows('dead');
      // The dead process's own connections: gone with it, so it renews and gives back nothing.
      const deadDb = createDb({ url: h.iso.databaseUrl, schema: 'issuance' });
      const first = gate();
      const a = new BulkWorker(
        { ...ctx, db: deadDb },
        {
          concurrency: 1,
          pollIntervalMs: 20,
          leaseMs: 60_000,
          issue: async (...args) => {
            const mark = rowOfIssue(args[2]);
            return mark.jobId === job.id && mark.row === 1 ? first.wait().then(dies) : issueCredential(...args);
          },
        },
      );
      const byB = new Map<number, number>();
      let b: BulkWorker | undefined;
      try {
        a.start();
        await first.arrived;
        await deadDb.destroy();
        void a.stop();
        const held = await rowsOf(job.id);
        t.ok(
          held.every((r) => r.result === 'pending' && r.attempts === 1 && r.leased_until! > h.clock.now()),
          'all six rows stay leased by the dead worker (one started, five waiting)',
        );
        const bMetrics = new Registry();
        b = new BulkWorker(ctx, { concurrency: 2, pollIntervalMs: 20, leaseMs: 60_000, issue: counting(job.id, byB), metrics: bMetrics });
        b.start();
        await afterTwoPasses(bMetrics);
        t.equal(byB.size, 0, 'nothing taken before the lease lapses');
        h.clock.advance(61_000);
        const done = await untilCompleted(job.id);
        t.match(done, { processed: 6, issued: 6, failed: 0 });
        t.same([...byB.keys()].sort(), [1, 2, 3, 4, 5, 6], 'the other worker issued every row once the leases lapsed');
        t.equal((await bulkCredentials(job.id)).length, 6, 'one credential per row');
      } finally {
        first.open();
        await b?.stop();
        h.clock.reset();
      }
    });

    t.test('stop() gives back the rows it never started, at once and without counting an attempt', async (t) => {
      const job = await sixRows('stop');
      const first = gate();
      const byA = new Map<number, number>();
      const a = new BulkWorker(ctx, {
        concurrency: 1,
        pollIntervalMs: 20,
        leaseMs: 60_000,
        issue: counting(job.id, byA, (row) => (row === 1 ? first.wait() : Promise.resolve())),
      });
      const byB = new Map<number, number>();
      let b: BulkWorker | undefined;
      try {
        a.start();
        await first.arrived;
        const stopped = a.stop();
        await waitFor('unstarted rows given back', async () =>
          (await rowsOf(job.id)).filter((r) => r.leased_until === null).length === 5 ? true : undefined,
        );
        const rows = await rowsOf(job.id);
        t.same(
          rows.map((r) => [r.row_no, r.attempts, r.leased_until === null]),
          [
            [1, 1, false],
            [2, 0, true],
            [3, 0, true],
            [4, 0, true],
            [5, 0, true],
            [6, 0, true],
          ],
          'the started row stays leased; the others are free and their attempt taken back',
        );
        // No clock advance: another worker takes them while the stopping one still finishes row 1.
        b = new BulkWorker(ctx, { concurrency: 2, pollIntervalMs: 20, leaseMs: 60_000, issue: counting(job.id, byB) });
        b.start();
        await until(job.id, (j) => j.processed === 5, 'the five given-back rows');
        first.open();
        await stopped;
        const done = await untilCompleted(job.id);
        t.match(done, { processed: 6, issued: 6 });
        t.same([...byA.keys()], [1], 'the stopping worker issued only the row it had started');
        t.same([...byB.keys()].sort(), [2, 3, 4, 5, 6]);
        t.equal((await bulkCredentials(job.id)).length, 6, 'one credential per row');
      } finally {
        first.open();
        await a.stop();
        await b?.stop();
      }
    });
  },
);

t.test('at a concurrency of 4, a lease and a recording transaction serve many rows', async (t) => {
  const own = h.service.bulkWorker()!;
  await own.stop();
  const ctx = own.ctx;
  const rows = 96;
  const job = await create(
    expiring.id,
    csv('name,email', ...Array.from({ length: rows }, (_, i) => `Many ${i + 1},many${i + 1}@statements.example`)),
  );
  // Statements that moved rows, and how many rows they moved (other jobs left pending by
  // earlier tests are leased too; the empty leases of idle polls are left out).
  const moved = { leases: 0, leased: 0, recordings: 0, recorded: 0 };
  const listen = (response: { rows?: unknown[] } | undefined, q: { sql: string }) => {
    const n = response?.rows?.length ?? 0;
    if (n === 0) return;
    if (q.sql.startsWith('WITH picked AS')) {
      moved.leases++;
      moved.leased += n;
    }
    if (/^UPDATE bulk_issuance_rows r SET\s+result = v\.result/.test(q.sql)) {
      moved.recordings++;
      moved.recorded += n;
    }
  };
  ctx.db.on('query-response', listen);
  const w = new BulkWorker(ctx, { concurrency: 4, pollIntervalMs: 50 });
  try {
    w.start();
    const done = await untilCompleted(job.id);
    t.match(done, { processed: rows, issued: rows });
    t.ok(moved.leased >= rows && moved.recorded >= rows, `${moved.leased} rows leased, ${moved.recorded} recorded`);
    // Before the batches a lease took a row for each free slot (about one lease per row at 4
    // in flight) and nearly every result had a recording transaction of its own.
    t.ok(moved.leases <= moved.leased / 8, `${moved.leases} leases for ${moved.leased} rows`);
    t.ok(moved.recordings <= moved.recorded / 2, `${moved.recordings} recording statements for ${moved.recorded} rows`);
  } finally {
    ctx.db.off('query-response', listen);
    await w.stop();
  }
});

t.test('the share beside clients: a quarter of the concurrency, at least 1 and at most 8', (t) => {
  t.equal(besideClients(1), 1);
  t.equal(besideClients(8), 2);
  t.equal(besideClients(32), 8);
  t.equal(besideClients(64), BESIDE_CLIENTS_MAX, 'the default of 64 keeps the 8 measured against the bound');
  t.equal(BESIDE_CLIENTS_MAX, 8);
  t.end();
});

t.test('beside clients: a quarter of the rows in flight while clients issue, all of them again a second later', async (t) => {
  const own = h.service.bulkWorker()!;
  await own.stop();
  const ctx = own.ctx;
  t.ok(ctx.clientIssues, "the service notes its clients' issues");
  // Rows in flight, and the most seen at once in each phase (rows that started before the
  // clients came are not counted in 'beside').
  let issuing = 0;
  let phase: 'alone' | 'settling' | 'beside' | 'after' = 'alone';
  const most = { alone: 0, settling: 0, beside: 0, after: 0 };
  const w = new BulkWorker(ctx, {
    concurrency: 8,
    pollIntervalMs: 50,
    issue: async (...args) => {
      most[phase] = Math.max(most[phase], ++issuing);
      try {
        await new Promise((r) => setTimeout(r, 40)); // the scenario: an issue that takes a while, so that several overlap
        return await issueCredential(...args);
      } finally {
        issuing--;
      }
    },
  });
  const rows = (who: string) =>
    csv('name,email', ...Array.from({ length: 24 }, (_, i) => `${who} ${i + 1},${who.toLowerCase()}${i + 1}@beside.example`));
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  w.start();
  try {
    t.equal(w.limit(), 8, 'no client issues yet: the whole concurrency');
    await untilCompleted((await create(expiring.id, rows('Alone'))).id);
    t.equal(most.alone, 8, 'alone, the worker has all 8 rows in flight');

    // Clients issue over the API call, one every ~100 ms.
    let clients = true;
    let clientIssues = 0;
    const traffic = (async () => {
      while (clients) {
        await c.IssueCredential({
          organization_id: org.id,
          badge_id: forever.id,
          recipient_name: `Client ${clientIssues + 1}`,
          recipient_email: `client${clientIssues + 1}@beside.example`,
          issued_by: 'test',
        });
        clientIssues++;
        await sleep(100); // pacing of the clients' load, not a wait for anything
      }
    })();
    phase = 'settling';
    await waitFor('a client issue', async () => clientIssues > 0 || undefined, 10_000, 10);
    t.equal(w.limit(), 2, 'while clients issue: a quarter');
    phase = 'beside';
    const beside = await untilCompleted((await create(expiring.id, rows('Beside'))).id);
    clients = false;
    await traffic;
    t.match(beside, { issued: 24, failed: 0 });
    t.ok(most.beside >= 1 && most.beside <= 2, `beside clients, at most 2 rows in flight (saw ${most.beside})`);
    t.ok(clientIssues >= 3, `clients kept issuing meanwhile (${clientIssues})`);

    // A second after the last client issue started, the worker takes all its rows back.
    await waitFor('the whole concurrency back', async () => w.limit() === 8 || undefined, 5_000, 50);
    phase = 'after';
    await untilCompleted((await create(expiring.id, rows('After'))).id);
    t.equal(most.after, 8, 'after the clients, 8 rows in flight again');
  } finally {
    await w.stop();
  }
});

t.test('results recorded together: one statement for the rows, the counters summed, a lapsed attempt left alone', async (t) => {
  const own = h.service.bulkWorker()!;
  await own.stop();
  const ctx = own.ctx;
  const job = await create(expiring.id, csv('name,email', 'One,one@batch.example', 'Two,two@batch.example', 'Three,three@batch.example'));
  // Fresh rows have attempts 0: a lease of attempt 0 is current, one of attempt 5 is not.
  const row = (n: number, attempt = 0) => ({ jobId: job.id, row: n, attempt });
  const outcome = (result: 'issued' | 'failed', reason: string | null = null) => ({
    result,
    reason,
    credentialUuid: null,
    credentialId: null,
  });
  const first = await ctx.db.transaction((trx) =>
    bulkStore.recordResults(
      trx,
      [
        { row: row(1), outcome: outcome('issued') },
        { row: row(2), outcome: outcome('failed', 'no, "quoted" {braces} \\ NULL') },
        { row: row(3, 5), outcome: outcome('issued') },
      ],
      h.clock.now(),
    ),
  );
  t.same(first.recorded, [true, true, false], 'the lapsed attempt records nothing');
  t.match(first.jobs, [{ id: job.id, completedAt: null, processed: 2, issued: 1, failed: 1 }], 'one counter update, both rows counted');
  const last = await ctx.db.transaction((trx) =>
    bulkStore.recordResults(trx, [{ row: row(3), outcome: outcome('issued') }], h.clock.now()),
  );
  t.match(last.jobs, [{ id: job.id, status: 'completed', processed: 3, issued: 2, failed: 1 }], 'the last row completes the job');
  const again = await ctx.db.transaction((trx) =>
    bulkStore.recordResults(trx, [{ row: row(1), outcome: outcome('failed') }], h.clock.now()),
  );
  t.same(again, { recorded: [false], jobs: [] }, 'a recorded row is never recorded twice');
  const rows = (await get(job.id)).rows;
  t.same(
    rows.map((r) => [r.row, r.result]),
    [
      [1, 'issued'],
      [2, 'failed'],
      [3, 'issued'],
    ],
  );
  t.equal(rows[1]!.reason, 'no, "quoted" {braces} \\ NULL', 'a reason is stored as given');
});

t.test("the worker's per-lease statements read through indexes, whatever the size of the tables", async (t) => {
  const own = h.service.bulkWorker()!;
  await own.stop();
  // 1,500 pending rows: the upload analyzes the table (bulk-store insertJob), as a real upload does.
  const lines = Array.from({ length: 1500 }, (_, i) => `Planned ${i + 1},planned${i + 1}@plans.example`);
  const job = await create(expiring.id, csv('name,email', ...lines));
  /** The plan of the statements a store call runs (`capture` picks them), in a transaction rolled back. */
  const plans = async (
    capture: RegExp,
    call: (trx: Parameters<Parameters<typeof h.db.transaction>[0]>[0]) => Promise<unknown>,
    o: { seqScans: boolean },
  ) => {
    const statements: Array<{ sql: string; bindings: unknown[] }> = [];
    const listen = (q: { sql: string; bindings?: unknown[] }) => {
      if (capture.test(q.sql)) statements.push({ sql: q.sql.replace(/\$\d+/g, '?'), bindings: q.bindings ?? [] });
    };
    h.db.on('query', listen);
    const out: string[] = [];
    await h.db
      .transaction(async (trx) => {
        // Seq scans off: an index that can answer the statement is preferred to reading even a small table.
        if (!o.seqScans) await trx.raw('SET LOCAL enable_seqscan = off');
        await call(trx);
        h.db.off('query', listen);
        for (const s of statements) {
          const r = await trx.raw<{ rows: Array<{ 'QUERY PLAN': string }> }>(`EXPLAIN ${s.sql}`, s.bindings as never);
          out.push(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
        }
        throw new Error('rolled back');
      })
      .catch((err: Error) => {
        if (err.message !== 'rolled back') throw err;
      });
    h.db.off('query', listen);
    return out;
  };

  // The lease returns each row's credential from an earlier attempt: the partial index on the
  // bulk mark answers it (without its predicate repeated in the query, every credential of the
  // table was read on each lease).
  const [lease] = await plans(/WITH picked AS/, (trx) => bulkStore.leaseRows(trx, h.clock.now(), 60_000, 2), { seqScans: false });
  t.match(lease, /Index (Only )?Scan using credentials_bulk_row_idx/, 'the crash check uses credentials_bulk_row_idx');
  t.notMatch(lease, /Seq Scan on credentials/);

  // The recording statement looks each row up by its key instead of reading the pending rows.
  const [recording] = await plans(
    /UPDATE bulk_issuance_rows r SET/,
    (trx) =>
      bulkStore.recordResults(
        trx,
        [1, 2].map((n) => ({
          row: { jobId: job.id, row: n, attempt: 0 },
          outcome: { result: 'issued' as const, reason: null, credentialUuid: null, credentialId: null },
        })),
        h.clock.now(),
      ),
    { seqScans: true },
  );
  t.match(recording, /Nested Loop[\s\S]*Index (Only )?Scan using bulk_issuance_rows_\w+/, 'the recorded rows are looked up one by one');
  t.match(recording, /Index Cond: .*job_id = v\.job_id/, 'by their job and row number');
  t.notMatch(recording, /Seq Scan on bulk_issuance_rows|Hash Join/);
  t.equal((await get(job.id, { rows_limit: 0 })).processed, 0, 'nothing recorded (rolled back)');
});

t.test("the lease looks each leased row's earlier credential up by its mark, whatever the statistics say", async (t) => {
  // As during a large job between automatic analyses: the statistics were taken while no bulk
  // credential existed, and since then thousands were issued. Copies of the three tables the
  // lease reads, in a schema of their own, so the statistics can be set up without touching the
  // tables the other tests use; all of it in a transaction that is rolled back.
  const jobId = '0c0c0c0c-0c0c-4c0c-8c0c-0c0c0c0c0c0c';
  let nodes: Awaited<ReturnType<typeof planNodes>> = [];
  await h.db
    .transaction(async (trx) => {
      await trx.raw('CREATE SCHEMA lease_plan');
      for (const table of ['bulk_issuances', 'bulk_issuance_rows', 'credentials']) {
        await trx.raw(`CREATE TABLE lease_plan.${table} (LIKE ${table} INCLUDING ALL)`);
      }
      await trx.raw('SET LOCAL search_path = lease_plan');
      await trx.raw(
        `INSERT INTO bulk_issuances (id, organization_id, badge_id, status, total, processed, issued, renewed, conflicts, invalid, failed, created_at, updated_at)
         VALUES (?, ?, ?, 'running', 8000, 5000, 5000, 0, 0, 0, 0, now(), now())`,
        [jobId, org.id, expiring.id],
      );
      await trx.raw(
        `INSERT INTO bulk_issuance_rows (job_id, row_no, name, email, email_key, result, next_attempt_at, attempts)
         SELECT ?, i, 'Row ' || i, 'row' || i || '@plans.example', 'row' || i || '@plans.example',
                CASE WHEN i <= 5000 THEN 'issued' ELSE 'pending' END, now() - interval '1 minute', 0
         FROM generate_series(1, 8000) AS i`,
        [jobId],
      );
      const credentials = (from: number, to: number, issuedBy: string) =>
        trx.raw(
          `INSERT INTO credentials (id, credential_id, organization_id, badge_id, recipient_name, recipient_email, status, issuance_date, is_public, ob3, created_at, issued_by)
           SELECT gen_random_uuid(), 'CRD-PLAN' || lpad(i::text, 8, '0'), ?, ?, 'Row ' || i, 'row' || i || '@plans.example', 'pending', now(), true, '{}'::jsonb, now(), ${issuedBy}
           FROM generate_series(?::int, ?::int) AS i`,
          [org.id, expiring.id, from, to],
        );
      // Single issues before the job; then the statistics; then the job's first 5,000 rows issued.
      await credentials(10001, 12000, "'api'");
      await trx.raw('ANALYZE bulk_issuances, bulk_issuance_rows, credentials');
      await credentials(1, 5000, `'bulk:${jobId}:' || i`);
      const now = new Date();
      nodes = await planNodes(trx, LEASE_ROWS_SQL, leaseRowsBindings(now, new Date(now.getTime() + 60_000), 64));
      throw new Error('rolled back');
    })
    .catch((err: Error) => {
      if (err.message !== 'rolled back') throw err;
    });
  const onCredentials = nodes.filter((n) => n['Relation Name'] === 'credentials');
  t.ok(onCredentials.length > 0, 'the lease reads credentials');
  t.ok(
    onCredentials.every((n) => /issued_by = /.test(String(n['Index Cond'] ?? ''))),
    `each read of credentials is a lookup of the row's mark in an index (${onCredentials.map((n) => `${String(n['Node Type'])}: ${String(n['Index Cond'] ?? n.Filter ?? '')}`).join('; ')})`,
  );
  t.same(
    nodes.filter((n) => /issued_by/.test(String(n['Join Filter'] ?? ''))).map((n) => n['Join Filter']),
    [],
    'no join compares the marks of every bulk credential with each leased row',
  );
});

/** Resolves once the worker counted on `metrics` finished two lease passes: the positive signal
 * that it looked for rows (at least once after it started) before a test asserts it took none. */
async function afterTwoPasses(metrics: Registry): Promise<void> {
  const passes = async () => sumSeries(await metrics.metrics(), 'background_passes_total', { loop: 'bulk row lease', outcome: 'ok' });
  await waitFor('two lease passes of the worker', async () => (await passes()) >= 2);
}
