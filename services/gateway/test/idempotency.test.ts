// The Idempotency-Key middleware (src/http/idempotency.ts) against the real Redis, on a small
// express app: the gateway's JSON parser and error handler around a stub handler that counts
// how often it really ran ("issued"). The Redis layer still serves the routes whose owner keeps
// no record yet (none since the badge routes, invitations and webhooks moved); every keyed route
// forwards the key (forwardIdempotency, tested at the end).
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Redis } from 'ioredis';
import t from 'tap';
import { AdjustableClock, createLogger, createMetricsRegistry } from '@cred/runtime';
import { createIsolation } from '@cred/testing';
import { errorHandler, notFoundHandler } from '../src/http/errors.js';
import {
  canonicalJson,
  forwardedIdempotency,
  forwardIdempotency,
  idempotency,
  type ForwardedIdempotency,
  type IdempotencyDeps,
  parseIdempotencyKey,
} from '../src/http/idempotency.js';
import { createRedis } from '../src/redis.js';
import { apiKeyScope } from '../src/http/org-scope.js';

const logger = createLogger({ service: 'idempotency-test', level: 'silent' });
const isolation = await createIsolation('idempotency');
const redis = new Redis(isolation.redisUrl, { keyPrefix: isolation.redisKeyPrefix });
t.teardown(async () => {
  const keys = await redis.keys(`${isolation.redisKeyPrefix}*`);
  if (keys.length) await redis.del(...keys.map((k) => k.slice(isolation.redisKeyPrefix.length)));
  await redis.quit();
  await isolation.cleanup();
});

interface Call {
  status: number;
  text: string;
  body: any;
  headers: Headers;
}

type Gate = { entered: Promise<void>; open(): void };

