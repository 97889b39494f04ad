import type { ConfirmChannel, ChannelModel, Message } from 'amqplib';
import type { Knex } from 'knex';
import { BackgroundLoop, systemClock, type Clock, type Counter, type Gauge, type Logger, type Registry } from '@cred/runtime';
import type { BrokerConnection } from './connection.js';
import { DEFAULT_EXCHANGE, declareExchange } from './topology.js';
import { counter, gauge } from './metrics.js';

export interface OutboxRelayOptions {
  db: Knex;
  schema: string;
  connection: BrokerConnection;
  logger: Logger;
  exchange?: string;
  /** Rows claimed and published per transaction. */
  batchSize?: number;
  /** How often to look for rows when nobody calls wake(). */
  pollIntervalMs?: number;
  /** A publish not confirmed within this time counts as failed and is retried later. */
  confirmTimeoutMs?: number;
  metrics?: Registry;
  clock?: Clock;
}

interface OutboxRow {
  id: string;
  type: string;
  /** The event as JSON text: read as `payload::text`, published as it is (no parse and stringify per event). */
  payload: string;
}

type PublishOutcome = { ok: true } | { ok: false; error: string };

/**
 * Publishes outbox rows with publisher confirms.
 *
 * Each batch is claimed with `SELECT … FOR UPDATE SKIP LOCKED`, so relays in several
 * processes split the rows between them instead of publishing the same row twice. Rows are
 * marked published only after the broker confirmed them, in the same transaction that holds
 * the locks; if the process dies in between, the rows are published again (at-least-once) and
 * the consumers' inbox absorbs the duplicate.
 */
export class OutboxRelay {
  private readonly db: Knex;
  private readonly schema: string;
  private readonly connection: BrokerConnection;
  private readonly log: Logger;
  private readonly exchange: string;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly confirmTimeoutMs: number;
  private readonly clock: Clock;
  private readonly published?: Counter<string>;
  private readonly failures?: Counter<string>;
  private readonly unroutable?: Counter<string>;
  private readonly pendingGauge?: Gauge<string>;
  private readonly oldestGauge?: Gauge<string>;

  private channel: ConfirmChannel | undefined;
  private opening: Promise<ConfirmChannel | undefined> | undefined;
  private readonly returned = new Set<string>();
  private running = false;
  private readonly loop: BackgroundLoop;
  private removeSetup: (() => void) | undefined;
  private lastGaugeRefresh = 0;
  /** The pending count as last counted, less what this relay published since (no statement for it). */
  private pendingEstimate = 0;

  constructor(options: OutboxRelayOptions) {
    this.db = options.db;
    this.schema = options.schema;
    this.connection = options.connection;
    this.log = options.logger.child({ subsystem: 'outbox-relay', schema: options.schema });
    this.exchange = options.exchange ?? DEFAULT_EXCHANGE;
    this.batchSize = options.batchSize ?? 100;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.confirmTimeoutMs = options.confirmTimeoutMs ?? 10_000;
    this.clock = options.clock ?? systemClock;
    if (options.metrics) {
      const m = options.metrics;
      this.published = counter(m, 'events_outbox_published_total', 'Outbox rows confirmed by the broker', ['schema']);
      this.failures = counter(m, 'events_outbox_publish_failures_total', 'Outbox publishes nacked, timed out or failed', ['schema']);
      this.unroutable = counter(m, 'events_outbox_unroutable_total', 'Outbox events no queue was bound for', ['schema', 'type']);
      this.pendingGauge = gauge(m, 'events_outbox_pending', 'Outbox rows not yet published', ['schema']);
      this.oldestGauge = gauge(m, 'events_outbox_oldest_pending_seconds', 'Age of the oldest unpublished outbox row', ['schema']);
    }
    this.loop = new BackgroundLoop({
      name: 'outbox relay batch',
      logger: this.log,
      intervalMs: this.pollIntervalMs,
      ...(options.metrics ? { metrics: options.metrics } : {}),
      pass: async () => {
        let claimed = 0;
        try {
          claimed = await this.publishBatch();
        } finally {
          await this.refreshGauges();
        }
        // A full batch probably means more rows are waiting; otherwise sleep until wake() or the poll.
        return claimed >= this.batchSize && this.connection.isConnected();
      },
    });
  }

