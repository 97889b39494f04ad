import { PassThrough } from 'node:stream';
import t from 'tap';
import { waitFor } from '@cred/testing';
import { ADMIN_TOKEN, apiReadyOrg, PASSWORD, startPlatform } from './fixtures/platform.js';

t.test('secrets never reach logs, and never leave after the response that created them', async (t) => {
  const sink = new PassThrough();
  let logs = '';
  sink.on('data', (chunk: Buffer) => (logs += chunk.toString('utf8')));
  const p = await startPlatform(t, { gateways: 2, logSink: sink, env: { RATE_LIMIT_AUTH_PER_15_MINUTES: '1000' } });
  const [g1, g2] = p.gateways as [(typeof p.gateways)[0], (typeof p.gateways)[0]];
  const org = await apiReadyOrg(p, g1, 'secrets');
  const login = await g2.request('POST', '/api/auth/login', { body: { email: `nobody-${Date.now()}@example.com`, password: PASSWORD } });
  t.equal(login.status, 401);
  t.notOk(login.text.includes(PASSWORD), 'password not echoed');
  for (const g of [g1, g2]) t.equal((await g.request('GET', '/api/v1/organization', { token: org.apiKey })).status, 200);
  const badKey = org.apiKey.slice(0, -6) + 'AAAAAA';
  await g1.request('GET', '/api/v1/organization', { token: badKey });
  const reset = await g1.request('POST', '/api/auth/password-reset', { body: { email: `${org.orgId}@nowhere.example` } });
  t.equal(reset.status, 202);
  const list = await g2.request('GET', `/api/organizations/${org.orgId}/api-keys`, { token: org.session });
  t.notOk(list.text.includes(org.apiKey), 'listing has no secret');
  t.notOk(JSON.stringify(list.body).includes('hash'), 'nor a hash');
  const orgRes = await g2.request('GET', `/api/organizations/${org.orgId}`, { token: org.session });
  t.notOk(orgRes.text.includes(org.session));

  // The last request's access-log line is in the sink: every line before it was written too.
  const lastId = orgRes.headers.get('x-request-id');
  t.ok(lastId, 'the last answer names its request id');
  await waitFor('the last request logged', () => logs.includes(String(lastId)));
  t.ok(logs.length > 1000, 'debug logs were captured');
  t.ok(logs.includes('"requestId"'), 'log lines carry request ids');
  for (const [label, secret] of [
    ['password', PASSWORD],
    ['api key', org.apiKey],
    ['api key body', org.apiKey.slice(10, 40)],
    ['forged key', badKey],
    ['session JWT', org.session],
    ['session signature', org.session.split('.')[2]!],
    ['admin token', ADMIN_TOKEN],
  ] as const) {
    t.notOk(logs.includes(secret), `no ${label} in logs`);
  }
});