/** A test app: POST /things issues "thing n" unless the body asks for a failure or a wait. */
async function startApp(t: { teardown(fn: () => unknown): void }, deps: Partial<IdempotencyDeps> & { redis?: Redis } = {}) {
  const clock = (deps.clock as AdjustableClock | undefined) ?? new AdjustableClock();
  let issued = 0;
  const gates = new Map<string, { entered: () => void; wait: Promise<void> }>();
  const app = express();
  app.use((_req, res, next) => {
    res.locals.requestId = 'req-test';
    next();
  });
  app.use(express.json());
  app.use((req, res, next) => {
    const keyId = String(req.headers['x-test-key'] ?? 'key-a');
    res.locals.principal = { kind: 'api_key', keyId, organizationId: 'org-1', organization: { id: 'org-1' } };
    next();
  });
  app.use(apiKeyScope());
  app.post(
    '/things',
    idempotency(
      { redis: deps.redis ?? redis, clock, logger, metrics: createMetricsRegistry('idem-test', false), ...deps },
      'things.create',
    ),
    async (req, res) => {
      const body = req.body as { fail?: string; wait?: string; name?: string };
      if (body.wait) {
        const g = gates.get(body.wait);
        g?.entered();
        await g?.wait;
      }
      if (req.headers['x-test-hang']) return; // never answers, like a process that died mid-request
      if (body.fail === 'throw') throw new Error('boom');
      if (body.fail === 'invalid') {
        res.status(400).json({ error: 'VALIDATION_ERROR', message: 'bad name', details: { field: 'name' } });
        return;
      }
      issued++;
      res
        .status(201)
        .location(`/things/${issued}`)
        .json({ id: issued, name: body.name ?? null, at: Date.now() });
    },
  );
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as AddressInfo).port;
  t.teardown(
    () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  );

  const post = async (key: string | undefined, body: unknown, headers: Record<string, string> = {}): Promise<Call> => {
    const res = await fetch(`http://127.0.0.1:${port}/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }), ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  };
  const gate = (name: string): Gate => {
    let entered!: () => void;
    let open!: () => void;
    const enteredP = new Promise<void>((r) => (entered = r));
    const wait = new Promise<void>((r) => (open = r));
    gates.set(name, { entered, wait });
    return { entered: enteredP, open };
  };
  return { post, gate, clock, port, issued: () => issued };
}

let n = 0;
const freshKey = () => `key-${Date.now().toString(36)}-${++n}`;

t.test('key syntax: bare or sf-string, 1-255 printable ASCII', async (t) => {
  t.equal(parseIdempotencyKey('8e03978e-40d5-43e8-bc93-6894a57f9324'), '8e03978e-40d5-43e8-bc93-6894a57f9324');
  t.equal(
    parseIdempotencyKey('"8e03978e-40d5-43e8-bc93-6894a57f9324"'),
    '8e03978e-40d5-43e8-bc93-6894a57f9324',
    'the draft quotes the key',
  );
  t.equal(parseIdempotencyKey('"a\\"b\\\\c"'), 'a"b\\c', 'sf-string escapes');
  t.equal(parseIdempotencyKey('a b'), 'a b', 'inner spaces are printable');
  t.equal(parseIdempotencyKey('x'.repeat(255)).length, 255);
  for (const bad of ['', '""', '"abc', '"a"b"', '"a\\b"', 'x'.repeat(256), `"${'x'.repeat(256)}"`, 'tab\there', 'caf\u00e9', 'nul\u0000']) {
    t.throws(() => parseIdempotencyKey(bad), { code: 'VALIDATION_ERROR', details: { field: 'Idempotency-Key' } }, JSON.stringify(bad));
  }
  t.equal(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: 'x' } }), '{"a":{"c":"x","d":[1,{"y":2,"z":1}]},"b":1}');
});

t.test('malformed or repeated header: 400 with details.field, nothing runs', async (t) => {
  const app = await startApp(t);
  for (const bad of ['x'.repeat(256), '"unterminated', 'caf\u00e9']) {
    const r = await app.post(bad, { name: 'a' });
    t.equal(r.status, 400, JSON.stringify(bad));
    t.same(r.body, { error: 'VALIDATION_ERROR', message: r.body.message, details: { field: 'Idempotency-Key' } });
  }
  const twice = await new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: app.port,
        path: '/things',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': ['one', 'two'] },
      },
      (res) => {
        let data = '';
        res.on('data', (c: Buffer) => (data += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(data) }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ name: 'a' }));
  });
  t.equal(twice.status, 400, 'two Idempotency-Key headers');
  t.equal(twice.body.details.field, 'Idempotency-Key');
  t.equal(app.issued(), 0);
  const none = await app.post(undefined, { name: 'no key' });
  t.equal(none.status, 201, 'the header is optional');
  t.equal(none.headers.get('idempotent-replayed'), null);
});

t.test('replay: same key and body returns the first response, byte for byte, without running again', async (t) => {
  const app = await startApp(t);
  const key = freshKey();
  const first = await app.post(key, { name: 'ada', tags: ['x'] });
  t.equal(first.status, 201);
  t.equal(first.headers.get('idempotent-replayed'), null, 'the original is not marked');
  const again = await app.post(key, '{ "tags": ["x"],\n "name": "ada" }');
  t.equal(again.status, 201);
  t.equal(again.text, first.text, 'the same bytes (key order and whitespace do not matter)');
  t.equal(again.headers.get('location'), first.headers.get('location'));
  t.match(again.headers.get('content-type'), /^application\/json/);
  t.equal(again.headers.get('idempotent-replayed'), 'true');
  t.equal(
    (await app.post(`"${key}"`, { name: 'ada', tags: ['x'] })).headers.get('idempotent-replayed'),
    'true',
    'the quoted form is the same key',
  );
  t.equal(app.issued(), 1);

  // Stored for 24 hours (Redis TTL), keyed by a hash of the key, never the key itself.
  const keys = await redis.keys(`${isolation.redisKeyPrefix}idem:*`);
  t.ok(keys.length >= 1);
  t.notOk(
    keys.some((k) => k.includes(key)),
    'the raw key is not part of the Redis key',
  );
  const ttls = await Promise.all(keys.map((k) => redis.pttl(k.slice(isolation.redisKeyPrefix.length))));
  t.ok(
    ttls.every((ms) => ms > 24 * 3600_000 - 60_000 && ms <= 24 * 3600_000),
    `TTLs ${ttls.join(',')}`,
  );
});

t.test('same key, another body: 422 UNPROCESSABLE, nothing runs', async (t) => {
  const app = await startApp(t);
  const key = freshKey();
  t.equal((await app.post(key, { name: 'ada' })).status, 201);
  const other = await app.post(key, { name: 'grace' });
  t.equal(other.status, 422);
  t.same(other.body, { error: 'UNPROCESSABLE', message: other.body.message, details: { field: 'Idempotency-Key' } });
  t.match(other.body.message, /different request body/);
  t.equal(app.issued(), 1);
});

t.test('while the first request runs: 409 with Retry-After; 422 for another body; then the replay', async (t) => {
  const app = await startApp(t);
  const key = freshKey();
  const g = app.gate('slow');
  const firstP = app.post(key, { name: 'ada', wait: 'slow' });
  await g.entered;
  const during = await app.post(key, { name: 'ada', wait: 'slow' });
  t.equal(during.status, 409);
  t.same(during.body, { error: 'CONFLICT', message: during.body.message, details: { field: 'Idempotency-Key' } });
  t.equal(during.headers.get('retry-after'), '1');
  t.equal((await app.post(key, { name: 'grace', wait: 'slow' })).status, 422, 'a different body is a mismatch even in flight');
  g.open();
  const first = await firstP;
  t.equal(first.status, 201);
  const after = await app.post(key, { name: 'ada', wait: 'slow' });
  t.equal(after.status, 201);
  t.equal(after.text, first.text);
  t.equal(after.headers.get('idempotent-replayed'), 'true');
  t.equal(app.issued(), 1);
});

t.test('a burst of identical requests runs the handler exactly once', async (t) => {
  const app = await startApp(t);
  const key = freshKey();
  const results = await Promise.all(Array.from({ length: 30 }, () => app.post(key, { name: 'burst' })));
  t.equal(app.issued(), 1, 'one execution');
  const created = results.filter((r) => r.status === 201);
  const conflicts = results.filter((r) => r.status === 409);
  t.equal(created.length + conflicts.length, 30, `only 201 or 409: ${results.map((r) => r.status).join(',')}`);
  t.ok(created.length >= 1);
  t.ok(
    created.every((r) => r.text === created[0]!.text),
    'every 201 is the same response',
  );
  t.equal(created.filter((r) => r.headers.get('idempotent-replayed') === null).length, 1, 'one original, the rest replays');
});

t.test('the client gave up, the handler finished: its retry gets the stored response', async (t) => {
  const app = await startApp(t);
  const key = freshKey();
  const g = app.gate('abandoned');
  const controller = new AbortController();
  const gaveUp = fetch(`http://127.0.0.1:${app.port}/things`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ name: 'ada', wait: 'abandoned' }),
    signal: controller.signal,
  }).catch(() => 'aborted');
  await g.entered;
  controller.abort();
  t.equal(await gaveUp, 'aborted');
  g.open();
  let retry = await app.post(key, { name: 'ada', wait: 'abandoned' });
  for (let i = 0; i < 40 && retry.status === 409; i++) {
    await new Promise((r) => setTimeout(r, 25));
    retry = await app.post(key, { name: 'ada', wait: 'abandoned' });
  }
  t.equal(retry.status, 201);
  t.equal(retry.headers.get('idempotent-replayed'), 'true', 'the response nobody received is replayed');
  t.equal(app.issued(), 1);
});

