// The shared rate limiter (@cred/runtime RateLimiter, used by verification's public surfaces and
// the gateway) sends the hits of one event-loop turn to Redis as one script call. Against the real
// Redis: each hit still gets the count it would have had alone, in order; every hit is spent; the
// window starts at a key's first hit and is not extended; a failed call fails each of its hits.
import { Redis } from 'ioredis';
import t from 'tap';
import { RateLimiter, systemClock, type LimitResult } from '@cred/runtime';
import { TEST_REDIS_URL, uniqueName } from '@cred/testing';

const prefix = `${uniqueName('limiter')}:`;
const redis = new Redis(TEST_REDIS_URL, { keyPrefix: prefix });
const plain = new Redis(TEST_REDIS_URL);
t.teardown(async () => {
  const keys = await plain.keys(`${prefix}*`);
  if (keys.length > 0) await plain.del(...keys);
  redis.disconnect();
  plain.disconnect();
});

const limiter = new RateLimiter(redis, systemClock);
/** Every script call the limiter makes for `hit`, with its arguments. */
const calls: Array<Array<string | number>> = [];
const client = redis as unknown as { rateLimitHitMany(...args: Array<string | number>): Promise<number[]> };
const original = client.rateLimitHitMany.bind(client);
client.rateLimitHitMany = (...args) => {
  calls.push(args);
  return original(...args);
};

const remaining = (rs: LimitResult[]) => rs.map((r) => r.remaining);
const allowed = (rs: LimitResult[]) => rs.map((r) => r.allowed);

t.test("one client's concurrent hits: one call, the counts one at a time would give", async (t) => {
  calls.length = 0;
  const rs = await Promise.all(Array.from({ length: 12 }, () => limiter.hit('ip:a', 10, 60_000)));
  t.equal(calls.length, 1, 'twelve hits of one turn, one script call');
  t.same(calls[0], [1, 'rl:ip:a', 60_000, 1, 12], 'one key, counted by twelve');
  t.same(remaining(rs), [9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0]);
  t.same(allowed(rs), [...Array<boolean>(10).fill(true), false, false], 'the eleventh and twelfth are refused');
  t.equal(await plain.get(`${prefix}rl:ip:a`), '12', 'refused hits are spent too, as when each made its own call');
  const ttl = await plain.pttl(`${prefix}rl:ip:a`);
  t.ok(ttl > 55_000 && ttl <= 60_000, 'the window starts at the first hit');
  const now = Date.now() / 1000;
  for (const r of rs) t.ok(r.resetAt >= Math.floor(now) && r.resetAt <= Math.ceil(now + 60), 'reset within the window');
  t.ok(rs[11]!.retryAfter >= 1);

  const next = await limiter.hit('ip:a', 10, 60_000);
  t.equal(calls.length, 2, 'a later turn makes its own call');
  t.equal(next.allowed, false);
  t.equal(await plain.get(`${prefix}rl:ip:a`), '13');
  t.ok((await plain.pttl(`${prefix}rl:ip:a`)) <= ttl, 'a later hit does not extend the window');
});

t.test('several keys, costs and a read in one turn: each hit in the order asked', async (t) => {
  calls.length = 0;
  const [b1, c1, bPeek, b2, c2] = await Promise.all([
    limiter.hit('ip:b', 3, 60_000),
    limiter.hit('ip:c', 5, 60_000, 2),
    limiter.hit('ip:b', 3, 60_000, 0),
    limiter.hit('ip:b', 3, 60_000),
    limiter.hit('ip:c', 5, 60_000, 2),
  ]);
  t.equal(calls.length, 1);
  t.same(calls[0], [2, 'rl:ip:b', 'rl:ip:c', 60_000, 2, 2, 4], 'two keys, each with the sum of its costs');
  t.same([b1, bPeek, b2].map((r) => r!.remaining), [2, 2, 1], 'the read sees the hits asked before it');
  t.equal(bPeek!.allowed, true, 'a read is allowed while the count is under the limit');
  t.same([c1, c2].map((r) => r!.remaining), [3, 1], 'a hit of cost 2 spends 2');

  const onlyRead = await limiter.hit('ip:never-hit', 3, 60_000, 0);
  t.same({ allowed: onlyRead.allowed, remaining: onlyRead.remaining }, { allowed: true, remaining: 3 });
  t.equal(await plain.exists(`${prefix}rl:ip:never-hit`), 0, 'reading a key that does not exist does not create it');
});

