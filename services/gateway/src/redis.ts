import { Redis } from 'ioredis';
import type { Logger } from '@cred/runtime';

/**
 * The gateway's Redis: rate-limit counters and the principal cache's epoch. Commands fail fast when
 * Redis is unreachable (no offline queue, short timeout), so callers can fail open or closed
 * by policy instead of hanging the request.
 */
export function createRedis(url: string, keyPrefix: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    // Commands issued in the same event-loop turn (concurrent requests' limit checks) go out in
    // one write and come back in one read (ADR 0005).
    enableAutoPipelining: true,
  });
  let lastLog = 0;
  redis.on('error', (err: Error) => {
    // Reconnect attempts repeat the same error; one line every 10 s is enough.
    if (Date.now() - lastLog > 10_000) {
      lastLog = Date.now();
      logger.warn({ err: err.message }, 'redis error');
    }
  });
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
