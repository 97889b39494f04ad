// Sessions end to end, every service a process (docs/decisions.md, "Browser sessions and CSRF"):
// a session sees the account as it is now (an address verified mid-session claims at once), a
// password reset ends earlier sessions, browsers get an HttpOnly cookie whose unsafe requests need
// the CSRF token, the operator console has its own cookie, and a private credential's /verify page
// opens for its owner's cookie session only.
import t from 'tap';
import { waitFor } from '@cred/testing';
import { setupStep, startTestPlatform } from './harness.js';

const PASSWORD = 'correct horse battery staple';
const tp = await setupStep('platform', () => startTestPlatform('sessions'));
t.teardown(() => tp.stop());

const { orgId, owner, ownerEmail, apiKey, badgeId } = await setupStep(
  'organization, keys and badge',
  async () => {
    const { orgId, token: owner } = await tp.signUpOrganization('session-academy');
    const step = async (what: string, status: number, call: Promise<{ status: number; text: string; body: any }>) => {
      const r = await call;
      if (r.status !== status) throw new Error(`${what}: ${r.status} ${r.text}`);
      return r;
    };
    await step('approve', 200, tp.api('POST', `/api/admin/organizations/${orgId}/approve`, undefined, tp.adminToken));
    await step('plan', 200, tp.api('PATCH', `/api/admin/organizations/${orgId}`, { plan: 'professional' }, tp.adminToken));
    await step('signing keys', 201, tp.api('POST', `/api/organizations/${orgId}/signing-keys`, undefined, owner));
    const apiKey = String((await step('API key', 201, tp.api('POST', `/api/organizations/${orgId}/api-keys`, { name: 'sessions' }, owner))).body.key);
    const badge = { name: 'Sessions', description: 'A badge.', criteria: 'Work.' };
    const badgeId = String((await step('badge', 201, tp.api('POST', `/api/organizations/${orgId}/badges`, badge, owner))).body.id);
    return { orgId, owner, ownerEmail: 'owner-session-academy@example.com', apiKey, badgeId };
  },
  tp.logFile,
);
const issue = (email: string) => tp.api('POST', '/api/v1/credentials', { badgeId, recipient: { name: 'Recipient', email } }, apiKey);
const ownOrigin = new URL(tp.env.BASE_URL!).origin;

const mailMatch = (to: string, re: RegExp) => tp.mailMatch(to, re);

/** A request with any headers (cookies, CSRF token, Origin). */
async function send(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${tp.baseUrl}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, body: json, headers: res.headers, text };
}

function cookieValue(headers: Headers, name: string): { header: string; value: string } {
  const header = headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!header) throw new Error(`no ${name} cookie`);
  return { header, value: header.slice(name.length + 1).split(';', 1)[0]! };
}

t.test('an address verified during a session counts at once: /me and claiming with the same token', async (t) => {
  const email = 'fresh@example.com';
  const issued = await issue(email);
  t.equal(issued.status, 201, issued.text);
  const credentialId = String(issued.body.credentialId);

  const signup = await tp.api('POST', '/api/auth/signup', { email, password: PASSWORD, name: 'Fresh' });
  t.equal(signup.status, 201, signup.text);
  const tokenA = String(signup.body.token);
  t.equal((await tp.api('GET', '/api/auth/me', undefined, tokenA)).body.user.emailVerified, false);
  t.equal((await tp.api('POST', `/api/credentials/${credentialId}/claim`, {}, tokenA)).status, 403, 'not verified yet');

  const [, verifyToken] = await mailMatch(email, /\/verify-email\?token=([A-Za-z0-9_-]+)/);
  t.equal((await tp.api('POST', '/api/auth/verify-email', { token: verifyToken })).status, 200);

  const me = await tp.api('GET', '/api/auth/me', undefined, tokenA);
  t.same([me.status, me.body.user.emailVerified], [200, true], 'the same session now says verified');
  const claimed = await tp.api('POST', `/api/credentials/${credentialId}/claim`, {}, tokenA);
  t.same([claimed.status, claimed.body.status], [200, 'valid'], `claimed with the same session: ${claimed.text}`);
});

t.test('a password reset ends the sessions that came before it', async (t) => {
  const email = 'reset@example.com';
  const signup = await tp.api('POST', '/api/auth/signup', { email, password: PASSWORD, name: 'Reset' });
  const before = String(signup.body.token);
  t.equal((await tp.api('GET', '/api/auth/me', undefined, before)).status, 200);
  t.equal((await tp.api('POST', '/api/auth/password-reset', { email })).status, 202);
  const [, resetToken] = await mailMatch(email, /\/reset-password\?token=([A-Za-z0-9_-]+)/);
  const confirmed = await tp.api('POST', '/api/auth/password-reset/confirm', { token: resetToken, password: 'a brand new password' });
  t.equal(confirmed.status, 200, confirmed.text);
  const after = await tp.api('GET', '/api/auth/me', undefined, before);
  t.same([after.status, after.body.error], [401, 'UNAUTHORIZED'], 'the earlier token is dead');
  const login = await tp.api('POST', '/api/auth/login', { email, password: 'a brand new password' });
  t.equal((await tp.api('GET', '/api/auth/me', undefined, String(login.body.token))).status, 200, 'a new login works');
});

