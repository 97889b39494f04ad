import t from 'tap';
import {
  OutboxRelay,
  createBrokerConnection,
  createEvent,
  publishDirect,
  startConsumer,
  writeOutbox,
  type DomainEvent,
} from '../src/index.js';
import { AMQP_URL, cleanupStack, rand, testDb, testExchange, testLogger, testStack, waitFor } from './fixtures/helpers.js';
import { createMetricsRegistry } from '@cred/runtime';

const logger = testLogger();

/** Deliveries the consumer settled, whatever the outcome (handled, duplicate, retried, ...). */
async function settled(metrics: ReturnType<typeof createMetricsRegistry>): Promise<number> {
  return ((await metrics.getSingleMetric('events_consumed_total')?.get())?.values ?? []).reduce((n, v) => n + v.value, 0);
}

t.test('a committed outbox event is delivered; a rolled-back one never is', async (t) => {
  const { defer, db, schema, queues, exchange, connection, consumerDeps } = await testStack(t);

  const handled: DomainEvent[] = [];
  const consumer = await startConsumer({
    ...consumerDeps,
    service: 'notification',
    queue: 'emails',
    routingKeys: ['credential.*'],
    handler: async (event, trx) => {
      await trx.raw('select 1'); // runs inside the inbox transaction
      handled.push(event);
    },
  });
  queues.push(consumer.topology.queue, consumer.topology.retryQueue, consumer.topology.deadLetterQueue);
  defer(() => consumer.stop());
  t.equal(connection.isConnected(), true);

  const metrics = createMetricsRegistry('events-test', false);
  const relay = new OutboxRelay({ db, schema, connection, logger, exchange, pollIntervalMs: 5_000, metrics });
  defer(() => relay.stop());
  await relay.start();

  const committed = createEvent({ type: 'credential.issued', producer: 'issuance', data: { credentialId: 'c1' } });
  const rolledBack = createEvent({ type: 'credential.issued', producer: 'issuance', data: { credentialId: 'c2' } });
  await db.transaction((trx) => writeOutbox(trx, schema, committed));
  await t.rejects(
    db.transaction(async (trx) => {
      await writeOutbox(trx, schema, rolledBack);
      throw new Error('business rule failed');
    }),
  );
  const t0 = Date.now();
  relay.wake(); // the poll interval is 5 s; wake() must be what publishes it
  await waitFor('delivery', () => handled.length >= 1, 4_000);
  t.ok(Date.now() - t0 < 4_000, 'published on wake, not on the poll');
  t.same(handled[0], committed, 'the envelope arrives intact');

  // The relay runs again (a pass ends after the wake) and publishes nothing more.
  const passes = async () =>
    ((await metrics.getSingleMetric('background_passes_total')?.get())?.values ?? []).filter((v) => v.labels.outcome === 'ok').reduce((n, v) => n + v.value, 0);
  const before = await passes();
  relay.wake();
  await waitFor('a relay pass after the wake', async () => (await passes()) > before, 4_000);
  t.same(
    handled.map((e) => e.id),
    [committed.id],
  );
  const rows = await db.withSchema(schema).table('outbox').select('id', 'published_at', 'attempts');
  t.equal(rows.length, 1, 'the rolled-back row does not exist');
  t.ok(rows[0]?.published_at, 'committed row is marked published');
  t.equal(rows[0]?.attempts, 1);
  t.same(await relay.pending(), { count: 0, oldestCreatedAt: undefined });
  const inbox = await db.withSchema(schema).table('inbox').select('consumer', 'event_id');
  t.same(inbox, [{ consumer: 'notification.emails', event_id: committed.id }]);

  const text = await metrics.metrics();
  t.match(text, /events_outbox_published_total\{schema="t_[0-9a-f]+",service="events-test"\} 1/);
  t.match(text, /events_outbox_pending\{schema="t_[0-9a-f]+",service="events-test"\} 0/);

  await relay.stop();
  await consumer.stop();
});

t.test('the same event delivered twice runs the handler once', async (t) => {
  const { defer, db, schema, queues, exchange, connection, consumerDeps } = await testStack(t);

  const runs = new Map<string, number>();
  const metrics = createMetricsRegistry('events-test', false);
  const consumer = await startConsumer({
    ...consumerDeps,
    metrics,
    prefetch: 5,
    service: 'notification',
    queue: 'dups',
    routingKeys: ['credential.issued', 'credential.revoked'],
    handler: async (event, trx) => {
      runs.set(event.id, (runs.get(event.id) ?? 0) + 1);
      await trx.withSchema(schema).table('outbox').select('id').limit(1);
    },
  });
  queues.push(consumer.topology.queue, consumer.topology.retryQueue, consumer.topology.deadLetterQueue);
  defer(() => consumer.stop());

  const a = createEvent({ type: 'credential.issued', producer: 'issuance', data: { n: 1 } });
  const b = createEvent({ type: 'credential.revoked', producer: 'issuance', data: { n: 2 } });
  // Copies back to back, so with prefetch 5 they can be in flight at the same time.
  for (const e of [a, a, b, a, b]) await publishDirect(connection, e, exchange);
  // The signal: the consumer settled all five copies (the duplicates too), so a second run would have happened.
  await waitFor('every copy settled', async () => (await settled(metrics)) === 5, 5_000);
  t.equal(runs.get(a.id), 1);
  t.equal(runs.get(b.id), 1);
  const inbox = await db.withSchema(schema).table('inbox').count<{ count: string }[]>('* as count');
  t.equal(Number(inbox[0]?.count), 2);
  await consumer.stop();
});

