import type { RequestHandler, Response } from 'express';
import {
  AppError,
  clientKey,
  Counter,
  ipLimitKey,
  rateLimited,
  setRateLimitHeaders,
  type LimitResult,
  type Logger,
  type RateLimiter,
  type Registry,
} from '@cred/runtime';

export { rateLimited, setRateLimitHeaders };

export interface LimitDeps {
  limiter: RateLimiter;
  logger: Logger;
  metrics: Registry;
}

/** Counts limiter failures by scope and outcome (fail open / fail closed). */
export function limiterFailures(metrics: Registry): Counter<string> {
  const existing = metrics.getSingleMetric('gateway_rate_limiter_errors_total');
  if (existing) return existing as Counter<string>;
  return new Counter({
    name: 'gateway_rate_limiter_errors_total',
    help: 'Rate-limit checks that could not reach Redis',
    labelNames: ['scope', 'policy'],
    registers: [metrics],
  });
}

function throttledWarn(logger: Logger): (scope: string, policy: string, err: unknown) => void {
  let last = 0;
  return (scope, policy, err) => {
    if (Date.now() - last < 5000) return;
    last = Date.now();
    logger.warn({ scope, policy, err: err instanceof Error ? err.message : String(err) }, 'rate limiter unavailable');
  };
}

/**
 * The global per-IP limit (RATE_LIMIT_IP_PER_MINUTE). If Redis is unreachable it fails open:
 * the request goes through without headers, with a log line and a metric, never a 5xx.
 */
export function ipRateLimit(deps: LimitDeps, perMinute: number): RequestHandler {
  const failures = limiterFailures(deps.metrics);
  const warn = throttledWarn(deps.logger);
  return async (req, res, next) => {
    let r: LimitResult;
    try {
      r = await deps.limiter.hit(ipLimitKey(clientKey(req.ip)), perMinute, 60_000);
    } catch (err) {
      failures.inc({ scope: 'ip', policy: 'open' });
      warn('ip', 'open', err);
      next();
      return;
    }
    setRateLimitHeaders(res, r);
    next(r.allowed ? undefined : rateLimited(r));
  };
}

/**
 * The authentication limit (RATE_LIMIT_AUTH_PER_15_MINUTES) per client IP and endpoint.
 * Fails closed (503): an outage must not lift the brake on credential guessing or e-mail floods.
 */
export function authRateLimit(deps: LimitDeps, endpoint: string, per15Minutes: number): RequestHandler {
  const failures = limiterFailures(deps.metrics);
  const warn = throttledWarn(deps.logger);
  return async (req, res, next) => {
    let r: LimitResult;
    try {
      r = await deps.limiter.hit(`auth:${endpoint}:${clientKey(req.ip)}`, per15Minutes, 15 * 60_000);
    } catch (err) {
      failures.inc({ scope: 'auth', policy: 'closed' });
      warn('auth', 'closed', err);
      next(new AppError('UNAVAILABLE', 'Service temporarily unavailable'));
      return;
    }
    setRateLimitHeaders(res, r);
    next(r.allowed ? undefined : rateLimited(r));
  };
}

/**
 * A limit on failed attempts (docs/contract.md "Limits": on login, failed attempts only, per key).
 * The attempt is reserved before it runs: one atomic INCRBY that refuses with 429 beyond
 * `per15Minutes`, so N parallel guesses admit at most the limit (reading the counter first and
 * counting afterwards let every parallel guess through). An attempt that fails with UNAUTHORIZED
 * keeps its reservation (it is the failure being counted); any other outcome (success, a refusal,
 * a shed 503) gives it back, as does a refused reservation. Redis unreachable: fails closed (503),
 * as the other auth limits do, so guessing cannot go unlimited while Redis is away.
 */
