import type { Redis } from 'ioredis';
import type { Logger } from '@cred/runtime';
import { Counter, type Registry } from '@cred/runtime';

export interface CachedOrganization {
  id: string;
  slug: string;
  status: string;
  plan: string;
  signingKeysGenerated: boolean;
}

export interface CachedApiKey {
  keyId: string;
  organizationId: string;
  rateLimitPerMinute: number;
  revoked: boolean;
  organization: CachedOrganization;
}

/**
 * One second: changes made by other services (billing's plan changes) must be enforced on every
 * replica within a second; gateway-made changes retire entries at once through the epoch. The
 * cost is at most one accounts lookup per key per second per replica.
 */
const TTL_MS = 1000;

/**
 * API-key lookups cached in Redis (shared by every replica), keyed by the key's SHA-256.
 *
 * Invalidation is an epoch: every entry records the epoch read before its lookup, and a change
 * made through this gateway (key revoked or edited, organization approved, suspended, re-planned)
 * increments it, which retires every entry at once on every replica. Reading the epoch before
 * the upstream lookup closes the race where a replica would cache a pre-change answer after the
 * change. Changes are rare next to reads, so dropping everything on a change costs little.
 * Changes made by other services expire with the TTL.
 */
export class PrincipalCache {
  private readonly failures: Counter<string>;

  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger,
    metrics: Registry,
  ) {
    this.failures = new Counter({
      name: 'gateway_principal_cache_errors_total',
      help: 'Principal cache operations that failed (Redis unavailable); lookups went upstream',
      labelNames: ['op'],
      registers: [metrics],
    });
  }

  /** The cached entry if fresh, and the epoch to store a new one under. */
  async get(keyHash: string): Promise<{ entry: CachedApiKey | undefined; epoch: string | undefined }> {
    try {
      const [raw, epoch] = await this.redis.mget(`ak:${keyHash}`, 'cache-epoch');
      const e = epoch ?? '0';
      if (!raw) return { entry: undefined, epoch: e };
      const parsed = JSON.parse(raw) as { epoch: string; value: CachedApiKey };
      return { entry: parsed.epoch === e ? parsed.value : undefined, epoch: e };
    } catch (err) {
      this.failed('get', err);
      return { entry: undefined, epoch: undefined };
    }
  }

  async put(keyHash: string, epoch: string | undefined, value: CachedApiKey): Promise<void> {
    if (epoch === undefined) return;
    try {
      await this.redis.set(`ak:${keyHash}`, JSON.stringify({ epoch, value }), 'PX', TTL_MS);
    } catch (err) {
      this.failed('put', err);
    }
  }

  /** Retires every cached entry. Throws if Redis is down, so the caller can report it. */
  async invalidateAll(): Promise<void> {
    await this.redis.incr('cache-epoch');
  }

  private failed(op: string, err: unknown): void {
    this.failures.inc({ op });
    this.logger.warn({ op, err: err instanceof Error ? err.message : String(err) }, 'principal cache unavailable');
  }
}

/** Retires cached API-key lookups on every replica after a change; a Redis failure is logged (entries expire in seconds anyway). */
export async function invalidatePrincipals(cache: PrincipalCache, logger: Logger): Promise<void> {
  try {
    await cache.invalidateAll();
  } catch (err) {
    logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'principal cache invalidation failed; entries expire by TTL');
  }
}
