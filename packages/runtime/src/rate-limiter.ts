import type { Clock } from './clock.js';
import { AppError } from './errors.js';

/** What the limiter needs of an ioredis client (kept structural: this package does not depend on ioredis). */
export interface ScriptingRedis {
  /** Without `numberOfKeys`, the call's first argument says how many keys follow. */
  defineCommand(name: string, definition: { numberOfKeys?: number; lua: string }): void;
}

/**
 * The shared per-IP, per-key and authentication limits (docs/contract.md "Limits"), used by every HTTP edge:
 * the gateway and verification's public surfaces count in the same Redis keys (`rl:<scope>:...`).
 *
 * Fixed window that starts at a key's first hit (rate-limiter-flexible's "fixed window from
 * the first request"): INCRBY and the expiry are one atomic Lua call, so replicas sharing Redis
 * count exactly; the window length lives in Redis (PEXPIRE), so replica clocks cannot skew it.
 * Bound: at most 2x the limit across two back-to-back windows; never more than the limit
 * inside one window. `cost` 0 reads the counter without spending. `hit` and `hitReading` send
 * the hits of one event-loop turn together (see RateLimiter); plain values asked for with them
 * (GET, nil when absent) come back in the same reply: the gateway reads its principal-cache epoch
 * in the same round trip as an API key's limit (RateLimiter.hitReading).
 */
const COUNT = `
local function count(key, cost, window)
  local current
  if cost > 0 then
    current = redis.call('INCRBY', key, cost)
  else
    current = tonumber(redis.call('GET', key) or '0')
  end
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    if current > 0 then redis.call('PEXPIRE', key, window) end
    ttl = window
  end
  return current, ttl
end
`;

/**
 * The hits of one event-loop turn, one window length: ARGV[2] keys counted (the first KEYS) with
 * the sum of their hits' costs (ARGV[3..]), then plain values to read (the remaining KEYS). The
 * count and expiry of each counted key, in order, then each value read (false, a nil reply, when
 * absent), as one flat list.
 */
const SCRIPT_MANY = `${COUNT}
local window = tonumber(ARGV[1])
local counted = tonumber(ARGV[2])
local out = {}
for i = 1, counted do
  local current, ttl = count(KEYS[i], tonumber(ARGV[i + 2]), window)
  out[2 * i - 1] = current
  out[2 * i] = ttl
end
for i = counted + 1, #KEYS do
  out[counted + i] = redis.call('GET', KEYS[i])
end
return out
`;

/**
 * Gives back `cost` hits reserved earlier (a login that did not fail): never below zero, never
 * creates a key (a window that ended meanwhile stays ended), and deletes the key at zero so the
 * next window starts at the next counted attempt, as if the released one never happened.
 */
const RELEASE = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current <= 0 then
  return {0, tonumber(ARGV[1])}
