import http from 'node:http';
import { createPrivateKey, type KeyObject } from 'node:crypto';
import t, { type Test } from 'tap';
import { SignJWT } from 'jose';
import { newSessionKeyPair, sessionKeyIdOf, sessionPublicKeyOf } from '@cred/runtime';
import { apiReadyOrg, PASSWORD, SESSION_KEYS, startPlatform, type HttpResult } from './fixtures/platform.js';

function errorShape(t: Test, r: HttpResult, label: string) {
  t.ok(r.status >= 400 && r.status < 500, `${label}: 4xx (got ${r.status})`);
  t.same(Object.keys(r.body ?? {}).sort(), ['details', 'error', 'message'], `${label}: error shape`);
  t.ok(r.headers.get('x-request-id'), `${label}: request id`);
}

/** A request fetch cannot make: a header sent more than once (an array value is one line each). */
function rawRequest(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string | string[]>,
  body?: string,
): Promise<{ status: number; body: HttpResult['body'] }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

t.test('hostile input gets a 4xx with the error shape, never a 5xx', async (t) => {
  const p = await startPlatform(t, { env: { RATE_LIMIT_AUTH_PER_15_MINUTES: '1000', RATE_LIMIT_IP_PER_MINUTE: '10000' } });
  const g = p.gateways[0]!;
  const org = await apiReadyOrg(p, g, 'hostile');
  const json = { 'content-type': 'application/json' };

  t.test('bodies', async (t) => {
    const cases: Array<[string, string, Record<string, string>, number, string?]> = [
      ['invalid JSON', '{"email": ', json, 400, 'VALIDATION_ERROR'],
      ['top-level array', '[1,2]', json, 400, 'VALIDATION_ERROR'],
      ['top-level string', '"hello"', json, 400, 'VALIDATION_ERROR'],
      ['__proto__ key', '{"__proto__": {"admin": true}, "email": "a@b.co"}', json, 400, 'VALIDATION_ERROR'],
      ['constructor key', '{"constructor": {"prototype": {}}}', json, 400, 'VALIDATION_ERROR'],
      ['nested __proto__', '{"organization": {"__proto__": {"x": 1}}}', json, 400, 'VALIDATION_ERROR'],
      ['duplicate keys', '{"email": "a@b.co", "email": "c@d.co", "password": "x"}', json, 400, 'VALIDATION_ERROR'],
      ['unsafe integer', '{"email": 12345678901234567890}', json, 400, 'VALIDATION_ERROR'],
      ['wrong content type', 'email=a@b.co', { 'content-type': 'application/x-www-form-urlencoded' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['text/plain JSON', '{"email":"a@b.co"}', { 'content-type': 'text/plain' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['oversized body', JSON.stringify({ email: 'a@b.co', name: 'x'.repeat(70 * 1024) }), json, 413, 'PAYLOAD_TOO_LARGE'],
      ['unknown field', '{"email": "a@b.co", "password": "x", "isAdmin": true}', json, 400, 'VALIDATION_ERROR'],
      ['wrong types', '{"email": ["a@b.co"], "password": {"$ne": null}}', json, 400, 'VALIDATION_ERROR'],
      ['null body', 'null', json, 400, 'VALIDATION_ERROR'],
      ['UTF-8 byte order mark', '\ufeff{"email": "a@b.co", "password": "x"}', json, 400, 'VALIDATION_ERROR'],
    ];
    for (const [label, rawBody, headers, status, code] of cases) {
      const r = await g.request('POST', '/api/auth/login', { rawBody, headers });
      errorShape(t, r, label);
      t.equal(r.status, status, `${label}: ${status}`);
      if (code) t.equal(r.body?.error, code, `${label}: ${code}`);
    }
    const bad = Buffer.from([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    const res = await fetch(`${g.base}/api/auth/login`, { method: 'POST', headers: json, body: bad });
    t.equal(res.status, 400, 'invalid UTF-8: 400');
    t.equal(((await res.json()) as { error: string }).error, 'VALIDATION_ERROR');
    const bom = await g.request('POST', '/api/auth/login', { rawBody: '\ufeff{"email": "a@b.co", "password": "x"}', headers: json });
    t.same(bom.body?.details, { field: 'body' }, 'a BOM is refused as a malformed body (RFC 8259 8.1)');
    // Only UTF-8 is JSON (RFC 8259 8.1); another charset would dodge the duplicate-key scan.
    const utf16 = await fetch(`${g.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-16le' },
      body: Buffer.from('{"email": "a@b.co", "email": "c@d.co", "password": "x"}', 'utf16le'),
    });
    t.equal(utf16.status, 415, 'a charset other than UTF-8: 415');
    t.equal(((await utf16.json()) as { error: string }).error, 'UNSUPPORTED_MEDIA_TYPE');
  });

  t.test("a body over its route's limit is 413 naming that limit", async (t) => {
    const json = await g.request('POST', '/api/auth/login', {
      rawBody: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(70_000) }),
      headers: { 'content-type': 'application/json' },
    });
    t.equal(json.status, 413);
    t.equal(json.body.details.limitBytes, 64 * 1024, 'JSON bodies: 64 KiB');
    const form = await g.request('POST', '/claim/CRD-0000000000AB', {
      rawBody: `token=${'a'.repeat(5000)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    t.equal(form.status, 413);
    t.equal(form.body.details.limitBytes, 4096, 'the claim form: 4 KiB');
  });

  t.test('numbers and strings JSON.parse would quietly change are refused, with the path of the value', async (t) => {
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${org.session}` };
    const cases: Array<[string, string, string, string]> = [
      ['POST', '/api/auth/login', '{"email": {"n": 1e999}, "password": "x"}', 'email.n'],
      ['POST', '/api/auth/login', '{"email": "a@b.co", "password": "x", "extra": [1, {"deep": -1e999}]}', 'extra[1].deep'],
      ['POST', '/api/auth/login', '{"email": {"n": 12345678901234567890}}', 'email.n'],
      ['POST', '/api/auth/login', '{"email": {"n": 1e308}}', 'email.n'],
      ['POST', `/api/organizations/${org.orgId}/api-keys`, '{"name": "inf", "rateLimitPerMinute": 1e999}', 'rateLimitPerMinute'],
      ['POST', `/api/organizations/${org.orgId}/api-keys`, '{"name": "big", "rateLimitPerMinute": 1e308}', 'rateLimitPerMinute'],
      ['POST', `/api/organizations/${org.orgId}/api-keys`, '{"name": "frac", "rateLimitPerMinute": 60.5}', 'rateLimitPerMinute'],
      ['POST', `/api/organizations/${org.orgId}/api-keys`, '{"name": "\\ud800"}', 'name'],
      ['POST', `/api/organizations/${org.orgId}/api-keys`, '{"name": "key \\udc00 x"}', 'name'],
      ['PATCH', `/api/organizations/${org.orgId}`, '{"name": "\\ud800"}', 'name'],
      ['PATCH', `/api/organizations/${org.orgId}`, '{"name": "a\\udbff\\udbff\\udc00"}', 'name'],
      ['PATCH', `/api/organizations/${org.orgId}`, '{"name": "tail \\ud83d"}', 'name'],
      ['POST', '/api/auth/login', '{"email": "a@b.co", "password": "x", "list": ["ok", "\\udfff"]}', 'list[1]'],
    ];
    for (const [method, path, rawBody, field] of cases) {
      const r = await g.request(method, path, { rawBody, headers: path.startsWith('/api/auth') ? json : auth });
      errorShape(t, r, `${method} ${rawBody}`);
      t.equal(r.status, 400, `${rawBody}: 400`);
      t.equal(r.body?.error, 'VALIDATION_ERROR', `${rawBody}: VALIDATION_ERROR`);
      t.equal(r.body?.details?.field, field, `${rawBody}: details.field`);
    }
    // Nesting: JSON.parse has no depth limit, JSON.stringify overflows the stack at a few thousand.
    const nested = (depth: number) => `{"email": ${'['.repeat(depth)}1${']'.repeat(depth)}, "password": "x"}`;
    for (const depth of [64, 3000, 20000]) {
      const r = await g.request('POST', '/api/auth/login', { rawBody: nested(depth), headers: json });
      errorShape(t, r, `nesting ${depth}`);
      t.equal(r.status, 400, `nesting ${depth}: 400`);
      t.equal(r.body?.error, 'VALIDATION_ERROR', `nesting ${depth}: VALIDATION_ERROR`);
      t.match(r.body?.details?.field, /^email\[0\]/, `nesting ${depth}: details.field is the path of the nested value`);
      t.ok(String(r.body?.details?.field).length <= 260, `nesting ${depth}: the path is cut short`);
    }
    const shallow = await g.request('POST', '/api/auth/login', { rawBody: nested(63), headers: json });
    t.equal(shallow.body?.details?.field, 'email', '64 levels in all reach the route (which refuses the type)');

    const before = await g.request('GET', `/api/organizations/${org.orgId}`, { token: org.session });
    t.equal(before.status, 200);
    t.not(before.body.name, '\ufffd', 'the refused names were not stored');

    const keys = await g.request('GET', `/api/organizations/${org.orgId}/api-keys`, { token: org.session });
    const keyId = (keys.body.data as Array<{ id: string }>)[0]!.id;
    const patchKey = await g.request('PATCH', `/api/organizations/${org.orgId}/api-keys/${keyId}`, {
      rawBody: '{"name": "\\ud800"}',
      headers: auth,
    });
    t.equal(patchKey.status, 400, 'PATCH api-key with a lone surrogate: 400');
    t.equal(patchKey.body?.details?.field, 'name');

    // Controls: a surrogate pair is one character and passes; large-but-finite numbers reach the route.
    const pair = await g.request('PATCH', `/api/organizations/${org.orgId}`, {
      rawBody: '{"name": "Emoji \\ud83d\\ude00 org"}',
      headers: auth,
    });
    t.equal(pair.status, 200, 'an escaped surrogate pair is accepted');
    t.equal(pair.body.name, 'Emoji \u{1F600} org', 'and stored as the character it encodes');
    const finite = await g.request('POST', `/api/organizations/${org.orgId}/api-keys`, {
      rawBody: '{"name": "exp", "rateLimitPerMinute": 6e1}',
      headers: auth,
    });
    t.equal(finite.status, 201, 'an exponent literal that is a small integer is just that integer');
    t.equal(finite.body.rateLimitPerMinute, 60);
  });

  t.test('mass assignment of protected fields is refused', async (t) => {
    for (const field of ['plan', 'status', 'signingKeysGenerated', 'id', 'slug', 'domainVerified', 'subscriptionStatus']) {
      const r = await g.request('PATCH', `/api/organizations/${org.orgId}`, { token: org.session, body: { [field]: 'enterprise' } });
      errorShape(t, r, `PATCH ${field}`);
      t.equal(r.status, 400);
      t.equal(r.body.details.field, field);
    }
    const sneaky = await g.request('POST', `/api/organizations/${org.orgId}/api-keys`, {
      token: org.session,
      body: { name: 'x', organizationId: '00000000-0000-4000-8000-000000000000' },
    });
    t.equal(sneaky.status, 400);
    const o = await g.request('GET', `/api/organizations/${org.orgId}`, { token: org.session });
    t.equal(o.body.plan, 'professional');
  });

  t.test('validation of values', async (t) => {
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', `/api/organizations/${org.orgId}/api-keys`, { name: 'k', rateLimitPerMinute: 0 }, 'rateLimitPerMinute'],
      ['POST', `/api/organizations/${org.orgId}/api-keys`, { name: 'k', rateLimitPerMinute: 10001 }, 'rateLimitPerMinute'],
      ['POST', `/api/organizations/${org.orgId}/api-keys`, { name: 'k', rateLimitPerMinute: 1.5 }, 'rateLimitPerMinute'],
      ['POST', `/api/organizations/${org.orgId}/api-keys`, { name: 'k', rateLimitPerMinute: '60' }, 'rateLimitPerMinute'],
      ['POST', `/api/organizations/${org.orgId}/api-keys`, { name: '' }, 'name'],
      ['POST', `/api/organizations/${org.orgId}/api-keys`, { name: 'bad\u0000name' }, 'name'],
      ['POST', `/api/organizations/${org.orgId}/api-keys`, { name: 'x'.repeat(101) }, 'name'],
      ['PATCH', `/api/organizations/${org.orgId}`, { domain: 'http://evil/' }, 'domain'],
      ['PATCH', `/api/organizations/${org.orgId}`, { emailNotificationsEnabled: 'yes' }, 'emailNotificationsEnabled'],
      ['PATCH', `/api/organizations/${org.orgId}`, { name: '\u2028' }, 'name'],
    ];
    for (const c of cases) {
      const [method, path, body, field] = c;
      const r = await g.request(method, path, { token: org.session, body });
      errorShape(t, r, `${method} ${field} case ${cases.indexOf(c)}`);
      t.equal(r.status, 400);
      t.equal(r.body.details.field, field);
    }
    const signups: Array<[unknown, string]> = [
      [{ email: 'not-an-email', password: PASSWORD, name: 'x' }, 'email'],
      [{ email: `a${'x'.repeat(260)}@example.com`, password: PASSWORD, name: 'x' }, 'email'],
      [{ email: 'ok@example.com', password: 'short', name: 'x' }, 'password'],
      [{ email: 'ok@example.com', password: 'p'.repeat(2000), name: 'x' }, 'password'],
      [{ email: 'ok@example.com', password: PASSWORD, name: 'x', organization: { name: 'n', slug: 'Bad Slug!' } }, 'organization.slug'],
      [
        { email: 'ok@example.com', password: PASSWORD, name: 'x', organization: { name: 'n', slug: 'ok', plan: 'enterprise' } },
        'organization.plan',
      ],
      [{ email: 'ok@example.com', password: PASSWORD, name: 'x', organization: 'acme' }, 'organization'],
    ];
    for (const [body, field] of signups) {
      const r = await g.request('POST', '/api/auth/signup', { body });
      errorShape(t, r, `signup ${field}`);
      t.equal(r.status, 400);
      t.equal(r.body.details.field, field);
    }
    const bad = await g.request('GET', '/api/admin/organizations?limit=1000', { token: 'gateway-test-admin-token-0123456789abcdef' });
    t.equal(bad.status, 400);
    t.equal(bad.body.details.field, 'limit');
    const badStatus = await g.request('GET', '/api/admin/organizations?status=everything', {
      token: 'gateway-test-admin-token-0123456789abcdef',
    });
    t.equal(badStatus.body.details.field, 'status');
    const tokenBad = await g.request('POST', '/api/auth/verify-email', { body: { token: 'nope' } });
    t.equal(tokenBad.status, 400);
  });

  t.test('paths, ids and unknown routes', async (t) => {
    const paths: Array<[string, string, number]> = [
      ['GET', '/nothing', 404],
      ['GET', '/api/nothing', 404],
      ['DELETE', '/api/auth/login', 404],
      ['GET', `/api/organizations/not-a-uuid`, 404],
      ['GET', `/api/organizations/${org.orgId}/api-keys/../../..`, 404],
      ['PATCH', `/api/organizations/${org.orgId}/api-keys/%00`, 404],
      ['DELETE', `/api/organizations/${org.orgId}/api-keys/00000000-0000-4000-8000-000000000000`, 404],
      ['GET', `/api/organizations/${org.orgId}/nothing`, 404],
      ['GET', `/api/organizations/%E0%A4%A`, 400],
      ['POST', '/api/admin/organizations/not-a-uuid/approve', 401],
    ];
    for (const [method, path, status] of paths) {
      const r = await g.request(method, path, { token: org.session });
      errorShape(t, r, `${method} ${path}`);
      t.equal(r.status, status, `${method} ${path}`);
    }
    const badEncodings: Array<[string, string, string]> = [
      ['GET', '/api/organizations/%E0%A4%A', org.session],
      ['GET', '/api/organizations/%/badges', org.session],
      ['PATCH', `/api/organizations/${org.orgId}/api-keys/%E0%A4%A`, org.session],
      ['GET', '/api/v1/badges/%E0%A4%A', org.apiKey],
      ['GET', '/api/v1/credentials/%', org.apiKey],
    ];
    for (const [method, path, token] of badEncodings) {
      const r = await g.request(method, path, { token });
      errorShape(t, r, `${method} ${path}`);
      t.equal(r.status, 400, `${method} ${path}: 400`);
      t.equal(r.body?.error, 'VALIDATION_ERROR', `${method} ${path}: VALIDATION_ERROR`);
      t.equal(r.body?.details?.field, 'path', `${method} ${path}: the path is what is malformed, not the body`);
      t.match(r.body?.message, /encod/i, `${method} ${path}: the message names the encoding`);
    }
  });

  t.test('forged and misused credentials', async (t) => {
    const enc = new TextEncoder();
    const jwk = (seed: string) => ({ kty: 'OKP', crv: 'Ed25519', d: seed, x: sessionPublicKeyOf(seed) });
    const ourKey = createPrivateKey({ key: jwk(SESSION_KEYS.SESSION_SIGNING_KEY), format: 'jwk' });
    const otherKey = createPrivateKey({ key: jwk(newSessionKeyPair().SESSION_SIGNING_KEY), format: 'jwk' });
    const kid = sessionKeyIdOf(SESSION_KEYS.SESSION_PUBLIC_KEYS);
    const ed = { alg: 'EdDSA', typ: 'session+jwt', kid };
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    // The live session's own jti: only the way each token is made differs from a real one.
    const jti = String(JSON.parse(Buffer.from(org.session.split('.')[1]!, 'base64url').toString()).jti);
    const claims = { sub: org.userId, jti, csrf: 'a-csrf-token-of-24-chars-or-so', iss: 'credentials:accounts', aud: 'credentials:gateway', iat: now, exp: now + 3600 };
    const sign = (header: Record<string, unknown>, payload: Record<string, unknown>, key: KeyObject | Uint8Array = ourKey) =>
      new SignJWT(payload).setProtectedHeader(header as { alg: string }).sign(key);
    const forged: Array<[string, string]> = [
      ['alg none', `${b64({ alg: 'none', typ: 'session+jwt' })}.${b64(claims)}.`],
      ['another key under our kid', await sign(ed, claims, otherKey)],
      ['HS256 keyed with the public key (algorithm confusion)', await sign({ alg: 'HS256', typ: 'session+jwt', kid }, claims, Buffer.from(SESSION_KEYS.SESSION_PUBLIC_KEYS, 'base64url'))],
      ['HS256 keyed with the public key as text', await sign({ alg: 'HS256', typ: 'session+jwt', kid }, claims, enc.encode(SESSION_KEYS.SESSION_PUBLIC_KEYS))],
      ['unknown kid', await sign({ ...ed, kid: 'AAAAAAAAAAAAAAAA' }, claims)],
      ['no kid', await sign({ alg: 'EdDSA', typ: 'session+jwt' }, claims)],
      ['wrong typ', await sign({ ...ed, typ: 'JWT' }, claims)],
      ['wrong issuer', await sign(ed, { ...claims, iss: 'someone' })],
      ['wrong audience', await sign(ed, { ...claims, aud: 'other' })],
      ['expired', await sign(ed, { ...claims, iat: now - 7200, exp: now - 3600 })],
      ['no exp', await sign(ed, { sub: org.userId, jti, csrf: claims.csrf, iss: claims.iss, aud: claims.aud, iat: now })],
      ['no csrf', await sign(ed, { ...claims, csrf: undefined })],
      ['garbage', 'a.b.c'],
      ['api key as session', org.apiKey],
      ['no jti', await sign(ed, { ...claims, jti: undefined })],
      ['a jti accounts never issued', await sign(ed, { ...claims, jti: '00000000-0000-4000-8000-000000000000' })],
    ];
    for (const [label, token] of forged) {
      const r = await g.request('GET', `/api/organizations/${org.orgId}`, { token });
      errorShape(t, r, label);
      t.equal(r.status, 401, label);
    }
    const valid = await sign(ed, claims);
    t.equal(
      (await g.request('GET', `/api/organizations/${org.orgId}`, { token: valid })).status,
      200,
      'a correctly made session passes (control)',
    );
    g.clock.advance(61 * 60 * 1000);
    t.equal(
      (await g.request('GET', `/api/organizations/${org.orgId}`, { token: org.session })).status,
      401,
      'session expires after an hour on the app clock',
    );
    g.clock.reset();
    const headers: Array<[string, string]> = [
      ['Basic scheme', `Basic ${Buffer.from('a:b').toString('base64')}`],
      ['empty bearer', 'Bearer '],
      ['huge header', `Bearer ${'x'.repeat(8000)}`],
      ['two tokens', `Bearer ${org.apiKey} ${org.apiKey}`],
      ['lower-case scheme junk', `bearer\t${org.apiKey}`],
    ];
    for (const [label, authorization] of headers) {
      const r = await g.request('GET', '/api/v1/organization', { headers: { authorization } });
      errorShape(t, r, label);
      t.equal(r.status, 401, label);
    }
    const tampered = org.apiKey.slice(0, -1) + (org.apiKey.endsWith('A') ? 'B' : 'A');
    t.equal((await g.request('GET', '/api/v1/organization', { token: tampered })).status, 401, 'checksum mismatch');
  });

  t.test('a header that decides who is calling or how the body is read may be sent once', async (t) => {
    const bearer = `Bearer ${org.session}`;
    const twoAuth = await rawRequest(g.base, 'GET', `/api/organizations/${org.orgId}`, { authorization: [bearer, bearer] });
    t.equal(twoAuth.status, 400, 'two Authorization headers: 400');
    t.same(twoAuth.body, { error: 'VALIDATION_ERROR', message: twoAuth.body?.message, details: { field: 'Authorization' } });
    const mixedAuth = await rawRequest(g.base, 'GET', '/api/v1/organization', { authorization: [`Bearer ${org.apiKey}`, 'Bearer nope'] });
    t.equal(mixedAuth.status, 400, 'two different Authorization headers on /api/v1: 400');
    t.equal(mixedAuth.body?.details?.field, 'Authorization');
    const body = JSON.stringify({ name: 'two content types' });
    const twoTypes = await rawRequest(
      g.base,
      'POST',
      `/api/organizations/${org.orgId}/api-keys`,
      { authorization: bearer, 'content-type': ['application/json', 'text/plain'] },
      body,
    );
    t.equal(twoTypes.status, 400, 'two Content-Type headers: 400');
    t.same(twoTypes.body, { error: 'VALIDATION_ERROR', message: twoTypes.body?.message, details: { field: 'Content-Type' } });
    const one = await rawRequest(g.base, 'GET', `/api/organizations/${org.orgId}`, { authorization: bearer });
    t.equal(one.status, 200, 'one Authorization header (control)');
  });

  // The request id goes into the audit log: a client does not choose it (its own is only logged beside it).
  t.test("request id: always the gateway's own, whatever the client sends", async (t) => {
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const wellFormed = await g.request('GET', '/api/nothing', { headers: { 'x-request-id': 'client-req-12345' } });
    t.match(wellFormed.headers.get('x-request-id'), UUID, 'a well-formed id is not taken over');
    const replaced = await g.request('GET', '/api/nothing', { headers: { 'x-request-id': 'bad id with spaces' } });
    t.match(replaced.headers.get('x-request-id'), UUID);
    const again = await g.request('GET', '/api/nothing', { headers: { 'x-request-id': 'client-req-12345' } });
    t.not(again.headers.get('x-request-id'), wellFormed.headers.get('x-request-id'), 'a new one per request');
  });
});
