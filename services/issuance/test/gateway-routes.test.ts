// Route-level tests of the gateway's issuance routers (services/gateway/src/http/*-routes.ts),
// mounted on a small express app with stub auth middleware, in front of the real issuance
// service (and accounts, signing, PostgreSQL, RabbitMQ) from the harness.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import t from 'tap';
import { createDb } from '@cred/db';
import { createClient } from '@cred/grpc';
import { loadProtos } from '@cred/proto';
import { createLogger } from '@cred/runtime';
import { badgeRoutes } from '../../gateway/src/http/badge-routes.js';
import { apiKeyScope, memberScope } from '../../gateway/src/http/org-scope.js';
import { errorHandler, notFoundHandler } from '../../gateway/src/http/errors.js';
import { imageRoutes } from '../../gateway/src/http/image-routes.js';
import { issuanceV1Routes } from '../../gateway/src/http/issuance-v1-routes.js';
import { documentedApp } from '../../gateway/src/http/routes-kit.js';
import { BASE_URL, startIssuance } from './fixtures/harness.js';
import { testCaller } from '@cred/testing';

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.from('000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(16),
]);
const BADGE_KEYS = [
  'id',
  'name',
  'slug',
  'description',
  'criteria',
  'imageUrl',
  'expiresInDays',
  'tags',
  'isActive',
  'achievementType',
  'alignments',
  'resultDescriptions',
  'createdAt',
  'publicUrl',
  'achievementUrl',
].sort();
const ISSUE_KEYS = [
  'id',
  'credentialId',
  'verificationUrl',
  'status',
  'issuanceDate',
  'expirationDate',
  'recipientName',
  'recipientEmail',
  'supersedesCredentialId',
].sort();
const ITEM_KEYS = [
  'id',
  'credentialId',
  'badgeId',
  'badgeName',
  'recipientName',
  'recipientEmail',
  'status',
  'issuanceDate',
  'expirationDate',
  'claimedAt',
  'revokedAt',
  'revocationReason',
  'isPublic',
  'verificationUrl',
  'supersedesCredentialId',
  'supersededByCredentialId',
].sort();

