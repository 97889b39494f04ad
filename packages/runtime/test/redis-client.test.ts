// @unit
// A Redis client's repeated errors are one warning per interval; the fail-fast options.
import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import { createLogger, failFastRedisOptions, warnRedisErrors } from '../src/index.js';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger({ service: 'test', destination }) };
}

t.test('the errors of reconnect attempts: one warning per interval, with the message only', async (t) => {
  const { lines, logger } = capture();
  const redis = new EventEmitter();
  warnRedisErrors(redis, logger, 'redis error', 100);
  for (let i = 0; i < 5; i++) redis.emit('error', new Error(`connect ECONNREFUSED 127.0.0.1:6379 (${i})`));
  t.equal(lines.length, 1, 'five errors in a burst: one line');
  t.match(lines[0], { level: 'warn', msg: 'redis error', err: 'connect ECONNREFUSED 127.0.0.1:6379 (0)' });
  await sleep(150); // the interval (100 ms) is what is tested: it has to pass, no event marks it
  redis.emit('error', new Error('again'));
  t.equal(lines.length, 2, 'the next interval logs again');
  t.equal(lines[1]!.err, 'again');
});

t.test('fail-fast options: no offline queue, no command retries, the given timeout, capped reconnect delay', async (t) => {
  const o = failFastRedisOptions({ commandTimeoutMs: 250, maxReconnectDelayMs: 1000 });
  t.match(o, { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: 250 });
  t.same([1, 3, 100].map((a) => o.retryStrategy(a)), [200, 600, 1000]);
});
