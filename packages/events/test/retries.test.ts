import t from 'tap';
import { createEvent, publishDirect, startConsumer } from '../src/index.js';
import { publishRaw, rand, waitFor, testStack, waitForDeadLetters } from './fixtures/helpers.js';


t.test('a failing handler is retried a bounded number of times, then dead-lettered', async (t) => {
  const { defer, db, schema, queues, exchange, connection, consumerDeps } = await testStack(t);

  const attempts = new Map<string, number[]>();
  const handledOk: string[] = [];
  const consumer = await startConsumer({
    ...consumerDeps,
    service: 'notification',
    queue: 'poison',
    routingKeys: ['credential.*'],
    maxAttempts: 3,
    retryDelayMs: 300,
    deliveryLimit: 5,
    handler: async (event, trx) => {
      await trx
        .withSchema(schema)
        .table('outbox')
        .insert({
          id: `side_${rand()}`,
          type: 'x.y',
          payload: '{}',
          created_at: new Date(),
        });
      if ((event.data as { poison?: boolean }).poison) {
        attempts.set(event.id, [...(attempts.get(event.id) ?? []), Date.now()]);
        throw new Error('cannot handle this one');
      }
      handledOk.push(event.id);
    },
  });
  queues.push(consumer.topology.queue, consumer.topology.retryQueue, consumer.topology.deadLetterQueue);
  defer(() => consumer.stop());

  const poison = createEvent({ type: 'credential.issued', producer: 'issuance', data: { poison: true } });
  await publishDirect(connection, poison, exchange);
  // Healthy events keep flowing while the poison one waits in the retry queue.
  const healthy = Array.from({ length: 5 }, (_, i) => createEvent({ type: 'credential.claimed', producer: 'issuance', data: { i } }));
  for (const e of healthy) await publishDirect(connection, e, exchange);
  await waitFor('healthy events', () => handledOk.length === healthy.length, 3_000);
  t.ok((attempts.get(poison.id)?.length ?? 0) < 3, 'healthy events were not stuck behind the poison message');

  const dead = await waitForDeadLetters(consumer.topology.queue, 1, 8_000);
  const runs = attempts.get(poison.id) ?? [];
  t.equal(runs.length, 3, 'handler ran exactly maxAttempts times');
  for (let i = 1; i < runs.length; i++) t.ok(runs[i]! - runs[i - 1]! >= 250, `attempt ${i + 1} came after the retry delay`);
  t.equal(dead.length, 1);
  const msg = dead[0]!;
  t.equal(msg.properties.messageId, poison.id);
  t.equal(JSON.parse(msg.content.toString()).id, poison.id, 'the DLQ keeps the original body');
  t.equal(msg.properties.headers?.['x-cred-attempts'], 3);
  t.match(String(msg.properties.headers?.['x-cred-error']), /cannot handle this one/);
  t.equal(msg.properties.headers?.['x-cred-original-routing-key'], 'credential.issued');

  // Failed attempts rolled back: no inbox row for the poison event, and only healthy side effects.
  const inbox = await db.withSchema(schema).table('inbox').pluck('event_id');
  t.same(inbox.sort(), healthy.map((e) => e.id).sort());
  const sideEffects = await db.withSchema(schema).table('outbox').count<{ n: string }[]>('* as n');
  t.equal(Number(sideEffects[0]?.n), healthy.length, 'the failed attempts left no rows behind');

  // Another attempt could only come through the retry queue (or the main queue behind it): a healthy
  // marker parked in the retry queue now comes back after anything still in either, and batches are
  // handled in delivery order, so once it is handled no attempt is pending.
  const marker = createEvent({ type: 'credential.claimed', producer: 'issuance', data: { marker: true } });
  await publishRaw('', consumer.topology.retryQueue, Buffer.from(JSON.stringify(marker)), marker.id);
  await waitFor('the marker back through the retry queue', () => handledOk.includes(marker.id), 5_000);
  t.equal(attempts.get(poison.id)?.length, 3, 'no attempt after dead-lettering');
  await consumer.stop();
});

t.test('malformed messages go straight to the DLQ without running the handler', async (t) => {
  const { defer, queues, exchange, consumerDeps } = await testStack(t);

  let runs = 0;
  const consumer = await startConsumer({
    ...consumerDeps,
    service: 'notification',
    queue: 'malformed',
    routingKeys: ['credential.issued'],
    maxAttempts: 5,
    retryDelayMs: 10_000,
    handler: async () => {
      runs++;
    },
  });
  queues.push(consumer.topology.queue, consumer.topology.retryQueue, consumer.topology.deadLetterQueue);
  defer(() => consumer.stop());

  await publishRaw(exchange, 'credential.issued', Buffer.from('not json {'), 'm1');
  await publishRaw(exchange, 'credential.issued', Buffer.from(JSON.stringify({ type: 'credential.issued', data: {} })), 'm2');
  await publishRaw(exchange, 'credential.issued', Buffer.from('[1,2]'), 'm3');
  const dead = await waitForDeadLetters(consumer.topology.queue, 3, 5_000);
  t.equal(runs, 0);
  t.same(dead.map((m) => m.properties.messageId).sort(), ['m1', 'm2', 'm3']);
  const errors = dead.map((m) => String(m.properties.headers?.['x-cred-error'])).sort();
  t.match(errors, [/not JSON$/, /not a JSON object/, /invalid id/]);
  t.equal(dead[0]?.properties.headers?.['x-cred-attempts'], 0, 'never attempted');
  await consumer.stop();
});