t.test('two relays on one outbox: every event handled exactly once', async (t) => {
  const defer = cleanupStack(t);
  const { db, schema } = await testDb(defer, 20);
  const queues: string[] = [];
  const exchange = testExchange(defer, () => queues);
  const connA = createBrokerConnection({ url: AMQP_URL, logger, name: `t-${rand()}-a` });
  const connB = createBrokerConnection({ url: AMQP_URL, logger, name: `t-${rand()}-b` });
  defer(() => connA.close());
  defer(() => connB.close());
  await connA.waitUntilConnected(10_000);
  await connB.waitUntilConnected(10_000);

  const runs = new Map<string, number>();
  const deliveries = new Map<string, number>();
  const consumerMetrics = createMetricsRegistry('events-test', false);
  const consumer = await startConsumer({
    connection: connA,
    db,
    schema,
    exchange,
    logger,
    prefetch: 20,
    metrics: consumerMetrics,
    service: 'notification',
    queue: 'two-relays',
    routingKeys: ['#'],
    handler: async (event) => {
      runs.set(event.id, (runs.get(event.id) ?? 0) + 1);
    },
  });
  queues.push(consumer.topology.queue, consumer.topology.retryQueue, consumer.topology.deadLetterQueue);
  defer(() => consumer.stop());
  // A raw counter of broker deliveries, to see whether the relays double-published.
  await connA
    .current()!
    .createChannel()
    .then(async (ch) => {
      const q = await ch.assertQueue('', { exclusive: true, autoDelete: true });
      await ch.bindQueue(q.queue, exchange, '#');
      await ch.consume(
        q.queue,
        (m) => {
          if (m) deliveries.set(m.properties.messageId as string, (deliveries.get(m.properties.messageId as string) ?? 0) + 1);
        },
        { noAck: true },
      );
    });

  const registries = [createMetricsRegistry('relay-a', false), createMetricsRegistry('relay-b', false)];
  const relays = [
    new OutboxRelay({ db, schema, connection: connA, logger, exchange, batchSize: 10, pollIntervalMs: 50, metrics: registries[0] }),
    new OutboxRelay({ db, schema, connection: connB, logger, exchange, batchSize: 10, pollIntervalMs: 50, metrics: registries[1] }),
  ];
  for (const r of relays) defer(() => r.stop());
  for (const r of relays) await r.start();

  const written: string[] = [];
  for (let i = 0; i < 30; i++) {
    const events = Array.from({ length: 10 }, (_, j) => createEvent({ type: 'credential.issued', producer: 'issuance', data: { i, j } }));
    await db.transaction((trx) => writeOutbox(trx, schema, events));
    written.push(...events.map((e) => e.id));
    for (const r of relays) r.wake();
  }
  await waitFor('all 300 handled', () => runs.size === written.length, 20_000);
  // The signal that every copy the relays published has arrived and been settled: the outbox is
  // drained (each publish confirmed, so routed), a marker published after that reached the raw
  // queue and the consumer, and the consumer settled as many deliveries as the raw queue saw.
  await waitFor('the outbox drained', async () => (await relays[0]!.pending()).count === 0, 5_000);
  const marker = createEvent({ type: 'credential.marker', producer: 'issuance', data: {} });
  await publishDirect(connA, marker, exchange);
  await waitFor('the marker seen by both queues', () => deliveries.has(marker.id) && runs.has(marker.id), 5_000);
  const copies = () => [...deliveries.values()].reduce((n, v) => n + v, 0);
  await waitFor('every copy settled by the consumer', async () => (await settled(consumerMetrics)) === copies(), 5_000);
  runs.delete(marker.id);
  deliveries.delete(marker.id);
  t.same([...runs.keys()].sort(), [...written].sort());
  t.same(
    [...runs.values()].filter((n) => n !== 1),
    [],
    'no handler ran twice',
  );
  t.same(
    [...deliveries.values()].filter((n) => n !== 1),
    [],
    'SKIP LOCKED: no event was published twice',
  );
  t.equal(deliveries.size, written.length);
  const publishedBy = await Promise.all(
    registries.map(async (r) => (await r.getSingleMetricAsString('events_outbox_published_total')).match(/ (\d+)$/m)?.[1]),
  );
  t.ok(
    publishedBy.every((n) => Number(n) > 0),
    `both relays published (${publishedBy.join(' + ')})`,
  );
  for (const r of relays) await r.stop();
  await consumer.stop();
});
