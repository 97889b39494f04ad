import { createHmac } from 'node:crypto';
import type { Knex } from '@cred/db';
import { BackgroundLoop, newUuid, type Clock, type Logger, type Registry } from '@cred/runtime';
import { nextWebhookAttempt } from '../domain/retry-schedule.js';
import { checkWebhookUrl, UrlPolicyError } from '../domain/url-policy.js';
import { SecretBoxError, type SecretBox } from '../domain/secret-box.js';
import { revealSecret } from '../app/secret-sealer.js';
import { webhookStore, type WebhookDelivery, type WebhookEndpoint } from '../db/webhook-store.js';
import { safePost, type PostResult, type Resolver } from './safe-http.js';

export interface DeliveryWorkerOptions {
  /** Counts the worker's passes (`background_passes_total`). */
  metrics?: Registry;
  db: Knex;
  clock: Clock;
  logger: Logger;
  allowedHosts: readonly string[];
  resolver: Resolver;
  /** Opens the endpoints' sealed secrets to sign each delivery. */
  secrets: SecretBox;
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** Requests in flight in this process, all endpoints together. */
  concurrency?: number;
  /** Requests in flight in this process to one endpoint. */
  perEndpointConcurrency?: number;
  pollIntervalMs?: number;
  leaseMs?: number;
}