t.test('cookie session: HttpOnly cookie, CSRF on unsafe methods, logout ends it', async (t) => {
  const login = await send('POST', '/api/auth/session', {}, { email: ownerEmail, password: PASSWORD });
  t.equal(login.status, 200, login.text);
  const { header, value } = cookieValue(login.headers, '__Host-session');
  t.match(header, /HttpOnly/);
  t.match(header, /SameSite=Lax/);
  t.notOk('token' in login.body, 'no token in the body');
  t.notOk(login.text.includes(value));
  const cookie = `__Host-session=${value}`;
  const csrf = String(login.body.csrfToken);

  t.equal((await send('GET', `/api/organizations/${orgId}`, { cookie })).status, 200);
  const patch = (headers: Record<string, string>) => send('PATCH', `/api/organizations/${orgId}`, { cookie, ...headers }, { name: 'Session Academy' });
  const noToken = await patch({});
  t.same([noToken.status, noToken.body.error, noToken.body.details], [403, 'FORBIDDEN', {}]);
  t.match(noToken.body.message, /CSRF/);
  t.equal((await patch({ 'x-csrf-token': 'not-the-token' })).status, 403, 'a wrong token');
  t.equal((await patch({ 'x-csrf-token': csrf, origin: 'https://attacker.example' })).status, 403, 'a foreign Origin');
  const ok = await patch({ 'x-csrf-token': csrf, origin: ownOrigin });
  t.same([ok.status, ok.body.name], [200, 'Session Academy']);
  t.equal((await tp.api('GET', `/api/organizations/${orgId}`, undefined, owner)).status, 200, 'Bearer sessions are unchanged');

  const out = await send('DELETE', '/api/auth/session', { cookie, 'x-csrf-token': csrf });
  t.equal(out.status, 204);
  t.match(cookieValue(out.headers, '__Host-session').header, /Max-Age=0/);
  t.equal((await send('GET', `/api/organizations/${orgId}`, { cookie })).status, 401, 'the cookie no longer works');
  t.equal((await send('GET', '/api/auth/session', { cookie })).status, 401);
});

t.test('operator console cookie session needs the CSRF token on unsafe methods', async (t) => {
  const r = await send('POST', '/api/admin/session', {}, { token: tp.adminToken });
  t.equal(r.status, 200, r.text);
  const { header, value } = cookieValue(r.headers, '__Host-admin_session');
  t.match(header, /HttpOnly; SameSite=Strict/);
  t.notOk(header.includes(tp.adminToken), 'the cookie is not the admin token');
  const cookie = `__Host-admin_session=${value}`;
  t.equal((await send('GET', '/api/admin/organizations', { cookie })).status, 200);
  t.equal((await send('POST', `/api/admin/organizations/${orgId}/approve`, { cookie })).status, 403, 'no CSRF token');
  t.equal((await send('POST', `/api/admin/organizations/${orgId}/approve`, { cookie, 'x-csrf-token': String(r.body.csrfToken) })).status, 200);
  t.equal((await send('DELETE', '/api/admin/session', { cookie, 'x-csrf-token': String(r.body.csrfToken) })).status, 204);
});

t.test("a private credential's /verify page: 403 for a stranger, 200 for the owner's cookie session", async (t) => {
  const email = 'hidden@example.com';
  const issued = await issue(email);
  const credentialId = String(issued.body.credentialId);
  await tp.api('POST', '/api/auth/signup', { email, password: PASSWORD, name: 'Hidden' });
  const [, verifyToken] = await mailMatch(email, /\/verify-email\?token=([A-Za-z0-9_-]+)/);
  t.equal((await tp.api('POST', '/api/auth/verify-email', { token: verifyToken })).status, 200);
  const login = await send('POST', '/api/auth/session', {}, { email, password: PASSWORD });
  const cookie = `__Host-session=${cookieValue(login.headers, '__Host-session').value}`;
  const csrf = String(login.body.csrfToken);

  const priv = await send('PATCH', `/api/credentials/${credentialId}`, { cookie, 'x-csrf-token': csrf }, { isPublic: false });
  t.same([priv.status, priv.body.isPublic], [200, false], priv.text);
  await waitFor('private on /verify', async () => ((await send('GET', `/verify/${credentialId}`, {})).status === 403 ? true : undefined));

  const strangerLogin = await send('POST', '/api/auth/session', {}, { email: ownerEmail, password: PASSWORD });
  const stranger = await send('GET', `/verify/${credentialId}`, { cookie: `__Host-session=${cookieValue(strangerLogin.headers, '__Host-session').value}` });
  t.equal(stranger.status, 403, 'a stranger (the issuer) is refused');
  const mine = await send('GET', `/verify/${credentialId}`, { cookie });
  t.equal(mine.status, 200, "the owner's cookie session sees it");
  t.equal(mine.headers.get('cache-control'), 'no-store');
  t.equal(mine.headers.get('vary'), 'Cookie, Authorization');
  t.equal((await send('GET', `/api/verify/${credentialId}`, { cookie })).status, 200, 'and /api/verify too');

  await send('DELETE', '/api/auth/session', { cookie, 'x-csrf-token': csrf });
  t.equal((await send('GET', `/verify/${credentialId}`, { cookie })).status, 403, 'after logout the page is closed again');
});
