import t from 'tap';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@cred/testing';
import { ADMIN_TOKEN, apiReadyOrg, PASSWORD, startPlatform } from './fixtures/platform.js';

function limitHeaders(res: { headers: Headers }) {
  return {
    limit: Number(res.headers.get('x-ratelimit-limit')),
    remaining: Number(res.headers.get('x-ratelimit-remaining')),
    reset: Number(res.headers.get('x-ratelimit-reset')),
  };
}

t.test('per-key limit: the 61st call in a minute is 429, counted across two replicas', async (t) => {
  const p = await startPlatform(t, { gateways: 2, env: { RATE_LIMIT_AUTH_PER_15_MINUTES: '50' } });
  const [g1, g2] = p.gateways as [(typeof p.gateways)[0], (typeof p.gateways)[0]];
  const org = await apiReadyOrg(p, g1, 'rate');
  let lastRemaining = Infinity;
  let monotonic = true;
  for (let i = 1; i <= 60; i++) {
    const g = i % 2 ? g1 : g2;
    const sentAt = Math.floor(Date.now() / 1000);
    const res = await g.request('GET', '/api/v1/organization', { token: org.apiKey });
    const answeredAt = Math.ceil(Date.now() / 1000);
    if (res.status !== 200) t.fail(`call ${i} got ${res.status}`);
    const h = limitHeaders(res);
    if (h.remaining > lastRemaining) monotonic = false;
    lastRemaining = h.remaining;
    if (i === 1) {
      t.equal(h.limit, 60, 'default per-key limit');
      t.equal(h.remaining, 59);
      // Read around the request: the window may close between the two clocks (a second boundary).
      t.ok(h.reset >= sentAt && h.reset <= answeredAt + 60, `reset ${h.reset} is epoch seconds within the minute (sent ${sentAt}, answered ${answeredAt})`);
    }
  }
  t.ok(monotonic, 'remaining never increases within the window');
  t.equal(lastRemaining, 0);
  const blocked = await g2.request('GET', '/api/v1/organization', { token: org.apiKey });
  t.equal(blocked.status, 429);
  t.equal(blocked.body.error, 'RATE_LIMITED');
  t.same(Object.keys(blocked.body).sort(), ['details', 'error', 'message']);
  const h = limitHeaders(blocked);
  t.equal(h.limit, 60);
  t.equal(h.remaining, 0);
  const retryAfter = Number(blocked.headers.get('retry-after'));
  t.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  t.ok(blocked.headers.get('x-request-id'));
  t.equal((await g1.request('GET', '/api/v1/organization', { token: org.apiKey })).status, 429, 'the other replica agrees');

  // A raised limit applies at once (the change retires cached lookups).
  const patched = await g1.request('PATCH', `/api/organizations/${org.orgId}/api-keys/${org.apiKeyId}`, {
    token: org.session,
    body: { rateLimitPerMinute: 100 },
  });
  t.equal(patched.body.rateLimitPerMinute, 100);
  const after = await g2.request('GET', '/api/v1/organization', { token: org.apiKey });
  t.equal(after.status, 200);
  t.equal(limitHeaders(after).limit, 100);
});

t.test('concurrent calls on two replicas never over-admit', async (t) => {
  const p = await startPlatform(t, { gateways: 2, env: { RATE_LIMIT_AUTH_PER_15_MINUTES: '50', RATE_LIMIT_IP_PER_MINUTE: '10000' } });
  const [g1, g2] = p.gateways as [(typeof p.gateways)[0], (typeof p.gateways)[0]];
  const org = await apiReadyOrg(p, g1, 'burst');
  await g1.request('PATCH', `/api/organizations/${org.orgId}/api-keys/${org.apiKeyId}`, {
    token: org.session,
    body: { rateLimitPerMinute: 25 },
  });
  const results = await Promise.all(
    Array.from({ length: 80 }, (_, i) => (i % 2 ? g1 : g2).request('GET', '/api/v1/organization', { token: org.apiKey })),
  );
  t.equal(results.filter((r) => r.status === 200).length, 25, 'exactly the limit admitted');
  t.equal(results.filter((r) => r.status === 429).length, 55);
});

