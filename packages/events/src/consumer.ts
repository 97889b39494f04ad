import type { ChannelModel, ConfirmChannel, ConsumeMessage } from 'amqplib';
import type { Knex } from 'knex';
import { systemClock, type Clock, type Counter, type Logger, type Registry } from '@cred/runtime';
import type { BrokerConnection } from './connection.js';
import { parseEvent, type DomainEvent } from './envelope.js';
import { DEFAULT_EXCHANGE, consumerTopology, declareConsumerTopology, type ConsumerTopology } from './topology.js';
import { counter } from './metrics.js';

/**
 * Runs inside the transaction that also records the event in the inbox; throw to roll both
 * back and have the event retried. Effects outside the database (sending an e-mail, calling a
 * webhook) are not covered by the transaction: a crash after the send but before the commit
 * redelivers the event and the handler runs again. Such handlers must record each send
 * themselves (e.g. an `email_sends` row keyed by event id, written and committed before or
 * checked before sending, or an idempotency key passed to the provider).
 */
export type EventHandler<T = unknown> = (event: DomainEvent<T>, trx: Knex.Transaction) => Promise<void>;

/**
 * Optional: the fresh events of a batch (delivery order, duplicates removed) in one call, so a
 * handler can write them with fewer statements. It must have the effect of `handler` on each
 * event in that order; a batch that throws is handled again event by event with `handler`.
 */
export type BatchEventHandler<T = unknown> = (events: ReadonlyArray<DomainEvent<T>>, trx: Knex.Transaction) => Promise<void>;

export interface ConsumerOptions<T = unknown> {
  connection: BrokerConnection;
  db: Knex;
  /** The service's own schema, holding its `inbox` table. */
  schema: string;
  /** Owning service, e.g. `notification`. */
  service: string;
  /** Purpose of this consumer, e.g. `credential-emails`; the queue is `<exchange>.<service>.<queue>`. */
  queue: string;
  routingKeys: readonly string[];
  /**
   * Keys an earlier release bound this queue to and this one no longer wants: unbound at every
   * setup (after the current keys are bound), so that a deployed broker stops routing them here.
   * A queue with only retired keys is a retired queue: consumed if it exists (what an earlier
   * release left in it, or what one of its replicas still running binds again, is handled),
   * never created.
   */
  retiredRoutingKeys?: readonly string[];
  handler: EventHandler<T>;
  batchHandler?: BatchEventHandler<T>;
  logger: Logger;
  exchange?: string;
  /** Unacked messages in flight: how many queue up while a batch is handled. */
  prefetch?: number;
  /**
   * The largest batch (default: `prefetch`). Below `prefetch`, the broker delivers the next
   * batch while one is handled: with both equal, a batch of k leaves only prefetch - k
   * deliveries to gather meanwhile, and under steady load the batches settle into pairs such
   * as 1 and prefetch - 1 (half the transactions for one event each). At half the prefetch,
   * every batch under load is full.
   */
  maxBatch?: number;
  /** Handler runs before the event is parked in `<queue>.dlq`. */
  maxAttempts?: number;
  /** Delay between attempts (TTL of `<queue>.retry`). Fixed at queue creation. */
  retryDelayMs?: number;
  /** Quorum x-delivery-limit, the backstop for deliveries that crash the consumer. Fixed at queue creation. */
  deliveryLimit?: number;
  metrics?: Registry;
  clock?: Clock;
}

export interface Consumer {
  readonly topology: ConsumerTopology;
  /** Stops taking deliveries, waits for handlers in flight, closes the channel. */
  stop(): Promise<void>;
}

/**
 * Starts consuming (now if the broker is reachable, otherwise as soon as it is) and keeps
 * consuming across reconnects. Delivery is at-least-once; the inbox makes handling effects in
 * the database happen once per (consumer, event id). The broker message is acked only after
 * the transaction committed.
 */
export async function startConsumer<T = unknown>(options: ConsumerOptions<T>): Promise<Consumer> {
  const consumer = new InboxConsumer(options as ConsumerOptions<unknown>);
  await consumer.start();
  return consumer;
}

type Outcome = 'handled' | 'duplicate' | 'retried' | 'dead_lettered' | 'malformed';