t.test('different window lengths in one turn: one call each, each window its own length', async (t) => {
  calls.length = 0;
  await Promise.all([limiter.hit('ip:d', 100, 60_000), limiter.hit('auth:login:d', 3, 900_000), limiter.hit('ip:d', 100, 60_000)]);
  t.equal(calls.length, 2);
  const minute = await plain.pttl(`${prefix}rl:ip:d`);
  const quarter = await plain.pttl(`${prefix}rl:auth:login:d`);
  t.ok(minute > 55_000 && minute <= 60_000, `per-minute key expires within a minute (${minute})`);
  t.ok(quarter > 895_000 && quarter <= 900_000, `15-minute key expires within 15 minutes (${quarter})`);
  t.equal(await plain.get(`${prefix}rl:ip:d`), '2');
});

t.test('a turn with more distinct keys than one call takes: several calls, every hit counted', async (t) => {
  calls.length = 0;
  const keys = Array.from({ length: 1201 }, (_, i) => `ip:many-${i}`);
  const rs = await Promise.all([...keys, 'ip:many-0'].map((k) => limiter.hit(k, 2, 60_000)));
  t.equal(calls.length, 3, '1,201 keys at most 500 per call');
  t.same(
    calls.map((c) => c[0]),
    [500, 500, 201],
  );
  t.ok(
    rs.slice(0, keys.length).every((r) => r.remaining === 1),
    'each key counted once',
  );
  t.equal(rs[keys.length]!.remaining, 0, 'the second hit of the first key, counted after its first');
  t.equal(await plain.get(`${prefix}rl:ip:many-1200`), '1');
});

t.test('hits that read a value (hitReading) go in the same call; each reads what is there', async (t) => {
  calls.length = 0;
  await plain.set(`${prefix}epoch`, '7');
  const [k1, ip, k2, k3, other] = await Promise.all([
    limiter.hitReading('key:g', 60_000, 'epoch'),
    limiter.hit('ip:g', 10, 60_000),
    limiter.hitReading('key:g', 60_000, 'epoch'),
    limiter.hitReading('key:h', 60_000, 'epoch'),
    limiter.hitReading('key:h', 60_000, 'no-such-value'),
  ]);
  t.equal(calls.length, 1, 'five hits, four of them reading, one call');
  t.same(calls[0], [5, 'rl:key:g', 'rl:ip:g', 'rl:key:h', 'epoch', 'no-such-value', 60_000, 3, 2, 1, 2], 'each value read once');
  t.same([k1!.value, k2!.value, k3!.value, other!.value], ['7', '7', '7', null], 'a value that does not exist reads as null');
  t.same(
    [k1!.resultFor(2), k2!.resultFor(2), k2!.resultFor(1), k3!.resultFor(5), other!.resultFor(5)].map((r) => [r.allowed, r.remaining]),
    [
      [true, 1],
      [true, 0],
      [false, 0],
      [true, 4],
      [true, 3],
    ],
    'each hit its own count, in the order asked, under the limit learned after the read',
  );
  t.equal(ip!.remaining, 9);
  t.equal(await plain.get(`${prefix}rl:key:g`), '2');
  t.equal(await plain.get(`${prefix}rl:key:h`), '2');
  const ttl = await plain.pttl(`${prefix}rl:key:h`);
  t.ok(ttl > 55_000 && ttl <= 60_000, 'the window of a key counted by hitReading starts at its first hit');

  await plain.set(`${prefix}epoch`, '8');
  t.equal((await limiter.hitReading('key:g', 60_000, 'epoch')).value, '8', 'a later turn reads the value anew');
});

t.test('Redis unavailable: every hit of the turn fails, for the caller to decide', async (t) => {
  const away = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  t.teardown(() => away.disconnect());
  const unavailable = new RateLimiter(away, systemClock);
  const settled = await Promise.allSettled([
    unavailable.hit('ip:e', 5, 60_000),
    unavailable.hit('ip:f', 5, 60_000),
    unavailable.hitReading('key:e', 60_000, 'epoch'),
  ]);
  t.same(
    settled.map((s) => s.status),
    ['rejected', 'rejected', 'rejected'],
  );
});
