import type http from 'node:http';
import {
  clientAddress,
  clientKey,
  compileTrustProxy,
  Counter,
  ipLimitKey,
  isHandedConnection,
  rateLimited,
  setRateLimitHeaders,
  type LimitResult,
  type LocalLimiter,
  type Logger,
  type RateLimiter,
  type Registry,
  type TrustProxySetting,
} from '@cred/runtime';
import { sendJson } from './respond.js';

export interface PublicLimitOptions {
  limiter: RateLimiter;
  /** Counts while Redis is unreachable (this process only). */
  local: LocalLimiter;
  trustProxy: TrustProxySetting;
  /** For connections the launcher's edge handed over (their peer is the client); unset: trustProxy. */
  handedTrustProxy?: TrustProxySetting;
  perMinute: number;
  logger: Logger;
  metrics: Registry;
}

/** Answers the request (429) and returns false when the client is over its limit. */
export type PublicLimit = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean>;

const WINDOW_MS = 60_000;

/**
 * the per-IP limit of docs/contract.md "Limits" on the public surfaces (all requests count), enforced by
 * verification itself now that they do not pass the gateway's middleware. The key and the atomic
 * script are the gateway's (`rl:ip:<client>` in the same Redis, `@cred/runtime` rate-limiter.ts),
 * so every replica of both services counts one client's API and public requests in one budget,
 * and answers alike: X-RateLimit-* on every response, 429 RATE_LIMITED with Retry-After.
 *
 * Redis unreachable: fails open to a per-process fixed window of the same size (public
 * verification must stay up; the gateway's per-IP limit fails open too). N replicas then admit up
 * to N times the limit until Redis is back; a metric and a throttled warning say so.
 */
export function createPublicLimit(options: PublicLimitOptions): PublicLimit {
  const trust = compileTrustProxy(options.trustProxy);
  const handedTrust = options.handedTrustProxy === undefined ? trust : compileTrustProxy(options.handedTrustProxy);
  const failures = new Counter({
    name: 'verification_rate_limiter_errors_total',
    help: 'Per-IP limit checks that could not reach Redis and were counted by this process alone',
    registers: [options.metrics],
  });
  let lastWarn = 0;
  return async (req, res) => {
    const from = isHandedConnection(req.socket) ? handedTrust : trust;
    const key = ipLimitKey(clientKey(clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], from)));
    let r: LimitResult;
    try {
      r = await options.limiter.hit(key, options.perMinute, WINDOW_MS);
    } catch (err) {
      failures.inc();
      if (Date.now() - lastWarn > 5000) {
        lastWarn = Date.now();
        options.logger.warn(
          { err: err instanceof Error ? err.message : String(err) },
          'rate limiter unavailable: per-IP limit counted per process',
        );
      }
      r = options.local.hit(key, options.perMinute, WINDOW_MS);
    }
    setRateLimitHeaders(res, r);
    if (r.allowed) return true;
    // The client may still be sending a body: the rest is read and dropped by the caller.
    sendJson(res, 429, rateLimited(r).toJSON());
    return false;
  };
}
