import t from 'tap';
import { OutboxRelay, createBrokerConnection, createEvent, startConsumer, writeOutbox } from '../src/index.js';
import { AMQP_URL, dropConnections, rand, testDb, testExchange, testLogger, waitFor } from './fixtures/helpers.js';

const logger = testLogger();

t.test('connections dropped mid-flow: every event written before and after is handled exactly once', async (t) => {
  const { db, schema } = await testDb(t, 20);
  const queues: string[] = [];
  const exchange = testExchange(t, () => queues);
  const prefix = `t-${rand()}-`;
  // Two connections, as the producing and the consuming service would each have.
  const producerConn = createBrokerConnection({ url: AMQP_URL, logger, name: `${prefix}producer`, initialDelayMs: 100, maxDelayMs: 1_000 });
  const consumerConn = createBrokerConnection({ url: AMQP_URL, logger, name: `${prefix}consumer`, initialDelayMs: 100, maxDelayMs: 1_000 });
  t.teardown(() => producerConn.close());
  t.teardown(() => consumerConn.close());
  await producerConn.waitUntilConnected(10_000);
  await consumerConn.waitUntilConnected(10_000);

  const runs = new Map<string, number>();
  const consumer = await startConsumer({
    connection: consumerConn, db, schema, exchange, logger, prefetch: 20, retryDelayMs: 500,
    service: 'notification', queue: 'reconnect', routingKeys: ['credential.#'],
    handler: async (event, trx) => {
      // Slow enough that deliveries are in flight when the connection drops.
      await trx.raw('select pg_sleep(0.005)');
      runs.set(event.id, (runs.get(event.id) ?? 0) + 1);
    },
  });
  queues.push(consumer.topology.queue, consumer.topology.retryQueue, consumer.topology.deadLetterQueue);
  const relay = new OutboxRelay({ db, schema, connection: producerConn, logger, exchange, batchSize: 20, pollIntervalMs: 200 });
  await relay.start();

  const written: string[] = [];
  const writeBatch = async (n: number): Promise<void> => {
    const events = Array.from({ length: n }, () => createEvent({ type: 'credential.issued', producer: 'issuance', data: {} }));
    await db.transaction((trx) => writeOutbox(trx, schema, events));
    written.push(...events.map((e) => e.id));
    relay.wake();
  };

  // 100 events before the drop, paced so the flow is busy when it happens.
  for (let i = 0; i < 10; i++) {
    await writeBatch(10);
    await new Promise((r) => setTimeout(r, 20));
  }
  await waitFor('some progress before the drop', () => runs.size >= 20, 10_000, 10);
  const dropped = await dropConnections(prefix);
  t.ok(dropped === -1 || dropped === 2, `both connections dropped by the broker (${dropped})`);
  await waitFor('the drop noticed', () => !producerConn.isConnected() || !consumerConn.isConnected(), 5_000, 10);
  const handledAtDrop = runs.size;

  // 100 more while the connections come back.
  for (let i = 0; i < 10; i++) {
    await writeBatch(10);
    await new Promise((r) => setTimeout(r, 20));
  }
  await waitFor('reconnected', () => producerConn.isConnected() && consumerConn.isConnected(), 15_000);
  await waitFor('all 200 handled', () => runs.size === written.length, 30_000, 50);
  t.ok(handledAtDrop < written.length, `the drop happened mid-flow (${handledAtDrop} handled at the time)`);

  await new Promise((r) => setTimeout(r, 500)); // let any late redelivery show up
  t.equal(written.length, 200);
  t.same([...runs.keys()].sort(), [...written].sort(), 'handled set equals written set');
  t.same([...runs.entries()].filter(([, n]) => n !== 1), [], 'no handler ran twice');
  t.equal((await relay.pending()).count, 0, 'outbox drained');
  const inbox = await db.withSchema(schema).table('inbox').count<{ n: string }[]>('* as n');
  t.equal(Number(inbox[0]?.n), 200);

  await relay.stop();
  await consumer.stop();
});

t.test('relay keeps rows while the broker is unreachable and publishes them once it is back', async (t) => {
  const { db, schema } = await testDb(t);
  const queues: string[] = [];
  const exchange = testExchange(t, () => queues);
  // Nothing listens on this port: the "outage". The relay must neither lose nor mark rows.
  const down = createBrokerConnection({ url: 'amqp://guest:guest@127.0.0.1:1', logger, name: `t-${rand()}`, initialDelayMs: 50, maxDelayMs: 200 });
  t.teardown(() => down.close());
  const relayDown = new OutboxRelay({ db, schema, connection: down, logger, exchange, pollIntervalMs: 50 });
  await relayDown.start();
  const events = Array.from({ length: 5 }, () => createEvent({ type: 'credential.revoked', producer: 'issuance', data: {} }));
  await db.transaction((trx) => writeOutbox(trx, schema, events));
  relayDown.wake();
  await new Promise((r) => setTimeout(r, 500));
  t.equal(down.isConnected(), false);
  t.equal((await relayDown.pending()).count, 5, 'rows stay unpublished');
  await relayDown.stop();

  const up = createBrokerConnection({ url: AMQP_URL, logger, name: `t-${rand()}` });
  t.teardown(() => up.close());
  const seen = new Set<string>();
  const consumer = await startConsumer({
    connection: up, db, schema, exchange, logger,
    service: 'audit', queue: 'revocations', routingKeys: ['credential.revoked'],
    handler: async (e) => {
      seen.add(e.id);
    },
  });
  queues.push(consumer.topology.queue, consumer.topology.retryQueue, consumer.topology.deadLetterQueue);
  const relayUp = new OutboxRelay({ db, schema, connection: up, logger, exchange, pollIntervalMs: 50 });
  await relayUp.start();
  await waitFor('delivered after recovery', () => seen.size === 5, 10_000);
  t.same([...seen].sort(), events.map((e) => e.id).sort());
  await relayUp.stop();
  await consumer.stop();
});
