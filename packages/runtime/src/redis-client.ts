import type { Logger } from './logger.js';

/**
 * ioredis options for a client whose commands fail fast while Redis is away: no offline queue,
 * no retry of a command, a short command timeout. Each caller then decides what an error means
 * (a limit failing open, a recomputation) instead of a request waiting for Redis to come back.
 * Reconnects back off linearly up to `maxReconnectDelayMs`. (Plain options: this package does not
 * depend on ioredis.)
 */
export function failFastRedisOptions(o: { commandTimeoutMs: number; maxReconnectDelayMs: number }) {
  return {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: o.commandTimeoutMs,
    connectTimeout: 2000,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, o.maxReconnectDelayMs),
  };
}

/**
 * Logs a Redis client's errors as one warning per `everyMs` at most: every reconnect attempt
 * repeats the same error while Redis is away.
 */
export function warnRedisErrors(
  redis: { on(event: 'error', listener: (err: Error) => void): unknown },
  logger: Logger,
  message: string,
  everyMs = 10_000,
): void {
  let lastLog = -Infinity;
  redis.on('error', (err: Error) => {
    const now = Date.now();
    if (now - lastLog < everyMs) return;
    lastLog = now;
    logger.warn({ err: err.message }, message);
  });
}
