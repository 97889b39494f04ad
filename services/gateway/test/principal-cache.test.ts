// The API-key check's copies of lookups (src/auth/principal-cache.ts, docs/decisions.md "Principal
// cache"), against the real Redis: one Redis call per request that counts the key's limit and reads
// the epoch; a change made through a gateway counts on the next request on every replica; one made
// elsewhere within PRINCIPAL_TTL_MS of the lookup; requests arriving together share one lookup;
// with Redis away nothing is kept. Accounts is a counting stand-in, so lookups can be counted and
// the organization changed without a gateway's epoch.
import t, { type Test } from 'tap';
import type { Request, Response } from 'express';
import { Redis } from 'ioredis';
import { AppError, createLogger, LocalLimiter, RateLimiter, Registry, systemClock } from '@cred/runtime';
import { TEST_REDIS_URL, uniqueName, waitFor } from '@cred/testing';
import { apiKeyHash } from '../src/auth/api-key-format.js';
import { invalidatePrincipals, PRINCIPAL_TTL_MS, PrincipalCache } from '../src/auth/principal-cache.js';
import { apiKeyAuth, type ApiKeyPrincipal } from '../src/http/api-key-auth.js';
import type { Upstreams } from '../src/upstream/clients.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A well-formed key (`cred_live_` + 43 base62 + the 6-character CRC32 checksum), as accounts issues them. */
async function wellFormed(body: string): Promise<string> {
  const { crc32 } = await import('node:zlib');
  let v = crc32(Buffer.from(body, 'utf8'));
  let sum = '';
  for (let i = 0; i < 6; i++) {
    sum = BASE62[v % 62]! + sum;
    v = Math.floor(v / 62);
  }
  return body + sum;
}

const logger = createLogger({ service: 'principal-cache-test', level: 'silent' });

interface World {
  status: string;
  plan: string;
  revoked: boolean;
  limit: number;
}

/** A gateway replica's API-key check on its own Redis connection, against the shared accounts stand-in. */
function replica(redisUrl: string, prefix: string, accounts: Upstreams['accounts'], now: () => number, options: { down?: boolean } = {}) {
  const redis = options.down
    ? new Redis({ host: '127.0.0.1', port: 1, lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null })
    : new Redis(redisUrl, { keyPrefix: prefix, enableAutoPipelining: true });
  const metrics = new Registry();
  const cache = new PrincipalCache(redis, logger, metrics, now);
  const handler = apiKeyAuth({
    upstreams: { accounts } as Upstreams,
    cache,
    limiter: new RateLimiter(redis, systemClock),
    local: new LocalLimiter(systemClock),
    redis,
    logger,
    metrics,
  });
  /** One request with the key: the principal, or the AppError it was refused with. */
  const call = async (key: string): Promise<{ principal?: ApiKeyPrincipal; error?: AppError; limit?: string }> => {
    const headers: Record<string, string> = {};
    const req = { get: (name: string) => (name.toLowerCase() === 'authorization' ? `Bearer ${key}` : undefined) } as unknown as Request;
    const res = { locals: { requestId: 'test-request' }, setHeader: (n: string, v: string) => (headers[n.toLowerCase()] = v) } as unknown as Response;
    let passed = false;
    try {
      await handler(req, res, () => (passed = true));
    } catch (err) {
      if (err instanceof AppError) return { error: err, limit: headers['x-ratelimit-limit'] };
      throw err;
    }
    if (!passed) throw new Error('neither passed nor refused');
    return { principal: res.locals.principal as ApiKeyPrincipal, limit: headers['x-ratelimit-limit'] };
  };
  return { redis, cache, call };
}