t.test('per-IP limit on every route, with headers, 401s included', async (t) => {
  const p = await startPlatform(t, { env: { RATE_LIMIT_IP_PER_MINUTE: '5' } });
  const g = p.gateways[0]!;
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await g.request('GET', i % 2 ? '/api/v1/organization' : '/api/nothing-here');
    statuses.push(r.status);
    t.equal(r.headers.get('x-ratelimit-limit'), '5');
  }
  t.same(statuses, [404, 401, 404, 401, 404]);
  const blocked = await g.request('GET', '/api/auth/me');
  t.equal(blocked.status, 429);
  t.equal(blocked.body.error, 'RATE_LIMITED');
  t.ok(Number(blocked.headers.get('retry-after')) >= 1);
});

t.test('public verification surfaces pass the gateway before express; verification counts them (ADR 0009)', async (t) => {
  // A stand-in for verification's public HTTP server, which enforces the per-IP limit for these
  // paths itself in the same Redis key (services/verification/test/public-limit.test.ts).
  const forwardedFor: Array<string | undefined> = [];
  const upstream = http.createServer((req, res) => {
    forwardedFor.push(req.headers['x-forwarded-for'] as string | undefined);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"valid":true}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => upstream.close(() => resolve())));
  const { port } = upstream.address() as AddressInfo;
  const p = await startPlatform(t, { env: { RATE_LIMIT_IP_PER_MINUTE: '4', VERIFICATION_HTTP_URL: `http://127.0.0.1:${port}` } });
  const g = p.gateways[0]!;
  const paths = ['/api/verify/CRD-0000000000AB', '/verify/CRD-0000000000AB', '/issuers/acme/did.json', '/verify-lookup'];
  for (const path of [...paths, ...paths]) {
    const r = await g.request('GET', path);
    t.equal(r.status, 200, `${path} passed to verification`);
    t.equal(r.headers.get('x-ratelimit-limit'), null, `${path}: the gateway added no limit of its own`);
  }
  t.equal(forwardedFor.length, 2 * paths.length);
  t.ok(
    forwardedFor.every((v) => v === '127.0.0.1' || v === '::ffff:127.0.0.1'),
    `X-Forwarded-For carries the peer the gateway saw (${forwardedFor[0]})`,
  );
  const forged = await g.request('GET', paths[0]!, { headers: { 'x-forwarded-for': '6.6.6.6' } });
  t.equal(forged.status, 200);
  t.match(forwardedFor.at(-1), /^6\.6\.6\.6, (?:::ffff:)?127\.0\.0\.1$/, 'appended after what the client wrote, never replacing it');
  const api = await g.request('GET', '/api/v1/openapi.json');
  t.equal(api.headers.get('x-ratelimit-remaining'), '3', 'the API budget was not spent by the gateway on public requests (counted once, by verification)');
});

t.test('auth limits: 3 per 15 minutes per IP; login counts failures per (IP, e-mail)', async (t) => {
  const p = await startPlatform(t, { env: { RATE_LIMIT_AUTH_PER_15_MINUTES: '3' } });
  const g = p.gateways[0]!;
  const email = `limited-${Date.now()}@example.com`;
  const s = await g.request('POST', '/api/auth/signup', { body: { email, password: PASSWORD, name: 'L' } });
  t.equal(s.status, 201);
  t.equal(s.headers.get('x-ratelimit-limit'), '3');
  t.equal(s.headers.get('x-ratelimit-remaining'), '2');
  for (let i = 0; i < 2; i++) t.equal((await g.request('POST', '/api/auth/resend-verification', { body: { email } })).status, 202);
  t.equal(
    (await g.request('POST', '/api/auth/resend-verification', { body: { email: 'nobody@example.com' } })).status,
    202,
    'same answer for unknown address',
  );
  const fourth = await g.request('POST', '/api/auth/resend-verification', { body: { email } });
  t.equal(fourth.status, 429);
  t.ok(Number(fourth.headers.get('retry-after')) > 60, 'retry after minutes, not seconds');

  // Successful logins do not count.
  for (let i = 0; i < 4; i++) t.equal((await g.request('POST', '/api/auth/login', { body: { email, password: PASSWORD } })).status, 200);
  for (let i = 0; i < 3; i++) {
    const r = await g.request('POST', '/api/auth/login', { body: { email, password: 'wrong password guess' } });
    t.equal(r.status, 401);
  }
  const locked = await g.request('POST', '/api/auth/login', { body: { email, password: PASSWORD } });
  t.equal(locked.status, 429, 'the right password too is refused once the failures are spent');
  t.ok(locked.headers.get('retry-after'));
  const other = await g.request('POST', '/api/auth/login', {
    body: { email: 'someone-else@example.com', password: 'wrong password guess' },
  });
  t.equal(other.status, 401, 'another e-mail is counted separately');
  t.equal(
    (await g.request('POST', '/api/auth/password-reset', { body: { email } })).status,
    202,
    'password reset still works for a locked login (no lockout denial of service)',
  );
});

