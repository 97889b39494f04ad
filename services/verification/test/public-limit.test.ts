// docs/contract.md "Limits": 100 requests per minute per IP, all requests. The public surfaces are served
// by verification replicas directly (ADR 0009), so verification counts them itself, in the same
// Redis keys as the gateway (one budget per client across every replica of both), with the same
// headers and 429 body. Redis away: each replica counts alone (fail open), never a 5xx.
import { Redis } from 'ioredis';
import t from 'tap';
import { RateLimiter, systemClock } from '@cred/runtime';
import { startVerification, type HttpResult } from './fixtures/harness.js';

const LIMIT = 5;
const h = await startVerification(t, { RATE_LIMIT_IP_PER_MINUTE: String(LIMIT), TRUST_PROXY: '1' });
const second = await h.startReplica();
// What the ingress appends: the address it saw, after anything the client wrote.
const from = (client: string, forged = '198.51.100.1') => ({ 'x-forwarded-for': `${forged}, ${client}` });
const path = '/api/verify/CRD-0000000000ZZ';

function headersOf(r: HttpResult) {
  return {
    limit: Number(r.headers['x-ratelimit-limit']),
    remaining: Number(r.headers['x-ratelimit-remaining']),
    reset: Number(r.headers['x-ratelimit-reset']),
  };
}

t.test('one budget per client across two replicas, with the headers and the 429 shape', async (t) => {
  const results: HttpResult[] = [];
  for (let i = 0; i < LIMIT + 3; i++) {
    const headers = from('203.0.113.10', `198.51.100.${i + 1}`);
    results.push(i % 2 === 0 ? await h.get(path, headers) : await second.get(path, headers));
  }
  const statuses = results.map((r) => r.status);
  t.same(
    statuses,
    [...Array<number>(LIMIT).fill(404), 429, 429, 429],
    'the unknown id is 404 five times (404s count too), then 429 from either replica, whatever the client forged',
  );
  t.same(
    results.slice(0, LIMIT).map((r) => headersOf(r).remaining),
    [4, 3, 2, 1, 0],
    'remaining counts down across both replicas',
  );
  const now = Math.floor(Date.now() / 1000);
  for (const r of results) {
    const hd = headersOf(r);
    t.equal(hd.limit, LIMIT);
    t.ok(hd.reset >= now - 1 && hd.reset <= now + 61, 'X-RateLimit-Reset is epoch seconds within the minute');
  }
  const refused = results[LIMIT]!;
  t.equal(refused.body.error, 'RATE_LIMITED');
  t.match(refused.body.message, /Rate limit of 5 requests exceeded/);
  t.same(Object.keys(refused.body.details).sort(), ['limit', 'resetAt']);
  t.ok(Number(refused.headers['retry-after']) >= 1, 'Retry-After in seconds');
  t.equal(refused.headers['cache-control'], 'no-store');

  const other = await second.get(path, from('203.0.113.11'));
  t.equal(other.status, 404, 'another client has its own budget');
  t.equal(headersOf(other).remaining, LIMIT - 1);
});

t.test("the gateway's per-IP counter and verification's are one (same key, same script)", async (t) => {
  const redis = new Redis(h.iso.redisUrl, { keyPrefix: h.iso.redisKeyPrefix });
  t.teardown(() => redis.disconnect());
  const gatewayLimiter = new RateLimiter(redis, systemClock);
  // Three API calls of 203.0.113.20, counted by the gateway (ipRateLimit's key).
  for (let i = 0; i < 3; i++) await gatewayLimiter.hit('ip:203.0.113.20', LIMIT, 60_000);
  const statuses: number[] = [];
  for (let i = 0; i < 3; i++) statuses.push((await h.get(path, from('203.0.113.20'))).status);
  t.same(statuses, [404, 404, 429], 'two public requests were left in the budget');
});

t.test('Redis unreachable: the replica answers, counting the client on its own', async (t) => {
  const isolated = await h.startReplica({ REDIS_URL: 'redis://127.0.0.1:1' });
  const statuses: number[] = [];
  let withHeaders = 0;
  for (let i = 0; i < LIMIT + 2; i++) {
    const r = await isolated.get(path, from('203.0.113.30'));
    statuses.push(r.status);
    if (r.headers['x-ratelimit-limit'] === String(LIMIT)) withHeaders++;
  }
  t.same(statuses, [...Array<number>(LIMIT).fill(404), 429, 429], 'fails open to a per-process limit of the same size');
  t.equal(withHeaders, LIMIT + 2, 'headers on every answer');
  const ok = await isolated.get('/issuers/nobody/did.json', from('203.0.113.31'));
  t.not(ok.status, 503, 'no 5xx for the outage');
});
