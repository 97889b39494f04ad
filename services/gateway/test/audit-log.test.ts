// GET /api/organizations/{orgId}/audit-log: the gateway merges the pages of the services that
// keep entries. Real accounts (its entries come from the sign-up, the operator and the API key
// below); issuance and notification are gRPC fakes serving canned entries, so the merge, the
// keyset pages, the filters and a service that is down can be checked exactly.
import { randomUUID } from 'node:crypto';
import t from 'tap';
import { createDb } from '@cred/db';
import { auditQueryFromMessage, compareAuditNewestFirst, type AuditEntryMessage, type ListAuditEntriesMessage } from '@cred/db/audit';
import { startGrpcServer, type GrpcServer } from '@cred/grpc';
import { loadProtos } from '@cred/proto';
import { AppError, createLogger } from '@cred/runtime';
import { openApiDocument } from '../src/openapi/openapi.js';
import { openApiChecker, type OpenApiDoc } from './fixtures/openapi-check.js';
import { ADMIN_TOKEN, confirmAddress, PASSWORD, startPlatform } from './fixtures/platform.js';

const logger = createLogger({ service: 'fake', level: 'silent' });

/** A service that keeps `entries` and answers ListAuditEntries as the real ones do (same query rules); any other RPC fails. */
async function fakeAuditSource(name: 'issuance' | 'notification', entries: AuditEntryMessage[]): Promise<GrpcServer> {
  const protos = loadProtos();
  const service = name === 'issuance' ? protos.issuance.IssuanceService.service : protos.notification.NotificationService.service;
  const implementation = new Proxy({} as Record<string, (req: any) => Promise<unknown>>, {
    get: (_t, rpc) =>
      rpc === 'ListAuditEntries'
        ? async (req: ListAuditEntriesMessage) => {
            const q = auditQueryFromMessage(req);
            const matching = entries
              .filter((e) => e.organization_id === q.organizationId)
              .filter((e) => q.action === undefined || (q.action.endsWith('.') ? e.action.startsWith(q.action) : e.action === q.action))
              .filter((e) => q.actor === undefined || e.actor === q.actor)
              .filter((e) => q.targetId === undefined || e.target_id === q.targetId)
              .filter((e) => q.from === undefined || Date.parse(e.occurred_at) >= q.from.getTime())
              .filter((e) => q.to === undefined || Date.parse(e.occurred_at) < q.to.getTime())
              .map((e) => ({ e, p: { occurredAt: new Date(e.occurred_at), id: e.id } }))
              .filter(({ p }) => q.after === undefined || compareAuditNewestFirst(q.after, p) < 0)
              .sort((a, b) => compareAuditNewestFirst(a.p, b.p))
              .map(({ e }) => e);
            return { entries: matching.slice(0, q.limit), has_more: matching.length > q.limit };
          }
        : async () => {
            throw new AppError('INTERNAL_ERROR', 'not in this fake');
          },
  });
  return startGrpcServer({ port: 0, host: '127.0.0.1', callers: 'unchecked', logger, services: [{ name: `fake.${name}`, definition: service, implementation }] });
}

function entry(
  orgId: string,
  at: number,
  action: string,
  actor: string,
  targetType: string,
  details: Record<string, unknown> = {},
): AuditEntryMessage {
  return {
    id: randomUUID(),
    organization_id: orgId,
    occurred_at: new Date(at).toISOString(),
    actor,
    action,
    target_type: targetType,
    target_id: randomUUID(),
    details_json: JSON.stringify(details),
    request_id: '',
  };
}

