// Browser sessions (docs/decisions.md, "Browser sessions and CSRF"): the session cookie and the
// operator console's admin_session cookie, their CSRF rules, and sessions that end server-side,
// against a real accounts service, PostgreSQL and Redis. Responses of the new endpoints are
// checked against the OpenAPI document too.
import t from 'tap';
import { openApiChecker, type OpenApiDoc } from './fixtures/openapi-check.js';
import { ADMIN_TOKEN, PASSWORD, startPlatform, type GatewayHandle, type HttpResult } from './fixtures/platform.js';

const BASE_ORIGIN = 'http://localhost:8080';

function cookieOf(r: HttpResult, name: string): { header: string; value: string } {
  const header = r.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!header) throw new Error(`no ${name} cookie in ${r.status} ${r.text}`);
  return { header, value: header.slice(name.length + 1).split(';', 1)[0]! };
}

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { sub: string; jti: string };

t.test('browser sessions and CSRF', async (t) => {
  const p = await startPlatform(t, { gateways: 2, env: { RATE_LIMIT_AUTH_PER_15_MINUTES: '1000', RATE_LIMIT_IP_PER_MINUTE: '10000' } });
  const [g, replica] = p.gateways as [GatewayHandle, GatewayHandle];
  const doc = (await g.request('GET', '/api/v1/openapi.json')).body as OpenApiDoc;
  const { check } = openApiChecker(t, doc);

  const slug = `browser-${Date.now().toString(36)}`;
  const email = `${slug}@example.com`;
  const signup = await g.request('POST', '/api/auth/signup', { body: { email, password: PASSWORD, name: 'B', organization: { name: 'Browser', slug } } });
  const orgId = String(signup.body.organization.id);
  // Each login costs a scrypt hash: the first cookie session serves the first two subtests.
  let firstLogin: HttpResult | undefined;

  t.test('POST /api/auth/session: an HttpOnly cookie, the CSRF token, never the token in the body', async (t) => {
    const wrong = await g.request('POST', '/api/auth/session', { body: { email, password: 'not the password!' } });
    check('POST', '/api/auth/session', wrong);
    t.same([wrong.status, wrong.headers.getSetCookie()], [401, []]);

    const r = await g.request('POST', '/api/auth/session', { body: { email, password: PASSWORD } });
    firstLogin = r;
    check('POST', '/api/auth/session', r);
    t.equal(r.status, 200);
    const { header, value } = cookieOf(r, '__Host-session');
    // `__Host-`: Secure, Path=/, no Domain, even over http (browsers keep Secure cookies of http://localhost).
    t.match(header, /^__Host-session=[\w-]+\.[\w-]+\.[\w-]+; HttpOnly; SameSite=Lax; Path=\/; Max-Age=(3600|3599); Secure$/);
    t.notMatch(header, /Domain=/i, 'no Domain');
    // The readable marker the web application checks before asking who is signed in: no secret,
    // the same lifetime, not HttpOnly.
    t.match(cookieOf(r, 'signed_in').header, /^signed_in=1; SameSite=Lax; Path=\/; Max-Age=(3600|3599); Secure$/);
    t.same(Object.keys(r.body).sort(), ['csrfToken', 'expiresAt', 'user']);
    t.notOk(r.text.includes(value), 'the token is not in the body');
    t.equal(r.body.user.email, email);
    t.equal(r.headers.get('cache-control'), 'no-store');
  });

  t.test('the cookie works on session routes; unsafe methods need the CSRF token and our Origin', async (t) => {
    const login = firstLogin!;
    const cookie = `__Host-session=${cookieOf(login, '__Host-session').value}`;
    const csrf = String(login.body.csrfToken);
    const patch = (headers: Record<string, string>) =>
      g.request('PATCH', `/api/organizations/${orgId}`, { headers: { cookie, ...headers }, body: { emailNotificationsEnabled: false } });

    t.equal((await g.request('GET', `/api/organizations/${orgId}`, { headers: { cookie } })).status, 200, 'GET with the cookie');
    const me = await g.request('GET', '/api/auth/me', { headers: { cookie } });
    t.same([me.status, me.body.user.email], [200, email]);
    const got = await g.request('GET', '/api/auth/session', { headers: { cookie } });
    check('GET', '/api/auth/session', got);
    t.same([got.status, got.body.csrfToken, got.body.expiresAt], [200, csrf, login.body.expiresAt]);
    t.equal(got.headers.get('cache-control'), 'no-store');

    for (const [why, headers] of [
      ['no X-CSRF-Token', {}],
      ['a wrong X-CSRF-Token', { 'x-csrf-token': csrf.slice(0, -2) + (csrf.endsWith('AA') ? 'BB' : 'AA') }],
      ["another session's shape of token", { 'x-csrf-token': 'x'.repeat(43) }],
      ['a foreign Origin', { 'x-csrf-token': csrf, origin: 'https://evil.example' }],
      ['Origin null', { 'x-csrf-token': csrf, origin: 'null' }],
    ] as Array<[string, Record<string, string>]>) {
      const r = await patch(headers);
      check('PATCH', '/api/organizations/{orgId}', r);
      t.equal(r.status, 403, why);
      t.same([r.body.error, r.body.details], ['FORBIDDEN', {}], why);
      t.match(r.body.message, /CSRF/, why);
    }
    const okNoOrigin = await patch({ 'x-csrf-token': csrf });
    t.same([okNoOrigin.status, okNoOrigin.body.emailNotificationsEnabled], [200, false], 'the right token, no Origin');
    t.equal((await patch({ 'x-csrf-token': csrf, origin: BASE_ORIGIN })).status, 200, 'the right token from our origin');

    // Bearer clients are unchanged: no CSRF token, and an Authorization header always wins.
    const bearer = String(signup.body.token);
    t.equal((await g.request('PATCH', `/api/organizations/${orgId}`, { token: bearer, body: { emailNotificationsEnabled: true } })).status, 200);
    t.equal((await g.request('GET', `/api/organizations/${orgId}`, { headers: { cookie, authorization: 'Bearer a.b.c' } })).status, 401);
    t.equal((await g.request('GET', '/api/v1/organization', { headers: { cookie } })).status, 401, '/api/v1 takes API keys only');
    t.equal(
      (await g.request('GET', `/api/organizations/${orgId}`, { headers: { cookie: `${cookie}; __Host-session=${bearer}` } })).status,
      401,
      'two session cookies are ambiguous',
    );
    const bearerSession = await g.request('GET', '/api/auth/session', { token: bearer });
    check('GET', '/api/auth/session', bearerSession);
    t.equal(bearerSession.status, 200, 'GET /api/auth/session answers a Bearer session too');
    const none = await g.request('GET', '/api/auth/session');
    check('GET', '/api/auth/session', none);
    t.equal(none.status, 401);
  });

  t.test('DELETE /api/auth/session ends the session on every replica and clears the cookie', async (t) => {
    const login = await g.request('POST', '/api/auth/session', { body: { email, password: PASSWORD } });
    const jwt = cookieOf(login, '__Host-session').value;
    const cookie = `__Host-session=${jwt}`;
    const refused = await g.request('DELETE', '/api/auth/session', { headers: { cookie } });
    check('DELETE', '/api/auth/session', refused);
    t.equal(refused.status, 403, 'a cookie logout needs the CSRF token too');
    const out = await g.request('DELETE', '/api/auth/session', { headers: { cookie, 'x-csrf-token': String(login.body.csrfToken) } });
    check('DELETE', '/api/auth/session', out);
    t.equal(out.status, 204);
    t.match(cookieOf(out, '__Host-session').header, /^__Host-session=; HttpOnly; SameSite=Lax; Path=\/; Max-Age=0; Secure$/);
    t.match(cookieOf(out, 'signed_in').header, /^signed_in=; SameSite=Lax; Path=\/; Max-Age=0; Secure$/);
    t.equal((await g.request('GET', '/api/auth/session', { headers: { cookie: 'signed_in=1' } })).status, 401, 'the marker alone is no session');
    for (const h of [g, replica]) {
      t.equal((await h.request('GET', `/api/organizations/${orgId}`, { headers: { cookie } })).status, 401, 'the cookie is dead');
      t.equal((await h.request('GET', '/api/auth/me', { token: jwt })).status, 401, 'and so is the same JWT as a Bearer token');
    }
    const again = await g.request('DELETE', '/api/auth/session', { token: jwt });
    check('DELETE', '/api/auth/session', again);
    t.equal(again.status, 401);

    // A Bearer logout (no CSRF token needed), and an ended session is refused on another replica at once.
    const bearer = String(signup.body.token);
    t.equal((await replica.request('GET', '/api/auth/me', { token: bearer })).status, 200);
    t.equal((await g.request('DELETE', '/api/auth/session', { token: bearer })).status, 204);
    t.equal((await replica.request('GET', '/api/auth/me', { token: bearer })).status, 401);

    // Ended directly in accounts: the very next request knows.
    const other = String((await g.request('POST', '/api/auth/login', { body: { email, password: PASSWORD } })).body.token);
    const { sub, jti } = claimsOf(other);
    await p.accounts.EndSession({ session_id: jti, user_id: sub });
    t.equal((await replica.request('GET', `/api/organizations/${orgId}`, { token: other })).status, 401);
  });

  t.test('the cookie and the login endpoint share one failed-login limit', async (t) => {
    const limited = await p.addGateway({ RATE_LIMIT_AUTH_PER_15_MINUTES: '3' });
    const who = `limit-${email}`;
    await limited.request('POST', '/api/auth/signup', { body: { email: who, password: PASSWORD, name: 'L' } });
    t.equal((await limited.request('POST', '/api/auth/login', { body: { email: who, password: 'wrong password 1' } })).status, 401);
    t.equal((await limited.request('POST', '/api/auth/session', { body: { email: who, password: 'wrong password 2' } })).status, 401);
    t.equal((await limited.request('POST', '/api/auth/login', { body: { email: who, password: 'wrong password 3' } })).status, 401);
    const blocked = await limited.request('POST', '/api/auth/session', { body: { email: who, password: PASSWORD } });
    check('POST', '/api/auth/session', blocked);
    t.equal(blocked.status, 429, 'even the right password waits');

    // The operator console: wrong tokens count per IP the same way.
    for (let i = 0; i < 3; i++) t.equal((await limited.request('POST', '/api/admin/session', { body: { token: `wrong-${i}` } })).status, 401);
    t.equal((await limited.request('POST', '/api/admin/session', { body: { token: ADMIN_TOKEN } })).status, 429);
  });

  t.test('the operator console cookie: signed, short-lived, never the token; CSRF on unsafe methods', async (t) => {
    const wrong = await g.request('POST', '/api/admin/session', { body: { token: 'not-the-admin-token-0123456789' } });
    check('POST', '/api/admin/session', wrong);
    t.same([wrong.status, wrong.headers.getSetCookie()], [401, []]);
    const r = await g.request('POST', '/api/admin/session', { body: { token: ADMIN_TOKEN } });
    check('POST', '/api/admin/session', r);
    t.equal(r.status, 200);
    const { header, value } = cookieOf(r, '__Host-admin_session');
    t.match(header, /^__Host-admin_session=[^;]+; HttpOnly; SameSite=Strict; Path=\/; Max-Age=3600; Secure$/);
    t.match(cookieOf(r, 'admin_signed_in').header, /^admin_signed_in=1; SameSite=Strict; Path=\/; Max-Age=3600; Secure$/);
    t.notOk(header.includes(ADMIN_TOKEN) || r.text.includes(ADMIN_TOKEN), 'never the admin token itself');
    t.same(Object.keys(r.body).sort(), ['csrfToken', 'expiresAt']);
    const cookie = `__Host-admin_session=${value}`;
    const csrf = String(r.body.csrfToken);

    const got = await g.request('GET', '/api/admin/session', { headers: { cookie } });
    check('GET', '/api/admin/session', got);
    t.same([got.status, got.body.csrfToken], [200, csrf]);
    const noCookie = await g.request('GET', '/api/admin/session');
    check('GET', '/api/admin/session', noCookie);
    t.equal(noCookie.status, 401);
    t.equal((await replica.request('GET', '/api/admin/organizations', { headers: { cookie } })).status, 200, 'any replica accepts it');

    const approve = (headers: Record<string, string>) => g.request('POST', `/api/admin/organizations/${orgId}/approve`, { headers: { cookie, ...headers } });
    const noCsrf = await approve({});
    check('POST', '/api/admin/organizations/{orgId}/approve', noCsrf);
    t.same([noCsrf.status, noCsrf.body.error], [403, 'FORBIDDEN']);
    t.match(noCsrf.body.message, /CSRF/);
    t.equal((await approve({ 'x-csrf-token': csrf, origin: 'https://evil.example' })).status, 403, 'a foreign Origin');
    t.equal((await approve({ 'x-csrf-token': csrf, origin: BASE_ORIGIN })).status, 200);
    t.equal((await g.request('POST', `/api/admin/organizations/${orgId}/suspend`, { token: ADMIN_TOKEN })).status, 200, 'the Bearer token as before');

    const [exp, nonce, mac] = value.split('.') as [string, string, string];
    const tampered = [`${Number(exp) + 86400}.${nonce}.${mac}`, `${exp}.${nonce}.${'A'.repeat(43)}`, ADMIN_TOKEN];
    for (const v of tampered) t.equal((await g.request('GET', '/api/admin/organizations', { headers: { cookie: `__Host-admin_session=${v}` } })).status, 401);
    t.equal((await g.request('GET', '/api/admin/organizations', { headers: { cookie: `__Host-session=${value}` } })).status, 401, 'a user session cookie is no admin');

    const out = await g.request('DELETE', '/api/admin/session', { headers: { cookie, 'x-csrf-token': csrf } });
    check('DELETE', '/api/admin/session', out);
    t.equal(out.status, 204);
    t.match(cookieOf(out, '__Host-admin_session').header, /Max-Age=0/);
    t.match(cookieOf(out, 'admin_signed_in').header, /^admin_signed_in=; SameSite=Strict; Path=\/; Max-Age=0; Secure$/);
    // Signed out means ended, not only forgotten by this browser: a kept copy of the value is
    // refused at once, by this gateway and by another replica.
    t.equal((await g.request('GET', '/api/admin/organizations', { headers: { cookie } })).status, 401, 'a copy of the ended cookie');
    t.equal((await replica.request('GET', '/api/admin/organizations', { headers: { cookie } })).status, 401, 'on every replica');
    t.equal((await g.request('GET', '/api/admin/session', { headers: { cookie } })).status, 401);
    // A second session started by the same operator is not affected.
    const again = await g.request('POST', '/api/admin/session', { body: { token: ADMIN_TOKEN } });
    const cookie2 = `__Host-admin_session=${cookieOf(again, '__Host-admin_session').value}`;
    t.equal((await g.request('GET', '/api/admin/organizations', { headers: { cookie: cookie2 } })).status, 200, 'a new session works');

    g.clock.advance(61 * 60 * 1000);
    t.equal((await g.request('GET', '/api/admin/organizations', { headers: { cookie } })).status, 401, 'one hour on the app clock');
    t.equal((await g.request('GET', '/api/admin/session', { headers: { cookie } })).status, 401);
    g.clock.reset();
  });

  t.test('over https the cookies are Secure and the Origin must be https too', async (t) => {
    const secure = await p.addGateway({ BASE_URL: 'https://creds.example' });
    const r = await secure.request('POST', '/api/auth/session', { body: { email, password: PASSWORD } });
    t.match(cookieOf(r, '__Host-session').header, /; Secure$/);
    const cookie = `__Host-session=${cookieOf(r, '__Host-session').value}`;
    const patch = (origin: string) =>
      secure.request('PATCH', `/api/organizations/${orgId}`, {
        headers: { cookie, origin, 'x-csrf-token': String(r.body.csrfToken) },
        body: { emailNotificationsEnabled: true },
      });
    t.equal((await patch('http://creds.example')).status, 403);
    t.equal((await patch('https://creds.example')).status, 200);
    const admin = await secure.request('POST', '/api/admin/session', { body: { token: ADMIN_TOKEN } });
    t.match(cookieOf(admin, '__Host-admin_session').header, /; Secure$/);
  });
});