t.test('copies of API-key lookups: one lookup per key per second, changes through a gateway at once', async (t) => {
  const key = await wellFormed('cred_live_' + 'k'.repeat(43));
  const world: World = { status: 'approved', plan: 'professional', revoked: false, limit: 1000 };
  let lookups = 0;
  let touches = 0;
  const accounts = {
    ResolveApiKey: async (req: { key_hash: string }) => {
      lookups++;
      if (req.key_hash !== apiKeyHash(key)) throw AppError.notFound('API key not found');
      // Answered a little later, so that requests arriving together find the lookup in flight (the
      // scenario: a slow lookup).
      await new Promise((r) => setTimeout(r, 20));
      return {
        api_key: { id: '11111111-1111-4111-8111-111111111111', organization_id: 'org-1', rate_limit_per_minute: world.limit, revoked_at: world.revoked ? 'now' : '' },
        organization: { id: 'org-1', slug: 'org', status: world.status, plan: world.plan, signing_keys_generated: true },
      };
    },
    TouchApiKey: async () => {
      touches++;
      return {};
    },
  } as unknown as Upstreams['accounts'];
  const prefix = `${uniqueName('pc')}:`;
  let clock = 0;
  const now = () => clock;
  const a = replica(TEST_REDIS_URL, prefix, accounts, now);
  const b = replica(TEST_REDIS_URL, prefix, accounts, now);
  t.teardown(async () => {
    const keys = await a.redis.keys(`${prefix}*`);
    if (keys.length > 0) await a.redis.del(...keys.map((k) => k.slice(prefix.length)));
    a.redis.disconnect();
    b.redis.disconnect();
  });

  // Twenty requests arriving together at a replica that has no copy: one lookup.
  const first = await Promise.all(Array.from({ length: 20 }, () => a.call(key)));
  t.ok(first.every((r) => r.principal?.organizationId === 'org-1'), 'all admitted');
  t.equal(lookups, 1, 'one lookup for twenty requests');
  t.ok(first.every((r) => r.limit === '1000'), "the key's limit on every answer");

  // Within the second: no lookup; each request is one Redis command (the script counting the hit
  // and reading the epoch), counted on this replica's connection once the first requests' commands
  // (the once-a-minute lastUsedAt gate, sent on a later tick) are out: the gate's SET NX was
  // answered once the key's use is recorded upstream.
  await waitFor('the lastUsedAt gate answered', () => touches === 1, 5_000, 5);
  const sent: string[] = [];
  const send = a.redis.sendCommand.bind(a.redis);
  a.redis.sendCommand = ((command: { name: string }, ...rest: unknown[]) => {
    sent.push(command.name);
    return (send as (...args: unknown[]) => unknown)(command, ...rest);
  }) as typeof a.redis.sendCommand;
  for (let i = 0; i < 10; i++) t.ok((await a.call(key)).principal, `request ${i} admitted`);
  a.redis.sendCommand = send;
  t.equal(lookups, 1, 'no lookup within the second');
  t.same(sent, Array.from({ length: 10 }, () => 'evalsha'), 'one Redis command per request');

  // A change made elsewhere (no epoch): seen once the copy is PRINCIPAL_TTL_MS old, not before.
  world.plan = 'free';
  clock = PRINCIPAL_TTL_MS - 1;
  t.ok((await a.call(key)).principal, 'the copy is used up to its last millisecond');
  clock = PRINCIPAL_TTL_MS;
  const stale = await a.call(key);
  t.equal(stale.error?.code, 'FORBIDDEN', 'a second after the lookup the plan change counts');
  t.equal(lookups, 2, 'one more lookup');
  // Requests arriving together with an expired copy share one lookup too.
  world.plan = 'professional';
  clock += PRINCIPAL_TTL_MS;
  const burst = await Promise.all(Array.from({ length: 20 }, () => a.call(key)));
  t.ok(burst.every((r) => r.principal), 'the plan is back: all admitted');
  t.equal(lookups, 3, 'one lookup for the burst after the expiry');

  // Changes made through a gateway (the epoch): the next request on every replica, whatever the copy's age.
  t.ok((await b.call(key)).principal, 'replica b has its copy');
  const lookupsBefore = lookups;
  world.status = 'suspended';
  await invalidatePrincipals(a.cache, logger);
  t.equal((await b.call(key)).error?.code, 'FORBIDDEN', 'suspension: 403 on the other replica at once');
  t.equal((await a.call(key)).error?.code, 'FORBIDDEN', 'and on this one');
  t.equal(lookups, lookupsBefore + 2, 'one lookup per replica after the change');
  world.status = 'approved';
  await invalidatePrincipals(b.cache, logger);
  t.ok((await a.call(key)).principal, 'reinstated: admitted at once');
  world.limit = 5;
  await invalidatePrincipals(b.cache, logger);
  t.equal((await a.call(key)).limit, '5', 'a changed limit applies at once');
  world.revoked = true;
  await invalidatePrincipals(b.cache, logger);
  const revoked = await a.call(key);
  t.equal(revoked.error?.code, 'UNAUTHORIZED', 'revoked: 401 at once');
  const afterRevoked = lookups;
  t.equal((await a.call(key)).error?.code, 'UNAUTHORIZED', 'and stays refused');
  t.equal(lookups, afterRevoked, 'revocation is final: the copy answers');

  // An unknown key is never kept: each request asks.
  const unknown = await wellFormed('cred_live_' + 'u'.repeat(43));
  t.equal((await a.call(unknown)).error?.code, 'UNAUTHORIZED');
  t.equal((await a.call(unknown)).error?.code, 'UNAUTHORIZED');
  t.equal(lookups, afterRevoked + 2, 'an unknown key is looked up on every request');
});

/**
 * A replica on a clock the test moves, whose accounts lookups answer only when the test opens
 * their gate (`release`), with the plan as it is then; its Redis keys go at the end.
 */