t.test('the audit log route', async (t) => {
  const issuanceEntries: AuditEntryMessage[] = [];
  const notificationEntries: AuditEntryMessage[] = [];
  const issuance = await fakeAuditSource('issuance', issuanceEntries);
  let notification: GrpcServer | undefined = await fakeAuditSource('notification', notificationEntries);
  t.teardown(async () => {
    await issuance.stop(100);
    await notification?.stop(100);
  });
  const p = await startPlatform(t, {
    env: {
      ISSUANCE_GRPC_ADDR: `127.0.0.1:${issuance.port}`,
      NOTIFICATION_GRPC_ADDR: `127.0.0.1:${notification.port}`,
      RATE_LIMIT_AUTH_PER_15_MINUTES: '50',
      RATE_LIMIT_IP_PER_MINUTE: '1000',
    },
  });
  const g = p.gateways[0]!;
  const { check } = openApiChecker(t, openApiDocument as unknown as OpenApiDoc);
  const TEMPLATE = '/api/organizations/{orgId}/audit-log';

  const signup = await g.request('POST', '/api/auth/signup', {
    body: { email: 'audit-owner@example.com', password: PASSWORD, name: 'Owner', organization: { name: 'Audit Org', slug: 'audit-org' } },
  });
  t.equal(signup.status, 201);
  const orgId = signup.body.organization.id as string;
  const owner = { token: signup.body.token as string };
  const ownerActor = `user:${signup.body.user.id}`;
  await confirmAddress(p, g, signup.body.user.id as string);
  await g.request('POST', `/api/admin/organizations/${orgId}/approve`, { token: ADMIN_TOKEN });
  await g.request('PATCH', `/api/admin/organizations/${orgId}`, { token: ADMIN_TOKEN, body: { plan: 'enterprise' } });
  const key = await g.request('POST', `/api/organizations/${orgId}/api-keys`, { ...owner, body: { name: 'CI' } });
  t.equal(key.status, 201);

  // Canned entries of the other two services around the real ones, one of them at the very
  // instant of a real one (the tie is broken by id, the same way everywhere).
  const realNow = Date.now();
  const apiKeyActor = `api_key:${key.body.id}`;
  for (let i = 0; i < 7; i++)
    issuanceEntries.push(
      entry(
        orgId,
        realNow - 60_000 + i * 7_000,
        i % 2 ? 'credential.issued' : 'badge.created',
        i === 3 ? apiKeyActor : ownerActor,
        i % 2 ? 'credential' : 'badge',
      ),
    );
  for (let i = 0; i < 4; i++)
    notificationEntries.push(
      entry(orgId, realNow - 50_000 + i * 9_000, 'webhook.created', ownerActor, 'webhook', { url: 'https://example.com/h' }),
    );
  issuanceEntries.push(entry(randomUUID(), realNow, 'credential.revoked', ownerActor, 'credential')); // another organization's
  // Someone who is no longer a member (a user of another organization now) and an account that is gone.
  const former = await g.request('POST', '/api/auth/signup', {
    body: { email: 'audit-former@example.com', password: PASSWORD, name: 'Grace Former', organization: { name: 'Elsewhere', slug: 'audit-elsewhere' } },
  });
  t.equal(former.status, 201);
  const formerActor = `user:${former.body.user.id}`;
  const goneActor = `user:${randomUUID()}`;
  issuanceEntries.push(entry(orgId, realNow - 55_000, 'badge.updated', formerActor, 'badge'));
  issuanceEntries.push(entry(orgId, realNow - 54_000, 'badge.updated', goneActor, 'badge'));

  const get = (query = '', auth = owner) => g.request('GET', `/api/organizations/${orgId}/audit-log${query}`, auth);

  let all: Array<{ id: string; occurredAt: string; actor: string; actorName: string | null; action: string; targetId: string }> = [];
  t.test('owners read every service’s entries, merged newest first', async (t) => {
    const res = await get('?limit=100');
    check('GET', TEMPLATE, res);
    t.equal(res.status, 200);
    t.equal(res.headers.get('cache-control'), 'no-store');
    all = res.body.data;
    // Accounts: the sign-up's three (organization.created, member.added and, since issue 39,
    // user.signed_up), the approval, the plan and the API key.
    t.equal(all.length, issuanceEntries.length - 1 + notificationEntries.length + 6, 'canned entries plus the six of accounts');
    const order = [...all].sort((a, b) =>
      compareAuditNewestFirst({ occurredAt: new Date(a.occurredAt), id: a.id }, { occurredAt: new Date(b.occurredAt), id: b.id }),
    );
    t.same(
      all.map((e) => e.id),
      order.map((e) => e.id),
      'newest first',
    );
    t.same(
      all
        .filter((e) => e.action.startsWith('organization.') || e.action.startsWith('member.') || e.action.startsWith('api_key.'))
        .map((e) => [e.action, e.actor])
        .reverse()
        .slice(2),
      [
        ['organization.approved', 'operator'],
        ['organization.plan_changed', 'operator'],
        ['api_key.created', ownerActor],
      ],
      "accounts' entries name the operator console and the member",
    );
    t.equal(res.body.pagination.nextCursor, null);
    t.notOk(res.text.includes(key.body.key), 'the API key secret is not in the log');
    const nameOf = (actor: string) => [...new Set(all.filter((e) => e.actor === actor).map((e) => e.actorName))];
    t.same(nameOf(ownerActor), ['Owner'], "a member's entries carry their name");
    t.same(nameOf(formerActor), ['Grace Former'], 'so do the entries of someone who is no longer a member');
    t.same(nameOf(goneActor), [null], 'an account that does not exist has no name');
    t.same(nameOf('operator'), [null], 'nor does the operator');
    t.same(nameOf(apiKeyActor), [null], 'nor does an API key');
  });

  t.test('keyset pages across services: every entry once, in order', async (t) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 20; i++) {
      const res = await get(`?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      check('GET', TEMPLATE, res);
      t.ok(res.body.data.length <= 4);
      seen.push(...res.body.data.map((e: { id: string }) => e.id));
      cursor = res.body.pagination.nextCursor;
      if (!cursor) break;
      t.match(cursor, /^[A-Za-z0-9_-]+$/, 'base64url');
    }
    t.same(
      seen,
      all.map((e) => e.id),
    );
    // An entry recorded after the first page was read does not shift the later pages.
    const first = await get('?limit=3');
    issuanceEntries.push(entry(orgId, Date.now() + 1000, 'credential.revoked', ownerActor, 'credential'));
    const second = await get(`?limit=3&cursor=${first.body.pagination.nextCursor}`);
    t.same(
      second.body.data.map((e: { id: string }) => e.id),
      all.slice(3, 6).map((e) => e.id),
    );
    all = (await get('?limit=100')).body.data;
  });

  t.test('filters: action (exact or prefix), actor, target, time range', async (t) => {
    const credentials = await get('?action=credential.&limit=100');
    t.ok(credentials.body.data.length >= 4 && credentials.body.data.every((e: { action: string }) => e.action.startsWith('credential.')));
    const created = await get('?action=badge.created');
    t.equal(created.body.data.length, 4);
    const byKey = await get(`?actor=${encodeURIComponent(apiKeyActor)}`);
    t.same(
      byKey.body.data.map((e: { action: string }) => e.action),
      ['credential.issued'],
    );
    const byOperator = await get('?actor=operator');
    t.same(
      byOperator.body.data.map((e: { action: string }) => e.action),
      ['organization.plan_changed', 'organization.approved'],
    );
    // An entry whose target no other entry shares (the organization's own entries share its id).
    const target = all.find((e: { targetId: string }) => all.filter((x: { targetId: string }) => x.targetId === e.targetId).length === 1)!;
    const byTarget = await get(`?targetId=${target.targetId}`);
    t.same(
      byTarget.body.data.map((e: { id: string }) => e.id),
      [target.id],
    );
    const from = all[6]!.occurredAt;
    const to = all[2]!.occurredAt;
    const range = await get(`?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&limit=100`);
    t.same(
      range.body.data.map((e: { id: string }) => e.id),
      all.filter((e) => e.occurredAt >= from && e.occurredAt < to).map((e) => e.id),
    );
    const empty = await get('?action=invitation.');
    check('GET', TEMPLATE, empty);
    t.same(empty.body, { data: [], pagination: { limit: 50, nextCursor: null } });
  });

  t.test('bad filters are 400 naming the parameter', async (t) => {
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=ten', 'limit'],
      ['?cursor=not-a-cursor', 'cursor'],
      [`?cursor=${Buffer.from('["2026-01-01T00:00:00.000Z","x"]').toString('base64url')}`, 'cursor'],
      ['?action=credential', 'action'],
      ['?action=credential.exploded', 'action'],
      ['?action=a&action=b', 'action'],
      ['?actor=root', 'actor'],
      ['?targetId=%20', 'targetId'],
      ['?from=yesterday', 'from'],
      ['?to=2026-13-01', 'to'],
      ['?from=2026-02-01&to=2026-01-01', 'to'],
    ] as const) {
      const res = await get(query);
      check('GET', TEMPLATE, res);
      t.equal(res.status, 400, query);
      t.equal(res.body.error, 'VALIDATION_ERROR');
      t.equal(res.body.details.field, field, query);
    }
  });

  t.test('only owners and admins: other roles 403, other organizations 404, no session 401', async (t) => {
    const other = await g.request('POST', '/api/auth/signup', {
      body: { email: 'audit-member@example.com', password: PASSWORD, name: 'Member' },
    });
    t.equal(other.status, 201);
    const db = createDb({ url: p.iso.databaseUrl, schema: 'accounts' });
    t.teardown(() => db.destroy());
    // A membership row stands for an accepted invitation (the invitation flow has its own tests).
    await db('memberships').insert({ organization_id: orgId, user_id: other.body.user.id, role: 'viewer', created_at: new Date() });
    const asMember = { token: other.body.token as string };
    const refused = await get('', asMember);
    check('GET', TEMPLATE, refused);
    t.equal(refused.status, 403);
    t.equal(refused.body.error, 'FORBIDDEN');
    for (const role of ['issuer']) {
      await db('memberships').where({ organization_id: orgId, user_id: other.body.user.id }).update({ role });
      t.equal((await get('', asMember)).status, 403, role);
    }
    await db('memberships').where({ organization_id: orgId, user_id: other.body.user.id }).update({ role: 'admin' });
    const admin = await get('?limit=1', asMember);
    t.equal(admin.status, 200, 'an admin reads it');
    const stranger = await g.request('POST', '/api/auth/signup', {
      body: { email: 'audit-stranger@example.com', password: PASSWORD, name: 'S', organization: { name: 'Else', slug: 'audit-else' } },
    });
    const notMine = await get('', { token: stranger.body.token });
    check('GET', TEMPLATE, notMine);
    t.equal(notMine.status, 404);
    const anonymous = await g.request('GET', `/api/organizations/${orgId}/audit-log`);
    check('GET', TEMPLATE, anonymous);
    t.equal(anonymous.status, 401);
  });

  t.test('a service that does not answer makes the page 503, never a page without its entries', async (t) => {
    await notification!.stop(100);
    notification = undefined;
    const res = await get();
    check('GET', TEMPLATE, res);
    t.equal(res.status, 503);
    t.equal(res.body.error, 'UNAVAILABLE');
    t.type(res.body.message, 'string');
    t.type(res.body.details, 'object');
  });
});
