// Deliveries that queue up while the consumer is busy are handled in one transaction; a batch
// that fails is handled again event by event, so a failing event is retried and dead-lettered
// on its own and the others are handled exactly once.
import t from 'tap';
import { createMetricsRegistry } from '@cred/runtime';
import { createEvent, publishDirect, startConsumer, type DomainEvent } from '../src/index.js';
import { waitFor, testStack, waitForDeadLetters } from './fixtures/helpers.js';

/** Resolves once the queue holds no ready message: everything published is with the consumer. */
async function deliveredToConsumer(connection: Parameters<typeof publishDirect>[0], queue: string): Promise<void> {
  await waitFor(
    'every message delivered to the consumer',
    async () => {
      const ch = await connection.current()!.createChannel();
      try {
        return (await ch.checkQueue(queue)).messageCount === 0;
      } finally {
        await ch.close();
      }
    },
    5_000,
  );
}


/**
 * A gate event for a consumer: its handler calls `hold` with each event and waits there on the
 * gate; `queueBehind` publishes the gate, then `events` while the consumer is held on it, so they
 * queue up behind it, then opens the gate. Answers the gate event.
 */
function gate(connection: Parameters<typeof publishDirect>[0], exchange: string, queue: () => string) {
  let release: () => void = () => undefined;
  let reached = false;
  return {
    async hold(event: DomainEvent<unknown>): Promise<void> {
      if (!(event.data as { gate?: boolean }).gate) return;
      reached = true;
      await new Promise<void>((resolve) => (release = resolve));
    },
    async queueBehind(events: DomainEvent<unknown>[]): Promise<DomainEvent<unknown>> {
      reached = false;
      const gateEvent = createEvent({ type: 'credential.gate', producer: 'issuance', data: { gate: true } });
      await publishDirect(connection, gateEvent, exchange);
      await waitFor('gate', () => reached, 5_000);
      for (const e of events) await publishDirect(connection, e, exchange);
      await deliveredToConsumer(connection, queue());
      release();
      return gateEvent;
    },
  };
}

t.test('queued deliveries share a transaction; a failing batch falls back to one event at a time', async (t) => {
  const { defer, db, schema, queues, exchange, connection, consumerDeps } = await testStack(t);

  const held = gate(connection, exchange, () => consumer.topology.queue);
  const transactions = new Map<string, string>(); // event id -> transaction id of its last run
  const poisonRuns: number[] = [];
  const consumer = await startConsumer({
    ...consumerDeps,
    service: 'verification',
    queue: 'batching',
    routingKeys: ['credential.*'],
    prefetch: 10,
    maxAttempts: 2,
    retryDelayMs: 200,
    handler: async (event: DomainEvent<unknown>, trx) => {
      await held.hold(event);
      const txid = (await trx.raw<{ rows: Array<{ id: string }> }>('select txid_current()::text as id')).rows[0]!.id;
      transactions.set(event.id, txid);
      await trx
        .withSchema(schema)
        .table('outbox')
        .insert({ id: `side_${event.id}`, type: 'x.y', payload: '{}', created_at: new Date() });
      if ((event.data as { poison?: boolean }).poison) {
        poisonRuns.push(Date.now());
        throw new Error('cannot handle this one');
      }
    },
  });
  queues.push(consumer.topology.queue, consumer.topology.retryQueue, consumer.topology.deadLetterQueue);
  defer(() => consumer.stop());

  const sideEffects = async () => (await db.withSchema(schema).table('outbox').pluck('id')).sort();
  const inboxIds = async () => (await db.withSchema(schema).table('inbox').pluck('event_id')).sort();

  // 1. A batch with no failure: one transaction, a copy of an event handled once.
  const healthy = Array.from({ length: 4 }, (_, i) => createEvent({ type: 'credential.issued', producer: 'issuance', data: { i } }));
  const gate1 = await held.queueBehind([...healthy, healthy[0]!]);
  await waitFor('first batch', async () => (await inboxIds()).length === 5, 5_000);
  const txids = new Set(healthy.map((e) => transactions.get(e.id)));
  t.equal(txids.size, 1, 'the queued events were handled in one transaction');
  t.not(transactions.get(gate1.id), [...txids][0], 'the event that was in flight had its own');
  t.same(await sideEffects(), [gate1, ...healthy].map((e) => `side_${e.id}`).sort(), 'each event handled once, the copy too');

  // 2. A batch with a failing event: the others are handled once, the failing one is retried
  //    and dead-lettered on its own.
  const more = Array.from({ length: 3 }, (_, i) => createEvent({ type: 'credential.claimed', producer: 'issuance', data: { i } }));
  const poison = createEvent({ type: 'credential.revoked', producer: 'issuance', data: { poison: true } });
  const gate2 = await held.queueBehind([more[0]!, poison, more[1]!, more[2]!]);
  const dead = await waitForDeadLetters(consumer.topology.queue, 1, 10_000);
  t.equal(dead.length, 1);
  t.equal(dead[0]!.properties.messageId, poison.id);
  t.equal(dead[0]!.properties.headers?.['x-cred-attempts'], 2, 'maxAttempts attempts of its own');
  t.ok(poisonRuns.length >= 2 && poisonRuns.length <= 3, 'the handler ran for its attempts (plus at most once in the failed batch)');
  t.same(
    await sideEffects(),
    [gate1, ...healthy, gate2, ...more].map((e) => `side_${e.id}`).sort(),
    'the failed batch and attempts left nothing behind; the others were handled once',
  );
  t.same(await inboxIds(), [gate1, ...healthy, gate2, ...more].map((e) => e.id).sort());
  await consumer.stop();
});

