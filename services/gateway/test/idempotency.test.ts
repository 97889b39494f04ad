// @unit
// The gateway's part of Idempotency-Key (src/http/idempotency.ts) on a small express app with the
// gateway's JSON parser and error handler: the header's syntax, the scoped key and fingerprint
// handed to the owning service (forwardIdempotency), Retry-After on the owner's in-flight 409.
// The records themselves are the owning services' (@cred/idempotency): their replay, 422 and 409
// are tested in packages/idempotency/test, each service's tests and test/e2e/idempotency.test.ts.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import t from 'tap';
import { canonicalJson, createLogger } from '@cred/runtime';
import { errorHandler, notFoundHandler } from '../src/http/errors.js';
import {
  forwardedIdempotency,
  forwardIdempotency,
  type ForwardedIdempotency,
  parseIdempotencyKey,
} from '../src/http/idempotency.js';
import { apiKeyScope } from '../src/http/org-scope.js';

const logger = createLogger({ service: 'idempotency-test', level: 'silent' });

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
  return { post, upload, seen, port, answerWith: (fn: typeof answer) => (answer = fn) };
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
  const app = await startForwardingApp(t);
  for (const bad of ['x'.repeat(256), '"unterminated', 'caf\u00e9']) {
    const r = await app.post(bad, JSON.stringify({ name: 'a' }));
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
  t.equal(app.seen.length, 0, 'nothing reached the service');
  const none = await app.post(undefined, JSON.stringify({ name: 'no key' }));
  t.equal(none.status, 201, 'the header is optional');
  t.equal(none.headers.get('idempotent-replayed'), null);
});