t.test('login limit is reserved atomically: 20 parallel wrong passwords, only the limit reach accounts', async (t) => {
  const p = await startPlatform(t, { env: { RATE_LIMIT_AUTH_PER_15_MINUTES: '3', RATE_LIMIT_IP_PER_MINUTE: '1000' } });
  const g = p.gateways[0]!;
  const email = `parallel-${Date.now()}@example.com`;
  t.equal((await g.request('POST', '/api/auth/signup', { body: { email, password: PASSWORD, name: 'P' } })).status, 201);
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) => g.request('POST', '/api/auth/login', { body: { email, password: `wrong guess number ${i}` } })),
  );
  const statuses = results.map((r) => r.status);
  t.equal(statuses.filter((s) => s === 401).length, 3, 'exactly the limit are checked');
  t.equal(statuses.filter((s) => s === 429).length, 17, 'the rest are refused before accounts');
  for (const r of results.filter((x) => x.status === 429)) {
    t.same(Object.keys(r.body).sort(), ['details', 'error', 'message']);
    if (!(Number(r.headers.get('retry-after')) >= 1)) t.fail('429 without Retry-After');
  }
  const right = await g.request('POST', '/api/auth/login', { body: { email, password: PASSWORD } });
  t.equal(right.status, 429, 'the three failures are spent: the right password waits for the window too');
});

t.test('accounts refusing for load: 503 with Retry-After, and the login attempt is not counted', async (t) => {
  let gate: Promise<void> = Promise.resolve();
  let open: () => void = () => undefined;
  let started = 0;
  // Stands for scrypt (a cheap hash of password and salt); gated so the lane (one at a time, no
  // queue) can be held full.
  const derive = async (password: string, salt: Buffer) => {
    started++;
    await gate;
    return createHash('sha256').update(salt).update(password).digest();
  };
  const p = await startPlatform(t, {
    env: { RATE_LIMIT_AUTH_PER_15_MINUTES: '3', RATE_LIMIT_IP_PER_MINUTE: '1000' },
    passwordHashing: { concurrency: 1, maxQueue: 0, maxWaitMs: 60_000, derive },
  });
  const g = p.gateways[0]!;
  const email = `shed-${Date.now()}@example.com`;
  t.equal((await g.request('POST', '/api/auth/signup', { body: { email, password: PASSWORD, name: 'S' } })).status, 201);

  gate = new Promise<void>((resolve) => (open = resolve));
  const base = started;
  const holding = g.request('POST', '/api/auth/signup', { body: { email: `holder-${email}`, password: PASSWORD, name: 'H' } });
  await waitFor('the sign-up holding the lane', () => started > base);
  const refused = await g.request('POST', '/api/auth/login', { body: { email, password: 'wrong guess while busy' } });
  t.equal(refused.status, 503);
  t.equal(refused.body.error, 'UNAVAILABLE');
  t.same(Object.keys(refused.body).sort(), ['details', 'error', 'message']);
  t.equal(refused.headers.get('retry-after'), '1', 'Retry-After from accounts\' hint');
  t.equal(refused.headers.get('x-ratelimit-remaining'), '3', 'the refused attempt gave its reservation back');
  t.notOk(refused.text.includes('wrong guess while busy'), 'no password in the answer');
  open();
  t.equal((await holding).status, 201);
  // All three failed attempts are still available: the refusals did not count.
  for (let i = 0; i < 3; i++) t.equal((await g.request('POST', '/api/auth/login', { body: { email, password: `wrong ${i} after` } })).status, 401);
  t.equal((await g.request('POST', '/api/auth/login', { body: { email, password: 'wrong again' } })).status, 429);
});