function gatedReplica(t: Test, orgNumber: number, plan: () => string) {
  const gates: Array<() => void> = [];
  const accounts = {
    ResolveApiKey: () =>
      new Promise<unknown>((resolve) =>
        gates.push(() =>
          resolve({
            api_key: { id: `${orgNumber}`.repeat(8) + '-4444-4444-8444-444444444444', organization_id: `org-${orgNumber}`, rate_limit_per_minute: 1000, revoked_at: '' },
            organization: { id: `org-${orgNumber}`, slug: `org${orgNumber}`, status: 'approved', plan: plan(), signing_keys_generated: true },
          }),
        ),
      ),
    TouchApiKey: async () => ({}),
  } as unknown as Upstreams['accounts'];
  const prefix = `${uniqueName('pcg')}:`;
  const clock = { now: 0 };
  const a = replica(TEST_REDIS_URL, prefix, accounts, () => clock.now);
  t.teardown(async () => {
    const keys = await a.redis.keys(`${prefix}*`);
    if (keys.length > 0) await a.redis.del(...keys.map((k) => k.slice(prefix.length)));
    a.redis.disconnect();
  });
  /** Resolves once a lookup waits at its gate. */
  const lookupStarted = async () => {
    while (gates.length === 0) await new Promise((r) => setImmediate(r));
  };
  /** Opens the oldest lookup's gate, once there is one. */
  const release = async () => {
    await lookupStarted();
    gates.shift()!();
  };
  return { a, gates, clock, lookupStarted, release };
}

t.test('a copy in its last fifth is renewed in the background: the request does not wait', async (t) => {
  const key = await wellFormed('cred_live_' + 'r'.repeat(43));
  let plan = 'professional';
  const { a, gates, clock, release } = gatedReplica(t, 3, () => plan);
  const pending = a.call(key);
  await release();
  t.ok((await pending).principal, 'the first request waits for the lookup');

  clock.now = PRINCIPAL_TTL_MS * 0.5;
  t.ok((await a.call(key)).principal, 'mid-life: the copy, no lookup');
  t.equal(gates.length, 0);

  clock.now = PRINCIPAL_TTL_MS * 0.9;
  plan = 'free';
  const near = await a.call(key); // answered although the renewal has not
  t.equal(near.principal?.organization.plan, 'professional', 'answered from the copy');
  t.equal(gates.length, 1, 'one renewal started');
  t.ok((await a.call(key)).principal, 'the next request too');
  t.equal(gates.length, 1, 'the renewal is shared');
  gates.shift()!();
  // The renewal is kept once its lookup is no longer in flight (the cache drops it after keeping the copy).
  await waitFor('the renewal kept', () => a.cache['lookups'].size === 0, 5_000, 5);

  // The renewed copy (made at 0.9 s) holds the new plan and lasts to 1.9 s.
  clock.now = PRINCIPAL_TTL_MS * 1.2;
  t.equal((await a.call(key)).error?.code, 'FORBIDDEN', 'the renewed copy carries the change');
  t.equal(gates.length, 0, 'no lookup for it');
});

t.test("a copy's age counts from its lookup's start: a slow lookup does not make it last longer", async (t) => {
  const key = await wellFormed('cred_live_' + 's'.repeat(43));
  const { a, clock, lookupStarted, release } = gatedReplica(t, 4, () => 'professional');
  const pending = a.call(key);
  await lookupStarted(); // at 0
  clock.now = PRINCIPAL_TTL_MS * 0.6; // the lookup answers 0.6 s after it started
  await release();
  t.ok((await pending).principal, 'the first request waits for the lookup');
  t.equal(a.cache.copy(apiKeyHash(key))?.fresh, true, 'fresh just after');
  clock.now = PRINCIPAL_TTL_MS;
  t.equal(a.cache.copy(apiKeyHash(key))?.fresh, false, 'stale one TTL after the lookup started, not after it answered');
});

t.test('Redis unreachable: nothing is kept, every request looks up', async (t) => {
  const key = await wellFormed('cred_live_' + 'k'.repeat(43));
  let lookups = 0;
  const accounts = {
    ResolveApiKey: async () => {
      lookups++;
      return {
        api_key: { id: '22222222-2222-4222-8222-222222222222', organization_id: 'org-2', rate_limit_per_minute: 3, revoked_at: '' },
        organization: { id: 'org-2', slug: 'org2', status: 'approved', plan: 'enterprise', signing_keys_generated: true },
      };
    },
    TouchApiKey: async () => ({}),
  } as unknown as Upstreams['accounts'];
  const down = replica(TEST_REDIS_URL, 'unused:', accounts, () => 0, { down: true });
  t.teardown(() => down.redis.disconnect());
  const answers = [];
  for (let i = 0; i < 4; i++) answers.push(await down.call(key));
  t.equal(lookups, 4, 'one lookup per request');
  t.same(
    answers.map((r) => (r.principal ? 'ok' : r.error?.code)),
    ['ok', 'ok', 'ok', 'RATE_LIMITED'],
    "the key's limit is kept by this replica (3 a minute)",
  );
});
