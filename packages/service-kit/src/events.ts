import { createBrokerConnection, OutboxRelay, startConsumer, type BrokerConnection, type BatchEventHandler, type EventHandler } from '@cred/events';
import type { Knex } from '@cred/db';
import type { ServiceHost } from './host.js';

export interface BrokerSettings {
  url: string;
  exchange: string;
}

/** The process's one broker connection, in readiness and closed on stop. */
export function openBroker(host: ServiceHost, settings: BrokerSettings): BrokerConnection {
  // Named after the service and its exchange, so operators (and tests) can tell platforms apart.
  const connection = createBrokerConnection({
    url: settings.url,
    logger: host.logger.child({ subsystem: 'amqp' }),
    name: `${host.name}@${settings.exchange}`,
  });
  host.addReadinessCheck({
    name: 'rabbitmq',
    check: async () => {
      if (!connection.isConnected()) throw new Error('not connected');
    },
  });
  host.onStop('rabbitmq', () => connection.close());
  return connection;
}

/** Publishes this service's outbox; stopped before the broker connection closes. */
export async function startOutboxRelay(
  host: ServiceHost,
  db: Knex,
  schema: string,
  connection: BrokerConnection,
  exchange: string,
): Promise<OutboxRelay> {
  const relay = new OutboxRelay({
    db,
    schema,
    connection,
    exchange,
    logger: host.logger.child({ subsystem: 'outbox' }),
    metrics: host.metrics,
    clock: host.clock,
  });
  await relay.start();
  host.onStop('outbox-relay', () => relay.stop());
  return relay;
}

export async function consume<T>(
  host: ServiceHost,
  options: {
    db: Knex;
    schema: string;
    connection: BrokerConnection;
    exchange: string;
    queue: string;
    routingKeys: string[];
    /** Keys an earlier release bound this queue to: unbound at every setup (@cred/events). */
    retiredRoutingKeys?: readonly string[];
    handler: EventHandler<T>;
    batchHandler?: BatchEventHandler<T>;
    prefetch?: number;
    /** The largest batch of deliveries handled in one transaction (default: prefetch). */
    maxBatch?: number;
    /** Delay between retries of a failed event (fixed when the queue is first declared). */
    retryDelayMs?: number;
  },
): Promise<void> {
  const consumer = await startConsumer<T>({
    ...options,
    service: host.name,
    logger: host.logger.child({ subsystem: 'consumer', queue: options.queue }),
    metrics: host.metrics,
    clock: host.clock,
  });
  host.onStop(`consumer:${options.queue}`, () => consumer.stop(), 10000);
}