export function signBody(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

/**
 * The Standard Webhooks signature (`webhook-signature`, issue 39): `v1,` and the base64
 * HMAC-SHA256 of `${id}.${timestamp}.${body}` keyed with the endpoint's secret as it was handed
 * out (its UTF-8 bytes, like X-Service-Signature). Covering the id and the timestamp lets the
 * receiver refuse a captured delivery replayed later or under another id.
 */
export function signDelivery(secret: string, id: string, timestamp: string, body: string): string {
  return `v1,${createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64')}`;
}

/**
 * Delivers webhook rows. A pass claims due deliveries (at most `perEndpoint` per endpoint,
 * skipping endpoints already at their limit here) and starts each without waiting for the
 * others, so a slow endpoint holds at most its own slots while the rest keep flowing.
 * Every attempt is logged; a failure schedules the next attempt per docs/contract.md "Events, e-mail and webhooks".
 */
export class DeliveryWorker {
  private readonly loop: BackgroundLoop;
  private readonly inflight = new Map<string, number>();
  private readonly tasks = new Set<Promise<void>>();
  private total = 0;
  private readonly o: Required<Omit<DeliveryWorkerOptions, 'metrics' | 'db' | 'clock' | 'logger' | 'allowedHosts' | 'resolver' | 'secrets'>> & DeliveryWorkerOptions;

  constructor(options: DeliveryWorkerOptions) {
    this.o = {
      timeoutMs: 10_000,
      maxResponseBytes: 64 * 1024,
      concurrency: 16,
      perEndpointConcurrency: 2,
      pollIntervalMs: 1000,
      leaseMs: 60_000,
      ...options,
    };
    // A pass only starts attempts (they run on); each finished attempt wakes the loop for more.
    this.loop = new BackgroundLoop({
      name: 'webhook worker pass',
      logger: this.o.logger,
      intervalMs: this.o.pollIntervalMs,
      ...(this.o.metrics ? { metrics: this.o.metrics } : {}),
      pass: async () => {
        await this.pass();
        return false;
      },
    });
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    await Promise.allSettled([...this.tasks]);
  }

  wake(): void {
    this.loop.wake();
  }

  private async pass(): Promise<void> {
    const free = this.o.concurrency - this.total;
    if (free <= 0) return;
    // An endpoint with requests still in flight is skipped until they finish: a claim may take up
    // to perEndpointConcurrency rows of one endpoint, so claiming beside in-flight ones could
    // exceed the bound.
    const busy = [...this.inflight.keys()];
    const batch = await webhookStore.claimDue(this.o.db, this.o.clock.now(), this.o.leaseMs, free, this.o.perEndpointConcurrency, busy);
    for (const d of batch) {
      this.total++;
      this.inflight.set(d.endpointId, (this.inflight.get(d.endpointId) ?? 0) + 1);
      const task = this.attempt(d, { final: false })
        .then(() => undefined)
        .catch((err: unknown) => this.o.logger.error({ err, deliveryId: d.id }, 'webhook attempt failed unexpectedly'))
        .finally(() => {
          this.total--;
          const n = (this.inflight.get(d.endpointId) ?? 1) - 1;
          if (n <= 0) this.inflight.delete(d.endpointId);
          else this.inflight.set(d.endpointId, n);
          this.tasks.delete(task);
          // A slot is free: look for more due work now.
          this.wake();
        });
      this.tasks.add(task);
    }
  }

  /**
   * One attempt of a claimed delivery (its `attempts` already counts it). `final` attempts
   * (pings) are not retried. `db`: the caller's transaction, when the delivery row is written in
   * it (a keyed ping: row, attempt and Idempotency-Key record commit together).
   */
  async attempt(d: WebhookDelivery, opts: { final: boolean; db?: Knex }): Promise<PostResult> {
    const db = opts.db ?? this.o.db;
    const log = this.o.logger.child({ deliveryId: d.id, eventId: d.eventId, endpointId: d.endpointId });
    const endpoint = await webhookStore.findEndpointById(db, d.endpointId);
    const startedAt = this.o.clock.now();
    if (!endpoint || endpoint.deletedAt) {
      await webhookStore.finishDelivery(db, d.id, {
        status: 'cancelled',
        nextAttemptAt: null,
        lastStatusCode: null,
        lastError: 'endpoint deleted',
        deliveredAt: null,
        now: startedAt,
      });
      return { statusCode: null, error: 'endpoint deleted', excerpt: '', durationMs: 0 };
    }
    const result = await this.post(endpoint, d, startedAt);
    const ok = result.error === null;
    const now = this.o.clock.now();
    const next = ok || opts.final ? null : nextWebhookAttempt(now, d.windowAttempts, d.retryUntil);
    // The attempt and the delivery's new state land together: a reader never sees one without the other.
    await db.transaction(async (trx) => {
      await webhookStore.recordAttempt(trx, {
        id: newUuid(),
        deliveryId: d.id,
        attempt: d.attempts,
        startedAt,
        durationMs: result.durationMs,
        statusCode: result.statusCode,
        error: result.error,
        responseExcerpt: result.excerpt || null,
        succeeded: ok,
      });
      await webhookStore.finishDelivery(trx, d.id, {
        status: ok ? 'succeeded' : next ? 'pending' : 'failed',
        nextAttemptAt: next,
        lastStatusCode: result.statusCode,
        lastError: result.error,
        deliveredAt: ok ? now : null,
        now,
      });
    });
    if (ok) log.info({ statusCode: result.statusCode, attempt: d.attempts, durationMs: result.durationMs }, 'webhook delivered');
    else log.warn({ statusCode: result.statusCode, error: result.error, attempt: d.attempts, retryAt: next?.toISOString() ?? null }, 'webhook attempt failed');
    return result;
  }

  private async post(endpoint: WebhookEndpoint, d: WebhookDelivery, at: Date): Promise<PostResult> {
    let target;
    try {
      // Checked again on every attempt: the allowlist may have changed since registration.
      target = checkWebhookUrl(endpoint.url, this.o.allowedHosts);
    } catch (err) {
      return { statusCode: null, error: err instanceof UrlPolicyError ? err.message : 'url refused', excerpt: '', durationMs: 0 };
    }
    let secret: string;
    try {
      secret = revealSecret(this.o.secrets, endpoint.id, endpoint.secret);
    } catch (err) {
      if (!(err instanceof SecretBoxError)) throw err;
      return { statusCode: null, error: 'endpoint secret unavailable (sealed under a key not configured here)', excerpt: '', durationMs: 0 };
    }
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'credentials-webhooks/1',
      'x-service-event': d.eventType,
      'x-service-delivery': d.eventId,
      'x-service-timestamp': timestamp,
      // The contract's body signature, kept for receivers that check it; it covers no timestamp.
      'x-service-signature': signBody(secret, d.body),
      // Standard Webhooks: the id is the event's (the same on every attempt, for deduplication).
      'webhook-id': d.eventId,
      'webhook-timestamp': timestamp,
      'webhook-signature': signDelivery(secret, d.eventId, timestamp, d.body),
    };
    return safePost(target, d.body, headers, { timeoutMs: this.o.timeoutMs, maxResponseBytes: this.o.maxResponseBytes, resolver: this.o.resolver });
  }
}