t.test('keys are scoped per API key', async (t) => {
  const app = await startApp(t);
  const key = freshKey();
  const a = await app.post(key, { name: 'ada' }, { 'x-test-key': 'key-a' });
  const b = await app.post(key, { name: 'ada' }, { 'x-test-key': 'key-b' });
  t.equal(a.status, 201);
  t.equal(b.status, 201);
  t.equal(b.headers.get('idempotent-replayed'), null, "another client's key is not replayed");
  t.not(a.body.id, b.body.id);
  const c = await app.post(key, { name: 'grace' }, { 'x-test-key': 'key-c' });
  t.equal(c.status, 201, 'nor is its body compared');
  t.equal(app.issued(), 3);
});

t.test('failures are not stored: the key stays retryable (also with a corrected body)', async (t) => {
  const app = await startApp(t);
  const key = freshKey();
  const crashed = await app.post(key, { name: 'ada', fail: 'throw' });
  t.equal(crashed.status, 500);
  t.equal(crashed.body.error, 'INTERNAL_ERROR');
  const retried = await app.post(key, { name: 'ada', fail: 'throw' });
  t.equal(retried.status, 500, 'ran again, not replayed, not 409');
  t.equal(retried.headers.get('idempotent-replayed'), null);

  const key2 = freshKey();
  t.equal((await app.post(key2, { name: 'ada', fail: 'invalid' })).status, 400);
  const corrected = await app.post(key2, { name: 'ada' });
  t.equal(corrected.status, 201, 'a 4xx is not stored, so a corrected body is not a mismatch');
  t.equal((await app.post(key2, { name: 'ada' })).headers.get('idempotent-replayed'), 'true');
  t.equal(app.issued(), 1);
});

