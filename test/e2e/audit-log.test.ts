// Issue 17 item 2, end to end: the platform started as separate processes; an owner, an API key
// and the operator act, and the organization's audit log shows each action once, newest first,
// with the right actor, the request id of the request that did it, and no secret.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { setupStep, startTestPlatform } from './harness.js';

// A webhook target (allowlisted: it is on loopback). Nothing needs to be delivered to it here.
const receiver = createServer((_req, res) => res.writeHead(204).end());
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
t.teardown(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
const receiverPort = (receiver.address() as AddressInfo).port;

const tp = await setupStep('platform', () => startTestPlatform('auditlog', { WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${receiverPort}` }));
t.teardown(() => tp.stop());
const { orgId, token, userId } = await setupStep('sign-up', () => tp.signUpOrganization('audited-academy'), tp.logFile);
const admin = tp.adminToken;
const owner = `user:${userId}`;

interface Entry {
  id: string;
  occurredAt: string;
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
  details: Record<string, unknown>;
  requestId: string | null;
}

const done: Array<{ action: string; actor: string; targetId?: string; requestId: string | null }> = [];
let apiKeySecret = '';
let apiKeyActor = '';
let badgeId = '';
let webhookSecret = '';

t.test('an owner, an API key and the operator act', async (t) => {
  const ok = (r: { status: number; text: string }, status: number, what: string) =>
    t.equal(r.status, status, `${what}: ${r.text.slice(0, 200)}`);
  const approve = await tp.api('POST', `/api/admin/organizations/${orgId}/approve`, undefined, admin);
  ok(approve, 200, 'approve');
  done.push({ action: 'organization.approved', actor: 'operator', targetId: orgId, requestId: approve.headers.get('x-request-id') });
  const plan = await tp.api('PATCH', `/api/admin/organizations/${orgId}`, { plan: 'enterprise' }, admin);
  ok(plan, 200, 'plan');
  done.push({ action: 'organization.plan_changed', actor: 'operator', targetId: orgId, requestId: plan.headers.get('x-request-id') });
  const keys = await tp.api('POST', `/api/organizations/${orgId}/signing-keys`, undefined, token);
  ok(keys, 201, 'signing keys');
  done.push({ action: 'signing_key.generated', actor: owner, targetId: keys.body.keyId, requestId: keys.headers.get('x-request-id') });
  const key = await tp.api('POST', `/api/organizations/${orgId}/api-keys`, { name: 'ci' }, token);
  ok(key, 201, 'API key');
  apiKeySecret = String(key.body.key);
  apiKeyActor = `api_key:${String(key.body.id)}`;
  done.push({ action: 'api_key.created', actor: owner, targetId: key.body.id, requestId: key.headers.get('x-request-id') });
  const badge = await tp.api(
    'POST',
    `/api/organizations/${orgId}/badges`,
    { name: 'Audited', description: 'A badge.', criteria: 'Did it.' },
    token,
  );
  ok(badge, 201, 'badge');
  badgeId = String(badge.body.id);
  done.push({ action: 'badge.created', actor: owner, targetId: badge.body.id, requestId: badge.headers.get('x-request-id') });
  const issued = await tp.api(
    'POST',
    '/api/v1/credentials',
    { badgeId: badge.body.id, recipient: { name: 'Grace Hopper', email: 'grace@example.com' } },
    apiKeySecret,
  );
  ok(issued, 201, 'issue');
  done.push({
    action: 'credential.issued',
    actor: `api_key:${key.body.id}`,
    targetId: issued.body.id,
    requestId: issued.headers.get('x-request-id'),
  });
  const revoked = await tp.api(
    'DELETE',
    `/api/organizations/${orgId}/credentials/${issued.body.credentialId}`,
    { reason: 'Issued in error' },
    token,
  );
  ok(revoked, 200, 'revoke');
  done.push({ action: 'credential.revoked', actor: owner, targetId: issued.body.id, requestId: revoked.headers.get('x-request-id') });
  const webhook = await tp.api(
    'POST',
    `/api/organizations/${orgId}/webhooks`,
    { url: `http://127.0.0.1:${receiverPort}/hooks`, events: ['credential.issued'] },
    token,
  );
  ok(webhook, 201, 'webhook');
  webhookSecret = String(webhook.body.secret);
  done.push({ action: 'webhook.created', actor: owner, targetId: webhook.body.id, requestId: webhook.headers.get('x-request-id') });
  const rotated = await tp.api('POST', `/api/organizations/${orgId}/signing-keys/rotate`, undefined, token);
  ok(rotated, 201, 'rotate');
  done.push({ action: 'signing_key.rotated', actor: owner, targetId: rotated.body.keyId, requestId: rotated.headers.get('x-request-id') });
  // Issue 39: a sign-in is in the log of the person's organizations too.
  const signedIn = await tp.api('POST', '/api/auth/login', { email: 'owner-audited-academy@example.com', password: 'correct horse battery staple' });
  ok(signedIn, 200, 'sign in');
  done.push({ action: 'user.signed_in', actor: owner, targetId: userId, requestId: signedIn.headers.get('x-request-id') });
});

t.test('the owner reads each action once, in order, with its actor and request id, and no secret', async (t) => {
  const res = await tp.api('GET', `/api/organizations/${orgId}/audit-log?limit=100`, undefined, token);
  t.equal(res.status, 200, res.text.slice(0, 300));
  const entries = res.body.data as Entry[];
  const oldestFirst = [...entries].reverse();
  t.same(
    oldestFirst
      .slice(0, 3)
      .map((e) => e.action)
      .sort(),
    ['member.added', 'organization.created', 'user.signed_up'],
    'sign-up: the organization, its owner, and the sign-up itself (issue 39)',
  );
  t.same(
    oldestFirst.slice(3).map((e) => [e.action, e.actor, e.targetId, e.requestId]),
    done.map((d) => [d.action, d.actor, d.targetId, d.requestId]),
    'every later action in the order it happened, by whom, with the request that did it',
  );
  t.equal(entries.find((e) => e.action === 'credential.revoked')?.details.reason, 'Issued in error');
  t.notOk(res.text.includes(apiKeySecret), 'no API key secret');
  t.notOk(res.text.includes(webhookSecret), 'no webhook secret');

  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await tp.api('GET', `/api/organizations/${orgId}/audit-log?limit=3${cursor ? `&cursor=${cursor}` : ''}`, undefined, token);
    t.equal(page.status, 200);
    seen.push(...(page.body.data as Entry[]).map((e) => e.id));
    cursor = page.body.pagination.nextCursor;
  } while (cursor && seen.length < 100);
  t.same(
    seen,
    entries.map((e) => e.id),
    'pages of 3 give the same entries in the same order',
  );

  const filtered = await tp.api(
    'GET',
    `/api/organizations/${orgId}/audit-log?action=credential.&actor=${encodeURIComponent(owner)}`,
    undefined,
    token,
  );
  t.same(
    (filtered.body.data as Entry[]).map((e) => e.action),
    ['credential.revoked'],
  );
});

