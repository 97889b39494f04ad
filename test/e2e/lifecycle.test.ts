// Issue 5 end to end through the gateway, as a client would: issue, renew, 409, revoke, list
// with filters, expiry by the clock and the sweeper, the monthly quota, and each state on
// /api/verify. (Claiming with the e-mail's token is in claim.test.ts.)
import t from 'tap';
import pg from 'pg';
import { metricValue, waitFor } from '@cred/testing';
import { setupStep, startTestPlatform } from './harness.js';

const DAY = 24 * 60 * 60 * 1000;
const tp = await setupStep('platform', () =>
  startTestPlatform('lifecycle', { RECIPIENT_QUOTA_LIMITS: 'professional=4', EXPIRY_SWEEP_INTERVAL_MS: '300' }),
);
t.teardown(async () => {
  await tp.setClockOffset(0).catch(() => undefined);
  await tp.stop();
});

async function readyOrganization(slug: string) {
  const { orgId, token } = await tp.signUpOrganization(slug);
  const expect = async (what: string, status: number, call: Promise<{ status: number; text: string; body: any }>) => {
    const r = await call;
    if (r.status !== status) throw new Error(`${what}: ${r.status} ${r.text}`);
    return r;
  };
  await expect('approve', 200, tp.api('POST', `/api/admin/organizations/${orgId}/approve`, undefined, tp.adminToken));
  await expect('plan', 200, tp.api('PATCH', `/api/admin/organizations/${orgId}`, { plan: 'professional' }, tp.adminToken));
  await expect('signing keys', 201, tp.api('POST', `/api/organizations/${orgId}/signing-keys`, undefined, token));
  const key = await expect(
    'API key',
    201,
    tp.api('POST', `/api/organizations/${orgId}/api-keys`, { name: 'lifecycle', rateLimitPerMinute: 10000 }, token),
  );
  const badge = async (name: string, expiresInDays: number | null) => {
    const r = await tp.api(
      'POST',
      `/api/organizations/${orgId}/badges`,
      { name, description: `${name} badge.`, criteria: 'Did the work.', expiresInDays },
      token,
    );
    if (r.status !== 201) throw new Error(`badge: ${r.text}`);
    return String(r.body.id);
  };
  return { orgId, token, apiKey: String(key.body.key), badge };
}

const { org, yearly, forever, brief } = await setupStep(
  'organization and badges',
  async () => {
    const org = await readyOrganization('lifecycle-academy');
    return { org, yearly: await org.badge('Yearly', 365), forever: await org.badge('Forever', null), brief: await org.badge('Brief', 1) };
  },
  tp.logFile,
);
const issue = (badgeId: string, email: string, apiKey = org.apiKey) =>
  tp.api('POST', '/api/v1/credentials', { badgeId, recipient: { name: 'Ada Lovelace', email } }, apiKey);
const get = (id: string) => tp.api('GET', `/api/v1/credentials/${id}`, undefined, org.apiKey);
const verifyUntil = (credentialId: string, probe: (body: any) => boolean, what: string) =>
  waitFor(what, async () => {
    const r = await tp.api('GET', `/api/verify/${credentialId}`);
    return r.status === 200 && probe(r.body) ? r.body : undefined;
  });

t.test('renewal of an active time-bound credential supersedes it, on the API and on /api/verify', async (t) => {
  const first = await issue(yearly, 'ada@example.com');
  t.equal(first.status, 201, first.text);
  t.equal(first.body.supersedesCredentialId, null);
  await verifyUntil(first.body.credentialId, (b) => b.valid === true && b.status === 'pending', 'first credential verifies');

  const renewal = await issue(yearly, 'ADA@example.com');
  t.equal(renewal.status, 201, renewal.text);
  t.equal(renewal.body.status, 'pending');
  t.equal(renewal.body.supersedesCredentialId, first.body.id);
  const prior = (await get(first.body.id)).body;
  t.same(
    { status: prior.status, reason: prior.revocationReason, by: prior.supersededByCredentialId },
    { status: 'revoked', reason: 'superseded by renewal', by: renewal.body.id },
  );
  t.ok(prior.revokedAt);
  const seen = await verifyUntil(first.body.credentialId, (b) => b.status === 'revoked', 'revocation visible on /api/verify');
  t.equal(seen.valid, false);
  t.equal(seen.verification.notRevoked, false);
  t.equal(seen.credential.revocationReason, 'superseded by renewal');
  const next = await verifyUntil(renewal.body.credentialId, (b) => b.valid === true, 'renewal verifies');
  t.equal(next.credential.supersedesCredentialId ?? next.credential.supersedes, first.body.id);
});

