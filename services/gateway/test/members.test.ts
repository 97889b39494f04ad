// Team roles at the gateway (issue 17): the permission table enforced on every member route,
// a role change counting on the very next request, the member and invitation routes, and the
// accept flow, against the real accounts service, PostgreSQL and Redis. Other upstreams point at
// a closed port: no request a role may not make gets past the gateway to find out.
import t, { type Test } from 'tap';
import { createDb } from '@cred/db';
import { waitFor } from '@cred/testing';
import { can, ROLES, type Role } from '@cred/proto/roles';
import { MEMBER_ROUTE_PERMISSIONS } from '../src/http/role-permissions.js';
import { openApiDocument } from '../src/openapi/openapi.js';
import { openApiChecker, type OpenApiDoc } from './fixtures/openapi-check.js';
import { ADMIN_TOKEN, apiReadyOrg, confirmAddress, PASSWORD, startPlatform, UPSTREAMS_OFF, type GatewayHandle } from './fixtures/platform.js';

const MEMBER = '/api/organizations/{orgId}';

t.test('every documented member route has a permission, and only those', async (t) => {
  const documented = new Set<string>();
  for (const [path, item] of Object.entries(openApiDocument.paths as Record<string, Record<string, unknown>>)) {
    if (path !== MEMBER && !path.startsWith(`${MEMBER}/`)) continue;
    for (const method of ['get', 'post', 'patch', 'delete']) if (item[method]) documented.add(`${method} ${path.slice(MEMBER.length)}`);
  }
  const listed = new Set(MEMBER_ROUTE_PERMISSIONS.map((r) => `${r.method} ${r.path}`));
  t.same([...documented].filter((r) => !listed.has(r)), [], 'no documented member route without a permission');
  t.same([...listed].filter((r) => !documented.has(r)), [], 'no permission for a route that does not exist');
  t.equal(listed.size, MEMBER_ROUTE_PERMISSIONS.length, 'each route once');
});