// Each download of a bulk issuance's report (its recipients' names and addresses) is recorded:
// who, which job, under the gateway's request id (never the client's X-Request-Id).
t.test('downloads of a bulk issuance report are in the log, with who and which job', async (t) => {
  const form = new FormData();
  form.set('badgeId', badgeId);
  form.set('file', new Blob(['name,email\nAda Lovelace,ada@example.com\n'], { type: 'text/csv' }), 'people.csv');
  const created = await fetch(`${tp.baseUrl}/api/v1/bulk-issuances`, { method: 'POST', headers: { authorization: `Bearer ${apiKeySecret}` }, body: form });
  const job = (await created.json()) as { id: string };
  t.equal(created.status, 202, JSON.stringify(job));
  const download = async (bearer: string, path: string) => {
    const r = await fetch(`${tp.baseUrl}${path}`, { headers: { authorization: `Bearer ${bearer}`, 'x-request-id': 'client-chosen-id-0001' } });
    t.equal(r.status, 200, `${path}: ${r.status}`);
    t.match(await r.text(), /^row,name,email,outcome,credentialId,reason/);
    return r.headers.get('x-request-id');
  };
  const bySession = await download(token, `/api/organizations/${orgId}/bulk-issuances/${job.id}/report.csv`);
  const byKey = await download(apiKeySecret, `/api/v1/bulk-issuances/${job.id}/report.csv`);
  const res = await tp.api('GET', `/api/organizations/${orgId}/audit-log?action=bulk_issuance.`, undefined, token);
  t.equal(res.status, 200, res.text.slice(0, 300));
  t.same(
    (res.body.data as Entry[]).map((e) => [e.action, e.actor, e.targetType, e.targetId, e.requestId]),
    [
      ['bulk_issuance.report_downloaded', apiKeyActor, 'bulk_issuance', job.id, byKey],
      ['bulk_issuance.report_downloaded', owner, 'bulk_issuance', job.id, bySession],
      ['bulk_issuance.started', apiKeyActor, 'bulk_issuance', job.id, created.headers.get('x-request-id')],
    ],
    'newest first: the two downloads and the start',
  );
  t.notOk(res.text.includes('client-chosen-id-0001'), "the client's own request id is not stored");
});

t.test('a member who is neither owner nor admin is refused', async (t) => {
  // An issuer who joined by invitation, as a colleague would.
  const email = 'auditor@example.com';
  const invited = await tp.api('POST', `/api/organizations/${orgId}/invitations`, { email, role: 'issuer' }, token);
  t.equal(invited.status, 201, invited.text);
  const [, invitation] = await tp.mailMatch(email, /\/invitations\/accept\?token=([A-Za-z0-9_-]+)/);
  const member = await tp.api('POST', '/api/auth/signup', { email, password: 'correct horse battery staple', name: 'Member' });
  t.equal(member.status, 201, member.text);
  const accepted = await tp.api('POST', '/api/invitations/accept', { token: invitation }, String(member.body.token));
  t.equal(accepted.status, 200, accepted.text);
  const refused = await tp.api('GET', `/api/organizations/${orgId}/audit-log`, undefined, String(member.body.token));
  t.equal(refused.status, 403);
  t.equal(refused.body.error, 'FORBIDDEN');
});
