import t from 'tap';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createIsolation, TEST_PG_BASE, TEST_REDIS_URL, uniqueName } from '../src/index.js';

t.test('cleanup leaves nothing of the test in PostgreSQL and Redis, and nothing else is touched', async (t) => {
  const redis = new Redis(TEST_REDIS_URL);
  t.teardown(() => redis.disconnect());
  const iso = await createIsolation('isolation');
  // Keys as the services write them under the prefix: with and without a TTL, and enough of
  // them to take several SCAN rounds.
  const ours = Array.from({ length: 1200 }, (_, i) => `${iso.redisKeyPrefix}verification:sig:${i}`);
  const pipeline = redis.pipeline();
  for (const [i, key] of ours.entries()) {
    if (i % 2 === 0) pipeline.set(key, 'x', 'EX', 600);
    else pipeline.set(key, 'x');
  }
  // Another run's key whose name starts like ours but is not under our prefix.
  const neighbour = `${iso.redisKeyPrefix.slice(0, -1)}x:kept`;
  const other = `${uniqueName('test_other')}:kept`;
  pipeline.set(neighbour, 'x', 'EX', 600);
  pipeline.set(other, 'x', 'EX', 600);
  await pipeline.exec();
  t.teardown(async () => {
    await redis.del(neighbour, other);
  });

  await iso.cleanup();

  t.equal(await redis.exists(...ours), 0, 'every key under the prefix is gone');
  t.equal(await redis.exists(neighbour, other), 2, 'keys of other runs stay');
  const admin = new pg.Client({ connectionString: `${TEST_PG_BASE}/postgres` });
  await admin.connect();
  try {
    const name = new URL(iso.databaseUrl).pathname.slice(1);
    const r = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    t.equal(r.rowCount, 0, 'the database is dropped');
  } finally {
    await admin.end();
  }
});

t.test("migrated: a copy of the run's template database; without it, an empty database", async (t) => {
  const admin = new pg.Client({ connectionString: `${TEST_PG_BASE}/postgres` });
  await admin.connect();
  t.teardown(() => admin.end());
  const template = uniqueName('test_tmpl');
  await admin.query(`CREATE DATABASE "${template}"`);
  t.teardown(() => admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`));
  const seed = new pg.Client({ connectionString: `${TEST_PG_BASE}/${template}` });
  await seed.connect();
  await seed.query('CREATE SCHEMA accounts');
  await seed.query('CREATE TABLE accounts.marker (v text)');
  await seed.query("INSERT INTO accounts.marker VALUES ('from the template')");
  await seed.end();

  const previous = process.env.TEST_DATABASE_TEMPLATE;
  process.env.TEST_DATABASE_TEMPLATE = template;
  t.teardown(() => {
    if (previous === undefined) delete process.env.TEST_DATABASE_TEMPLATE;
    else process.env.TEST_DATABASE_TEMPLATE = previous;
  });
  // Two copies at once, as two test files starting together make them.
  const [a, b] = await Promise.all([createIsolation('copy', { migrated: true }), createIsolation('copy', { migrated: true })]);
  const empty = await createIsolation('empty');
  t.teardown(async () => {
    for (const iso of [a, b, empty]) await iso.cleanup();
  });
  for (const iso of [a, b]) {
    const c = new pg.Client({ connectionString: iso.databaseUrl });
    await c.connect();
    const r = await c.query('SELECT v FROM accounts.marker');
    await c.end();
    t.same(r.rows, [{ v: 'from the template' }], 'the copy holds what the template held');
  }
  const c = new pg.Client({ connectionString: empty.databaseUrl });
  await c.connect();
  const r = await c.query("SELECT count(*)::int AS n FROM information_schema.schemata WHERE schema_name = 'accounts'");
  await c.end();
  t.equal(r.rows[0].n, 0, 'a database not asked to be migrated starts empty');
});
