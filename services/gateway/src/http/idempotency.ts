import { createHash, randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Redis } from 'ioredis';
import { AppError, Counter, type Clock, type Logger, type Registry } from '@cred/runtime';
import { scopeOf } from './org-scope.js';

/**
 * `Idempotency-Key` on a POST route (draft-ietf-httpapi-idempotency-key-header; the full
 * policy is in docs/decisions.md, "Idempotency-Key"). The rule is that the service owning the
 * effect keeps the record in the effect's transaction (ADR 0013): the issue, badge creation, image
 * upload and signing-key rotation (issuance), invitations (accounts) and webhook registration,
 * replay and ping (notification) do, and their routes use `forwardIdempotency` below. The routes
 * whose owner keeps none yet use `idempotency`, the Redis record described here:
 *
 * - The header is optional. Its value is 1-255 printable ASCII characters (0x20-0x7E), sent bare
 *   (`Idempotency-Key: abc`) or as the draft's structured-field string (`Idempotency-Key: "abc"`,
 *   the same key). Anything else, or the header twice: 400 VALIDATION_ERROR, field
 *   `Idempotency-Key`.
 * - Keys are scoped to (organization, API key, route), or on a member route to (organization,
 *   member, route): one client can never see, replay or block another's response.
 * - The first request claims the key atomically in Redis (an in-flight lock with a short TTL,
 *   refreshed while the handler runs, so a crashed process cannot leave the key stuck). A 2xx
 *   response is stored (status, Location, body) for 24 hours and replayed byte for byte with
 *   `Idempotent-Replayed: true`. Any other response releases the key: this route has no side
 *   effect when it fails, so the client may retry (or correct the body) with the same key.
 * - The same key with another body (SHA-256 of the canonical JSON, keys sorted): 422
 *   UNPROCESSABLE. The same key while the first request still runs: 409 CONFLICT with
 *   Retry-After: 1.
 * - Redis unavailable: 503 UNAVAILABLE (fail closed): a client that sends a key relies on it,
 *   and issuing without the guarantee could duplicate on its retry.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const IDEMPOTENCY_METRIC = 'gateway_idempotency_requests_total';

export interface IdempotencyDeps {
  /** The gateway's Redis (its key prefix, REDIS_KEY_PREFIX, is applied by the client). */
  redis: Redis;
  /** Decides when a stored response has expired (docs/contract.md "Time"). */
  clock: Clock;
  logger?: Logger;
  metrics?: Registry;
  /** How long a completed response is kept and replayed. Default 24 hours. */
  retentionMs?: number;
  /** TTL of the in-flight lock, refreshed every third of it while the request runs. Default 60 s. */
  lockTtlMs?: number;
  /** Refreshing stops after this long even if the handler never answers. Default 2 minutes. */
  maxInFlightMs?: number;
}

interface InFlightRecord {
  state: 'in_flight';
  owner: string;
  fingerprint: string;
  startedAt: number;
}

interface DoneRecord {
  state: 'done';
  fingerprint: string;
  status: number;
  location?: string;
  body: string;
  createdAt: number;
  expiresAt: number;
}

type IdempotencyRecord = InFlightRecord | DoneRecord;

// Returns the current record when it still binds the key (in flight, or done and not expired by
// the application clock); otherwise claims the key with the given in-flight record and returns nil.
const CLAIM = `
local cur = redis.call('GET', KEYS[1])
if cur then
  local ok, rec = pcall(cjson.decode, cur)
  if ok and type(rec) == 'table' then
    if rec.state == 'in_flight' then return cur end
    if rec.state == 'done' and tonumber(rec.expiresAt) and tonumber(rec.expiresAt) > tonumber(ARGV[1]) then return cur end
  end
end
redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[2])
return false
`;