t.test('a batch handler takes the fresh events of a batch in one call, in delivery order; a failing batch goes event by event', async (t) => {
  const { defer, schema, db, queues, exchange, connection, consumerDeps } = await testStack(t);
  const held = gate(connection, exchange, () => consumer.topology.queue);
  const batches: string[][] = [];
  const alone: string[] = [];
  const consumer = await startConsumer({
    ...consumerDeps,
    service: 'verification',
    queue: 'batch-handler',
    routingKeys: ['credential.*'],
    prefetch: 10,
    retryDelayMs: 200,
    handler: async (event: DomainEvent<unknown>) => {
      await held.hold(event);
      alone.push(event.id);
    },
    batchHandler: async (events) => {
      batches.push(events.map((e) => e.id));
      if (events.some((e) => (e.data as { failBatch?: boolean }).failBatch)) throw new Error('the batch fails');
    },
  });
  queues.push(consumer.topology.queue, consumer.topology.retryQueue, consumer.topology.deadLetterQueue);
  defer(() => consumer.stop());
  const inboxIds = async () => (await db.withSchema(schema).table('inbox').pluck('event_id')).sort();

  const healthy = Array.from({ length: 4 }, (_, i) => createEvent({ type: 'credential.issued', producer: 'issuance', data: { i } }));
  const gate1 = await held.queueBehind([...healthy, healthy[1]!]);
  await waitFor('batch', async () => (await inboxIds()).length === 5, 5_000);
  t.same(batches, [healthy.map((e) => e.id)], 'one call, delivery order, the copy left out');
  t.same(alone, [gate1.id], 'only the event in flight went through the handler');

  batches.length = 0;
  alone.length = 0;
  const failing = [
    createEvent({ type: 'credential.issued', producer: 'issuance', data: { i: 10 } }),
    createEvent({ type: 'credential.issued', producer: 'issuance', data: { failBatch: true } }),
  ];
  const gate2 = await held.queueBehind(failing);
  await waitFor('fallback', async () => (await inboxIds()).length === 8, 5_000);
  t.same(batches, [failing.map((e) => e.id)], 'the batch was tried once');
  t.same(alone.sort(), [gate2.id, ...failing.map((e) => e.id)].sort(), 'then each event went through the handler');
  await consumer.stop();
});

t.test('maxBatch caps a batch below the prefetch: what queued up is handled in batches of at most that size, in order', async (t) => {
  const { defer, schema, db, queues, exchange, connection, consumerDeps } = await testStack(t);
  let releaseGate: () => void = () => undefined;
  let gateReached = false;
  const batches: string[][] = [];
  const consumer = await startConsumer({
    ...consumerDeps,
    service: 'verification',
    queue: 'max-batch',
    routingKeys: ['credential.*'],
    prefetch: 8,
    maxBatch: 3,
    retryDelayMs: 200,
    handler: async (event: DomainEvent<unknown>) => {
      if ((event.data as { gate?: boolean }).gate) {
        gateReached = true;
        await new Promise<void>((resolve) => (releaseGate = resolve));
      }
    },
    batchHandler: async (events) => {
      batches.push(events.map((e) => e.id));
    },
  });
  queues.push(consumer.topology.queue, consumer.topology.retryQueue, consumer.topology.deadLetterQueue);
  defer(() => consumer.stop());
  const gate = createEvent({ type: 'credential.gate', producer: 'issuance', data: { gate: true } });
  await publishDirect(connection, gate, exchange);
  await waitFor('gate', () => gateReached, 5_000);
  // Seven more: with the gate in flight, all of them fit the prefetch of 8 and queue up.
  const queued = Array.from({ length: 7 }, (_, i) => createEvent({ type: 'credential.issued', producer: 'issuance', data: { i } }));
  for (const e of queued) await publishDirect(connection, e, exchange);
  await deliveredToConsumer(connection, consumer.topology.queue);
  releaseGate();
  await waitFor('all handled', async () => (await db.withSchema(schema).table('inbox').count({ n: '*' }).first())?.n === '8', 5_000);
  t.same(
    batches,
    [queued.slice(0, 3), queued.slice(3, 6)].map((b) => b.map((e) => e.id)),
    'two batches of 3; the last event alone went through the handler',
  );
  await consumer.stop();
});

