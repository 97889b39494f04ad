import type { Request, RequestHandler } from 'express';
import { AppError, Counter, type Logger, type Registry } from '@cred/runtime';
import type { Redis } from 'ioredis';
import { apiKeyHash, isWellFormedApiKey } from '../auth/api-key-format.js';
import { PRINCIPAL_EPOCH_KEY, type CachedApiKey, type PrincipalCache } from '../auth/principal-cache.js';
import type { CountedHit, LocalLimiter, RateLimiter, LimitResult } from '@cred/runtime';
import type { Upstreams } from '../upstream/clients.js';
import { limiterFailures, rateLimited, setRateLimitHeaders } from './rate-limit.js';

export interface ApiKeyPrincipal {
  kind: 'api_key';
  keyId: string;
  organizationId: string;
  organization: CachedApiKey['organization'];
}

export function bearerToken(req: Request): string | undefined {
  const header = req.get('authorization');
  if (!header) return undefined;
  const m = /^Bearer ([\x21-\x7e]{1,4096})$/.exec(header);
  return m?.[1];
}

export interface ApiKeyAuthDeps {
  upstreams: Upstreams;
  cache: PrincipalCache;
  limiter: RateLimiter;
  local: LocalLimiter;
  redis: Redis;
  logger: Logger;
  metrics: Registry;
}

const PLANS_WITH_API = new Set(['professional', 'enterprise']);

/**
 * /api/v1: `Authorization: Bearer <API key>`. 401 for a missing, malformed, unknown or revoked
 * key (no lookup at all for a key failing its checksum); then the key's own per-minute limit;
 * then 403 per docs/contract.md "Authentication and access" (plan without API access, organization not
 * approved, signing keys not generated).
 *
 * One Redis call per request: the key's limit is counted and the principal-cache epoch read in the
 * same script (RateLimiter.hitReading). A copy of the key's lookup this replica made under that
 * epoch (at most a second ago) is used as is, and renewed in the background in its last 200 ms;
 * otherwise the lookup is made again (one accounts call per key per second per replica, shared by
 * the requests that arrive meanwhile). So a change
 * made through any gateway (a revoked key, a suspended organization) counts on the next request on
 * every replica, and one made elsewhere (billing's plan) within a second (auth/principal-cache.ts).
 */