t.test('active non-expiring credential: 409 with the error shape; revoke; then issuing again renews', async (t) => {
  const f = await issue(forever, 'grace@example.com');
  t.equal(f.status, 201);
  const again = await issue(forever, 'grace@example.com');
  t.equal(again.status, 409);
  t.equal(again.body.error, 'CONFLICT');
  t.equal(again.body.details.existingCredentialId, f.body.id);

  const path = `/api/organizations/${org.orgId}/credentials/${f.body.credentialId}`;
  const noReason = await tp.api('DELETE', path, {}, org.token);
  t.same([noReason.status, noReason.body.details.field], [400, 'reason']);
  const viaKey = await tp.api('DELETE', path, { reason: 'x' }, org.apiKey);
  t.equal(viaKey.status, 401, 'session only; an API key is not a session');
  const stranger = await tp.signUpOrganization('stranger-org');
  t.equal((await tp.api('DELETE', path, { reason: 'x' }, stranger.token)).status, 404, 'not a member');
  t.equal(
    (await tp.api('DELETE', `/api/organizations/${stranger.orgId}/credentials/${f.body.id}`, { reason: 'x' }, stranger.token)).status,
    404,
    "another organization's credential",
  );

  const revoked = await tp.api('DELETE', path, { reason: 'Issued in error' }, org.token);
  t.equal(revoked.status, 200, revoked.text);
  t.same([revoked.body.id, revoked.body.status, revoked.body.revocationReason], [f.body.id, 'revoked', 'Issued in error']);
  t.ok(revoked.body.revokedAt);
  const twice = await tp.api('DELETE', `/api/organizations/${org.orgId}/credentials/${f.body.id}`, { reason: 'Again' }, org.token);
  t.same([twice.status, twice.body.error], [409, 'CONFLICT']);
  t.equal((await get(f.body.id)).body.revocationReason, 'Issued in error', 'unchanged');
  const v = await verifyUntil(f.body.credentialId, (b) => b.status === 'revoked', 'revoked on /api/verify');
  t.equal(v.valid, false);

  const renewal = await issue(forever, 'grace@example.com');
  t.equal(renewal.status, 201);
  t.equal(renewal.body.supersedesCredentialId, f.body.id);
  t.equal((await get(f.body.id)).body.status, 'revoked', 'stays revoked');
});

t.test('list: pagination, order, filters, validation', async (t) => {
  const all = await tp.api('GET', '/api/v1/credentials?limit=2', undefined, org.apiKey);
  t.equal(all.status, 200);
  t.equal(all.body.data.length, 2);
  t.same(all.body.pagination, { limit: 2, offset: 0, total: 4 });
  const dates = all.body.data.map((c: any) => c.issuanceDate);
  t.ok(dates[0] >= dates[1], 'newest first');
  t.notOk('ob3Credential' in all.body.data[0], 'list items carry no payload');
  const revoked = await tp.api('GET', '/api/v1/credentials?status=revoked&limit=100', undefined, org.apiKey);
  t.equal(revoked.body.pagination.total, 2);
  t.ok(revoked.body.data.every((c: any) => c.status === 'revoked'));
  const byBadge = await tp.api('GET', `/api/v1/credentials?badgeId=${forever}`, undefined, org.apiKey);
  t.equal(byBadge.body.pagination.total, 2);
  const session = await tp.api('GET', `/api/organizations/${org.orgId}/credentials?status=pending`, undefined, org.token);
  t.equal(session.body.pagination.total, 2, 'members list through their session too');
  for (const [query, field] of [
    ['limit=101', 'limit'],
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['offset=-1', 'offset'],
    ['status=active', 'status'],
    ['badgeId=nope', 'badgeId'],
  ] as const) {
    const r = await tp.api('GET', `/api/v1/credentials?${query}`, undefined, org.apiKey);
    t.same([r.status, r.body.error, r.body.details.field], [400, 'VALIDATION_ERROR', field], query);
  }
});

