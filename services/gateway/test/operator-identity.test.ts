// Platform operators (docs/decisions.md "Operators by name"): each named operator of
// PLATFORM_ADMIN_TOKENS acts under their own name in the audit log (`operator:<name>`), by Bearer
// token and by console cookie, PLATFORM_ADMIN_TOKEN's operator stays `operator`, and the request id
// of an audit entry is the gateway's own, never the client's X-Request-Id. Wrong Bearer tokens
// count per client address in Redis, across replicas, and past the limit the answer is 429.
// Real accounts, PostgreSQL and Redis.
import t from 'tap';
import { createDb } from '@cred/db';
import { verifyAuditChain } from '@cred/db/audit';
import { ADMIN_TOKEN, PASSWORD, startPlatform } from './fixtures/platform.js';

const ALICE = 'alice-operator-token-0123456789abcdef';
const BOB = 'bob-operator-token-0123456789abcdefgh';

t.test('operators by name, in the audit log', async (t) => {
  const p = await startPlatform(t, {
    env: { PLATFORM_ADMIN_TOKENS: `alice:${ALICE}, bob:${BOB}`, RATE_LIMIT_AUTH_PER_15_MINUTES: '1000', RATE_LIMIT_IP_PER_MINUTE: '10000' },
  });
  const g = p.gateways[0]!;
  const db = createDb({ url: p.iso.databaseUrl, schema: 'accounts' });
  t.teardown(() => db.destroy());
  const signup = await g.request('POST', '/api/auth/signup', {
    body: { email: 'ops@example.com', password: PASSWORD, name: 'Ops', organization: { name: 'Ops Org', slug: 'ops-org' } },
  });
  t.equal(signup.status, 201);
  const orgId = String(signup.body.organization.id);

  const approve = await g.request('POST', `/api/admin/organizations/${orgId}/approve`, { token: ALICE, headers: { 'x-request-id': 'forged-request-id-0001' } });
  t.equal(approve.status, 200);
  const signIn = await g.request('POST', '/api/admin/session', { body: { token: BOB } });
  t.equal(signIn.status, 200);
  const cookie = signIn.headers
    .getSetCookie()
    .find((c) => c.startsWith('__Host-admin_session='))!
    .split(';', 1)[0]!;
  const suspend = await g.request('POST', `/api/admin/organizations/${orgId}/suspend`, {
    headers: { cookie, 'x-csrf-token': String(signIn.body.csrfToken) },
  });
  t.equal(suspend.status, 200);
  const reinstate = await g.request('POST', `/api/admin/organizations/${orgId}/reinstate`, { token: ADMIN_TOKEN });
  t.equal(reinstate.status, 200);
  t.equal((await g.request('GET', '/api/admin/organizations', { token: 'carol-is-no-operator-0123456789' })).status, 401);

  const entries = await db('audit_log')
    .where({ organization_id: orgId })
    .whereIn('action', ['organization.approved', 'organization.suspended', 'organization.reinstated'])
    .orderBy('seq');
  t.same(
    entries.map((e: { action: string; actor: string }) => [e.action, e.actor]),
    [
      ['organization.approved', 'operator:alice'],
      ['organization.suspended', 'operator:bob'],
      ['organization.reinstated', 'operator'],
    ],
    'each operator under their own name, the console one too',
  );
  t.same(
    entries.map((e: { request_id: string }) => e.request_id),
    [approve, suspend, reinstate].map((r) => r.headers.get('x-request-id')),
    "the gateway's request id of each action",
  );
  t.not(entries[0].request_id, 'forged-request-id-0001', "never the client's X-Request-Id");
  const stored = JSON.stringify(await db('audit_log').select('*'));
  for (const secret of [ALICE, BOB, ADMIN_TOKEN]) t.notOk(stored.includes(secret), 'no token in the log');
  t.match(await verifyAuditChain(db, 'accounts'), { ok: true });
});

t.test('wrong operator tokens are counted per client address, on every replica', async (t) => {
  const p = await startPlatform(t, { gateways: 0, env: { RATE_LIMIT_AUTH_PER_15_MINUTES: '3', RATE_LIMIT_IP_PER_MINUTE: '10000' } });
  const g = await p.addGateway();
  const replica = await p.addGateway();
  t.equal((await g.request('GET', '/api/admin/organizations', { token: ADMIN_TOKEN })).status, 200, 'the right token, before');
  t.equal((await g.request('GET', '/api/admin/organizations', { token: 'wrong-operator-token-00000000001' })).status, 401);
  t.equal((await replica.request('GET', '/api/admin/organizations', { token: 'wrong-operator-token-00000000002' })).status, 401);
  t.equal((await g.request('POST', '/api/admin/organizations/0b7f5c3e-6d1a-4c8e-9f2b-3a4d5e6f7a8b/approve', { token: 'wrong-3' })).status, 401);
  const blocked = await replica.request('GET', '/api/admin/organizations', { token: 'wrong-operator-token-00000000004' });
  t.equal(blocked.status, 429, 'past the limit, on the other replica');
  t.equal(blocked.body.error, 'RATE_LIMITED');
  t.ok(Number(blocked.headers.get('retry-after')) > 0, 'with Retry-After');
  t.equal((await g.request('GET', '/api/admin/organizations', { token: ADMIN_TOKEN })).status, 429, 'even the right token waits');
  t.notOk(blocked.text.includes('wrong-operator-token'), 'the token is not echoed');
});
