import { Redis } from 'ioredis';
import type { Logger } from '@cred/runtime';

/**
 * Verification's Redis: a shared second level of the signature cache. It is an optimisation
 * only, so commands fail fast (no offline queue, short timeout) and a missing Redis costs a
 * recomputation, never an error or a slow answer.
 */
export function createRedis(url: string, keyPrefix: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 200,
    connectTimeout: 2000,
    lazyConnect: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5000),
  });
  let lastLog = 0;
  redis.on('error', (err: Error) => {
    if (Date.now() - lastLog > 10_000) {
      lastLog = Date.now();
      logger.warn({ err: err.message }, 'redis error (signature cache degraded to memory)');
    }
  });
  return redis;
}

export type { Redis };
