import t from 'tap';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ADMIN_TOKEN, apiReadyOrg, PASSWORD, startPlatform, type HttpResult } from './fixtures/platform.js';

type Doc = {
  openapi: string;
  components: Record<string, unknown>;
  paths: Record<string, Record<string, { responses?: Record<string, { content?: { 'application/json'?: { schema: unknown } }; headers?: Record<string, unknown> }> }>>;
};

t.test('the OpenAPI document describes the real responses', async (t) => {
  const p = await startPlatform(t, { env: { RATE_LIMIT_AUTH_PER_15_MINUTES: '1000', RATE_LIMIT_IP_PER_MINUTE: '10000' } });
  const g = p.gateways[0]!;
  const docRes = await g.request('GET', '/api/v1/openapi.json');
  t.equal(docRes.status, 200, 'served without an API key');
  const doc = docRes.body as Doc;
  t.equal(doc.openapi, '3.1.0');

  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const checked = new Set<string>();
  const check = (method: string, template: string, res: HttpResult) => {
    const op = doc.paths[template]?.[method.toLowerCase()];
    t.ok(op, `${method} ${template} is documented`);
    const response = op?.responses?.[String(res.status)];
    t.ok(response, `${method} ${template} documents ${res.status}`);
    if (!response) return;
    checked.add(`${method} ${template} ${res.status}`);
    const schema = response.content?.['application/json']?.schema;
    if (schema) {
      const validate = ajv.compile({ ...(schema as object), components: doc.components });
      const ok = validate(res.body);
      t.ok(ok, `${method} ${template} ${res.status} matches its schema ${ok ? '' : ajv.errorsText(validate.errors)}`);
    }
    for (const h of Object.keys(response.headers ?? {})) {
      t.ok(res.headers.get(h) !== null, `${method} ${template} ${res.status} carries ${h}`);
    }
  };

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

  // Every documented operation exists (answers something other than "Route not found").
  for (const [template, ops] of Object.entries(doc.paths)) {
    for (const method of Object.keys(ops).filter((m) => ['get', 'post', 'patch', 'delete', 'put'].includes(m))) {
      const path = template.replace('{orgId}', orgId).replace('{keyId}', created.body.id);
      const r = await g.request(method.toUpperCase(), path, { token: session, ...(method === 'get' || method === 'delete' ? {} : { body: {} }) });
      t.not(r.body?.message, 'Route not found', `${method.toUpperCase()} ${template} is routed`);
    }
  }
  t.ok(checked.size >= 20, `${checked.size} (operation, status) pairs checked against real responses`);
  void ADMIN_TOKEN;
});