t.test('login admission: right and wrong attempts alike count per account and per address, before the password check', async (t) => {
  // Issue 39, finding 2: only failures counted, so correct logins were free and could fill the
  // password lane. TRUST_PROXY=1: each call names its client address in X-Forwarded-For.
  const p = await startPlatform(t, {
    env: {
      TRUST_PROXY: '1',
      RATE_LIMIT_AUTH_PER_15_MINUTES: '1000',
      RATE_LIMIT_IP_PER_MINUTE: '1000',
      RATE_LIMIT_LOGIN_PER_ACCOUNT_PER_MINUTE: '3',
      RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE: '4',
    },
  });
  const g = p.gateways[0]!;
  const stamp = Date.now();
  const emails = Array.from({ length: 6 }, (_, i) => `admitted-${i}-${stamp}@example.com`);
  for (const email of emails) t.equal((await g.request('POST', '/api/auth/signup', { body: { email, password: PASSWORD, name: 'A' } })).status, 201);
  const login = (email: string, client: string, password = PASSWORD, path = '/api/auth/login') =>
    g.request('POST', path, { body: { email, password }, headers: { 'x-forwarded-for': client } });

  // One account from ever new addresses: three right passwords (one through the browser login), then 429.
  t.equal((await login(emails[0]!, '203.0.113.1')).status, 200);
  t.equal((await login(emails[0]!, '203.0.113.2', PASSWORD, '/api/auth/session')).status, 200, 'the browser login shares the budget');
  t.equal((await login(emails[0]!, '203.0.113.3')).status, 200);
  const account = await login(emails[0]!, '203.0.113.4');
  t.equal(account.status, 429, 'the right password too, once the account has spent its attempts');
  t.equal(account.body.error, 'RATE_LIMITED');
  t.same(Object.keys(account.body).sort(), ['details', 'error', 'message']);
  const retry = Number(account.headers.get('retry-after'));
  t.ok(retry >= 1 && retry <= 60, `Retry-After within the minute (${retry})`);
  t.equal(account.headers.get('x-ratelimit-limit'), '3', 'the headers of the budget that refused');
  t.equal((await login(emails[0]!, '203.0.113.5', 'a wrong password')).status, 429, 'a wrong one is refused before it is checked');

  // One address, ever new accounts: four right passwords, then 429, an unknown address's too.
  for (let i = 1; i <= 4; i++) t.equal((await login(emails[i]!, '198.51.100.20')).status, 200);
  const address = await login(emails[5]!, '198.51.100.20');
  t.equal(address.status, 429, 'the address has spent its attempts');
  t.equal(address.headers.get('x-ratelimit-limit'), '4');
  t.equal((await login(`nobody-${stamp}@example.com`, '198.51.100.20')).status, 429, 'an unknown account from there too');
  t.equal((await login(emails[5]!, '198.51.100.21')).status, 200, 'the same account from another address');
});

t.test('Redis down: IP and per-key limits fail open, auth limits fail closed, never a 500', async (t) => {
  const p = await startPlatform(t, { env: { RATE_LIMIT_AUTH_PER_15_MINUTES: '50' } });
  const good = p.gateways[0]!;
  const org = await apiReadyOrg(p, good, 'down');
  // A replica whose Redis is unreachable (a closed port).
  const broken = await p.addGateway({}, 'redis://127.0.0.1:1/0');
  const v1 = await broken.request('GET', '/api/v1/organization', { token: org.apiKey });
  t.equal(v1.status, 200, 'API works without Redis');
  t.equal(v1.headers.get('x-ratelimit-limit'), '60', 'local insurance limiter still limits the key');
  const notFound = await broken.request('GET', '/api/unknown');
  t.equal(notFound.status, 404);
  t.equal(notFound.headers.get('x-ratelimit-limit'), null, 'IP limit skipped (fail open)');
  const signup = await broken.request('POST', '/api/auth/signup', { body: { email: 'x@example.com', password: PASSWORD, name: 'X' } });
  t.equal(signup.status, 503, 'auth limit fails closed');
  t.equal(signup.body.error, 'UNAVAILABLE');
  const revoke = await broken.request('DELETE', `/api/organizations/${org.orgId}/api-keys/${org.apiKeyId}`, { token: org.session });
  t.equal(revoke.status, 204);
  t.equal(
    (await broken.request('GET', '/api/v1/organization', { token: org.apiKey })).status,
    401,
    'revocation still honoured without a cache',
  );
  const metrics = await (await fetch(`http://127.0.0.1:${broken.service.host.opsPort}/metrics`)).text();
  t.match(metrics, /gateway_rate_limiter_errors_total\{[^}]*scope="ip",policy="open"[^}]*\} [1-9]/);
  void ADMIN_TOKEN;
});
