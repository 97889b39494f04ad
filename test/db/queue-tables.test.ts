// Queue-like tables and autovacuum (docs/decisions.md, "Queue tables and autovacuum"): every
// service's migrations give its outbox and work tables the settings of QUEUE_TABLE_AUTOVACUUM,
// and on a PostgreSQL of our own with autovacuum running (the machine's shared server has it
// off), those settings make PostgreSQL vacuum a table whose history is large after the rows a
// worker just finished, where its default leaves them until a fifth of the whole table is dead.
import { mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { createDb, ensureDatabase, QUEUE_TABLE_AUTOVACUUM, tuneQueueTables, type Knex } from '@cred/db';
import { createIsolation, waitFor } from '@cred/testing';
import { migrateAll } from '../../scripts/migrate-all.js';
import { startPostgres } from '../../scripts/servers.js';

/** The tables whose rows are written, worked off and marked done, by schema. */
const QUEUE_TABLES: Record<string, string[]> = {
  accounts: ['outbox'],
  billing: ['outbox'],
  issuance: ['outbox', 'bulk_issuance_rows'],
  notification: ['outbox', 'email_sends', 'webhook_deliveries'],
  signing: ['outbox'],
  verification: ['outbox'],
};

const EXPECTED = Object.entries(QUEUE_TABLE_AUTOVACUUM)
  .map(([k, v]) => `${k}=${v}`)
  .sort();

t.test("every service's migrations tune its queue tables, and every outbox is one of them", async (t) => {
  const iso = await createIsolation('queue_tables');
  t.teardown(() => iso.cleanup());
  await migrateAll(iso.databaseUrl);
  const db = createDb({ url: iso.databaseUrl, schema: 'public', poolMax: 1 });
  t.teardown(() => db.destroy());
  const rows = (
    await db.raw<{ rows: Array<{ schema: string; table: string; options: string[] | null }> }>(
      `SELECT n.nspname AS schema, c.relname AS table, c.reloptions AS options
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'r' AND n.nspname = ANY(?)`,
      [Object.keys(QUEUE_TABLES)],
    )
  ).rows;
  const tuned = rows.filter((r) => (r.options ?? []).some((o) => o.startsWith('autovacuum_vacuum_threshold=')));
  const expected = Object.entries(QUEUE_TABLES).flatMap(([schema, tables]) => tables.map((table) => `${schema}.${table}`));
  t.same(tuned.map((r) => `${r.schema}.${r.table}`).sort(), expected.sort(), 'exactly the queue tables are tuned');
  for (const r of tuned) t.same([...(r.options ?? [])].sort(), EXPECTED, `${r.schema}.${r.table}: the settings`);
  const outboxes = rows.filter((r) => r.table === 'outbox').map((r) => r.schema);
  t.ok(outboxes.length >= 6, `${outboxes.length} outboxes`);
  for (const schema of outboxes) t.ok(QUEUE_TABLES[schema]?.includes('outbox'), `${schema}.outbox is tuned`);
});

t.test('with autovacuum running, a tuned table is vacuumed after a worker finishes 2,000 rows; the default waits', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'queue-vacuum-'));
  spawnSync('chmod', ['755', root]);
  const pg = await startPostgres(root);
  t.teardown(async () => {
    await pg.cleanup();
    rmSync(root, { recursive: true, force: true });
  });
  const url = pg.url('queues');
  await ensureDatabase(url);
  const db: Knex = createDb({ url, schema: 'public', poolMax: 2 });
  t.teardown(() => db.destroy());
  // Autovacuum looks at each database once per naptime (a minute by default); a second here.
  await db.raw('ALTER SYSTEM SET autovacuum_naptime = 1');
  await db.raw('SELECT pg_reload_conf()');

  const counts = async (table: string) =>
    (
      await db.raw<{ rows: Array<{ inserted: string; autovacuums: string; dead: string }> }>(
        'SELECT n_tup_ins AS inserted, autovacuum_count AS autovacuums, n_dead_tup AS dead FROM pg_stat_user_tables WHERE relname = ?',
        [table],
      )
    ).rows[0] ?? { inserted: '0', autovacuums: '0', dead: '0' };

  // Two tables with the same history: 50,000 rows done, 2,000 still to do, a partial index on
  // the rows to do (as email_sends and the outbox have); only one gets the settings.
  // Autovacuum stays off for both while they are loaded, so that it cannot vacuum the load
  // itself while the baseline is taken.
  for (const table of ['tuned', 'plain']) {
    await db.raw(
      `CREATE TABLE ${table} (id bigint PRIMARY KEY, status text NOT NULL, payload text NOT NULL) WITH (autovacuum_enabled = off)`,
    );
    await db.raw(`CREATE INDEX ${table}_pending ON ${table} (id) WHERE status = 'pending'`);
    await db.raw(
      `INSERT INTO ${table} SELECT i, CASE WHEN i > 50000 THEN 'pending' ELSE 'sent' END, repeat('x', 200) FROM generate_series(1, 52000) AS i`,
    );
    // A clean start: the load is vacuumed now, not by the autovacuum under test. A backend
    // reports its counts a moment after its statement; counts of the load arriving after this
    // vacuum would count against the table as changes made since (and start an autovacuum).
    await waitFor(`the load of ${table} counted`, async () => Number((await counts(table)).inserted) >= 52000, 30_000, 200);
    await db.raw(`VACUUM ANALYZE ${table}`);
  }
  // A probe that any dead row makes due: its vacuums show autovacuum's runs over this database.
  await db.raw('CREATE TABLE probe (id int PRIMARY KEY, n int NOT NULL) WITH (autovacuum_vacuum_threshold = 0, autovacuum_vacuum_scale_factor = 0)');
  await db.raw('INSERT INTO probe SELECT i, 0 FROM generate_series(1, 10) AS i');
  await tuneQueueTables(db, 'public', ['tuned']);
  for (const table of ['tuned', 'plain']) await db.raw(`ALTER TABLE ${table} SET (autovacuum_enabled = on)`);
  const before = { tuned: Number((await counts('tuned')).autovacuums), plain: Number((await counts('plain')).autovacuums) };

  // The worker finishes the 2,000 pending rows of both tables.
  for (const table of ['tuned', 'plain']) await db.raw(`UPDATE ${table} SET status = 'sent' WHERE status = 'pending'`);

  await waitFor('an autovacuum of the tuned table', async () => Number((await counts('tuned')).autovacuums) > before.tuned, 90_000, 500);
  t.equal(Number((await counts('tuned')).dead), 0, 'the tuned table holds no dead rows any more');
  // The plain table had its chance once autovacuum ran over the database after its dead rows were
  // counted: a run weighs every table, and the probe, changed after that count, was vacuumed in
  // it. Two such runs.
  await waitFor('the dead rows of the plain table counted', async () => Number((await counts('plain')).dead) >= 2000, 30_000, 200);
  for (let run = 1; run <= 2; run++) {
    const probed = Number((await counts('probe')).autovacuums);
    await db.raw('UPDATE probe SET n = n + 1');
    await waitFor(`autovacuum run ${run} after the plain table's count`, async () => Number((await counts('probe')).autovacuums) > probed, 30_000, 200);
  }
  const plain = await counts('plain');
  t.equal(Number(plain.autovacuums), before.plain, 'the default (50 rows plus a fifth of the table) has not come yet');
  t.ok(Number(plain.dead) >= 2000, `the plain table still holds its ${plain.dead} dead rows`);
});
