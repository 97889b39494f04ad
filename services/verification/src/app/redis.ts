import { Redis } from 'ioredis';
import { failFastRedisOptions, warnRedisErrors, type Logger } from '@cred/runtime';

/**
 * Verification's Redis: a shared second level of the signature cache. It is an optimisation
 * only, so commands fail fast (no offline queue, short timeout) and a missing Redis costs a
 * recomputation, never an error or a slow answer.
 */
export function createRedis(url: string, keyPrefix: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    keyPrefix,
    lazyConnect: false,
    enableAutoPipelining: true,
    ...failFastRedisOptions({ commandTimeoutMs: 200, maxReconnectDelayMs: 5000 }),
  });
  warnRedisErrors(redis, logger, 'redis error (signature cache degraded to memory)');
  return redis;
}

export type { Redis };