end
current = redis.call('DECRBY', KEYS[1], math.min(current, tonumber(ARGV[2])))
if current <= 0 then
  redis.call('DEL', KEYS[1])
  return {0, tonumber(ARGV[1])}
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = tonumber(ARGV[1]) end
return {current, ttl}
`;

export interface LimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix time, whole seconds, when the window resets (docs/contract.md "Limits"). */
  resetAt: number;
  /** Seconds until the reset, for Retry-After. */
  retryAfter: number;
}

/** A hit counted by `hitReading`: the value read with it, and the limit's answer for any limit. */
export interface CountedHit {
  /** The second key's value, null when it does not exist. */
  value: string | null;
  /** The answer as `hit` gives it, for `limit` (known only after the read, e.g. from a refreshed lookup). */
  resultFor(limit: number): LimitResult;
}

type ScriptRedis = ScriptingRedis & {
  /** numkeys, the counted keys then the read keys, the window, how many are counted, each counted key's cost (SCRIPT_MANY). */
  rateLimitHitMany(...args: Array<string | number>): Promise<Array<number | string | null>>;
  rateLimitRelease(key: string, windowMs: number, cost: number): Promise<[number, number]>;
};

/** One `hit` or `hitReading` waiting for its turn's call. */
interface PendingHit {
  key: string;
  cost: number;
  /** A plain key whose value this hit wants with its count (hitReading). */
  readKey?: string;
  /** The hit's own count (as if counted alone), the key's expiry, and the value of `readKey`. */
  settle(count: number, ttlMs: number, value: string | null): void;
  reject(err: unknown): void;
}

/** Distinct keys per call at most; a turn with more makes several calls. */
const MAX_KEYS_PER_CALL = 500;

export class RateLimiter {
  private readonly redis: ScriptRedis;
  /** The hits asked for in this event-loop turn, per window length. */
  private pending = new Map<number, PendingHit[]>();
  private flushScheduled = false;

  constructor(
    redis: ScriptingRedis,
    private readonly clock: Clock,
  ) {
    if (!('rateLimitHitMany' in redis)) redis.defineCommand('rateLimitHitMany', { lua: SCRIPT_MANY });
    if (!('rateLimitRelease' in redis)) redis.defineCommand('rateLimitRelease', { numberOfKeys: 1, lua: RELEASE });
    this.redis = redis as unknown as ScriptRedis;
  }

  /**
   * Counts `cost` hits against `key` (throws when Redis is unavailable; callers choose the policy).
   *
   * The hits of one event-loop turn go to Redis as one call (flushed by setImmediate, so none
   * waits for a later turn): each distinct key is counted once by the sum of its hits' costs, and
   * each hit gets the count it would have had alone, in the order the hits were asked for. One
   * client's concurrent requests therefore spend its budget exactly as one call each would, and a
   * burst costs one round trip, one script run and one reply instead of one per request.
   */
  hit(key: string, limit: number, windowMs: number, cost = 1): Promise<LimitResult> {
    return new Promise((resolve, reject) => {
      this.enqueue(windowMs, {
        key,
        cost,
        settle: (count, ttlMs) => resolve(toResult(count, ttlMs, limit, this.clock, cost === 0)),
        reject,
      });
    });
  }

  /**
   * One hit against `key`, as `hit` counts it, and the value of `readKey` read in the same atomic
   * call (sent with the turn's other hits): one round trip where a hit and a read would take two.
   * The limit is applied afterwards (`resultFor`), so a caller may learn it from what it read.
   */
  hitReading(key: string, windowMs: number, readKey: string): Promise<CountedHit> {
    return new Promise((resolve, reject) => {
      this.enqueue(windowMs, {
        key,
        cost: 1,
        readKey,
        settle: (count, ttlMs, value) =>
          resolve({ value, resultFor: (limit) => toResult(count, ttlMs, limit, this.clock, false) }),
        reject,
      });
    });
  }

  private enqueue(windowMs: number, hit: PendingHit): void {
    let queue = this.pending.get(windowMs);
    if (!queue) this.pending.set(windowMs, (queue = []));
    queue.push(hit);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private flush(): void {
    this.flushScheduled = false;
    const all = this.pending;
    this.pending = new Map();
    for (const [windowMs, hits] of all) {
      // Every hit of a key goes in the same call, so its hits are counted in the order asked.
      const byKey = new Map<string, PendingHit[]>();
      for (const h of hits) {
        const same = byKey.get(h.key);
        if (same) same.push(h);
        else byKey.set(h.key, [h]);
      }
      const groups = [...byKey.values()];
      for (let i = 0; i < groups.length; i += MAX_KEYS_PER_CALL) void this.send(windowMs, groups.slice(i, i + MAX_KEYS_PER_CALL));
    }
  }

  /** One call for these keys' hits (each group: the hits of one key, in order) and the values they read. */
  private async send(windowMs: number, groups: PendingHit[][]): Promise<void> {
    const keys = groups.map((g) => `rl:${g[0]!.key}`);
    const costs = groups.map((g) => g.reduce((sum, h) => sum + h.cost, 0));
    const readKeys = [...new Set(groups.flatMap((g) => g.flatMap((h) => (h.readKey === undefined ? [] : [h.readKey]))))];
    let reply: Array<number | string | null>;
    try {
      reply = await this.redis.rateLimitHitMany(keys.length + readKeys.length, ...keys, ...readKeys, windowMs, keys.length, ...costs);
    } catch (err) {
      for (const g of groups) for (const h of g) h.reject(err);
      return;
    }
    const values = new Map(readKeys.map((k, i) => [k, (reply[2 * keys.length + i] as string | null | undefined) ?? null]));
    groups.forEach((g, k) => {
      // Each hit's count: the key's count before this call, plus the costs up to and including it.
      let count = (reply[2 * k] as number) - costs[k]!;
      const ttlMs = reply[2 * k + 1] as number;
      for (const h of g) {
        count += h.cost;
        h.settle(count, ttlMs, h.readKey === undefined ? null : values.get(h.readKey)!);
      }
    });
  }

  /** Gives back `cost` hits counted earlier under `key` (see RELEASE); the result reads like a peek. */
  async release(key: string, limit: number, windowMs: number, cost = 1): Promise<LimitResult> {
    const [count, ttlMs] = await this.redis.rateLimitRelease(`rl:${key}`, windowMs, cost);
    return toResult(count, ttlMs, limit, this.clock, true);
  }
}

function toResult(count: number, ttlMs: number, limit: number, clock: Clock, peek: boolean): LimitResult {
  const resetAt = Math.ceil((clock.now().getTime() + ttlMs) / 1000);
  const allowed = peek ? count < limit : count <= limit;
  return { allowed, limit, remaining: Math.max(0, limit - count), resetAt, retryAfter: Math.max(1, Math.ceil(ttlMs / 1000)) };
}

/**
 * Per-process stand-in used only while Redis is unreachable (per-key limits fail open to it,
 * docs/security.md "Rate limits across replicas"). Each replica enforces the full limit on its own, so the
 * effective limit is up to N times higher for N replicas during an outage.
 */
export class LocalLimiter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly clock: Clock) {}

  hit(key: string, limit: number, windowMs: number): LimitResult {
    const now = this.clock.now().getTime();
    if (this.windows.size > 10_000) for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
    let w = this.windows.get(key);
    if (!w || w.endsAt <= now) {
      w = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return toResult(w.count, w.endsAt - now, limit, this.clock, false);
  }
}

/** The X-RateLimit-* headers (docs/contract.md "Limits"), and Retry-After on a refusal. */
export function setRateLimitHeaders(res: { setHeader(name: string, value: string): unknown }, r: LimitResult): void {
  res.setHeader('X-RateLimit-Limit', String(r.limit));
  res.setHeader('X-RateLimit-Remaining', String(r.remaining));
  res.setHeader('X-RateLimit-Reset', String(r.resetAt));
  if (!r.allowed) res.setHeader('Retry-After', String(r.retryAfter));
}

/** The 429 RATE_LIMITED error of a refused hit. */
export function rateLimited(r: LimitResult): AppError {
  return new AppError('RATE_LIMITED', `Rate limit of ${r.limit} requests exceeded; retry after ${r.retryAfter} s`, {
    limit: r.limit,
    resetAt: r.resetAt,
  });
}

/** The per-IP limit's key (docs/contract.md "Limits": all requests of a client address, whichever edge serves them). */
export function ipLimitKey(clientKeyOfAddress: string): string {
  return `ip:${clientKeyOfAddress}`;
}