t.test('stored responses expire after 24 hours (application clock)', async (t) => {
  const clock = new AdjustableClock();
  const app = await startApp(t, { clock });
  const key = freshKey();
  const first = await app.post(key, { name: 'ada' });
  clock.advance(24 * 3600_000 - 60_000);
  const late = await app.post(key, { name: 'ada' });
  t.equal(late.headers.get('idempotent-replayed'), 'true', 'still replayed just before 24 hours');
  clock.advance(60_000);
  const expired = await app.post(key, { name: 'grace' });
  t.equal(expired.status, 201, 'after 24 hours the key is new: no 422 for another body');
  t.equal(expired.headers.get('idempotent-replayed'), null);
  t.not(expired.body.id, first.body.id);
  t.equal((await app.post(key, { name: 'grace' })).headers.get('idempotent-replayed'), 'true', 'and binds the new response');
  t.equal(app.issued(), 2);
});

t.test('a request that never finishes (a crashed process) does not hold the key for ever', async (t) => {
  const app = await startApp(t, { lockTtlMs: 300, maxInFlightMs: 150 });
  const key = freshKey();
  const controller = new AbortController();
  const hung = fetch(`http://127.0.0.1:${app.port}/things`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-test-hang': '1' },
    body: JSON.stringify({ name: 'ada' }),
    signal: controller.signal,
  }).catch(() => undefined);
  await new Promise((r) => setTimeout(r, 100));
  t.equal((await app.post(key, { name: 'ada' })).status, 409, 'in flight');
  const lockTtl = await redis.pttl(`idem:org-1:key-a:things.create:${createHash('sha256').update(key).digest('base64url')}`);
  t.ok(lockTtl > 0 && lockTtl <= 300, `the in-flight lock is short-lived (${lockTtl} ms)`);
  controller.abort();
  await hung;
  // Refreshing stopped at maxInFlightMs; the lock's TTL runs out.
  let status = 409;
  for (let i = 0; i < 40 && status === 409; i++) {
    await new Promise((r) => setTimeout(r, 50));
    status = (await app.post(key, { name: 'ada' })).status;
  }
  t.equal(status, 201, 'retryable once the lock expired');
  t.equal(app.issued(), 1);
});

t.test('Redis unavailable: a keyed request fails closed with 503; unkeyed requests still work', async (t) => {
  const down = createRedis('redis://127.0.0.1:1/0', isolation.redisKeyPrefix, logger);
  t.teardown(() => down.disconnect());
  const app = await startApp(t, { redis: down });
  const r = await app.post(freshKey(), { name: 'ada' });
  t.equal(r.status, 503);
  t.equal(r.body.error, 'UNAVAILABLE');
  t.equal(app.issued(), 0, 'nothing ran without the guarantee');
  t.equal((await app.post(undefined, { name: 'ada' })).status, 201);
});

