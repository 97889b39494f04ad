import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import amqp from 'amqplib';
import { ensureDatabase, dropDatabase } from '@cred/db';
import { deleteRedisKeys } from './redis.js';

export const TEST_PG_BASE = process.env.TEST_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
export const TEST_AMQP_URL = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export interface TestIsolation {
  /** A database of its own, created for this test file; every service schema lives in it. */
  databaseUrl: string;
  /** An exchange of its own (queues are named after it), so no other run sees the events. */
  eventsExchange: string;
  /** The run's RabbitMQ vhost (see scripts/dev.mjs), shared by the files of one run. */
  amqpUrl: string;
  redisUrl: string;
  /** A Redis key prefix of its own. */
  redisKeyPrefix: string;
  cleanup(): Promise<void>;
}

/** The settings that point a service (or a whole platform) at the isolation's database, broker names and Redis prefix. */
export function isolationEnv(iso: TestIsolation): Record<'DATABASE_URL' | 'AMQP_URL' | 'REDIS_URL' | 'REDIS_KEY_PREFIX' | 'EVENTS_EXCHANGE', string> {
  return {
    DATABASE_URL: iso.databaseUrl,
    AMQP_URL: iso.amqpUrl,
    REDIS_URL: iso.redisUrl,
    REDIS_KEY_PREFIX: iso.redisKeyPrefix,
    EVENTS_EXCHANGE: iso.eventsExchange,
  };
}

/**
 * Everything a test needs to run beside other tests and other runs without seeing their
 * data: its own PostgreSQL database, RabbitMQ exchange/queue names and Redis key prefix.
 * `migrated: true` (for files that apply every service's migrations next) copies the run's
 * migrated template database when there is one; without it the database starts empty.
 */
export async function createIsolation(label = 't', options: { migrated?: boolean } = {}): Promise<TestIsolation> {
  const name = uniqueName(`test_${label.replace(/[^a-z0-9]/gi, '').toLowerCase()}`).slice(0, 60);
  const databaseUrl = `${TEST_PG_BASE}/${name}`;
  // `npm test` migrates one template database per run (TEST_DATABASE_TEMPLATE, scripts/dev-run.ts);
  // a file that migrates every service's schema anyway starts from a copy of it (a third of a
  // second instead of a few seconds of migrations), and its own migrateAll() finds it up to date.
  const template = options.migrated ? process.env.TEST_DATABASE_TEMPLATE : undefined;
  await ensureDatabase(databaseUrl, template ? { template } : {});
  return {
    databaseUrl,
    eventsExchange: `${name}.events`,
    amqpUrl: TEST_AMQP_URL,
    redisUrl: TEST_REDIS_URL,
    redisKeyPrefix: `${name}:`,
    async cleanup() {
      await dropDatabase(databaseUrl).catch(() => undefined);
      await removeBrokerObjects(`${name}.events`).catch(() => undefined);
      // The keys its services wrote under its prefix (signature results, limits, sessions): a
      // finished run leaves no data in the shared Redis (before, a full run left about 1,700
      // keys, most of them for a week, the signature cache's TTL, and some for good). The name
      // is letters, digits and underscores, so it is a literal in the pattern.
      await deleteRedisKeys(TEST_REDIS_URL, `${name}:*`).catch(() => undefined);
    },
  };
}

/**
 * Deletes the queues (`<exchange>.<service>.<purpose>[.retry|.dlq]`) and exchanges a test's
 * services declared, as soon as the test file ends. Quorum queues outlive their consumers and
 * each holds file descriptors of the broker: the run's vhost (scripts/dev.mjs) used to keep
 * every file's queues until the whole run ended, and by the last end-to-end files the broker
 * (about 900 descriptors on these machines) refused new connections. Files run directly with tap
 * use the default vhost, where nothing else would remove them. Best effort: needs rabbitmqctl to
 * list the queues.
 */
async function removeBrokerObjects(exchange: string): Promise<void> {
  const url = new URL(TEST_AMQP_URL);
  const vhost = decodeURIComponent(url.pathname.slice(1)) || '/';
  const { stdout } = await promisify(execFile)('rabbitmqctl', ['-q', 'list_queues', '-p', vhost, 'name'], { timeout: 30000 });
  const queues = stdout.split('\n').map((l) => l.trim()).filter((q) => q.startsWith(`${exchange}.`));
  const connection = await amqp.connect(TEST_AMQP_URL);
  try {
    let channel = await connection.createChannel();
    for (const q of queues) {
      try {
        await channel.deleteQueue(q);
      } catch {
        channel = await connection.createChannel();
      }
    }
    for (const x of [exchange, `${exchange}.dlx`, `${exchange}.retry`]) {
      try {
        await channel.deleteExchange(x);
      } catch {
        channel = await connection.createChannel();
      }
    }
  } finally {
    await connection.close().catch(() => undefined);
  }
}
