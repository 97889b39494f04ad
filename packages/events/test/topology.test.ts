import t from 'tap';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createEvent, startConsumer } from '../src/index.js';
import { AMQP_URL, publishRaw, testStack, waitFor } from './fixtures/helpers.js';

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

t.test('retired routing keys are unbound; a queue with only retired keys is drained if it exists, never created', async (t) => {
  const { defer, queues, exchange, consumerDeps, connection, db, schema } = await testStack(t);
  const handled: string[] = [];
  const handler = async (e: { id: string }) => void handled.push(e.id);
  // An earlier release: `old` bound to both keys, holding a message nobody consumed yet.
  const earlier = await startConsumer({ ...consumerDeps, service: 'svc', queue: 'old', routingKeys: ['a.made', 'a.changed'], handler });
  queues.push(earlier.topology.queue, earlier.topology.retryQueue, earlier.topology.deadLetterQueue);
  await earlier.stop();
  const leftover = createEvent({ type: 'a.made', producer: 'test', data: {} });
  await publishRaw(exchange, 'a.made', Buffer.from(JSON.stringify(leftover)), leftover.id);

  // This release: `new` takes a.made, `old` is retired, and `other` no longer takes a.changed.
  const current = await startConsumer({ ...consumerDeps, service: 'svc', queue: 'new', routingKeys: ['a.made'], handler });
  queues.push(current.topology.queue, current.topology.retryQueue, current.topology.deadLetterQueue);
  defer(() => current.stop());
  const retired = await startConsumer({ ...consumerDeps, service: 'svc', queue: 'old', routingKeys: [], retiredRoutingKeys: ['a.made', 'a.changed'], handler });
  defer(() => retired.stop());
  await waitFor('the leftover handled', () => handled.includes(leftover.id), 10_000);

  const fresh = createEvent({ type: 'a.made', producer: 'test', data: {} });
  await publishRaw(exchange, 'a.made', Buffer.from(JSON.stringify(fresh)), fresh.id);
  await waitFor('the fresh event handled', () => handled.includes(fresh.id), 10_000);
  // Had `old` still been bound, the fresh event would sit in it ahead of a marker sent straight to
  // the queue now; the retired consumer drains `old`, so once the marker is handled there, so was it.
  const marker = createEvent({ type: 'a.marker', producer: 'test', data: {} });
  await publishRaw('', retired.topology.queue, Buffer.from(JSON.stringify(marker)), marker.id);
  await waitFor('the marker handled by the retired queue', async () => (await db.withSchema(schema).table('inbox').where({ event_id: marker.id, consumer: 'svc.old' })).length === 1, 10_000);
  const consumers = (await db.withSchema(schema).table('inbox').where({ event_id: fresh.id })).map((r: { consumer: string }) => r.consumer);
  t.same(consumers, ['svc.new'], 'a fresh event reaches the new queue only: the retired one is unbound');

  const never = await startConsumer({ ...consumerDeps, service: 'svc', queue: 'never', routingKeys: [], retiredRoutingKeys: ['a.made'], handler });
  defer(() => never.stop());
  const ch = await connection.current()!.createChannel();
  ch.on('error', () => undefined);
  await t.rejects(ch.checkQueue(never.topology.queue), 'a retired queue that does not exist is not created');
  await t.rejects(startConsumer({ ...consumerDeps, service: 'svc', queue: 'none', routingKeys: [], handler }), 'a consumer needs a key');
});
