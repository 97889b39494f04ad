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

/** A copy of a lookup and the epoch it was made under. */
export interface PrincipalCopy {
  value: CachedApiKey;
  epoch: string;
}

/**
 * One second: changes made by other services (billing's plan changes, issuance's signing keys)
 * must be enforced on every replica within a second of the lookup; gateway-made changes retire
 * copies at once through the epoch. The cost is one accounts lookup per key per second per replica.
 */
export const PRINCIPAL_TTL_MS = 1000;

/** The Redis key of the epoch (under the gateway's key prefix), incremented by every change made through a gateway. */
export const PRINCIPAL_EPOCH_KEY = 'cache-epoch';

/** Copies kept per replica at most; beyond that the map starts again (lookups are cheap, keys few). */
const MAX_ENTRIES = 10_000;

/**
 * API-key lookups (key and organization, keyed by the key's SHA-256), each replica keeping its own
 * copies in memory for at most PRINCIPAL_TTL_MS, checked against an epoch in Redis that every
 * replica shares.
 *
 * Invalidation is the epoch: every copy records the epoch read before its lookup, and a change
 * made through any gateway (key revoked or edited, organization approved, suspended, re-planned,
 * signing keys) increments it, which retires every copy on every replica at once. The caller
 * reads the epoch on every request, in the same Redis call that counts the key's limit
 * (RateLimiter.hitReading), and uses a copy only when its epoch is the current one; reading the
 * epoch before the upstream lookup closes the race where a copy of a pre-change answer would be
 * kept after the change. Changes made by other services expire with the TTL. While Redis is
 * unreachable the epoch cannot be read, so nothing is kept and every request looks up upstream.
 *
 * Lookups of one key under one epoch are shared: requests that arrive together while a copy is
 * made wait for that lookup instead of each asking accounts. A request joins only a lookup that
 * began after it read the same epoch, so no answer from before a change is shared after it.
 *
 * Unlike issuance's and verification's copies, this one is not built on @cred/runtime's
 * createRefreshingCache, which decides by key alone whether an answer may be served: here a copy
 * is handed out before anyone knows whether it is valid (of any age, to count the key's limit
 * and read the epoch in one Redis call), the caller decides against that epoch, lookups are
 * shared per epoch and key while copies are kept per key, and under an unknown epoch nothing is
 * shared or kept.
 */
export class PrincipalCache {
  private readonly failures: Counter<string>;
  private readonly copies = new Map<string, PrincipalCopy & { expiresAt: number }>();
  private readonly lookups = new Map<string, Promise<CachedApiKey>>();

  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger,
    metrics: Registry,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.failures = new Counter({
      name: 'gateway_principal_cache_errors_total',
      help: 'Principal cache operations that failed (Redis unavailable); lookups went upstream',
      labelNames: ['op'],
      registers: [metrics],
    });
  }

  /**
   * This replica's last copy for the key, of any age: `fresh` while made less than
   * PRINCIPAL_TTL_MS ago (its epoch still to be checked). A stale copy still names the key (its id
   * never changes), so the request can count its limit and read the epoch before looking up again.
   */
  copy(keyHash: string): (PrincipalCopy & { fresh: boolean }) | undefined {
    const c = this.copies.get(keyHash);
    return c ? { value: c.value, epoch: c.epoch, fresh: c.expiresAt > this.now() } : undefined;
  }

  /** The current epoch, or undefined when Redis cannot say (counted and logged; nothing is kept then). */
  async epoch(): Promise<string | undefined> {
    try {
      return (await this.redis.get(PRINCIPAL_EPOCH_KEY)) ?? '0';
    } catch (err) {
      this.failed(err);
      return undefined;
    }
  }

  /** Counts a failed epoch read made elsewhere (the read with the key's limit), as `epoch` does. */
  failed(err: unknown): void {
    this.failures.inc({ op: 'get' });
    this.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'principal cache unavailable');
  }

  /**
   * The key's lookup made now, under `epoch` (read before calling): shared with the requests that
   * ask for the same key under the same epoch meanwhile, and kept for PRINCIPAL_TTL_MS. Under an
   * unknown epoch (Redis unreachable) it is neither shared nor kept. A failed lookup is not kept.
   */
  resolve(keyHash: string, epoch: string | undefined, lookup: () => Promise<CachedApiKey>): Promise<CachedApiKey> {
    if (epoch === undefined) return lookup();
    // Made meanwhile by another request under this epoch (it read the epoch before its lookup, as this one did).
    const made = this.copies.get(keyHash);
    if (made && made.epoch === epoch && made.expiresAt > this.now()) return Promise.resolve(made.value);
    const id = `${epoch}:${keyHash}`;
    return this.lookups.get(id) ?? this.startLookup(keyHash, epoch, id, lookup);
  }

  /**
   * Renews the key's copy in the background when it is current under `epoch` and in the last
   * fifth of its life, so that requests keep using it and none waits for accounts when it would
   * have expired (each key's requests used to wait for a lookup once a second). Shared with
   * resolve() like any lookup; a failed renewal keeps nothing: the copy expires and the next
   * request looks up itself. A copy is still never used longer than PRINCIPAL_TTL_MS after its
   * lookup started.
   */
  renewSoon(keyHash: string, epoch: string, lookup: () => Promise<CachedApiKey>): void {
    const c = this.copies.get(keyHash);
    if (!c || c.epoch !== epoch || c.expiresAt - this.now() > PRINCIPAL_TTL_MS / 5) return;
    const id = `${epoch}:${keyHash}`;
    if (this.lookups.has(id)) return;
    this.startLookup(keyHash, epoch, id, lookup).catch(() => undefined);
  }

  private startLookup(keyHash: string, epoch: string, id: string, lookup: () => Promise<CachedApiKey>): Promise<CachedApiKey> {
    // The copy's age counts from the lookup's start, as every other copy's does (docs/architecture.md,
    // "Copies kept in memory"): a slow lookup does not make its answer live longer.
    const started = this.now();
    const looked = lookup()
      .then((value) => {
        if (this.copies.size >= MAX_ENTRIES) this.copies.clear();
        this.copies.set(keyHash, { value, epoch, expiresAt: started + PRINCIPAL_TTL_MS });
        return value;
      })
      .finally(() => this.lookups.delete(id));
    this.lookups.set(id, looked);
    return looked;
  }

  /** Retires every copy on every replica. Throws if Redis is down, so the caller can report it. */
  async invalidateAll(): Promise<void> {
    await this.redis.incr(PRINCIPAL_EPOCH_KEY);
  }
}

/** Retires cached API-key lookups on every replica after a change; a Redis failure is logged (copies expire within a second anyway). */
export async function invalidatePrincipals(cache: PrincipalCache, logger: Logger): Promise<void> {
  try {
    await cache.invalidateAll();
  } catch (err) {
    logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'principal cache invalidation failed; entries expire by TTL');
  }
}