class InboxConsumer implements Consumer {
  readonly topology: ConsumerTopology;
  private readonly opts: ConsumerOptions<unknown>;
  private readonly log: Logger;
  private readonly consumerName: string;
  private readonly prefetch: number;
  private readonly maxBatch: number;
  private readonly maxAttempts: number;
  private readonly retryDelayMs: number;
  private readonly deliveryLimit: number;
  private readonly clock: Clock;
  private readonly outcomes?: Counter<string>;
  private channel: ConfirmChannel | undefined;
  private consumerTag: string | undefined;
  private stopping = false;
  private readonly inflight = new Set<Promise<void>>();
  private readonly pending: Array<{ ch: ConfirmChannel; msg: ConsumeMessage }> = [];
  private draining = false;
  private removeSetup: (() => void) | undefined;
  private resetupTimer: NodeJS.Timeout | undefined;

  constructor(options: ConsumerOptions<unknown>) {
    this.opts = options;
    this.topology = consumerTopology(options.exchange ?? DEFAULT_EXCHANGE, options.service, options.queue);
    this.consumerName = `${options.service}.${options.queue}`;
    this.log = options.logger.child({ subsystem: 'consumer', queue: this.topology.queue });
    this.prefetch = options.prefetch ?? 10;
    this.maxBatch = Math.max(1, Math.min(options.maxBatch ?? this.prefetch, this.prefetch));
    this.maxAttempts = options.maxAttempts ?? 5;
    this.retryDelayMs = options.retryDelayMs ?? 5_000;
    this.deliveryLimit = options.deliveryLimit ?? 10;
    this.clock = options.clock ?? systemClock;
    if (options.routingKeys.length === 0 && !options.retiredRoutingKeys?.length) throw new Error('a consumer needs at least one routing key');
    if (options.metrics) {
      this.outcomes = counter(options.metrics, 'events_consumed_total', 'Deliveries by outcome', ['queue', 'outcome']);
    }
  }

