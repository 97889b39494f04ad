import t from 'tap';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startConsumer } from '../src/index.js';
import { AMQP_URL, testStack } from './fixtures/helpers.js';

const run = promisify(execFile);

interface QueueInfo {
  name: string;
  type: string;
  durable: boolean;
  auto_delete: boolean;
  arguments: Array<[string, string, unknown]>;
}

t.test('every consumer queue is durable, quorum, bounded and dead-lettered', async (t) => {
  const { defer, queues, exchange, consumerDeps } = await testStack(t);
  const consumer = await startConsumer({
    ...consumerDeps,
    service: 'notification',
    queue: 'topo',
    routingKeys: ['credential.issued'],
    maxAttempts: 5,
    retryDelayMs: 1234,
    deliveryLimit: 7,
    handler: async () => undefined,
  });
  const topo = consumer.topology;
  queues.push(topo.queue, topo.retryQueue, topo.deadLetterQueue);
  defer(() => consumer.stop());

  // The run may use a vhost of its own (scripts/dev.mjs): list queues there.
  const vhost = decodeURIComponent(new URL(AMQP_URL).pathname.slice(1)) || '/';
  const { stdout } = await run('rabbitmqctl', [
    '-q',
    'list_queues',
    '-p',
    vhost,
    'name',
    'type',
    'durable',
    'auto_delete',
    'arguments',
    '--formatter',
    'json',
  ]);
  const mine = (JSON.parse(stdout) as QueueInfo[]).filter((q) => q.name.startsWith(`${exchange}.`));
  const args = (name: string): Record<string, unknown> =>
    Object.fromEntries((mine.find((q) => q.name === name)?.arguments ?? []).map(([k, , v]) => [k, v]));

  t.same(mine.map((q) => q.name).sort(), [topo.queue, topo.deadLetterQueue, topo.retryQueue].sort());
  for (const q of mine) {
    t.equal(q.type, 'quorum', `${q.name} is a quorum queue`);
    t.equal(q.durable, true);
    t.equal(q.auto_delete, false);
    t.equal(args(q.name)['x-overflow'], 'reject-publish', `${q.name} rejects publishes when full instead of dropping`);
  }
  t.match(args(topo.queue), {
    'x-delivery-limit': 7,
    'x-dead-letter-exchange': topo.deadLetterExchange,
    'x-dead-letter-routing-key': topo.retryQueue,
    'x-dead-letter-strategy': 'at-least-once',
  });
  t.match(args(topo.retryQueue), {
    'x-message-ttl': 1234,
    'x-dead-letter-exchange': topo.deadLetterExchange,
    'x-dead-letter-routing-key': topo.queue,
    'x-dead-letter-strategy': 'at-least-once',
  });
});
