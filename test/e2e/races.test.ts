// Races at the edges, against the whole platform through its public API, with many requests in
// flight at once: the monthly quota is never overshot, one Idempotency-Key issues once, and one
// recipient never holds two active credentials of a badge. (Two gateway replicas sharing one
// key's rate limit: services/gateway/test/rate-limits.test.ts.)
import t from 'tap';
import { setupStep, startTestPlatform } from './harness.js';

// A small professional quota, so that "10 recipients of quota left" is quick to reach.
const QUOTA = 15;
const tp = await setupStep('platform', () => startTestPlatform('races', { RECIPIENT_QUOTA_LIMITS: `professional=${QUOTA}` }));
t.teardown(() => tp.stop());

interface Res {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}

/** An approved professional organization with signing keys and an API key without a practical rate limit. */
async function apiClient(slug: string): Promise<{ orgId: string; key: string }> {
  const { orgId, token } = await tp.signUpOrganization(slug);
  const must = async (what: string, r: Promise<{ status: number; text: string; body: any }>, ...ok: number[]) => {
    const a = await r;
    if (!ok.includes(a.status)) throw new Error(`${what}: ${a.status} ${a.text}`);
    return a;
  };
  await must('approve', tp.api('POST', `/api/admin/organizations/${orgId}/approve`, {}, tp.adminToken), 200);
  await must('plan', tp.api('PATCH', `/api/admin/organizations/${orgId}`, { plan: 'professional' }, tp.adminToken), 200);
  await must('signing keys', tp.api('POST', `/api/organizations/${orgId}/signing-keys`, {}, token), 201);
  const k = await must('API key', tp.api('POST', `/api/organizations/${orgId}/api-keys`, { name: 'races', rateLimitPerMinute: 10000 }, token), 201);
  return { orgId, key: String(k.body.key) };
}

async function call(key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Res> {
  const res = await fetch(`${tp.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}

const tally = (rs: Res[]) =>
  rs.reduce<Record<number, number>>((acc, r) => {
    acc[r.status] = (acc[r.status] ?? 0) + 1;
    return acc;
  }, {});

const client = await setupStep('organization', () => apiClient('races-academy'), tp.logFile);
const badge = async (name: string, expiresInDays?: number, key = client.key) => {
  const r = await call(key, 'POST', '/api/v1/badges', { name, description: 'd', criteria: 'c', ...(expiresInDays ? { expiresInDays } : {}) });
  if (r.status !== 201) throw new Error(`badge: ${r.status} ${r.text}`);
  return String(r.body.id);
};
const issue = (badgeId: string, email: string, key = client.key) =>
  call(key, 'POST', '/api/v1/credentials', { badgeId, recipient: { name: 'Racer', email } });
const listed = async (query: string, key = client.key) =>
  (await call(key, 'GET', `/api/v1/credentials?limit=100&${query}`)).body as { data: any[]; pagination: { total: number } };

t.test('200 parallel issues with 10 recipients of quota left give exactly 10 credentials', async (t) => {
  const badgeId = await badge('Quota race');
  for (let i = 0; i < QUOTA - 10; i++) t.equal((await issue(badgeId, `early-${i}@example.com`)).status, 201);
  const before = (await call(client.key, 'GET', `/api/v1/credentials?limit=1&badgeId=${badgeId}`)).body.pagination.total;
  t.equal(before, QUOTA - 10);

  const results = await Promise.all(Array.from({ length: 200 }, (_, i) => issue(badgeId, `racer-${i}@example.com`)));
  const counts = tally(results);
  t.same(counts, { 201: 10, 403: 190 }, `answers: ${JSON.stringify(counts)}`);
  t.ok(
    results.filter((r) => r.status === 403).every((r) => /quota/i.test(String(r.body?.message))),
    'every refusal names the quota',
  );
  const after = await listed(`badgeId=${badgeId}`);
  t.equal(after.pagination.total, QUOTA, 'exactly the quota is stored');
  const stored = new Set(after.data.map((c) => c.recipientEmail));
  for (const r of results.filter((x) => x.status === 201)) t.ok(stored.has(r.body.recipientEmail), `${r.body.recipientEmail} acknowledged and stored`);
});

t.test('100 concurrent requests with one Idempotency-Key give one credential', async (t) => {
  // A fresh organization: the quota race used this one up.
  const other = await apiClient('races-idem');
  const b = await call(other.key, 'POST', '/api/v1/badges', { name: 'Idempotent', description: 'd', criteria: 'c' });
  const body = { badgeId: b.body.id, recipient: { name: 'Once', email: 'once@example.com' } };
  const results = await Promise.all(
    Array.from({ length: 100 }, () => call(other.key, 'POST', '/api/v1/credentials', body, { 'idempotency-key': 'the-one-key' })),
  );
  const counts = tally(results);
  t.equal((counts[201] ?? 0) + (counts[409] ?? 0), 100, `201 (first or replay) or 409 (in flight) only: ${JSON.stringify(counts)}`);
  const created = results.filter((r) => r.status === 201);
  t.equal(created.filter((r) => r.headers.get('idempotent-replayed') === null).length, 1, 'one original answer, the rest replays');
  t.equal(new Set(created.map((r) => r.body.id)).size, 1, 'every 201 names the same credential');
  const withoutRetry = results.filter((r) => r.status === 409 && r.headers.get('retry-after') !== '1');
  t.same(
    withoutRetry.map((r) => r.body),
    [],
    'an in-flight 409 says when to retry',
  );
  const list = (await call(other.key, 'GET', '/api/v1/credentials?limit=100')).body;
  t.equal(list.pagination.total, 1, 'one credential stored');
});

t.test('concurrent issues of one badge to one recipient leave exactly one active credential', async (t) => {
  const { key } = await apiClient('races-renewals');
  // A badge that never expires: the first wins, the others are 409 (nothing to renew).
  const forever = await badge('Forever race', undefined, key);
  const a = await Promise.all(Array.from({ length: 10 }, () => issue(forever, 'same@example.com', key)));
  t.same(tally(a), { 201: 1, 409: 9 }, JSON.stringify(tally(a)));
  const stored = await listed(`badgeId=${forever}`, key);
  t.equal(stored.pagination.total, 1);

  // A badge that expires: each issue renews the one before, so several may succeed, but at any
  // moment exactly one is active and the others are revoked as superseded, in one chain.
  const yearly = await badge('Yearly race', 365, key);
  const b = await Promise.all(Array.from({ length: 10 }, () => issue(yearly, 'renewer@example.com', key)));
  t.ok(b.every((r) => r.status === 201 || r.status === 409), JSON.stringify(tally(b)));
  const all = (await listed(`badgeId=${yearly}`, key)).data;
  const active = all.filter((c) => c.status === 'pending' || c.status === 'valid');
  t.equal(active.length, 1, `one active of ${all.length}`);
  t.equal(all.length, b.filter((r) => r.status === 201).length, 'every acknowledged issue is stored');
  t.ok(
    all.filter((c) => c !== active[0]).every((c) => c.status === 'revoked' && c.supersededByCredentialId),
    'the others are revoked and name their successor',
  );
});
