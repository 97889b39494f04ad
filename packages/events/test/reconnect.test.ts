import t from 'tap';
import { OutboxRelay, createBrokerConnection, createEvent, publishDirect, startConsumer, writeOutbox } from '../src/index.js';
import { createMetricsRegistry } from '@cred/runtime';
import { AMQP_URL, cleanupStack, dropConnections, rand, testDb, testExchange, testLogger, waitFor } from './fixtures/helpers.js';

const logger = testLogger();

t.test('connections dropped mid-flow: every event written before and after is handled exactly once', async (t) => {
  const defer = cleanupStack(t);
  const { db, schema } = await testDb(defer, 20);
  const queues: string[] = [];
  const exchange = testExchange(defer, () => queues);
  const prefix = `t-${rand()}-`;
  // Two connections, as the producing and the consuming service would each have.
  const producerConn = createBrokerConnection({ url: AMQP_URL, logger, name: `${prefix}producer`, initialDelayMs: 100, maxDelayMs: 1_000 });
  const consumerConn = createBrokerConnection({ url: AMQP_URL, logger, name: `${prefix}consumer`, initialDelayMs: 100, maxDelayMs: 1_000 });
  defer(() => producerConn.close());
  defer(() => consumerConn.close());
  await producerConn.waitUntilConnected(10_000);
  await consumerConn.waitUntilConnected(10_000);

  const runs = new Map<string, number>();
  const metrics = createMetricsRegistry('events-test', false);
  const consumer = await startConsumer({
    connection: consumerConn,
    db,
    schema,
    exchange,
    logger,
    prefetch: 20,
    retryDelayMs: 500,
    metrics,
    service: 'notification',
    queue: 'reconnect',
    routingKeys: ['credential.#'],
    handler: async (event, trx) => {
      // Slow enough that deliveries are in flight when the connection drops.
      await trx.raw('select pg_sleep(0.005)');
      runs.set(event.id, (runs.get(event.id) ?? 0) + 1);
    },
  });
  queues.push(consumer.topology.queue, consumer.topology.retryQueue, consumer.topology.deadLetterQueue);
  defer(() => consumer.stop());
  const relay = new OutboxRelay({ db, schema, connection: producerConn, logger, exchange, batchSize: 20, pollIntervalMs: 200, metrics });
  defer(() => relay.stop());
  await relay.start();

  const written: string[] = [];
  const writeBatch = async (n: number): Promise<void> => {
    const events = Array.from({ length: n }, () => createEvent({ type: 'credential.issued', producer: 'issuance', data: {} }));
    await db.transaction((trx) => writeOutbox(trx, schema, events));
    written.push(...events.map((e) => e.id));
    relay.wake();
  };

  // Events are written at a steady pace while the connections are dropped under them; the
  // writer goes on until 50 more were written after the drop was noticed (rabbitmqctl takes
  // 1-4 s, so a fixed count would sometimes finish before the drop).
  let writtenAtDrop: number | undefined = undefined;
  const writer = (async () => {
    while (written.length < 2_000 && (writtenAtDrop === undefined || written.length < writtenAtDrop + 50)) {
      await writeBatch(5);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  await waitFor('some progress before the drop', () => runs.size >= 40, 10_000, 10);
  const dropped = await dropConnections(prefix);
  t.ok(dropped === -1 || dropped === 2, `both connections dropped by the broker (${dropped})`);
  await waitFor('the drop noticed', () => !producerConn.isConnected() || !consumerConn.isConnected(), 5_000, 5);
  const handledAtDrop = runs.size;
  writtenAtDrop = written.length;
  await writer;
  await waitFor('reconnected', () => producerConn.isConnected() && consumerConn.isConnected(), 15_000);
  await waitFor('all handled', () => runs.size === written.length, 30_000, 50);
  t.ok(handledAtDrop < written.length, `the drop happened mid-flow (${handledAtDrop} of ${written.length} handled at the time)`);

  // A late redelivery (a delivery unacked at the drop, a publish whose confirm was lost) would come
  // before a marker published now: the outbox is drained, and the quorum queue hands out returned
  // messages before new ones, and batches are handled in delivery order.
  await waitFor('the outbox drained', async () => (await relay.pending()).count === 0, 10_000);
  const marker = createEvent({ type: 'credential.marker', producer: 'issuance', data: {} });
  await publishDirect(producerConn, marker, exchange);
  await waitFor('the marker handled', () => runs.has(marker.id), 10_000);
  runs.delete(marker.id);
  t.ok(written.length >= 100, `${written.length} events written`);
  t.same([...runs.keys()].sort(), [...written].sort(), 'handled set equals written set');
  t.same(
    [...runs.entries()].filter(([, n]) => n !== 1),
    [],
    'no handler ran twice',
  );
  t.equal((await relay.pending()).count, 0, 'outbox drained');
  // Informational: how much the drop disturbed (redeliveries absorbed by the inbox, failed publishes retried).
  for (const name of ['events_consumed_total', 'events_outbox_publish_failures_total']) {
    t.comment(
      (await metrics.getSingleMetricAsString(name))
        .split('\n')
        .filter((l) => !l.startsWith('#'))
        .join('; '),
    );
  }
  const inbox = await db.withSchema(schema).table('inbox').whereNot({ event_id: marker.id }).count<{ n: string }[]>('* as n');
  t.equal(Number(inbox[0]?.n), written.length);

  await relay.stop();
  await consumer.stop();
});

t.test('relay keeps rows while the broker is unreachable and publishes them once it is back', async (t) => {
  const defer = cleanupStack(t);
  const { db, schema } = await testDb(defer);
  const queues: string[] = [];
  const exchange = testExchange(defer, () => queues);
  // Nothing listens on this port: the "outage". The relay must neither lose nor mark rows.
  const down = createBrokerConnection({
    url: 'amqp://guest:guest@127.0.0.1:1',
    logger,
    name: `t-${rand()}`,
    initialDelayMs: 50,
    maxDelayMs: 200,
  });
  defer(() => down.close());
  const downMetrics = createMetricsRegistry('events-test', false);
  const passes = async () => ((await downMetrics.getSingleMetric('background_passes_total')?.get())?.values ?? []).reduce((n, v) => n + v.value, 0);
  const relayDown = new OutboxRelay({ db, schema, connection: down, logger, exchange, pollIntervalMs: 50, metrics: downMetrics });
  defer(() => relayDown.stop());
  await relayDown.start();
  const events = Array.from({ length: 5 }, () => createEvent({ type: 'credential.revoked', producer: 'issuance', data: {} }));
  await db.transaction((trx) => writeOutbox(trx, schema, events));
  // Two passes after the rows were written: the second began after this point, so it saw them.
  const before = await passes();
  relayDown.wake();
  await waitFor('two relay passes over the rows', async () => (await passes()) >= before + 2, 5_000);
  t.equal(down.isConnected(), false);
  t.equal((await relayDown.pending()).count, 5, 'rows stay unpublished');
  await relayDown.stop();

  const up = createBrokerConnection({ url: AMQP_URL, logger, name: `t-${rand()}` });
  defer(() => up.close());
  const seen = new Set<string>();
  const consumer = await startConsumer({
    connection: up,
    db,
    schema,
    exchange,
    logger,
    service: 'audit',
    queue: 'revocations',
    routingKeys: ['credential.revoked'],
    handler: async (e) => {
      seen.add(e.id);
    },
  });
  queues.push(consumer.topology.queue, consumer.topology.retryQueue, consumer.topology.deadLetterQueue);
  defer(() => consumer.stop());
  const relayUp = new OutboxRelay({ db, schema, connection: up, logger, exchange, pollIntervalMs: 50 });
  defer(() => relayUp.stop());
  await relayUp.start();
  await waitFor('delivered after recovery', () => seen.size === 5, 10_000);
  t.same([...seen].sort(), events.map((e) => e.id).sort());
  await relayUp.stop();
  await consumer.stop();
});