export function apiKeyAuth(deps: ApiKeyAuthDeps): RequestHandler {
  const failures = limiterFailures(deps.metrics);
  const rejected = new Counter({ name: 'gateway_api_key_rejections_total', help: 'API key requests refused', labelNames: ['reason'], registers: [deps.metrics] });
  const touched: TouchedMemo = new Map();
  /** The key's lookup at accounts; an unknown key is 401. */
  const lookup = (hash: string, requestId: string) => async (): Promise<CachedApiKey> => {
    let resolved;
    try {
      resolved = await deps.upstreams.accounts.ResolveApiKey({ key_hash: hash }, { requestId });
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') {
        rejected.inc({ reason: 'unknown' });
        throw AppError.unauthorized('Missing or invalid API key');
      }
      throw err;
    }
    const k = resolved.api_key!;
    const o = resolved.organization!;
    return {
      keyId: k.id,
      organizationId: k.organization_id,
      rateLimitPerMinute: k.rate_limit_per_minute,
      revoked: Boolean(k.revoked_at),
      organization: { id: o.id, slug: o.slug, status: o.status, plan: o.plan, signingKeysGenerated: o.signing_keys_generated },
    };
  };
  const refuseRevoked = (entry: CachedApiKey) => {
    if (!entry.revoked) return;
    rejected.inc({ reason: 'revoked' });
    throw AppError.unauthorized('Missing or invalid API key');
  };
  return async (req, res, next) => {
    const token = bearerToken(req);
    if (!token || !isWellFormedApiKey(token)) {
      rejected.inc({ reason: token ? 'malformed' : 'missing' });
      throw AppError.unauthorized('Missing or invalid API key');
    }
    const hash = apiKeyHash(token);
    const requestId = String(res.locals.requestId ?? '');
    // This replica's copy, checked against the epoch read with the limit below; without one (the
    // key's first request here), the lookup is made now under the epoch read first.
    const copy = deps.cache.copy(hash);
    let entry = copy ? copy.value : await deps.cache.resolve(hash, await deps.cache.epoch(), lookup(hash, requestId));
    // Revocation is final: a copy that says revoked needs no epoch.
    refuseRevoked(entry);

    const limitKey = `key:${entry.keyId}`;
    let counted: CountedHit | undefined;
    try {
      counted = await deps.limiter.hitReading(limitKey, 60_000, PRINCIPAL_EPOCH_KEY);
    } catch (err) {
      failures.inc({ scope: 'api_key', policy: 'local' });
      if (copy) deps.cache.failed(err);
    }
    if (copy) {
      // The copy is good for a second and under the current epoch only; older, under another
      // epoch or an unknown one (Redis away): look up again.
      const epoch = counted ? (counted.value ?? '0') : undefined;
      if (!copy.fresh || epoch !== copy.epoch) {
        // The key's id never changes, so the hit above was counted where it belongs.
        entry = await deps.cache.resolve(hash, epoch, lookup(hash, requestId));
        refuseRevoked(entry);
      } else {
        // Used as is; near the end of its second it is renewed in the background.
        deps.cache.renewSoon(hash, copy.epoch, lookup(hash, requestId));
      }
    }
    const r: LimitResult = counted
      ? counted.resultFor(entry.rateLimitPerMinute)
      : deps.local.hit(limitKey, entry.rateLimitPerMinute, 60_000);
    setRateLimitHeaders(res, r);
    if (!r.allowed) throw rateLimited(r);

    const org = entry.organization;
    if (org.status === 'suspended') throw AppError.forbidden('The organization is suspended');
    if (org.status !== 'approved') throw AppError.forbidden('The organization is not approved yet');
    if (!PLANS_WITH_API.has(org.plan)) throw AppError.forbidden('API access requires the Professional or Enterprise plan', { plan: org.plan });
    if (!org.signingKeysGenerated) throw AppError.forbidden('The organization has no signing keys yet');

    const principal: ApiKeyPrincipal = { kind: 'api_key', keyId: entry.keyId, organizationId: entry.organizationId, organization: org };
    res.locals.principal = principal;
    recordUse(deps, touched, entry.keyId, requestId);
    next();
  };
}

/** Keys this replica knows were touched recently: key id -> until when asking Redis is pointless. */
type TouchedMemo = Map<string, number>;
const TOUCH_WINDOW_MS = 60_000;
/** After losing the SET NX to another replica we do not know its expiry: ask again soon. */
const TOUCH_RECHECK_MS = 5_000;

/**
 * lastUsedAt: one upstream write per key per minute across all replicas (SET NX as the gate).
 * A replica that won the gate (or saw it taken) does not ask Redis again for that key until
 * the window can have ended: one Redis command per key per minute instead of per request.
 */
function recordUse(deps: ApiKeyAuthDeps, memo: TouchedMemo, keyId: string, requestId: string): void {
  const now = Date.now();
  if ((memo.get(keyId) ?? 0) > now) return;
  memo.set(keyId, now + TOUCH_RECHECK_MS);
  if (memo.size > 10_000) for (const [k, until] of memo) if (until <= now) memo.delete(k);
  deps.redis
    .set(`touched:${keyId}`, '1', 'EX', TOUCH_WINDOW_MS / 1000, 'NX')
    .then((ok) => {
      if (ok !== 'OK') return undefined;
      memo.set(keyId, now + TOUCH_WINDOW_MS);
      return deps.upstreams.accounts.TouchApiKey({ organization_id: '', key_id: keyId }, { requestId });
    })
    .catch((err: unknown) => {
      memo.delete(keyId);
      deps.logger.debug({ err: err instanceof Error ? err.message : String(err) }, 'api key use not recorded');
    });
}