// forwardIdempotency: the routes whose owning service keeps the record (@cred/idempotency:
// issuance for the issue, badge creation, image upload and signing-key rotation, accounts for
// invitations, notification for webhook registration, replay and ping). The gateway only validates, scopes and fingerprints; the stub owner here
// answers as a service does (its answers, 422 and 409 come from the real module in the service
// tests: packages/idempotency/test, services/issuance/test/idempotency.test.ts,
// services/accounts/test/invitation-idempotency.test.ts,
// services/notification/test/webhook-idempotency.test.ts, test/e2e, and through the gateway
// services/gateway/test/members.test.ts and openapi-v1.test.ts).
async function startForwardingApp(t: { teardown(fn: () => unknown): void }) {
  const seen: Array<ForwardedIdempotency | undefined> = [];
  let answer: (res: express.Response) => void = (res) => res.status(201).json({ ok: true });
  const app = express();
  app.use(express.json());
  app.use((req, res, next) => {
    const keyId = String(req.headers['x-test-key'] ?? 'key-a');
    res.locals.principal = { kind: 'api_key', keyId, organizationId: 'org-1', organization: { id: 'org-1' } };
    next();
  });
  app.use(apiKeyScope());
  app.post('/things', forwardIdempotency('things.create'), (_req, res) => {
    seen.push(forwardedIdempotency(res));
    answer(res);
  });
  // A route whose request is not its JSON body (as the badge image upload's bytes): the route says what the fingerprint is.
  app.post(
    '/uploads/:id',
    forwardIdempotency('things.upload', { fingerprint: (req) => createHash('sha256').update(`${req.params.id}:${String(req.headers['x-upload'])}`).digest('base64url') }),
    (_req, res) => {
      seen.push(forwardedIdempotency(res));
      answer(res);
    },
  );
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as AddressInfo).port;
  t.teardown(() => new Promise<void>((r) => server.close(() => r())));
  const upload = async (id: string, key: string, content: string) =>
    (await fetch(`http://127.0.0.1:${port}/uploads/${id}`, { method: 'POST', headers: { 'idempotency-key': key, 'x-upload': content } })).status;
  const post = async (key: string | undefined, body: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`http://127.0.0.1:${port}/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }), ...headers },
      body,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  };
  return { post, upload, seen, answerWith: (fn: typeof answer) => (answer = fn) };
}

t.test('forwarded keys: scoped to the caller and route, fingerprinted canonically, no Redis involved', async (t) => {
  const app = await startForwardingApp(t);
  const hash = createHash('sha256').update('order-1').digest('base64url');
  t.equal((await app.post('order-1', '{"b":1,"a":2}')).status, 201);
  t.equal((await app.post('"order-1"', '{ "a": 2, "b": 1 }')).status, 201);
  t.equal((await app.post('order-1', '{"a":2,"b":1}', { 'x-test-key': 'key-b' })).status, 201);
  t.equal((await app.post(undefined, '{"a":2,"b":1}')).status, 201);
  const fp = createHash('sha256').update('{"a":2,"b":1}').digest('base64url');
  t.same(app.seen, [
    { key: `key-a:things.create:${hash}`, fingerprint: fp },
    { key: `key-a:things.create:${hash}`, fingerprint: fp },
    { key: `key-b:things.create:${hash}`, fingerprint: fp },
    undefined,
  ]);
  const bad = await app.post('x'.repeat(256), '{}');
  t.equal(bad.status, 400);
  t.equal(bad.body.details.field, 'Idempotency-Key');
  t.equal(app.seen.length, 4, 'a malformed key never reaches the service');
});

t.test("forwarded keys: the owner's 409 for a key in flight gets Retry-After: 1, other 409s do not", async (t) => {
  const app = await startForwardingApp(t);
  app.answerWith((res) => res.status(409).json({ error: 'CONFLICT', message: 'in flight', details: { field: 'Idempotency-Key' } }));
  const inFlight = await app.post('k', '{}');
  t.equal(inFlight.status, 409);
  t.equal(inFlight.headers.get('retry-after'), '1');
  app.answerWith((res) => res.status(409).json({ error: 'CONFLICT', message: 'recipient has one', details: {} }));
  const other = await app.post('k', '{}');
  t.equal(other.status, 409);
  t.equal(other.headers.get('retry-after'), null, "the recipient's conflict is not a retry-later");
});

t.test('forwarded keys: a route may say what makes two requests the same (an upload: its target and bytes)', async (t) => {
  const app = await startForwardingApp(t);
  const hash = createHash('sha256').update('up-1').digest('base64url');
  const fp = (id: string, content: string) => createHash('sha256').update(`${id}:${content}`).digest('base64url');
  t.equal(await app.upload('b1', 'up-1', 'bytes-a'), 201);
  t.equal(await app.upload('b1', 'up-1', 'bytes-b'), 201);
  t.equal(await app.upload('b2', 'up-1', 'bytes-a'), 201);
  t.same(app.seen, [
    { key: `key-a:things.upload:${hash}`, fingerprint: fp('b1', 'bytes-a') },
    { key: `key-a:things.upload:${hash}`, fingerprint: fp('b1', 'bytes-b') },
    { key: `key-a:things.upload:${hash}`, fingerprint: fp('b2', 'bytes-a') },
  ]);
  t.equal(await app.upload('b1', 'x'.repeat(256), 'bytes-a'), 400, 'the header is still checked');
  t.equal(app.seen.length, 3);
});
