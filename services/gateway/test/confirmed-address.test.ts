// Issuing and creating API keys need a confirmed address: an unconfirmed owner of an approved
// organization on a paid plan is refused (403, reason email_not_verified) until they follow the
// link in their confirmation e-mail, and then allowed at once.
import t from 'tap';
import { ADMIN_TOKEN, PASSWORD, confirmAddress, startPlatform } from './fixtures/platform.js';

const p = await startPlatform(t);
const g = p.gateways[0]!;

t.test('an unconfirmed owner cannot issue or create API keys; once confirmed they can', async (t) => {
  const slug = `unconfirmed-${Date.now().toString(36)}`;
  const signup = await g.request('POST', '/api/auth/signup', {
    body: { email: `${slug}@example.com`, password: PASSWORD, name: 'Unconfirmed Owner', organization: { name: 'Unconfirmed Org', slug } },
  });
  t.equal(signup.status, 201, signup.text);
  t.equal(signup.body.user.emailVerified, false);
  const orgId = signup.body.organization.id as string;
  const token = signup.body.token as string;
  t.equal((await g.request('POST', `/api/admin/organizations/${orgId}/approve`, { token: ADMIN_TOKEN })).status, 200);
  t.equal((await g.request('PATCH', `/api/admin/organizations/${orgId}`, { token: ADMIN_TOKEN, body: { plan: 'professional' } })).status, 200);

  const refused = [
    await g.request('POST', `/api/organizations/${orgId}/api-keys`, { token, body: { name: 'ci' } }),
    await g.request('POST', `/api/organizations/${orgId}/credentials`, {
      token,
      body: { badgeId: '0b7f5c3e-6d1a-4c8e-9f2b-3a4d5e6f7a8b', recipient: { name: 'Ada', email: 'ada@example.com' } },
    }),
    await g.request('POST', `/api/organizations/${orgId}/bulk-issuances`, {
      token,
      rawBody: '--x\r\nContent-Disposition: form-data; name="badgeId"\r\n\r\nb\r\n--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    }),
  ];
  for (const r of refused) {
    t.equal(r.status, 403, r.text);
    t.equal(r.body.error, 'FORBIDDEN');
    t.equal(r.body.details.reason, 'email_not_verified');
    t.match(r.body.message, /Confirm your e-mail address/);
  }
  const keys = await g.request('GET', `/api/organizations/${orgId}/api-keys`, { token });
  t.same(keys.body.data, [], 'no API key was created');

  await confirmAddress(p, g, signup.body.user.id as string);
  const created = await g.request('POST', `/api/organizations/${orgId}/api-keys`, { token, body: { name: 'ci' } });
  t.equal(created.status, 201, 'the same session may create a key the moment the address is confirmed');
});