  /** Starts the polling loop (idempotent). */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    // Re-open the confirm channel and re-declare the exchange after every reconnect.
    this.removeSetup = await this.connection.addSetup(async (model) => {
      await this.openChannel(model);
      this.wake();
    });
    this.loop.start();
  }

  /** Publish now rather than at the next poll; call right after committing outbox rows. */
  wake(): void {
    this.loop.wake();
  }

  /** Finishes the batch in flight, then stops. The connection is the caller's to close. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.removeSetup?.();
    await this.loop.stop();
    const ch = this.channel;
    this.channel = undefined;
    if (ch) await ch.close().catch(() => undefined);
  }

  /** Counts unpublished rows (for metrics, alarms and tests). */
  async pending(): Promise<{ count: number; oldestCreatedAt: Date | undefined }> {
    const row = (await this.db
      .withSchema(this.schema)
      .table('outbox')
      .whereNull('published_at')
      .first(this.db.raw('count(*)::int as count'), this.db.raw('min(created_at) as oldest'))) as
      { count: number; oldest: Date | null } | undefined;
    return { count: row?.count ?? 0, oldestCreatedAt: row?.oldest ?? undefined };
  }

  /**
   * Claims and publishes one batch. Returns the number of rows claimed (published or not).
   * Exposed for tests and for one-shot draining; the loop calls it repeatedly.
   */
  async publishBatch(): Promise<number> {
    const channel = await this.getChannel();
    if (!channel) return 0;
    return this.db.transaction(async (trx) => {
      const rows = (await trx
        .withSchema(this.schema)
        .table('outbox')
        .select('id', 'type', trx.raw('payload::text as payload'))
        .whereNull('published_at')
        .orderBy([{ column: 'created_at' }, { column: 'id' }])
        .limit(this.batchSize)
        .forUpdate()
        .skipLocked()) as OutboxRow[];
      if (rows.length === 0) return 0;

      const outcomes = await Promise.all(rows.map((row) => this.publishOne(channel, row)));
      const ok: string[] = [];
      const failed: Array<{ id: string; error: string }> = [];
      rows.forEach((row, i) => {
        const outcome = outcomes[i];
        if (outcome?.ok) ok.push(row.id);
        else failed.push({ id: row.id, error: outcome?.ok === false ? outcome.error : 'unknown' });
        const wasReturned = this.returned.delete(row.id);
        if (outcome?.ok && wasReturned) {
          // Confirmed but no queue was bound: nobody subscribes to this type (yet). Retrying would
          // not help, so it counts as published; the metric and log make it visible.
          this.log.warn({ eventId: row.id, type: row.type }, 'event was unroutable (no queue bound)');
          this.unroutable?.inc({ schema: this.schema, type: row.type });
        }
      });
      const now = this.clock.now();
      if (ok.length > 0) {
        await trx
          .withSchema(this.schema)
          .table('outbox')
          .whereIn('id', ok)
          .update({ published_at: now, attempts: trx.raw('attempts + 1'), last_error: null });
        this.published?.inc({ schema: this.schema }, ok.length);
        this.notePublished(ok.length);
      }
      for (const f of failed) {
        await trx
          .withSchema(this.schema)
          .table('outbox')
          .where('id', f.id)
          .update({ attempts: trx.raw('attempts + 1'), last_error: f.error.slice(0, 1000) });
      }
      if (failed.length > 0) {
        this.failures?.inc({ schema: this.schema }, failed.length);
        this.log.warn({ failed: failed.length, firstError: failed[0]?.error }, 'outbox publishes failed; will retry');
      }
      return rows.length;
    });
  }

  /**
   * At most once per poll interval, busy or idle: under load the relay runs a batch for every
   * wake, and a count after each of them was a statement per batch for a gauge scraped far
   * less often (issue 15).
   */
  private async refreshGauges(): Promise<void> {
    if (!this.pendingGauge) return;
    const nowMs = Date.now();
    if (nowMs - this.lastGaugeRefresh < this.pollIntervalMs) return;
    this.lastGaugeRefresh = nowMs;
    try {
      const { count, oldestCreatedAt } = await this.pending();
      this.pendingEstimate = count;
      this.pendingGauge.set({ schema: this.schema }, count);
      const age = oldestCreatedAt ? Math.max(0, (this.clock.now().getTime() - oldestCreatedAt.getTime()) / 1000) : 0;
      this.oldestGauge?.set({ schema: this.schema }, age);
    } catch (err) {
      this.log.warn({ err }, 'could not refresh outbox gauges');
    }
  }

  /**
   * Between counts, what this relay publishes comes off the pending gauge at once, so a drained
   * outbox reads 0 without a count (rows written since the last count show at the next one).
   */
  private notePublished(n: number): void {
    if (!this.pendingGauge) return;
    this.pendingEstimate = Math.max(0, this.pendingEstimate - n);
    this.pendingGauge.set({ schema: this.schema }, this.pendingEstimate);
    if (this.pendingEstimate === 0) this.oldestGauge?.set({ schema: this.schema }, 0);
  }

  private async getChannel(): Promise<ConfirmChannel | undefined> {
    if (this.channel) return this.channel;
    const model = this.connection.current();
    if (!model || !this.connection.isConnected()) return undefined;
    try {
      return await this.openChannel(model);
    } catch (err) {
      this.log.warn({ err }, 'could not open confirm channel');
      return undefined;
    }
  }

  private openChannel(model: ChannelModel): Promise<ConfirmChannel | undefined> {
    if (this.opening) return this.opening;
    this.opening = (async () => {
      try {
        const ch = await model.createConfirmChannel();
        ch.on('error', (err: Error) => this.log.warn({ err }, 'relay channel error'));
        ch.on('close', () => {
          if (this.channel === ch) this.channel = undefined;
        });
        ch.on('return', (msg: Message) => {
          const id = msg.properties.messageId as string | undefined;
          if (id) this.returned.add(id);
        });
        await declareExchange(ch, this.exchange);
        const old = this.channel;
        this.channel = ch;
        if (old && old !== ch) await old.close().catch(() => undefined);
        return ch;
      } finally {
        this.opening = undefined;
      }
    })();
    return this.opening;
  }

  private publishOne(channel: ConfirmChannel, row: OutboxRow): Promise<PublishOutcome> {
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: PublishOutcome): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const timer = setTimeout(() => settle({ ok: false, error: 'confirm timeout' }), this.confirmTimeoutMs);
      try {
        channel.publish(
          this.exchange,
          row.type,
          Buffer.from(row.payload),
          {
            persistent: true,
            mandatory: true,
            messageId: row.id,
            type: row.type,
            contentType: 'application/json',
          },
          (err: unknown) => settle(err ? { ok: false, error: errorMessage(err) } : { ok: true }),
        );
      } catch (err) {
        settle({ ok: false, error: errorMessage(err) });
      }
    });
  }
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