t.test('a batch handled together is acked with one frame; nothing is left unacked or redelivered', async (t) => {
  const { defer, db, schema, queues, exchange, connection, consumerDeps } = await testStack(t);
  // Every ack of this process, seen on the channel class amqplib uses (its prototype's method).
  const probe = await connection.current()!.createConfirmChannel();
  const channelClass = Object.getPrototypeOf(Object.getPrototypeOf(probe)) as { ack(msg: unknown, allUpTo?: boolean): void };
  await probe.close();
  const acks: Array<{ tag: number; allUpTo: boolean }> = [];
  const ack = channelClass.ack;
  channelClass.ack = function (this: unknown, msg: { fields: { deliveryTag: number } }, allUpTo?: boolean) {
    acks.push({ tag: msg.fields.deliveryTag, allUpTo: allUpTo === true });
    return ack.call(this, msg, allUpTo);
  } as typeof ack;
  t.teardown(() => void (channelClass.ack = ack));

  const held = gate(connection, exchange, () => consumer.topology.queue);
  const consumer = await startConsumer({
    ...consumerDeps,
    service: 'verification',
    queue: 'one-ack',
    routingKeys: ['credential.*'],
    prefetch: 10,
    handler: async (event: DomainEvent<unknown>) => held.hold(event),
    batchHandler: async () => undefined,
  });
  queues.push(consumer.topology.queue, consumer.topology.retryQueue, consumer.topology.deadLetterQueue);
  const inboxIds = async () => (await db.withSchema(schema).table('inbox').pluck('event_id')).length;

  const events = Array.from({ length: 6 }, (_, i) => createEvent({ type: 'credential.issued', producer: 'issuance', data: { i } }));
  await held.queueBehind(events);
  await waitFor('batch handled', async () => (await inboxIds()) === 7, 5_000);
  await waitFor('acks', () => acks.length === 2, 5_000);
  t.same(
    acks.map((a) => a.allUpTo),
    [false, true],
    'the gate event acked alone, then the six of the batch by one ack of the last with allUpTo',
  );
  t.equal(acks[1]!.tag - acks[0]!.tag, 6, "the batch's ack names its last delivery");

  // Nothing was left unacked: a consumer started afresh on the queue gets nothing again.
  await consumer.stop();
  const redelivered: string[] = [];
  const againMetrics = createMetricsRegistry('again', false);
  const again = await startConsumer({
    ...consumerDeps,
    service: 'verification',
    queue: 'one-ack',
    routingKeys: ['credential.*'],
    metrics: againMetrics,
    handler: async (event) => void redelivered.push(event.id),
  });
  defer(() => again.stop());
  // A marker published now is handled after anything the broker still held for the queue (a
  // quorum queue delivers returned messages before new ones): once it is, nothing came back.
  const marker = createEvent({ type: 'credential.marker', producer: 'issuance', data: {} });
  await publishDirect(connection, marker, exchange);
  await waitFor('the marker handled', () => redelivered.includes(marker.id), 5_000);
  t.same(redelivered, [marker.id], 'no delivery came back');
  const outcomes = (await againMetrics.getSingleMetric('events_consumed_total')?.get())?.values ?? [];
  t.same(outcomes.filter((v) => v.labels.outcome !== 'handled' && v.value > 0), [], 'not even as a duplicate');
  const ch = await connection.current()!.createChannel();
  const { messageCount } = await ch.checkQueue(consumer.topology.queue);
  await ch.close();
  t.equal(messageCount, 0, 'the queue is empty');
});