// ARGV[1] owner; ARGV[2] 'complete' | 'release' | 'refresh'; ARGV[3] TTL ms; ARGV[4] final record.
// Only the owner of the in-flight lock may change it. A completion whose lock has expired and
// that nobody else has claimed is still stored: the effect happened, a retry must replay it.
const SETTLE = `
local cur = redis.call('GET', KEYS[1])
if not cur then
  if ARGV[2] == 'complete' then
    redis.call('SET', KEYS[1], ARGV[4], 'PX', ARGV[3])
    return 1
  end
  return 0
end
local ok, rec = pcall(cjson.decode, cur)
if not ok or type(rec) ~= 'table' or rec.state ~= 'in_flight' or rec.owner ~= ARGV[1] then return 0 end
if ARGV[2] == 'complete' then
  redis.call('SET', KEYS[1], ARGV[4], 'PX', ARGV[3])
elseif ARGV[2] == 'release' then
  redis.call('DEL', KEYS[1])
else
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return 1
`;

type IdempotencyRedis = Redis & {
  idempotencyClaim(key: string, nowMs: number, lockTtlMs: number, record: string): Promise<string | null>;
  idempotencySettle(key: string, owner: string, action: 'complete' | 'release' | 'refresh', ttlMs: number, record: string): Promise<number>;
};

const KEY_CHARS = /^[\x20-\x7e]+$/;
const SF_STRING = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/;
const MAX_KEY_LENGTH = 255;

/**
 * The key of an `Idempotency-Key` value: bare, or an RFC 8941 sf-string (quotes removed,
 * `\"` and `\\` unescaped). Throws 400 VALIDATION_ERROR for anything else.
 */
export function parseIdempotencyKey(value: string): string {
  const invalid = () =>
    AppError.validation(
      IDEMPOTENCY_HEADER,
      `${IDEMPOTENCY_HEADER} must be 1-${MAX_KEY_LENGTH} printable ASCII characters, bare or as a quoted string`,
    );
  let key: string;
  if (value.startsWith('"')) {
    const m = SF_STRING.exec(value);
    if (!m) throw invalid();
    key = (m[1] ?? '').replace(/\\(["\\])/g, '$1');
  } else {
    if (!KEY_CHARS.test(value)) throw invalid();
    key = value;
  }
  if (key.length < 1 || key.length > MAX_KEY_LENGTH || !KEY_CHARS.test(key)) throw invalid();
  return key;
}

/** JSON with object keys sorted at every level, so key order and whitespace do not matter. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const obj = value as Record<string, unknown>;
    const parts = Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The client's key of a request as an opaque, scoped id for an upstream that stores it with
 * what it creates: `<principal>:<route>:<SHA-256 of the key>`. Undefined without the header.
 */
export function scopedIdempotencyKey(req: Request, principal: string, scope: string): string | undefined {
  const raw = headerValue(req);
  if (raw === undefined) return undefined;
  const key = parseIdempotencyKey(raw);
  return `${principal}:${scope}:${createHash('sha256').update(key).digest('base64url')}`;
}

/** The key and fingerprint a request passes to the service that owns the effect (proto: IdempotencyKey). */
export interface ForwardedIdempotency {
  key: string;
  fingerprint: string;
}

/**
 * The middleware for a route whose owning service keeps the record itself, in the effect's
 * transaction (@cred/idempotency; docs/decisions.md "Idempotency-Key"). The gateway validates
 * the header, scopes the key (organization by the call, API key or member, route) and
 * fingerprints the body (or what `options.fingerprint` says makes two requests the same, as for
 * a multipart upload); `forwardedIdempotency(res)` hands both to the handler for its call.
 * The service answers the stored answer with its replayed flag (the handler sets
 * `Idempotent-Replayed`), 422 for another body, 409 while the key is in flight; on that 409
 * this middleware adds Retry-After: 1. Nothing is kept here, so Redis plays no part.
 */
export function forwardIdempotency(scope: string, options: IdempotencyRouteOptions = {}): RequestHandler {
  return (req, res, next) => {
    const raw = headerValue(req);
    if (raw === undefined) {
      next();
      return;
    }
    const keyHash = createHash('sha256').update(parseIdempotencyKey(raw)).digest('base64url');
    const forwarded: ForwardedIdempotency = {
      key: `${scopeOf(res).idempotencyPrincipal}:${scope}:${keyHash}`,
      fingerprint: options.fingerprint ? options.fingerprint(req, res) : requestFingerprint(req.body),
    };
    res.locals.idempotency = forwarded;
    const originalJson = res.json.bind(res);
    res.json = ((body: unknown) => {
      const details = (body as { details?: { field?: unknown } } | undefined)?.details;
      if (res.statusCode === 409 && details?.field === IDEMPOTENCY_HEADER) res.set('Retry-After', '1');
      return originalJson(body);
    }) as Response['json'];
    next();
  };
}

/** The key and fingerprint `forwardIdempotency` took from this request; undefined without the header. */
export function forwardedIdempotency(res: Response): ForwardedIdempotency | undefined {
  return res.locals.idempotency as ForwardedIdempotency | undefined;
}

/** The request fingerprint: SHA-256 of the parsed body in canonical form. */
export function requestFingerprint(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('base64url');
}

/** The raw `Idempotency-Key` header, undefined when absent; 400 when sent more than once. */
export function headerValue(req: Request): string | undefined {
  let count = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]?.toLowerCase() === 'idempotency-key') count++;
  }
  if (count === 0) return undefined;
  if (count > 1) throw AppError.validation(IDEMPOTENCY_HEADER, `Send one ${IDEMPOTENCY_HEADER} header, not ${count}`);
  return req.get(IDEMPOTENCY_HEADER) ?? '';
}