t.test('expiry: computed from the clock at once, then persisted by the sweeper with one credential.expired', async (t) => {
  const e = await issue(brief, 'brief@example.com');
  t.equal(e.status, 201);
  await verifyUntil(e.body.credentialId, (b) => b.valid === true, 'verifies before expiry');
  await tp.setClockOffset(2 * DAY);
  t.teardown(() => tp.setClockOffset(0));
  t.equal((await get(e.body.id)).body.status, 'expired');
  const expired = await tp.api('GET', '/api/v1/credentials?status=expired', undefined, org.apiKey);
  t.same(
    expired.body.data.map((c: any) => c.id),
    [e.body.id],
  );
  const v = await verifyUntil(e.body.credentialId, (b) => b.status === 'expired', 'expired on /api/verify');
  t.equal(v.valid, false);

  const client = new pg.Client({ connectionString: tp.isolation.databaseUrl });
  await client.connect();
  t.teardown(() => client.end());
  await waitFor('sweeper persisted the expiry', async () => {
    const r = await client.query("SELECT status FROM issuance.credentials WHERE id = $1 AND status = 'expired'", [e.body.id]);
    return r.rowCount === 1 ? true : undefined;
  });
  // Two more finished sweeps (the second began after the expiry was persisted) before counting.
  const sweeps = () => metricValue(tp.platform.ports.issuance.ops, 'background_passes_total', { loop: 'expiry sweep', outcome: 'ok' });
  const swept = await sweeps();
  await waitFor('two more expiry sweeps', async () => (await sweeps()) >= swept + 2, 20_000);
  const events = await client.query(
    "SELECT count(*)::int AS n FROM issuance.outbox WHERE type = 'credential.expired' AND payload->'data'->>'credentialUuid' = $1",
    [e.body.id],
  );
  t.equal(events.rows[0].n, 1, 'exactly one credential.expired');

  const renewal = await issue(brief, 'brief@example.com');
  t.equal(renewal.status, 201);
  t.equal(renewal.body.supersedesCredentialId, e.body.id);
  t.equal((await get(e.body.id)).body.status, 'expired', 'prior stays expired');
});

t.test('monthly recipient quota: 403 with limit, used and resetsAt; renewals for counted recipients are free', async (t) => {
  const q = await readyOrganization('quota-org');
  const b = await q.badge('Quota', 30);
  for (let i = 1; i <= 4; i++) t.equal((await issue(b, `r${i}@example.com`, q.apiKey)).status, 201);
  const over = await issue(b, 'r5@example.com', q.apiKey);
  t.equal(over.status, 403);
  t.equal(over.body.error, 'FORBIDDEN');
  t.match(over.body.message, /quota/i);
  t.equal(over.body.details.limit, 4);
  t.equal(over.body.details.used, 4);
  t.match(over.body.details.resetsAt, /^\d{4}-\d{2}-01T00:00:00\.000Z$/);
  t.equal((await issue(b, 'r2@example.com', q.apiKey)).status, 201, 'a renewal to a counted e-mail is free');
  const quota = await tp.api('GET', `/api/organizations/${q.orgId}/quota`, undefined, q.token);
  t.same({ limit: quota.body.limit, used: quota.body.used, remaining: quota.body.remaining }, { limit: 4, used: 4, remaining: 0 });
  const list = await tp.api('GET', '/api/v1/credentials?limit=100', undefined, q.apiKey);
  t.equal(list.body.pagination.total, 5, 'nothing issued for the refused recipient');
});