export function failedAttemptLimit(deps: LimitDeps, scope: string, per15Minutes: number) {
  const failures = limiterFailures(deps.metrics);
  const window = 15 * 60_000;
  const release = async (res: Response, key: string) => {
    const after = await deps.limiter.release(key, per15Minutes, window).catch(() => undefined);
    if (after && !res.headersSent) setRateLimitHeaders(res, { ...after, allowed: true });
  };
  return async function limited<T>(res: Response, key: string, attempt: () => Promise<T>, onFailure?: () => void): Promise<T> {
    let reserved: LimitResult;
    try {
      reserved = await deps.limiter.hit(key, per15Minutes, window, 1);
    } catch {
      failures.inc({ scope, policy: 'closed' });
      throw new AppError('UNAVAILABLE', 'Service temporarily unavailable');
    }
    if (!reserved.allowed) {
      await release(res, key);
      setRateLimitHeaders(res, reserved);
      throw rateLimited(reserved);
    }
    setRateLimitHeaders(res, reserved);
    let result: T;
    try {
      result = await attempt();
    } catch (err) {
      if (err instanceof AppError && err.code === 'UNAUTHORIZED') onFailure?.();
      else await release(res, key);
      throw err;
    }
    await release(res, key);
    return result;
  };
}

/**
 * Admission of login attempts (docs/decisions.md, "Fair sign-in admission"): every attempt, right
 * or wrong, counts once against its account (the hashed e-mail) and once against its client
 * address, in Redis (shared by all replicas), before accounts checks any password. Beyond either
 * budget the attempt is 429 RATE_LIMITED with Retry-After and never reaches the password lane.
 * Both counts are made whether or not the other refuses, so switching addresses spends the
 * account's budget and switching accounts spends the address's. Redis unreachable: 503, like the
 * other auth limits (fail closed).
 */
export function loginAdmission(deps: LimitDeps, perAccountPerMinute: number, perAddressPerMinute: number) {
  const failures = limiterFailures(deps.metrics);
  const refused = new Counter({
    name: 'gateway_login_admission_refused_total',
    help: 'Login attempts refused before the password check, by the budget that refused them',
    labelNames: ['budget'],
    registers: [deps.metrics],
  });
  return async (res: Response, accountKey: string, addressKey: string): Promise<void> => {
    let account: LimitResult;
    let address: LimitResult;
    try {
      [account, address] = await Promise.all([
        deps.limiter.hit(`login-account:${accountKey}`, perAccountPerMinute, 60_000),
        deps.limiter.hit(`login-address:${addressKey}`, perAddressPerMinute, 60_000),
      ]);
    } catch {
      failures.inc({ scope: 'login-admission', policy: 'closed' });
      throw new AppError('UNAVAILABLE', 'Service temporarily unavailable');
    }
    const over = [account, address].filter((r) => !r.allowed);
    if (over.length === 0) return;
    refused.inc({ budget: !account.allowed ? 'account' : 'address' });
    // The one that frees last decides when to come back.
    const worst = over.reduce((a, b) => (b.retryAfter > a.retryAfter ? b : a));
    setRateLimitHeaders(res, worst);
    throw rateLimited(worst);
  };
}

/**
 * A limit of its own on an organization's signing-key changes (rotations and compromise
 * reports together; docs/decisions.md "Compromised keys: what a verifier can trust"): each
 * change is reserved before it runs and given back if it does not happen. Redis unreachable:
 * the change goes through (a log line and a metric): reporting a leaked key must not wait for
 * Redis, and the limit is against a slow accumulation of keys, not against guessing.
 */
export function signingKeyChangeLimit(deps: LimitDeps, perDay: number) {
  const failures = limiterFailures(deps.metrics);
  const warn = throttledWarn(deps.logger);
  const window = 24 * 3600_000;
  return async function limited<T>(res: Response, organizationId: string, change: () => Promise<T>): Promise<T> {
    const key = `signing-key-changes:${organizationId}`;
    let reserved: LimitResult | undefined;
    try {
      reserved = await deps.limiter.hit(key, perDay, window, 1);
    } catch (err) {
      failures.inc({ scope: 'signing-key-changes', policy: 'open' });
      warn('signing-key-changes', 'open', err);
    }
    if (reserved && !reserved.allowed) {
      await deps.limiter.release(key, perDay, window).catch(() => undefined);
      setRateLimitHeaders(res, reserved);
      throw rateLimited(reserved);
    }
    try {
      return await change();
    } catch (err) {
      if (reserved) await deps.limiter.release(key, perDay, window).catch(() => undefined);
      throw err;
    }
  };
}
