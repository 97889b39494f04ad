import t from 'tap';
import { openApiChecker, type OpenApiDoc } from './fixtures/openapi-check.js';
import { ADMIN_TOKEN, apiReadyOrg, confirmAddress, PASSWORD, startPlatform, UPSTREAMS_OFF } from './fixtures/platform.js';

// This platform runs accounts only. Every other upstream points at a closed loopback port, so the
// "every documented operation is routed" sweep below answers 503 there instead of reaching a
// platform that happens to run on the default ports. The services behind those routes are
// exercised in openapi-public.test.ts.

t.test('the OpenAPI document describes the real responses', async (t) => {
  const p = await startPlatform(t, { env: { RATE_LIMIT_AUTH_PER_15_MINUTES: '1000', RATE_LIMIT_IP_PER_MINUTE: '10000', ...UPSTREAMS_OFF } });
  const g = p.gateways[0]!;
  const docRes = await g.request('GET', '/api/v1/openapi.json');
  t.equal(docRes.status, 200, 'served without an API key');
  const doc = docRes.body as OpenApiDoc;
  t.equal(doc.openapi, '3.1.0');
  const { check, checked } = openApiChecker(t, doc);

  const email = `openapi-${Date.now()}@example.com`;
  const slug = `openapi-${Date.now().toString(36)}`;
  const signup = await g.request('POST', '/api/auth/signup', { body: { email, password: PASSWORD, name: 'O', organization: { name: 'OpenAPI', slug } } });
  check('POST', '/api/auth/signup', signup);
  check('POST', '/api/auth/signup', await g.request('POST', '/api/auth/signup', { body: { email: `r-${email}`, password: PASSWORD, name: 'Recipient' } }));
  check('POST', '/api/auth/signup', await g.request('POST', '/api/auth/signup', { body: { email, password: PASSWORD, name: 'dup' } }));
  check('POST', '/api/auth/signup', await g.request('POST', '/api/auth/signup', { body: { email: 'bad' } }));
  const orgId = signup.body.organization.id as string;
  const session = signup.body.token as string;

  check('POST', '/api/auth/login', await g.request('POST', '/api/auth/login', { body: { email, password: PASSWORD } }));
  check('POST', '/api/auth/login', await g.request('POST', '/api/auth/login', { body: { email, password: 'not the password' } }));
  check('GET', '/api/auth/me', await g.request('GET', '/api/auth/me', { token: session }));
  check('GET', '/api/auth/me', await g.request('GET', '/api/auth/me'));
  check('POST', '/api/auth/resend-verification', await g.request('POST', '/api/auth/resend-verification', { body: { email } }));
  check('POST', '/api/auth/password-reset', await g.request('POST', '/api/auth/password-reset', { body: { email } }));
  check('POST', '/api/auth/password-reset/confirm', await g.request('POST', '/api/auth/password-reset/confirm', { body: { token: 'x'.repeat(43), password: PASSWORD } }));
  check('POST', '/api/auth/verify-email', await g.request('POST', '/api/auth/verify-email', { body: { token: 'x'.repeat(43) } }));

  check('GET', '/api/organizations/{orgId}', await g.request('GET', `/api/organizations/${orgId}`, { token: session }));
  check('GET', '/api/organizations/{orgId}', await g.request('GET', `/api/organizations/00000000-0000-4000-8000-000000000000`, { token: session }));
  check('PATCH', '/api/organizations/{orgId}', await g.request('PATCH', `/api/organizations/${orgId}`, { token: session, body: { domain: 'openapi.example', emailNotificationsEnabled: false } }));
  check('PATCH', '/api/organizations/{orgId}', await g.request('PATCH', `/api/organizations/${orgId}`, { token: session, body: { plan: 'enterprise' } }));
  // Until the owner confirms their address, no API key (403 email_not_verified, documented).
  check('POST', '/api/organizations/{orgId}/api-keys', await g.request('POST', `/api/organizations/${orgId}/api-keys`, { token: session, body: { name: 'early' } }));
  await confirmAddress(p, g, signup.body.user.id as string);
  const created = await g.request('POST', `/api/organizations/${orgId}/api-keys`, { token: session, body: { name: 'docs', rateLimitPerMinute: 120 } });
  check('POST', '/api/organizations/{orgId}/api-keys', created);
  check('GET', '/api/organizations/{orgId}/api-keys', await g.request('GET', `/api/organizations/${orgId}/api-keys`, { token: session }));
  check('PATCH', '/api/organizations/{orgId}/api-keys/{keyId}', await g.request('PATCH', `/api/organizations/${orgId}/api-keys/${created.body.id}`, { token: session, body: { name: 'renamed' } }));

  // Not approved yet: 403; then approved with keys: 200.
  check('GET', '/api/v1/organization', await g.request('GET', '/api/v1/organization', { token: created.body.key }));
  check('GET', '/api/v1/organization', await g.request('GET', '/api/v1/organization'));
  const ready = await apiReadyOrg(p, g, 'openapi');
  check('GET', '/api/v1/organization', await g.request('GET', '/api/v1/organization', { token: ready.apiKey }));

  check('DELETE', '/api/organizations/{orgId}/api-keys/{keyId}', await g.request('DELETE', `/api/organizations/${orgId}/api-keys/${created.body.id}`, { token: session }));
  check('GET', '/api/v1/openapi.json', docRes);

  // Platform operators (the admin token is its own security scheme).
  const admin = { token: ADMIN_TOKEN };
  const unknownOrg = '00000000-0000-4000-8000-000000000000';
  check('GET', '/api/admin/organizations', await g.request('GET', '/api/admin/organizations?status=pending_approval&limit=5', admin));
  check('GET', '/api/admin/organizations', await g.request('GET', '/api/admin/organizations?limit=0', admin));
  check('GET', '/api/admin/organizations', await g.request('GET', '/api/admin/organizations', { token: session }));
  check('POST', '/api/admin/organizations/{orgId}/reinstate', await g.request('POST', `/api/admin/organizations/${orgId}/reinstate`, admin));
  check('POST', '/api/admin/organizations/{orgId}/approve', await g.request('POST', `/api/admin/organizations/${orgId}/approve`, admin));
  check('POST', '/api/admin/organizations/{orgId}/approve', await g.request('POST', `/api/admin/organizations/${unknownOrg}/approve`, admin));
  check('POST', '/api/admin/organizations/{orgId}/approve', await g.request('POST', `/api/admin/organizations/${orgId}/approve`));
  check('POST', '/api/admin/organizations/{orgId}/suspend', await g.request('POST', `/api/admin/organizations/${orgId}/suspend`, admin));
  check('POST', '/api/admin/organizations/{orgId}/suspend', await g.request('POST', `/api/admin/organizations/${unknownOrg}/suspend`, admin));
  check('POST', '/api/admin/organizations/{orgId}/approve', await g.request('POST', `/api/admin/organizations/${orgId}/approve`, admin));
  check('POST', '/api/admin/organizations/{orgId}/reinstate', await g.request('POST', `/api/admin/organizations/${orgId}/reinstate`, admin));
  check('PATCH', '/api/admin/organizations/{orgId}', await g.request('PATCH', `/api/admin/organizations/${orgId}`, { ...admin, body: { plan: 'enterprise' } }));
  check('PATCH', '/api/admin/organizations/{orgId}', await g.request('PATCH', `/api/admin/organizations/${orgId}`, { ...admin, body: { plan: 'gold' } }));
  check('PATCH', '/api/admin/organizations/{orgId}', await g.request('PATCH', `/api/admin/organizations/${unknownOrg}`, { ...admin, body: { plan: 'free' } }));
  // Issuance is not running here: the gateway says so (503) instead of failing obscurely.
  check('POST', '/api/admin/organizations/{orgId}/signing-keys', await g.request('POST', `/api/admin/organizations/${orgId}/signing-keys`, admin));
  check('POST', '/api/admin/organizations/{orgId}/signing-keys', await g.request('POST', `/api/admin/organizations/${orgId}/signing-keys`));
  // Readiness of a platform with services down, and the payment webhook without its signature.
  check('GET', '/healthz', await g.request('GET', '/healthz'));
  check('POST', '/api/webhooks/stripe', await g.request('POST', '/api/webhooks/stripe', { body: { id: 'evt_1', type: 'invoice.paid' } }));

  // Every documented operation exists (answers something other than "Route not found").
  for (const [template, ops] of Object.entries(doc.paths)) {
    for (const method of Object.keys(ops).filter((m) => ['get', 'post', 'patch', 'delete', 'put'].includes(m))) {
      const path = template.replace('{orgId}', orgId).replace('{keyId}', created.body.id);
      const r = await g.request(method.toUpperCase(), path, { token: session, ...(method === 'get' || method === 'delete' ? {} : { body: {} }) });
      t.not(r.body?.message, 'Route not found', `${method.toUpperCase()} ${template} is routed`);
    }
  }
  t.ok(checked.size >= 20, `${checked.size} (operation, status) pairs checked against real responses`);
});