  async start(): Promise<void> {
    this.removeSetup = await this.opts.connection.addSetup((model) => this.setup(model));
  }

  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.removeSetup?.();
    if (this.resetupTimer) clearTimeout(this.resetupTimer);
    const ch = this.channel;
    if (ch && this.consumerTag) await ch.cancel(this.consumerTag).catch(() => undefined);
    await Promise.allSettled([...this.inflight]);
    this.channel = undefined;
    if (ch) await ch.close().catch(() => undefined);
    this.log.info('consumer stopped');
  }

  private async setup(model: ChannelModel): Promise<void> {
    if (this.stopping) return;
    if (this.opts.routingKeys.length === 0 && !(await queueExists(model, this.topology.queue))) {
      this.log.info('retired queue absent: nothing to drain');
      return;
    }
    const ch = await model.createConfirmChannel();
    ch.on('error', (err: Error) => this.log.warn({ err }, 'consumer channel error'));
    ch.on('close', () => {
      if (this.channel !== ch) return;
      this.channel = undefined;
      this.consumerTag = undefined;
      // A channel can die while its connection lives (e.g. a channel-level protocol error);
      // the connection's reconnect would not notice, so re-open on our own.
      if (!this.stopping && this.opts.connection.current() === model) this.scheduleResetup(model);
    });
    await declareConsumerTopology(
      ch,
      this.topology,
      this.opts.routingKeys,
      { retryDelayMs: this.retryDelayMs, deliveryLimit: this.deliveryLimit },
      this.opts.retiredRoutingKeys,
    );
    await ch.prefetch(this.prefetch);
    this.channel = ch;
    const { consumerTag } = await ch.consume(this.topology.queue, (msg) => {
      if (msg === null) {
        // Cancelled by the broker (queue deleted); the channel close above re-subscribes.
        this.log.warn('consumer cancelled by the broker');
        ch.close().catch(() => undefined);
        return;
      }
      this.pending.push({ ch, msg });
      this.drain();
    });
    this.consumerTag = consumerTag;
    this.log.info({ routingKeys: this.opts.routingKeys }, 'consuming');
  }

  private scheduleResetup(model: ChannelModel): void {
    if (this.resetupTimer) return;
    this.resetupTimer = setTimeout(() => {
      this.resetupTimer = undefined;
      if (this.stopping || this.opts.connection.current() !== model) return;
      this.setup(model).catch((err: unknown) => {
        this.log.error({ err }, 'could not re-open consumer channel');
        this.scheduleResetup(model);
      });
    }, 1000);
  }

  /**
   * Handles what has been delivered, a batch at a time: under load up to `maxBatch` first
   * deliveries share one transaction (one BEGIN/COMMIT and one inbox insert for all of them,
   * handlers run one after the other in delivery order, or the batch handler takes them in one
   * call), which is most of the cost of handling
   * a small event. A batch whose transaction fails is handled again message by message, so a
   * failing event is retried and dead-lettered on its own exactly as before; retries and
   * redeliveries are always handled alone (ADR 0005).
   */
  private drain(): void {
    if (this.draining) return;
    this.draining = true;
    const work = (async () => {
      // Deliveries that came in the same read arrive in the same turn: let them gather first.
      await new Promise<void>((resolve) => setImmediate(resolve));
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, this.maxBatch);
        const first = batch[0]!;
        const sameChannel = batch.every((d) => d.ch === first.ch);
        if (batch.length === 1 || !sameChannel) {
          await Promise.all(batch.map((d) => this.onMessage(d.ch, d.msg)));
        } else {
          await this.onBatch(
            first.ch,
            batch.map((d) => d.msg),
          );
        }
      }
    })()
      .catch((err: unknown) => this.log.error({ err }, 'unexpected consumer failure'))
      .finally(() => {
        this.draining = false;
        this.inflight.delete(work);
        if (this.pending.length > 0) this.drain();
      });
    this.inflight.add(work);
  }

  private async onBatch(ch: ConfirmChannel, msgs: ConsumeMessage[]): Promise<void> {
    const batchable: Array<{ msg: ConsumeMessage; event: DomainEvent<unknown> }> = [];
    const alone: ConsumeMessage[] = [];
    for (const msg of msgs) {
      const parsed = parseEvent(msg.content);
      if (parsed.ok && !msg.fields.redelivered && priorAttempts(msg, this.topology.queue) === 0)
        batchable.push({ msg, event: parsed.event });
      else alone.push(msg);
    }
    if (batchable.length === 1) alone.push(batchable.pop()!.msg);
    if (batchable.length > 0) {
      let handled: Set<string> | undefined;
      try {
        handled = await this.opts.db.transaction(async (trx) => {
          const now = this.clock.now();
          const inserted = (await trx
            .withSchema(this.opts.schema)
            .table('inbox')
            .insert(
              batchable.map(({ event }) => ({
                consumer: this.consumerName,
                event_id: event.id,
                event_type: event.type,
                processed_at: now,
              })),
            )
            .onConflict(['consumer', 'event_id'])
            .ignore()
            .returning('event_id')) as Array<{ event_id: string }>;
          const fresh = new Set(inserted.map((r) => r.event_id));
          const ran = new Set<string>();
          const events: DomainEvent<unknown>[] = [];
          for (const { event } of batchable) {
            // A copy of an event inside the same batch runs once, like any duplicate.
            if (!fresh.has(event.id) || ran.has(event.id)) continue;
            ran.add(event.id);
            events.push(event);
          }
          if (this.opts.batchHandler) await (events.length > 0 ? this.opts.batchHandler(events, trx) : undefined);
          else for (const event of events) await this.opts.handler(event, trx);
          return ran;
        });
      } catch (err) {
        this.log.debug({ err, size: batchable.length }, 'batch failed; handling its events one by one');
      }
      if (handled) {
        const seen = new Set<string>();
        // Every delivery of this channel before the batch's last one is settled (batches are
        // handled one at a time, in delivery order) except the batch's own and those handled
        // alone below: without the latter, one ack of the last delivery settles them all.
        const together = alone.length === 0;
        for (const { msg, event } of batchable) {
          const outcome = handled.has(event.id) && !seen.has(event.id) ? 'handled' : 'duplicate';
          seen.add(event.id);
          if (!together) this.settle(ch, msg, 'ack');
          this.count(outcome);
        }
        if (together) this.settle(ch, batchable[batchable.length - 1]!.msg, 'ack', true);
      } else {
        alone.push(...batchable.map((b) => b.msg));
      }
    }
    await Promise.all(alone.map((msg) => this.onMessage(ch, msg)));
  }

  private async onMessage(ch: ConfirmChannel, msg: ConsumeMessage): Promise<void> {
    const parsed = parseEvent(msg.content);
    if (!parsed.ok) {
      this.log.warn({ messageId: msg.properties.messageId, reason: parsed.error }, 'malformed message; dead-lettering');
      await this.deadLetter(ch, msg, `malformed: ${parsed.error}`, 0, 'malformed', msg.fields.routingKey);
      return;
    }
    const event = parsed.event;
    const attempt = priorAttempts(msg, this.topology.queue) + 1;
    if (attempt > this.maxAttempts) {
      // Only reachable through x-delivery-limit (e.g. the handler crashes the process each time).
      await this.deadLetter(ch, msg, 'delivery limit exceeded', attempt - 1, 'dead_lettered', event.type);
      return;
    }

    let outcome: 'handled' | 'duplicate';
    try {
      outcome = await this.opts.db.transaction(async (trx) => {
        const inserted = await trx
          .withSchema(this.opts.schema)
          .table('inbox')
          .insert({
            consumer: this.consumerName,
            event_id: event.id,
            event_type: event.type,
            processed_at: this.clock.now(),
          })
          .onConflict(['consumer', 'event_id'])
          .ignore()
          .returning('event_id');
        // A concurrent copy of the same event waits on the key lock above and sees the row here
        // once the first copy commits; if the first rolls back, the second goes ahead.
        if (inserted.length === 0) return 'duplicate' as const;
        await this.opts.handler(event, trx);
        return 'handled' as const;
      });
    } catch (err) {
      if (attempt >= this.maxAttempts) {
        this.log.error({ err, eventId: event.id, type: event.type, attempt }, 'handler failed; attempts exhausted, dead-lettering');
        await this.deadLetter(ch, msg, `handler failed: ${errorMessage(err)}`, attempt, 'dead_lettered', event.type);
      } else {
        this.log.warn({ err, eventId: event.id, type: event.type, attempt }, 'handler failed; will retry');
        // requeue=false dead-letters into <queue>.retry, whose TTL sends it back later.
        this.settle(ch, msg, 'nack');
        this.count('retried');
      }
      return;
    }
    if (outcome === 'duplicate') this.log.debug({ eventId: event.id }, 'duplicate delivery; already handled');
    this.settle(ch, msg, 'ack');
    this.count(outcome);
  }

  /** Parks the message in the DLQ (confirmed) and only then acks the original. */
  private async deadLetter(
    ch: ConfirmChannel,
    msg: ConsumeMessage,
    reason: string,
    attempts: number,
    outcome: Outcome,
    // After a retry the delivery's routing key is the queue name; the event type is the original.
    originalRoutingKey: string,
  ): Promise<void> {
    const { 'x-death': _death, ...headers } = (msg.properties.headers ?? {}) as Record<string, unknown>;
    try {
      await new Promise<void>((resolve, reject) => {
        ch.publish(
          this.topology.deadLetterExchange,
          this.topology.deadLetterQueue,
          msg.content,
          {
            persistent: true,
            messageId: msg.properties.messageId as string | undefined,
            type: msg.properties.type as string | undefined,
            contentType: msg.properties.contentType as string | undefined,
            headers: {
              ...headers,
              'x-cred-error': reason.slice(0, 500),
              'x-cred-attempts': attempts,
              'x-cred-original-routing-key': originalRoutingKey,
              'x-cred-dead-lettered-at': this.clock.now().toISOString(),
            },
          },
          (err: unknown) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve()),
        );
      });
    } catch (err) {
      // Not acked: the message comes back (now or after reconnect) and takes this path again.
      this.log.error({ err }, 'could not publish to the dead-letter queue');
      return;
    }
    this.settle(ch, msg, 'ack');
    this.count(outcome);
  }

  /** Acks or dead-letters (nack) a delivery; `upToThis` acks every earlier unsettled one of the channel too. */
  private settle(ch: ConfirmChannel, msg: ConsumeMessage, how: 'ack' | 'nack', upToThis = false): void {
    if (this.channel !== ch) {
      // The delivering channel is gone; the broker has requeued the message already and the
      // inbox will turn the redelivery into a no-op.
      this.log.debug({ messageId: msg.properties.messageId }, 'channel closed before settling');
      return;
    }
    try {
      if (how === 'ack') ch.ack(msg, upToThis);
      else ch.nack(msg, false, false);
    } catch (err) {
      this.log.debug({ err }, 'settle on a closed channel');
    }
  }

  private count(outcome: Outcome): void {
    this.outcomes?.inc({ queue: this.topology.queue, outcome });
  }
}

/** Whether the queue exists (checked on a channel of its own: a missing queue closes the channel). */
async function queueExists(model: ChannelModel, queue: string): Promise<boolean> {
  const ch = await model.createChannel();
  ch.on('error', () => undefined);
  try {
    await ch.checkQueue(queue);
    await ch.close();
    return true;
  } catch {
    return false;
  }
}

/** Earlier failed attempts of this message on `queue`, from the broker's x-death records. */
export function priorAttempts(msg: Pick<ConsumeMessage, 'properties'>, queue: string): number {
  const deaths: unknown = msg.properties.headers?.['x-death'];
  if (!Array.isArray(deaths)) return 0;
  let n = 0;
  for (const d of deaths as unknown[]) {
    if (typeof d !== 'object' || d === null) continue;
    const death = d as { queue?: unknown; reason?: unknown; count?: unknown };
    if (death.queue !== queue) continue;
    if (death.reason !== 'rejected' && death.reason !== 'delivery_limit') continue;
    const count = Number(death.count);
    n += Number.isFinite(count) ? count : 1;
  }
  return n;
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
