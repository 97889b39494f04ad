import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { Counter, type Logger, type Registry } from '@cred/runtime';
import type { ReadModelChange } from './read-model-cache.js';

/** What one replica's committed event made stale in every replica's memory. */
export interface Invalidation {
  readModel?: ReadModelChange;
  /** Our revocation lists (a revocation moved a bit). */
  statusLists?: boolean;
  /** The badge -> image map of baked PNGs. */
  badgeImages?: boolean;
}

export interface ReplicaInvalidation {
  /** Tells every other replica (this one applied it already). Never throws, never waits. */
  announce(invalidation: Invalidation): void;
  /**
   * Tells every other replica now, and resolves once Redis has passed the message to their
   * subscriptions (or could not: the TTL bounds it then). Never rejects. For a change someone is
   * waiting to see everywhere (RefreshOrganization).
   */
  announceNow(invalidation: Invalidation): Promise<void>;
  close(): Promise<void>;
}

/**
 * The per-replica invalidation channel (ADR 0009). Replicas share verification's queues
 * (competing consumers), so each event reaches one replica; that one updates the shared read
 * model and forgets its own copies when it commits, then publishes what changed on a Redis
 * pub/sub channel every replica subscribes to. Each applies it at once, so a revocation, claim,
 * visibility change or suspension is served by every replica a few milliseconds after the
 * commit, instead of up to READ_MODEL_CACHE_MS later.
 *
 * Redis pub/sub is at-most-once: while a replica's subscription is down it misses messages, so
 * it forgets everything when the subscription comes back, and the micro-cache TTL
 * (READ_MODEL_CACHE_MS, 500 ms) bounds staleness in between, as it did before the channel.
 * Messages carry only credential UUIDs and flags, never data.
 */
export function startReplicaInvalidation(options: {
  url: string;
  /** The Redis key prefix (REDIS_KEY_PREFIX): one platform's replicas, not another's. */
  prefix: string;
  /** The connection commands go through (fail-fast); publishing uses it. */
  publisher: Redis;
  apply(invalidation: Invalidation): void;
  /** Everything this replica holds, after a gap in the subscription. */
  applyAll(): void;
  logger: Logger;
  metrics: Registry;
}): ReplicaInvalidation {
  const channel = `${options.prefix}verification:invalidate`;
  const self = randomUUID();
  const received = new Counter({
    name: 'verification_invalidations_total',
    help: 'Invalidations on the replica channel, by direction (sent, received, send_failed)',
    labelNames: ['direction'],
    registers: [options.metrics],
  });
  const subscriber = new Redis(options.url, {
    // Subscriptions wait for the connection and are renewed after every reconnect.
    maxRetriesPerRequest: null,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5000),
    connectTimeout: 2000,
  });
  let lastWarn = 0;
  const warn = (msg: string, err: unknown) => {
    if (Date.now() - lastWarn < 10_000) return;
    lastWarn = Date.now();
    options.logger.warn({ err: err instanceof Error ? err.message : String(err) }, msg);
  };
  subscriber.on('error', (err) => warn('invalidation channel error (replicas fall back to READ_MODEL_CACHE_MS)', err));
  let subscribedOnce = false;
  subscriber.on('ready', () => {
    // A reconnect: anything published meanwhile was missed.
    if (subscribedOnce) options.applyAll();
  });
  subscriber.subscribe(channel).then(
    () => {
      subscribedOnce = true;
    },
    (err: unknown) => warn('invalidation channel subscribe failed', err),
  );
  subscriber.on('message', (ch: string, text: string) => {
    if (ch !== channel) return;
    let message: { from?: unknown; invalidation?: Invalidation };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (message.from === self || typeof message.invalidation !== 'object' || message.invalidation === null) return;
    received.inc({ direction: 'received' });
    options.apply(message.invalidation);
  });
  let pending: Invalidation | undefined;
  const publish = (invalidation: Invalidation): Promise<void> =>
    options.publisher.publish(channel, JSON.stringify({ from: self, invalidation })).then(
      () => received.inc({ direction: 'sent' }),
      (err: unknown) => {
        received.inc({ direction: 'send_failed' });
        warn('invalidation not published (other replicas fall back to READ_MODEL_CACHE_MS)', err);
      },
    );
  return {
    announce(invalidation) {
      // Announcements of one turn of the event loop (the events of one consumer batch commit
      // together) go out as one message: one publish, and one message for each replica to read.
      if (pending) {
        pending = mergeInvalidations(pending, invalidation);
        return;
      }
      pending = invalidation;
      setImmediate(() => {
        const message = pending;
        pending = undefined;
        if (message) void publish(message);
      });
    },
    announceNow: publish,
    async close() {
      // QUIT would wait in the offline queue for a Redis that is not there.
      if (subscriber.status !== 'ready') {
        subscriber.disconnect();
        return;
      }
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}

/** One invalidation that makes stale everything `a` and `b` do. */
export function mergeInvalidations(a: Invalidation, b: Invalidation): Invalidation {
  const out: Invalidation = {};
  if (a.readModel || b.readModel) {
    const ra = a.readModel ?? { uuids: [] };
    const rb = b.readModel ?? { uuids: [] };
    out.readModel = 'all' in ra || 'all' in rb ? { all: true } : { uuids: [...new Set([...ra.uuids, ...rb.uuids])] };
  }
  if (a.statusLists || b.statusLists) out.statusLists = true;
  if (a.badgeImages || b.badgeImages) out.badgeImages = true;
  return out;
}