t.test('gateway issuance routes (stub auth) -> real issuance service', async (t) => {
  const h = await startIssuance(t);
  const org = await h.createOrg();
  const other = await h.createOrg();
  const issuance = createClient(loadProtos().issuance.IssuanceService, h.issuanceAddress, { deadlineMs: 15000, identity: testCaller() });
  const upstreams = { issuance };
  // The session user is the addressed organization's owner: issuance re-checks the member's role
  // with accounts. (A path that is not an organization id gets a user that is no member.)
  const accountsDb = createDb({ url: h.iso.databaseUrl, schema: 'accounts' });
  t.teardown(() => accountsDb.destroy());
  const ownerOf = async (orgId: string): Promise<string> => {
    if (!/^[0-9a-f-]{36}$/i.test(orgId)) return randomUUID();
    const row = await accountsDb('memberships').where({ organization_id: orgId, role: 'owner' }).first();
    return row ? String(row.user_id) : randomUUID();
  };

  // What app.ts provides around the routers: request ids, JSON bodies, auth, the error shape.
  const app = express();
  app.use((_req, res, next) => {
    res.locals.requestId = 'test-request-0001';
    next();
  });
  app.use('/api', express.json({ limit: 64 * 1024 }));
  const routes = documentedApp(app);
  routes.mount(
    '/api/organizations/{orgId}',
    (req, res, next) => {
      res.locals.orgId = req.params.orgId;
      ownerOf(String(req.params.orgId)).then((userId) => {
        res.locals.userId = userId;
        next();
      }, next);
    },
    memberScope(),
    badgeRoutes(upstreams),
  );
  routes.mount(
    '/api/v1',
    (req, res, next) => {
      const orgId = String(req.headers['x-test-org'] ?? org.id);
      res.locals.principal = { kind: 'api_key', keyId: 'key-1', organizationId: orgId, organization: { id: orgId } };
      next();
    },
    apiKeyScope(),
    issuanceV1Routes(upstreams),
    badgeRoutes(upstreams),
  );
  routes.mount('', imageRoutes(upstreams));
  app.use(notFoundHandler);
  app.use(errorHandler(createLogger({ service: 'gateway-test', level: 'silent' })));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t.teardown(() => {
    issuance.close();
    server.close();
  });

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const res = await fetch(`${base}${path}`, init);
    const buf = Buffer.from(await res.arrayBuffer());
    let json: any;
    try {
      json = JSON.parse(buf.toString('utf8'));
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, body: json, raw: buf };
  };
  const orgPath = `/api/organizations/${org.id}`;

  t.test('session badge routes', async (t) => {
    const created = await call('POST', `${orgPath}/badges`, {
      name: 'Route Badge',
      description: 'D',
      criteria: 'C',
      tags: ['a'],
      expiresInDays: 10,
    });
    t.equal(created.status, 201);
    t.same(Object.keys(created.body).sort(), BADGE_KEYS, 'exactly the SPEC badge fields');
    t.match(created.body, { name: 'Route Badge', slug: 'route-badge', imageUrl: null, expiresInDays: 10, tags: ['a'], isActive: true });
    t.equal(created.body.publicUrl, `${BASE_URL}/o/${org.slug}/badges/route-badge`);
    const id = created.body.id as string;

    const bad = await call('POST', `${orgPath}/badges`, { name: 'X', description: 'D', criteria: 'C', expiresInDays: 'soon' });
    t.equal(bad.status, 400);
    t.same(bad.body, { error: 'VALIDATION_ERROR', message: bad.body.message, details: { field: 'expiresInDays' } });

    t.equal((await call('GET', `${orgPath}/badges/${id}`)).body.id, id);
    t.equal((await call('GET', `/api/organizations/${other.id}/badges/${id}`)).status, 404, "another organization's badge");
    t.equal((await call('GET', `${orgPath}/badges/not-a-uuid`)).status, 404);

    const list = await call('GET', `${orgPath}/badges?limit=1&offset=0&active=true`);
    t.equal(list.status, 200);
    t.same(Object.keys(list.body).sort(), ['data', 'pagination']);
    t.same(list.body.pagination, { limit: 1, offset: 0, total: 1 });
    t.equal((await call('GET', `${orgPath}/badges`)).body.pagination.limit, 50, 'default limit');
    for (const [q, field] of [
      ['limit=101', 'limit'],
      ['limit=0', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1.5', 'limit'],
      ['offset=-1', 'offset'],
      ['active=yes', 'active'],
      ['limit=1&limit=2', 'limit'],
    ] as const) {
      const r = await call('GET', `${orgPath}/badges?${q}`);
      t.equal(r.status, 400, q);
      t.equal(r.body.details.field, field, q);
    }

    const patched = await call('PATCH', `${orgPath}/badges/${id}`, { expiresInDays: null, name: 'Renamed' });
    t.equal(patched.status, 200);
    t.match(patched.body, { name: 'Renamed', expiresInDays: null, slug: 'route-badge' });
    t.equal((await call('PATCH', `${orgPath}/badges/${id}`, { color: 'red' })).body.details.field, 'color');

    // Non-ASCII in an error's details (here the unknown field's name) used to make the gRPC
    // server throw while building the status: the call hung until its deadline (503).
    const started = Date.now();
    const cyrillic = await call('POST', `${orgPath}/badges`, { name: 'X', description: 'd', criteria: 'c', ключ: 1 });
    t.equal(cyrillic.status, 400);
    t.same(cyrillic.body, { error: 'VALIDATION_ERROR', message: cyrillic.body.message, details: { field: 'ключ' } });
    const bidi = await call('PATCH', `${orgPath}/badges/${id}`, { 'a\u202Eb😀': 1 });
    t.equal(bidi.status, 400);
    t.equal(bidi.body.details.field, 'a\u202Eb😀');
    t.ok(Date.now() - started < 10_000, 'answered, not left to the 15 s deadline');

    const doomed = await call('POST', `${orgPath}/badges`, { name: 'Doomed', description: 'D', criteria: 'C' });
    const del = await call('DELETE', `${orgPath}/badges/${doomed.body.id}`);
    t.equal(del.status, 204);
    t.equal(del.raw.length, 0);
    t.equal((await call('DELETE', `${orgPath}/badges/${doomed.body.id}`)).status, 404);
  });

  t.test('image upload and public image route', async (t) => {
    const b = (await call('POST', `${orgPath}/badges`, { name: 'Image Badge', description: 'D', criteria: 'C' })).body;
    const form = (field: string, bytes: Buffer, type = 'image/png') => {
      const f = new FormData();
      f.append(field, new Blob([bytes], { type }), 'badge.png');
      return f;
    };
    const up = await call('POST', `${orgPath}/badges/${b.id}/image`, form('image', PNG));
    t.equal(up.status, 200);
    t.match(up.body.imageUrl, new RegExp(`^${BASE_URL}/images/badges/${b.id}/[0-9a-f]{64}\\.png$`));
    const path = new URL(up.body.imageUrl).pathname;

    const img = await call('GET', path);
    t.equal(img.status, 200);
    t.ok(img.raw.equals(PNG));
    t.equal(img.headers.get('content-type'), 'image/png');
    t.equal(img.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    t.equal(img.headers.get('x-content-type-options'), 'nosniff');
    t.match(img.headers.get('content-security-policy') ?? '', /sandbox/);
    const etag = img.headers.get('etag')!;
    t.equal((await call('GET', path, undefined, { 'if-none-match': etag })).status, 304);
    t.equal((await call('GET', path.replace(/\.png$/, '.svg'))).status, 404);
    t.equal((await call('GET', `/images/badges/${b.id}/../../etc/passwd`)).status, 404);
    t.equal((await call('GET', `/images/badges/${b.id}/abc.png`)).status, 404);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1" onclick="alert(1)"/></svg>');
    const unsafe = await call('POST', `${orgPath}/badges/${b.id}/image`, form('image', svg, 'image/svg+xml'));
    t.equal(unsafe.status, 400);
    t.equal(unsafe.body.details.field, 'image');
    const big = await call('POST', `${orgPath}/badges/${b.id}/image`, form('image', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])));
    t.equal(big.status, 413);
    t.equal(big.body.error, 'PAYLOAD_TOO_LARGE');
    const wrongField = await call('POST', `${orgPath}/badges/${b.id}/image`, form('file', PNG));
    t.equal(wrongField.status, 400);
    const none = await call('POST', `${orgPath}/badges/${b.id}/image`, new FormData());
    t.equal(none.status, 400);
    const json = await call('POST', `${orgPath}/badges/${b.id}/image`, { image: 'x' });
    t.equal(json.status, 415);
    const foreign = await call('POST', `/api/organizations/${other.id}/badges/${b.id}/image`, form('image', PNG));
    t.equal(foreign.status, 404);
    t.equal((await call('GET', `${orgPath}/badges/${b.id}`)).body.imageUrl, up.body.imageUrl, 'refused uploads change nothing');
  });

  t.test('/api/v1 badges and credentials', async (t) => {
    const b = (await call('POST', `${orgPath}/badges`, { name: 'API Badge', description: 'D', criteria: 'C', expiresInDays: 365 })).body;
    const list = await call('GET', '/api/v1/badges?limit=100');
    t.equal(list.status, 200);
    t.ok(list.body.data.some((x: { id: string }) => x.id === b.id));
    t.same(Object.keys(list.body.data[0]).sort(), BADGE_KEYS);
    t.equal((await call('GET', `/api/v1/badges/${b.id}`)).body.id, b.id);
    t.equal((await call('GET', `/api/v1/badges/${b.id}`, undefined, { 'x-test-org': other.id })).status, 404);
    t.equal((await call('GET', '/api/v1/badges?limit=500')).body.details.field, 'limit');

    const issued = await call('POST', '/api/v1/credentials', { badgeId: b.id, recipient: { name: 'Ada', email: 'Ada@Example.com' } });
    t.equal(issued.status, 201);
    t.same(Object.keys(issued.body).sort(), ISSUE_KEYS, 'exactly the issue-response fields');
    t.match(issued.body, { status: 'pending', recipientEmail: 'ada@example.com', recipientName: 'Ada', supersedesCredentialId: null });
    t.match(issued.body.issuanceDate, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    t.match(String(issued.body.expirationDate), /Z$/);
    t.equal(issued.headers.get('location'), `/api/v1/credentials/${issued.body.id}`);

    // A time-bound badge: issuing again renews (the transitions table; lifecycle tests cover every row).
    const again = await call('POST', '/api/v1/credentials', { badgeId: b.id, recipient: { name: 'Ada', email: 'ada@example.com' } });
    t.equal(again.status, 201);
    t.equal(again.body.supersedesCredentialId, issued.body.id);

    for (const [body, field] of [
      [{ badgeId: b.id, recipient: { name: 'A', email: 'a@example.com' }, extra: 1 }, 'extra'],
      [{ badgeId: b.id, recipient: { name: 'A', email: 'a@example.com', phone: '1' } }, 'recipient.phone'],
      [{ badgeId: b.id, recipient: 'a@example.com' }, 'recipient'],
      [{ badgeId: b.id }, 'recipient'],
      [{ recipient: { name: 'A', email: 'a@example.com' } }, 'badgeId'],
      [{ badgeId: 42, recipient: { name: 'A', email: 'a@example.com' } }, 'badgeId'],
      [{ badgeId: 'nope', recipient: { name: 'A', email: 'a@example.com' } }, 'badgeId'],
      [{ badgeId: b.id, recipient: { email: 'a@example.com' } }, 'recipient.name'],
      [{ badgeId: b.id, recipient: { name: 'A', email: 'bad' } }, 'recipient.email'],
      [[1, 2], 'body'],
    ] as const) {
      const r = await call('POST', '/api/v1/credentials', body);
      t.equal(r.status, 400, JSON.stringify(body));
      t.equal(r.body.details.field, field);
    }
    // Recipient names (docs/contract.md "Requests and bodies"): 1-200 code points after trimming; invisible-only
    // names and lone surrogates (which reach issuance as U+FFFD over gRPC) are refused.
    const emojiName = '\u{1F600}'.repeat(200);
    const emoji = await call('POST', '/api/v1/credentials', { badgeId: b.id, recipient: { name: emojiName, email: 'emoji@example.com' } });
    t.equal(emoji.status, 201, '200 emoji');
    t.equal(emoji.body.recipientName, emojiName);
    for (const raw of [
      `{"badgeId":"${b.id}","recipient":{"name":"\\u200b\\u200c\\u200d\\u2060\\ufeff","email":"zw@example.com"}}`,
      `{"badgeId":"${b.id}","recipient":{"name":" \\u200b ","email":"zw@example.com"}}`,
      `{"badgeId":"${b.id}","recipient":{"name":"Ada \\ud800","email":"ls@example.com"}}`,
      `{"badgeId":"${b.id}","recipient":{"name":"\\udc00","email":"ls@example.com"}}`,
      `{"badgeId":"${b.id}","recipient":{"name":"${'\u{1F600}'.repeat(201)}","email":"long@example.com"}}`,
    ]) {
      const r = await call('POST', '/api/v1/credentials', raw);
      t.equal(r.status, 400, raw.slice(50, 120));
      t.same(r.body, { error: 'VALIDATION_ERROR', message: r.body.message, details: { field: 'recipient.name' } });
    }

    const foreignBadge = await call(
      'POST',
      '/api/v1/credentials',
      { badgeId: b.id, recipient: { name: 'A', email: 'a@example.com' } },
      { 'x-test-org': other.id },
    );
    t.equal(foreignBadge.status, 404);

    const got = await call('GET', `/api/v1/credentials/${issued.body.id}`);
    t.equal(got.status, 200);
    t.same(Object.keys(got.body).sort(), [...ITEM_KEYS, 'ob3Credential'].sort());
    t.match(got.body, {
      id: issued.body.id,
      badgeId: b.id,
      badgeName: 'API Badge',
      claimedAt: null,
      status: 'revoked',
      revocationReason: 'superseded by renewal',
      isPublic: true,
      supersededByCredentialId: again.body.id,
    });
    t.equal(got.body.ob3Credential.id, `urn:uuid:${issued.body.id}`);
    t.equal((await call('GET', `/api/v1/credentials/${issued.body.credentialId}`)).status, 404, 'the CRD- id is not accepted here');
    t.equal((await call('GET', `/api/v1/credentials/${issued.body.id}`, undefined, { 'x-test-org': other.id })).status, 404);

    const deactivated = await call('DELETE', `${orgPath}/badges/${b.id}`);
    t.equal(deactivated.status, 200, 'a badge with credentials is deactivated, not deleted');
    t.equal(deactivated.body.isActive, false);
    const inactive = await call('POST', '/api/v1/credentials', { badgeId: b.id, recipient: { name: 'B', email: 'b@example.com' } });
    t.equal(inactive.status, 400);
    t.equal(inactive.body.details.field, 'badgeId');
  });
});
