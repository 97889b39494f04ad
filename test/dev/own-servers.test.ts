// Servers of our own (scripts/servers.ts) and the resolution `npm start` / `npm test` make with
// them (scripts/infra.ts), for real with Redis (the cheapest to start): a server that accepts
// connections but never answers is not used and not touched; ours starts under .data/, is handed
// on through the variable the tests read, and is the only thing stopped at the end, by pid.
// (Own PostgreSQL and RabbitMQ servers are the same code the chaos suite runs on.)
import { existsSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { TEST_AMQP_URL, TEST_PG_BASE, TEST_REDIS_URL } from '@cred/testing';
import { InfrastructureError, resolveInfrastructure } from '../../scripts/infra.js';
import { amqpAnswers, postgresAnswers, redisAnswers, startRedis } from '../../scripts/servers.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Accepts TCP connections and never says a word: a hung server. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const srv = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (srv.address() as net.AddressInfo).port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => srv.close(r));
    },
  };
}

const silent = await silentServer();
t.teardown(() => silent.close());

t.test('probes: the servers of this run answer, a hung one does not', async (t) => {
  const pg = new URL(TEST_PG_BASE);
  const amqp = new URL(TEST_AMQP_URL);
  t.ok(await postgresAnswers(Number(pg.port || 5432), pg.hostname), 'PostgreSQL answers its SSL request');
  t.ok(await redisAnswers(TEST_REDIS_URL), 'Redis answers PING');
  t.ok(await amqpAnswers(Number(amqp.port || 5672), amqp.hostname), 'RabbitMQ answers the protocol header');
  t.notOk(await postgresAnswers(silent.port, '127.0.0.1', 1000), 'hung: no PostgreSQL');
  t.notOk(await redisAnswers(`redis://127.0.0.1:${silent.port}`, 1000), 'hung: no Redis');
  t.notOk(await amqpAnswers(silent.port, '127.0.0.1', 1000), 'hung: no RabbitMQ');
});

t.test('an own Redis: starts on a free port, answers, stops by pid; its throwaway data goes', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'own-redis-'));
  const redis = await startRedis(root);
  const pid = redis.pid()!;
  t.ok(pid > 0 && alive(pid), `running (pid ${pid})`);
  t.ok(await redisAnswers(redis.url), `answers at ${redis.url}`);
  await redis.cleanup();
  t.notOk(alive(pid), 'stopped');
  t.notOk(existsSync(join(root, 'redis')), 'its directory removed');

  const kept = await startRedis(root, { persistent: true, port: redis.port });
  t.equal(kept.port, redis.port, 'a kept server takes the port asked for');
  await kept.cleanup();
  t.ok(existsSync(join(root, 'redis')), 'a kept server keeps its directory');
});

t.test('npm test with a hung Redis: one of our own instead, the hung one left alone', async (t) => {
  const env = { ...process.env };
  delete env.TEST_REDIS_URL;
  const lines: string[] = [];
  const resolved = await resolveInfrastructure({
    mode: 'test',
    root: ROOT,
    env,
    say: (l) => lines.push(l),
    fallbacks: { redis: `redis://127.0.0.1:${silent.port}/0` },
  });
  const url = resolved.env.TEST_REDIS_URL;
  t.ok(url, 'TEST_REDIS_URL handed on');
  t.not(url, `redis://127.0.0.1:${silent.port}/0`);
  t.ok(await redisAnswers(url!), `our Redis answers at ${url}`);
  const ours = resolved.summary.find((l) => l.startsWith('Redis: '));
  t.match(ours, /\(ours, pid \d+, data in .*\/\.data\/test-/, 'data under .data/');
  const pid = Number(/pid (\d+)/.exec(ours ?? '')![1]);
  const dir = /data in (\S+);/.exec(ours ?? '')![1]!;
  t.notOk(resolved.env.TEST_DATABASE_BASE_URL, 'PostgreSQL answered: nothing started for it');

  await resolved.stop();
  t.notOk(alive(pid), 'ours stopped');
  t.notOk(existsSync(dir), 'its data removed');
  t.ok(
    await new Promise((resolve) =>
      net
        .connect(silent.port, '127.0.0.1')
        .once('connect', function (this: net.Socket) {
          this.destroy();
          resolve(true);
        })
        .once('error', () => resolve(false)),
    ),
    'the hung server still listens: not ours to stop',
  );
});

t.test('a configured server that does not answer stops the command, naming the variable but no secret', async (t) => {
  const env = { ...process.env, TEST_REDIS_URL: `redis://:s3cret-pw@127.0.0.1:${silent.port}/0` };
  const err = await resolveInfrastructure({ mode: 'test', root: ROOT, env, say: () => undefined }).then(
    () => undefined,
    (e: unknown) => e,
  );
  t.ok(err instanceof InfrastructureError, 'refused');
  t.match((err as Error).message, `TEST_REDIS_URL is set, but that Redis (127.0.0.1:${silent.port}) does not answer`);
  t.notMatch((err as Error).message, 's3cret-pw');
});
