import type { Channel, Options } from 'amqplib';

export const DEFAULT_EXCHANGE = 'credentials.events';

/**
 * Why quorum queues with a TTL retry queue (and not classic queues or delivery-limit alone):
 * - Quorum queues replicate and fsync before confirming, support at-least-once dead-lettering
 *   (strategy `at-least-once` + `overflow=reject-publish`) and, from 3.10, per-queue message TTL,
 *   so the whole retry loop stays inside the broker without losing messages.
 * - A failed attempt is `nack(requeue=false)`ed: the broker dead-letters it into `<queue>.retry`
 *   (TTL = retry delay), which dead-letters it back into `<queue>`. The delay keeps a failing
 *   message from spinning hot and blocking the messages behind it. The consumer counts attempts
 *   from `x-death` and, at the limit, publishes the message to `<queue>.dlq` itself.
 * - `x-delivery-limit` is set explicitly (3.10 has no default) as a backstop for deliveries that
 *   never reach our nack, e.g. a message that crashes the process; those also land in the retry
 *   loop, count as attempts and end in the DLQ.
 */
export interface ConsumerTopology {
  exchange: string;
  /** Direct exchange shared by all consumers on `exchange`, routing retries and dead letters. */
  deadLetterExchange: string;
  queue: string;
  retryQueue: string;
  deadLetterQueue: string;
}

export function deadLetterExchangeName(exchange: string): string {
  return `${exchange}.dlx`;
}

export function consumerTopology(exchange: string, service: string, purpose: string): ConsumerTopology {
  const queue = `${exchange}.${service}.${purpose}`;
  return {
    exchange,
    deadLetterExchange: deadLetterExchangeName(exchange),
    queue,
    retryQueue: `${queue}.retry`,
    deadLetterQueue: `${queue}.dlq`,
  };
}

export interface QueueSettings {
  retryDelayMs: number;
  deliveryLimit: number;
}

export async function declareExchange(channel: Channel, exchange: string): Promise<void> {
  await channel.assertExchange(exchange, 'topic', { durable: true });
}

function quorum(args: Record<string, unknown>): Options.AssertQueue {
  return {
    durable: true,
    arguments: { 'x-queue-type': 'quorum', 'x-overflow': 'reject-publish', ...args },
  };
}

/**
 * Declares (idempotently) the exchanges, the three queues of one consumer and their bindings.
 * Queue arguments cannot change after creation: changing retryDelayMs or deliveryLimit for an
 * existing queue fails with PRECONDITION_FAILED and needs a new queue name (purpose).
 * A routing key dropped from the list is not unbound unless it is passed in `retiredRoutingKeys`:
 * those are unbound after the current keys are bound (idempotent: unbinding what is not bound
 * is no error).
 */
export async function declareConsumerTopology(
  channel: Channel,
  topology: ConsumerTopology,
  routingKeys: readonly string[],
  settings: QueueSettings,
  retiredRoutingKeys: readonly string[] = [],
): Promise<void> {
  const { exchange, deadLetterExchange: dlx, queue, retryQueue, deadLetterQueue } = topology;
  await declareExchange(channel, exchange);
  await channel.assertExchange(dlx, 'direct', { durable: true });
  await channel.assertQueue(
    queue,
    quorum({
      'x-delivery-limit': settings.deliveryLimit,
      'x-dead-letter-exchange': dlx,
      'x-dead-letter-routing-key': retryQueue,
      'x-dead-letter-strategy': 'at-least-once',
    }),
  );
  await channel.assertQueue(
    retryQueue,
    quorum({
      'x-message-ttl': settings.retryDelayMs,
      'x-dead-letter-exchange': dlx,
      'x-dead-letter-routing-key': queue,
      'x-dead-letter-strategy': 'at-least-once',
    }),
  );
  // The parking lot: nothing consumes it automatically; operators inspect and replay.
  await channel.assertQueue(deadLetterQueue, quorum({}));
  for (const key of routingKeys) await channel.bindQueue(queue, exchange, key);
  for (const key of retiredRoutingKeys) if (!routingKeys.includes(key)) await channel.unbindQueue(queue, exchange, key);
  await channel.bindQueue(queue, dlx, queue);
  await channel.bindQueue(retryQueue, dlx, retryQueue);
  await channel.bindQueue(deadLetterQueue, dlx, deadLetterQueue);
}