t.test('roles at the gateway', async (t) => {
  const p = await startPlatform(t, { env: { RATE_LIMIT_AUTH_PER_15_MINUTES: '1000', RATE_LIMIT_IP_PER_MINUTE: '10000', ...UPSTREAMS_OFF } });
  const g = p.gateways[0]!;
  const { check } = openApiChecker(t, (await g.request('GET', '/api/v1/openapi.json')).body as OpenApiDoc);
  const db = createDb({ url: p.iso.databaseUrl, schema: 'accounts' });
  t.teardown(() => db.destroy());
  const owner = await apiReadyOrg(p, g, 'team');
  const orgs = `/api/organizations/${owner.orgId}`;

  async function inviteToken(email: string): Promise<string> {
    const rows = await db('outbox').where({ type: 'accounts.invitation.created' }).orderBy('created_at', 'desc');
    const row = rows.find((r: { payload: { data: { email: string } } }) => r.payload.data.email === email);
    return new URL(String(row.payload.data.acceptUrl)).searchParams.get('token') ?? '';
  }

  /** Invites through the gateway, signs the invitee up and has them accept; their session and id. */
  async function join(label: string, role: Role, by = owner.session): Promise<{ session: string; userId: string; email: string }> {
    const email = `${label}-${Date.now().toString(36)}@example.com`;
    const inv = await g.request('POST', `${orgs}/invitations`, { token: by, body: { email, role } });
    check('POST', `${MEMBER}/invitations`, inv);
    if (inv.status !== 201) throw new Error(`invite failed: ${inv.status} ${inv.text}`);
    const token = await inviteToken(email);
    const signup = await g.request('POST', '/api/auth/signup', { body: { email, password: PASSWORD, name: label } });
    const accepted = await g.request('POST', '/api/invitations/accept', { token: signup.body.token, body: { token } });
    check('POST', '/api/invitations/accept', accepted);
    if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${accepted.text}`);
    return { session: signup.body.token, userId: signup.body.user.id, email };
  }

  t.test('invite and accept through HTTP', async (t) => {
    const email = `Colleague-${Date.now().toString(36)}@Example.com`;
    const inv = await g.request('POST', `${orgs}/invitations`, { token: owner.session, body: { email, role: 'issuer' }, headers: { 'idempotency-key': 'invite-1' } });
    check('POST', `${MEMBER}/invitations`, inv);
    t.equal(inv.status, 201);
    t.equal(inv.body.email, email.toLowerCase());
    const again = await g.request('POST', `${orgs}/invitations`, { token: owner.session, body: { email, role: 'issuer' }, headers: { 'idempotency-key': 'invite-1' } });
    t.equal(again.headers.get('idempotent-replayed'), 'true', 'a retried invitation is the same invitation');
    t.equal(again.body.id, inv.body.id);
    const dup = await g.request('POST', `${orgs}/invitations`, { token: owner.session, body: { email, role: 'viewer' } });
    check('POST', `${MEMBER}/invitations`, dup);
    t.equal(dup.status, 409, 'a pending invitation for the address: 409');
    const bad = await g.request('POST', `${orgs}/invitations`, { token: owner.session, body: { email, role: 'member' } });
    check('POST', `${MEMBER}/invitations`, bad);
    t.equal(bad.body.details.field, 'role');

    const list = await g.request('GET', `${orgs}/invitations`, { token: owner.session });
    check('GET', `${MEMBER}/invitations`, list);
    t.equal(list.body.data.length, 1);
    const token = await inviteToken(email.toLowerCase());
    t.notOk(list.text.includes(token) || inv.text.includes(token), 'the token is only in the e-mail');

    const summary = await g.request('GET', `/api/invitations/${token}`);
    check('GET', '/api/invitations/{token}', summary);
    t.match(summary.body, { organization: { id: owner.orgId, name: 'Org team' }, email: email.toLowerCase(), role: 'issuer' });
    const unknown = await g.request('GET', `/api/invitations/${'x'.repeat(43)}`);
    check('GET', '/api/invitations/{token}', unknown);
    t.equal(unknown.status, 404);

    t.equal((await g.request('POST', '/api/invitations/accept', { body: { token } })).status, 401, 'accepting needs a session');
    const other = await g.request('POST', '/api/auth/signup', { body: { email: `other-${Date.now()}@example.com`, password: PASSWORD, name: 'Other' } });
    const mismatch = await g.request('POST', '/api/invitations/accept', { token: other.body.token, body: { token } });
    check('POST', '/api/invitations/accept', mismatch);
    t.equal(mismatch.status, 403);
    t.equal(mismatch.body.details.reason, 'email_mismatch');

    const invitee = await g.request('POST', '/api/auth/signup', { body: { email: email.toUpperCase(), password: PASSWORD, name: 'Colleague' } });
    const ok = await g.request('POST', '/api/invitations/accept', { token: invitee.body.token, body: { token } });
    t.equal(ok.status, 200);
    t.equal(ok.body.member.role, 'issuer');
    const me = await g.request('GET', '/api/auth/me', { token: invitee.body.token });
    t.equal(me.body.user.emailVerified, false, 'accepting does not confirm the address (issue 39): only the confirmation link does');
    t.match(me.body.user.memberships, [{ organizationId: owner.orgId, role: 'issuer' }]);
    const used = await g.request('POST', '/api/invitations/accept', { token: invitee.body.token, body: { token } });
    check('POST', '/api/invitations/accept', used);
    t.equal(used.status, 409);
    t.equal(used.body.details.invitationStatus, 'accepted');
    const gone = await g.request('GET', `/api/invitations/${token}`);
    check('GET', '/api/invitations/{token}', gone);
    t.equal(gone.status, 409);

    const members = await g.request('GET', `${orgs}/members`, { token: invitee.body.token });
    check('GET', `${MEMBER}/members`, members);
    t.same(members.body.data.map((m: { role: string }) => m.role), ['owner', 'issuer']);
    const existing = await g.request('POST', `${orgs}/invitations`, { token: owner.session, body: { email, role: 'viewer' } });
    t.equal(existing.status, 409, 'inviting a member: 409');
    t.equal(existing.body.details.field, 'email');
  });

  t.test('Idempotency-Key on invitations: accounts keeps the record, no Redis needed', async (t) => {
    const rows = async (email: string) =>
      Number((await db('invitations').where({ organization_id: owner.orgId, email }).count<{ n: string }[]>('* as n'))[0]!.n);
    const invite = (gw: GatewayHandle, email: string, key: string, role = 'viewer') =>
      gw.request('POST', `${orgs}/invitations`, { token: owner.session, body: { email, role }, headers: { 'idempotency-key': key } });
    // A replica whose Redis is unreachable (a closed port): the key is accounts' business now.
    const noRedis = await p.addGateway({}, 'redis://127.0.0.1:1/0');
    const run = Date.now().toString(36);
    const email = `keyed-${run}@example.com`;

    // (Without Redis the IP limit fails open, so its answers lack the X-RateLimit headers the
    // document promises: they are checked against the document through the other replica.)
    const first = await invite(noRedis, email, `invite-${run}`);
    t.equal(first.status, 201, first.text);
    t.equal(first.headers.get('idempotent-replayed'), null);
    const again = await invite(g, email, `"invite-${run}"`);
    check('POST', `${MEMBER}/invitations`, again);
    t.same(
      [again.status, again.text, again.headers.get('location'), again.headers.get('idempotent-replayed')],
      [201, first.text, first.headers.get('location'), 'true'],
      'another replica answers the same status, Location and bytes, marked replayed',
    );
    t.equal(await rows(email), 1, 'one invitation');

    const other = await invite(g, `other-${email}`, `invite-${run}`);
    check('POST', `${MEMBER}/invitations`, other);
    t.same([other.status, other.body.error, other.body.details], [422, 'UNPROCESSABLE', { field: 'Idempotency-Key' }]);
    t.equal(await rows(`other-${email}`), 0);
    const bad = await invite(g, `bad-${email}`, '"unterminated');
    check('POST', `${MEMBER}/invitations`, bad);
    t.same([bad.status, bad.body.error, bad.body.details?.field], [400, 'VALIDATION_ERROR', 'Idempotency-Key']);
    t.equal(await rows(`bad-${email}`), 0);

    const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => invite(i % 2 ? g : noRedis, `burst-${email}`, `burst-${run}`)));
    t.ok(burst.every((r) => r.status === 201 || (r.status === 409 && r.headers.get('retry-after') === '1')), `201 or 409 only: ${burst.map((r) => r.status).join(',')}`);
    const created = burst.filter((r) => r.status === 201);
    t.equal(created.filter((r) => r.headers.get('idempotent-replayed') === null).length, 1, 'one original');
    t.ok(created.every((r) => r.text === created[0]!.text));
    t.equal(await rows(`burst-${email}`), 1, 'a burst invites once');

    // The client hangs up while accounts is held up (the team lock taken here); the invitation still
    // commits with its record, and the retry gets its answer.
    const lost = `lost-${email}`;
    const holder = await db.transaction();
    await holder.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`team:${owner.orgId}`]);
    const abort = new AbortController();
    const abandoned = fetch(`${noRedis.base}${orgs}/invitations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.session}`, 'content-type': 'application/json', 'idempotency-key': `lost-${run}` },
      body: JSON.stringify({ email: lost, role: 'viewer' }),
      signal: abort.signal,
    }).catch((err: Error) => err);
    // The abandoned request is in accounts, waiting for the team lock this test holds.
    await waitFor('the invitation to wait for the team lock', async () => {
      const waiting = await holder.raw(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
      );
      return waiting.rows[0].n > 0;
    });
    const during = await invite(g, lost, `lost-${run}`);
    check('POST', `${MEMBER}/invitations`, during);
    t.same([during.status, during.headers.get('retry-after'), during.body.details], [409, '1', { field: 'Idempotency-Key' }], 'in flight: 409, Retry-After: 1');
    abort.abort();
    t.type(await abandoned, Error, 'the client gave up');
    await holder.commit();
    await waitFor('the abandoned request to commit', async () => (await rows(lost)) > 0);
    t.equal(await rows(lost), 1, 'the abandoned request invited');
    const retry = await invite(noRedis, lost, `lost-${run}`);
    t.same([retry.status, retry.headers.get('idempotent-replayed')], [201, 'true'], 'the retry gets the stored invitation');
    t.equal(retry.headers.get('location'), `${orgs}/invitations/${retry.body.id}`);
    t.equal(await rows(lost), 1);
  });

  t.test('each role gets 403 exactly where the table says', async (t) => {
    const byRole: Record<Role, string> = {
      owner: owner.session,
      admin: (await join('admin', 'admin')).session,
      issuer: (await join('issuer', 'issuer')).session,
      viewer: (await join('viewer', 'viewer')).session,
    };
    const ids = '0b7f5c3e-6d1a-4c8e-9f2b-3a4d5e6f7a8b';
    for (const role of ROLES) {
      for (const route of MEMBER_ROUTE_PERMISSIONS) {
        if (can(role, route.permission)) continue;
        const path = orgs + route.path.replace(/\{key\}/, '1').replace(/\{\w+\}/g, ids);
        const res = await g.request(route.method.toUpperCase(), path, { token: byRole[role], ...(route.method === 'get' || route.method === 'delete' ? {} : { body: {} }) });
        t.equal(res.status, 403, `${role}: ${route.method.toUpperCase()} ${route.path} is 403`);
        t.same(res.body?.details, { role, permission: route.permission }, 'the error names the role and the permission');
        check(route.method.toUpperCase(), MEMBER + route.path, res);
      }
    }
    // What a role may do gets past the check (accounts-backed routes; others need services not running here).
    const allowed: Array<[Role, string, string]> = [
      ['admin', 'GET', '/api-keys'],
      ['admin', 'GET', '/invitations'],
      ['issuer', 'GET', '/members'],
      ['viewer', 'GET', '/members'],
      ['viewer', 'GET', ''],
    ];
    for (const [role, method, path] of allowed) t.equal((await g.request(method, orgs + path, { token: byRole[role] })).status, 200, `${role}: ${method} ${path}`);
  });

  t.test('a role change counts on the next request; removal and leaving; the last owner stays', async (t) => {
    const admin = await join('admin2', 'admin');
    t.equal((await g.request('GET', `${orgs}/api-keys`, { token: admin.session })).status, 200);
    const demoted = await g.request('PATCH', `${orgs}/members/${admin.userId}`, { token: owner.session, body: { role: 'viewer' } });
    check('PATCH', `${MEMBER}/members/{userId}`, demoted);
    t.equal(demoted.body.role, 'viewer');
    t.equal((await g.request('GET', `${orgs}/api-keys`, { token: admin.session })).status, 403, 'at once');

    const admin3 = await join('admin3', 'admin');
    const promote = await g.request('PATCH', `${orgs}/members/${admin.userId}`, { token: admin3.session, body: { role: 'owner' } });
    check('PATCH', `${MEMBER}/members/{userId}`, promote);
    t.equal(promote.status, 403, 'an admin cannot make an owner');
    const ownerSeat = await g.request('DELETE', `${orgs}/members/${owner.userId}`, { token: admin3.session });
    check('DELETE', `${MEMBER}/members/{userId}`, ownerSeat);
    t.equal(ownerSeat.status, 403, 'an admin cannot remove an owner');

    const leave = await g.request('DELETE', `${orgs}/members/${admin.userId}`, { token: admin.session });
    check('DELETE', `${MEMBER}/members/{userId}`, leave);
    t.equal(leave.status, 204, 'a viewer may leave');
    t.equal((await g.request('GET', orgs, { token: admin.session })).status, 404, 'and is out at once');

    const last = await g.request('DELETE', `${orgs}/members/${owner.userId}`, { token: owner.session });
    check('DELETE', `${MEMBER}/members/{userId}`, last);
    t.equal(last.status, 409);
    t.equal(last.body.details.reason, 'last_owner');
    const demoteLast = await g.request('PATCH', `${orgs}/members/${owner.userId}`, { token: owner.session, body: { role: 'admin' } });
    check('PATCH', `${MEMBER}/members/{userId}`, demoteLast);
    t.equal(demoteLast.status, 409);

    const removed = await g.request('DELETE', `${orgs}/members/${admin3.userId}`, { token: owner.session });
    t.equal(removed.status, 204);
    check('DELETE', `${MEMBER}/members/{userId}`, await g.request('DELETE', `${orgs}/members/${admin3.userId}`, { token: owner.session }));
  });

  t.test("issue 39: a removed admin's API key is refused on the very next request", async (t) => {
    const admin = await join('keymaker', 'admin');
    // Creating an API key needs a confirmed address; accepting no longer confirms it (finding 3).
    await confirmAddress(p, g, admin.userId);
    const created = await g.request('POST', `${orgs}/api-keys`, { token: admin.session, body: { name: 'theirs' } });
    t.equal(created.status, 201, created.text);
    const key = String(created.body.key);
    // Issuance is not running here: a key that authenticates gets past the gateway and finds it away (503).
    const before = await g.request('GET', '/api/v1/credentials', { token: key });
    t.equal(before.status, 503, 'the key authenticates (and is now in the principal cache)');
    const removed = await g.request('DELETE', `${orgs}/members/${admin.userId}`, { token: owner.session });
    t.equal(removed.status, 204);
    const after = await g.request('GET', '/api/v1/credentials', { token: key });
    t.equal(after.status, 401, 'revoked with its creator, and not served from the cache');
  });

  t.test('hostile input on the team routes: 4xx in the error shape', async (t) => {
    const cases: Array<[string, string, unknown, number, string?]> = [
      ['POST', `${orgs}/invitations`, { email: ['a@example.com'], role: 'viewer' }, 400, 'email'],
      ['POST', `${orgs}/invitations`, { email: 'a@example.com', role: ['owner'] }, 400, 'role'],
      ['POST', `${orgs}/invitations`, { email: 'not an address', role: 'viewer' }, 400, 'email'],
      ['POST', `${orgs}/invitations`, { email: 'a@example.com', role: 'viewer', orgId: 'x' }, 400, 'orgId'],
      ['PATCH', `${orgs}/members/not-a-uuid`, { role: 'viewer' }, 404],
      ['PATCH', `${orgs}/members/${owner.userId}`, { role: 'Owner' }, 400, 'role'],
      ['DELETE', `${orgs}/invitations/not-a-uuid`, undefined, 404],
      ['DELETE', `${orgs}/invitations/0b7f5c3e-6d1a-4c8e-9f2b-3a4d5e6f7a8b`, undefined, 404],
      ['POST', '/api/invitations/accept', { token: 42 }, 400, 'token'],
      ['POST', '/api/invitations/accept', { token: 'x'.repeat(300) }, 404],
      ['POST', '/api/invitations/accept', { token: 'a/b' }, 404],
      ['GET', `/api/invitations/${'y'.repeat(300)}`, undefined, 404],
      ['GET', '/api/invitations/%E0%A4%A', undefined, 400],
    ];
    for (const [method, path, body, status, field] of cases) {
      const res = await g.request(method, path, { token: owner.session, ...(body === undefined ? {} : { body }) });
      t.equal(res.status, status, `${method} ${path.replace(owner.orgId, '{orgId}').slice(0, 80)}: ${status}`);
      t.type(res.body?.error, 'string', 'the error shape');
      if (field) t.equal(res.body?.details?.field, field);
    }
    const raw = await g.request('POST', `${orgs}/invitations`, { token: owner.session, rawBody: '{"email": "a@example.com",', headers: { 'content-type': 'application/json' } });
    t.equal(raw.status, 400, 'malformed JSON');
  });

  t.test('who may invite, and how many: 403 and 429 in the error shape (issue 39)', async (t) => {
    const slug = `inviter-${Date.now().toString(36)}`;
    const signup = await g.request('POST', '/api/auth/signup', {
      body: { email: `${slug}@example.com`, password: PASSWORD, name: 'Buy cheap pills at evil.example', organization: { name: 'URGENT claim your prize', slug } },
    });
    const fresh = `/api/organizations/${String(signup.body.organization.id)}`;
    const session = signup.body.token as string;
    let n = 0;
    const invite = () => g.request('POST', `${fresh}/invitations`, { token: session, body: { email: `target-${n++}-${slug}@example.com`, role: 'viewer' } });

    const unconfirmed = await invite();
    check('POST', `${MEMBER}/invitations`, unconfirmed);
    t.same([unconfirmed.status, unconfirmed.body.error, unconfirmed.body.details.reason], [403, 'FORBIDDEN', 'email_not_verified'], 'an unconfirmed inviter');
    await confirmAddress(p, g, signup.body.user.id as string);
    const pending = await invite();
    check('POST', `${MEMBER}/invitations`, pending);
    t.same([pending.status, pending.body.details], [403, { reason: 'organization_not_approved', status: 'pending_approval' }], 'an organization nobody approved');
    t.equal((await g.request('POST', `/api/admin/organizations/${String(signup.body.organization.id)}/approve`, { token: ADMIN_TOKEN })).status, 200);

    // Invite and withdraw in a loop: withdrawn invitations count.
    for (let i = 0; i < 20; i++) {
      const inv = await invite();
      t.equal(inv.status, 201, `invitation ${i + 1}`);
      t.equal((await g.request('DELETE', `${fresh}/invitations/${String(inv.body.id)}`, { token: session })).status, 204);
    }
    const limited = await invite();
    check('POST', `${MEMBER}/invitations`, limited);
    t.same([limited.status, limited.body.error], [429, 'RATE_LIMITED']);
    t.match(limited.body.details, { scope: 'organization', limit: 20, windowSeconds: 3600 });
    const retryAfter = Number(limited.headers.get('retry-after'));
    t.ok(retryAfter >= 1 && retryAfter <= 3600 && retryAfter === limited.body.details.retryAfter, `Retry-After ${retryAfter} s, as details.retryAfter`);
  });

  t.test('revoking an invitation', async (t) => {
    const email = `revoked-${Date.now().toString(36)}@example.com`;
    const inv = await g.request('POST', `${orgs}/invitations`, { token: owner.session, body: { email, role: 'viewer' } });
    const token = await inviteToken(email);
    const del = await g.request('DELETE', `${orgs}/invitations/${inv.body.id}`, { token: owner.session });
    check('DELETE', `${MEMBER}/invitations/{invitationId}`, del);
    t.equal(del.status, 204);
    const again = await g.request('DELETE', `${orgs}/invitations/${inv.body.id}`, { token: owner.session });
    check('DELETE', `${MEMBER}/invitations/{invitationId}`, again);
    t.equal(again.status, 409);
    const summary = await g.request('GET', `/api/invitations/${token}`);
    t.equal(summary.body.details.invitationStatus, 'revoked');
    await assertNoToken(t, g, token);
  });
});

/** The token never shows up in an organization's listing after the fact either. */
async function assertNoToken(t: Test, g: GatewayHandle, token: string): Promise<void> {
  const res = await g.request('GET', `/api/invitations/${token}`);
  t.notOk(res.text.includes(token), 'the answer does not echo the token');
}
