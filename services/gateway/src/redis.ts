import { Redis } from 'ioredis';
import { failFastRedisOptions, warnRedisErrors, type Logger } from '@cred/runtime';

/**
 * The gateway's Redis: rate-limit counters and the principal cache's epoch. Commands fail fast when
 * Redis is unreachable (no offline queue, short timeout), so callers can fail open or closed
 * by policy instead of hanging the request.
 */
export function createRedis(url: string, keyPrefix: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    keyPrefix,
    ...failFastRedisOptions({ commandTimeoutMs: 500, maxReconnectDelayMs: 2000 }),
    // Commands issued in the same event-loop turn (concurrent requests' limit checks) go out in
    // one write and come back in one read (ADR 0005).
    enableAutoPipelining: true,
  });
  warnRedisErrors(redis, logger, 'redis error');
  return redis;
}

export type { Redis };

/**
 * Waits up to `ms` for the first connection. The gateway starts anyway if Redis is down (limits
 * then fail open or closed by policy); waiting only avoids refusing the first requests needlessly.
 */
export async function waitForRedis(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === 'ready') return true;
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      resolve(false);
    }, ms);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    redis.once('ready', onReady);
  });
}
