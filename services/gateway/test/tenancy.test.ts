import t, { type Test } from 'tap';
import { ADMIN_TOKEN, apiReadyOrg, confirmAddress, startPlatform } from './fixtures/platform.js';

function isError(t: Test, res: { status: number; body: any; headers: Headers }, status: number, code: string) {
  t.equal(res.status, status, `status ${status} (${code})`);
  t.equal(res.body?.error, code);
  t.type(res.body?.message, 'string');
  t.type(res.body?.details, 'object');
  t.ok(res.headers.get('x-request-id'), 'request id header');
}

t.test('organizations are isolated, revocation and suspension act at once on every replica', async (t) => {
  const p = await startPlatform(t, { gateways: 2, env: { RATE_LIMIT_AUTH_PER_15_MINUTES: '50', RATE_LIMIT_IP_PER_MINUTE: '1000' } });
  const [g1, g2] = p.gateways as [(typeof p.gateways)[0], (typeof p.gateways)[0]];
  const a = await apiReadyOrg(p, g1, 'alpha');
  const b = await apiReadyOrg(p, g2, 'beta');

  t.test('an API key acts only for its organization', async (t) => {
    const ra = await g1.request('GET', '/api/v1/organization', { token: a.apiKey });
    t.equal(ra.status, 200);
    t.equal(ra.body.id, a.orgId);
    t.equal(ra.headers.get('x-ratelimit-limit'), '60', 'per-key limit headers');
    const rb = await g2.request('GET', '/api/v1/organization', { token: b.apiKey });
    t.equal(rb.body.id, b.orgId);
  });

  t.test("another organization's resources are 404 with every method", async (t) => {
    const probes: Array<[string, string, unknown?]> = [
      ['GET', `/api/organizations/${a.orgId}`],
      ['PATCH', `/api/organizations/${a.orgId}`, { name: 'pwned' }],
      ['GET', `/api/organizations/${a.orgId}/api-keys`],
      ['POST', `/api/organizations/${a.orgId}/api-keys`, { name: 'mine now' }],
      ['PATCH', `/api/organizations/${a.orgId}/api-keys/${a.apiKeyId}`, { rateLimitPerMinute: 10000 }],
      ['DELETE', `/api/organizations/${a.orgId}/api-keys/${a.apiKeyId}`],
      // B's own org path, A's key id: still nothing.
      ['PATCH', `/api/organizations/${b.orgId}/api-keys/${a.apiKeyId}`, { name: 'x' }],
      ['DELETE', `/api/organizations/${b.orgId}/api-keys/${a.apiKeyId}`],
    ];
    for (const [method, path, body] of probes) {
      const res = await g1.request(method, path, { token: b.session, ...(body ? { body } : {}) });
      isError(t, res, 404, 'NOT_FOUND');
    }
    const unknownOrg = await g1.request('GET', '/api/organizations/00000000-0000-4000-8000-000000000000', { token: b.session });
    t.same(unknownOrg.body, (await g1.request('GET', `/api/organizations/${a.orgId}`, { token: b.session })).body, 'same body as a nonexistent id');
    const own = await g1.request('GET', `/api/organizations/${a.orgId}/api-keys`, { token: a.session });
    t.equal(own.body.data.length, 1, "A's key untouched");
    t.equal(own.body.data[0].name, 'test key');
    t.equal(own.body.data[0].rateLimitPerMinute, 60);
    t.notOk(own.text.includes(a.apiKey), 'listing never shows the secret');
    t.equal((await g1.request('GET', `/api/organizations/${a.orgId}`, { token: a.session })).body.name, 'Org alpha');
  });

  t.test('authentication failures', async (t) => {
    isError(t, await g1.request('GET', '/api/v1/organization'), 401, 'UNAUTHORIZED');
    isError(t, await g1.request('GET', '/api/v1/organization', { token: 'cred_live_' + 'A'.repeat(49) }), 401, 'UNAUTHORIZED');
    isError(t, await g1.request('GET', '/api/v1/organization', { token: a.session }), 401, 'UNAUTHORIZED');
    isError(t, await g1.request('GET', `/api/organizations/${a.orgId}`, { token: a.apiKey }), 401, 'UNAUTHORIZED');
    isError(t, await g1.request('GET', '/api/admin/organizations', { token: a.session }), 401, 'UNAUTHORIZED');
    isError(t, await g1.request('GET', '/api/admin/organizations', { token: ADMIN_TOKEN + 'x' }), 401, 'UNAUTHORIZED');
    const list = await g1.request('GET', '/api/admin/organizations?status=approved&limit=10', { token: ADMIN_TOKEN });
    t.equal(list.status, 200);
    t.ok(list.body.data.some((o: { id: string }) => o.id === a.orgId));
    t.same(list.body.pagination, { limit: 10, offset: 0, total: list.body.pagination.total });
  });

  t.test('403 per docs/contract.md "Authentication and access"', async (t) => {
    const free = await apiReadyOrg(p, g1, 'free', 'free');
    const r = await g1.request('GET', '/api/v1/organization', { token: free.apiKey });
    isError(t, r, 403, 'FORBIDDEN');
    t.match(r.body.message, /plan/);

    const signup = await g1.request('POST', '/api/auth/signup', {
      body: { email: `pending-${Date.now()}@example.com`, password: 'correct horse battery staple', name: 'P', organization: { name: 'Pending', slug: `pending-${Date.now().toString(36)}` } },
    });
    const orgId = signup.body.organization.id;
    await confirmAddress(p, g1, signup.body.user.id);
    const key = await g1.request('POST', `/api/organizations/${orgId}/api-keys`, { token: signup.body.token, body: { name: 'k' } });
    isError(t, await g1.request('GET', '/api/v1/organization', { token: key.body.key }), 403, 'FORBIDDEN');
    await g1.request('POST', `/api/admin/organizations/${orgId}/approve`, { token: ADMIN_TOKEN });
    await g1.request('PATCH', `/api/admin/organizations/${orgId}`, { token: ADMIN_TOKEN, body: { plan: 'enterprise' } });
    const noKeys = await g2.request('GET', '/api/v1/organization', { token: key.body.key });
    isError(t, noKeys, 403, 'FORBIDDEN');
    t.match(noKeys.body.message, /signing keys/);
  });

  t.test('a revoked key fails at once on the other replica', async (t) => {
    const key = await g1.request('POST', `/api/organizations/${a.orgId}/api-keys`, { token: a.session, body: { name: 'short-lived', rateLimitPerMinute: 1000 } });
    t.equal(key.status, 201);
    // Warm both replicas' (shared) cache.
    t.equal((await g1.request('GET', '/api/v1/organization', { token: key.body.key })).status, 200);
    t.equal((await g2.request('GET', '/api/v1/organization', { token: key.body.key })).status, 200);
    const del = await g2.request('DELETE', `/api/organizations/${a.orgId}/api-keys/${key.body.id}`, { token: a.session });
    t.equal(del.status, 204);
    isError(t, await g1.request('GET', '/api/v1/organization', { token: key.body.key }), 401, 'UNAUTHORIZED');
    isError(t, await g2.request('GET', '/api/v1/organization', { token: key.body.key }), 401, 'UNAUTHORIZED');
    t.equal((await g1.request('GET', '/api/v1/organization', { token: a.apiKey })).status, 200, 'other keys keep working');
    const listed = await g1.request('GET', `/api/organizations/${a.orgId}/api-keys?includeRevoked=true`, { token: a.session });
    t.ok(listed.body.data.find((k: { id: string }) => k.id === key.body.id).revokedAt);
  });

  t.test('a suspended organization gets 403 at once, and works again when reinstated', async (t) => {
    t.equal((await g1.request('GET', '/api/v1/organization', { token: b.apiKey })).status, 200);
    const s = await g2.request('POST', `/api/admin/organizations/${b.orgId}/suspend`, { token: ADMIN_TOKEN });
    t.equal(s.body.status, 'suspended');
    const r = await g1.request('GET', '/api/v1/organization', { token: b.apiKey });
    isError(t, r, 403, 'FORBIDDEN');
    t.match(r.body.message, /suspended/);
    await g2.request('POST', `/api/admin/organizations/${b.orgId}/reinstate`, { token: ADMIN_TOKEN });
    t.equal((await g1.request('GET', '/api/v1/organization', { token: b.apiKey })).status, 200);
  });

  t.test('lastUsedAt is recorded', async (t) => {
    const keys = await g1.request('GET', `/api/organizations/${a.orgId}/api-keys`, { token: a.session });
    const k = keys.body.data.find((x: { id: string }) => x.id === a.apiKeyId);
    t.ok(k.lastUsedAt, 'set after use');
  });
});