function parseRecord(text: string): IdempotencyRecord {
  return JSON.parse(text) as IdempotencyRecord;
}

function unavailable(cause: unknown): AppError {
  return new AppError('UNAVAILABLE', 'Idempotency keys cannot be checked right now; retry later', {}, { cause });
}

export interface IdempotencyRouteOptions {
  /**
   * What makes two requests the same request. Default: the parsed JSON body in canonical form.
   * A route whose body is not JSON (a multipart upload) reads it first and fingerprints that.
   */
  fingerprint?: (req: Request, res: Response) => string;
}

/**
 * The middleware for one route. `scope` names the route in the Redis key (`credentials.issue`),
 * so one key used on two routes never collides. Whose key it is comes from the request's
 * organization scope (./org-scope.ts): the API key, or the signed-in member within the
 * organization; keys of one owner never reach another.
 */
export function idempotency(deps: IdempotencyDeps, scope: string, options: IdempotencyRouteOptions = {}): RequestHandler {
  if (!('idempotencyClaim' in deps.redis)) {
    deps.redis.defineCommand('idempotencyClaim', { numberOfKeys: 1, lua: CLAIM });
    deps.redis.defineCommand('idempotencySettle', { numberOfKeys: 1, lua: SETTLE });
  }
  const redis = deps.redis as IdempotencyRedis;
  const retentionMs = deps.retentionMs ?? 24 * 60 * 60 * 1000;
  const lockTtlMs = deps.lockTtlMs ?? 60_000;
  const maxInFlightMs = deps.maxInFlightMs ?? 120_000;
  // One counter for every route that takes the header (the registry refuses a second one).
  const outcomes = deps.metrics
    ? ((deps.metrics.getSingleMetric(IDEMPOTENCY_METRIC) as Counter<'outcome'> | undefined) ??
      new Counter({
        name: IDEMPOTENCY_METRIC,
        help: 'Requests carrying an Idempotency-Key, by outcome',
        labelNames: ['outcome'],
        registers: [deps.metrics],
      }))
    : undefined;
  const count = (outcome: string) => outcomes?.inc({ outcome });

  const settle = async (
    key: string,
    owner: string,
    action: 'complete' | 'release' | 'refresh',
    ttlMs: number,
    record = '',
  ): Promise<void> => {
    // A blip must not lose a completed response (its retry would issue again): try a few times.
    const attempts = action === 'complete' ? 3 : 1;
    for (let i = 1; ; i++) {
      try {
        await redis.idempotencySettle(key, owner, action, ttlMs, record);
        return;
      } catch (err) {
        if (i >= attempts) throw err;
        await new Promise((r) => setTimeout(r, 50 * i * i));
      }
    }
  };

  return async (req, res, next) => {
    const raw = headerValue(req);
    if (raw === undefined) {
      next();
      return;
    }
    const idempotencyKey = parseIdempotencyKey(raw);
    const { organizationId, idempotencyPrincipal } = scopeOf(res);
    const owner = { organizationId, principal: idempotencyPrincipal };
    const keyHash = createHash('sha256').update(idempotencyKey).digest('base64url');
    const redisKey = `idem:${owner.organizationId}:${owner.principal}:${scope}:${keyHash}`;
    const fingerprint = options.fingerprint ? options.fingerprint(req, res) : requestFingerprint(req.body);
    const lockOwner = randomUUID();
    const startedAt = deps.clock.now().getTime();
    const lock: InFlightRecord = { state: 'in_flight', owner: lockOwner, fingerprint, startedAt };

    let existing: string | null;
    try {
      existing = await redis.idempotencyClaim(redisKey, startedAt, lockTtlMs, JSON.stringify(lock));
    } catch (err) {
      count('unavailable');
      throw unavailable(err);
    }

    if (existing !== null) {
      const rec = parseRecord(existing);
      if (rec.fingerprint !== fingerprint) {
        count('mismatch');
        throw new AppError('UNPROCESSABLE', `This ${IDEMPOTENCY_HEADER} was already used with a different request body`, {
          field: IDEMPOTENCY_HEADER,
        });
      }
      if (rec.state === 'in_flight') {
        count('in_flight');
        res.set('Retry-After', '1');
        throw AppError.conflict(`A request with this ${IDEMPOTENCY_HEADER} is still being processed; retry shortly`, {
          field: IDEMPOTENCY_HEADER,
        });
      }
      count('replayed');
      res.status(rec.status);
      if (rec.location) res.set('Location', rec.location);
      res.set('Content-Type', 'application/json; charset=utf-8');
      res.set(REPLAYED_HEADER, 'true');
      res.send(rec.body);
      return;
    }

    count('claimed');
    captureResponse(res, {
      refresh: () => settle(redisKey, lockOwner, 'refresh', lockTtlMs),
      complete: (status, location, body) => {
        const now = deps.clock.now().getTime();
        const done: DoneRecord = {
          state: 'done',
          fingerprint,
          status,
          body,
          createdAt: now,
          expiresAt: now + retentionMs,
          ...(location ? { location } : {}),
        };
        return settle(redisKey, lockOwner, 'complete', retentionMs, JSON.stringify(done));
      },
      release: () => settle(redisKey, lockOwner, 'release', lockTtlMs),
      onError: (what, err) => {
        count(`${what}_failed`);
        deps.logger?.error({ err, requestId: res.locals.requestId, scope }, `idempotency record ${what} failed`);
      },
      lockTtlMs,
      maxInFlightMs,
    });
    next();
  };
}

interface Capture {
  refresh(): Promise<void>;
  complete(status: number, location: string | undefined, body: string): Promise<void>;
  release(): Promise<void>;
  onError(what: 'refresh' | 'complete' | 'release' | 'respond', err: unknown): void;
  lockTtlMs: number;
  maxInFlightMs: number;
}

/**
 * Watches the handler's answer. `res.json` (the route's and the error handler's only way to
 * answer) is held until the record is written, so a client that retries the moment it has
 * the response finds the final record, not the lock. The lock is refreshed until then, even if
 * the client has gone away: the handler may still issue, and its retry must replay that.
 */
function captureResponse(res: Response, c: Capture): void {
  let settled = false;
  const refresher = setInterval(
    () => {
      c.refresh().catch((err: unknown) => c.onError('refresh', err));
    },
    Math.max(1, Math.floor(c.lockTtlMs / 3)),
  );
  refresher.unref();
  const giveUp = setTimeout(() => clearInterval(refresher), c.maxInFlightMs);
  giveUp.unref();
  const stop = () => {
    settled = true;
    clearInterval(refresher);
    clearTimeout(giveUp);
  };

  const originalJson = res.json.bind(res);
  res.json = ((body: unknown) => {
    if (settled) return originalJson(body);
    stop();
    const status = res.statusCode;
    const stored = status >= 200 && status < 300;
    const work = stored ? c.complete(status, res.get('Location'), JSON.stringify(body)) : c.release();
    void work
      .catch((err: unknown) => c.onError(stored ? 'complete' : 'release', err))
      .then(() => {
        try {
          originalJson(body);
        } catch (err) {
          c.onError('respond', err);
          res.destroy();
        }
      });
    return res;
  }) as Response['json'];

  // Answered some other way (never on this route): nothing to replay, so the key is released.
  res.once('finish', () => {
    if (settled) return;
    stop();
    c.release().catch((err: unknown) => c.onError('release', err));
  });
}
