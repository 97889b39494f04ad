// "Download all my credentials" end to end (issue 37 item 6): a recipient with two credentials, one
// of them private, downloads GET /api/me/credentials/export; each credential in the file is the
// signed one the platform holds (the same as the issuer's GET of it) and Digital Bazaar's vc verifies
// it on its own; the badge image travels with it; another recipient's credential is absent; no
// session is 401.
import t from 'tap';
import { setupStep, startTestPlatform } from './harness.js';
import { independentVerifier } from './independent-verifier.js';

const tp = await setupStep('platform', () => startTestPlatform('export'));
t.teardown(() => tp.stop());

const { verify: independent } = await independentVerifier(tp.env.BASE_URL!);

// A PNG's signature and header are what issuance checks (the type is sniffed from the bytes).
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from('000000010000000108060000001f15c489', 'hex'), Buffer.alloc(16)]);

const { apiKey, pictured, plain } = await setupStep(
  'organization, keys and badges',
  async () => {
    const { orgId, token: owner } = await tp.signUpOrganization('export-academy');
    const step = async (what: string, status: number, call: Promise<{ status: number; text: string; body: any }>) => {
      const r = await call;
      if (r.status !== status) throw new Error(`${what}: ${r.status} ${r.text}`);
      return r;
    };
    await step('approve', 200, tp.api('POST', `/api/admin/organizations/${orgId}/approve`, undefined, tp.adminToken));
    await step('plan', 200, tp.api('PATCH', `/api/admin/organizations/${orgId}`, { plan: 'professional' }, tp.adminToken));
    await step('signing keys', 201, tp.api('POST', `/api/organizations/${orgId}/signing-keys`, undefined, owner));
    const apiKey = String((await step('API key', 201, tp.api('POST', `/api/organizations/${orgId}/api-keys`, { name: 'export' }, owner))).body.key);
    const badge = async (name: string) =>
      String((await step(name, 201, tp.api('POST', `/api/organizations/${orgId}/badges`, { name, description: 'A badge.', criteria: 'Work.' }, owner))).body.id);
    const pictured = await badge('Pictured');
    const plain = await badge('Plain');
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'badge.png');
    const res = await fetch(`${tp.platform.originUrl}/api/organizations/${orgId}/badges/${pictured}/image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}` },
      body: form,
    });
    if (res.status !== 200) throw new Error(`image: ${res.status} ${await res.text()}`);
    return { apiKey, pictured, plain };
  },
  tp.logFile,
);

const issue = async (badgeId: string, email: string) => {
  const r = await tp.api('POST', '/api/v1/credentials', { badgeId, recipient: { name: 'Recipient', email } }, apiKey);
  if (r.status !== 201) throw new Error(`issue: ${r.status} ${r.text}`);
  return r.body as { id: string; credentialId: string };
};

/** A recipient account with a confirmed address, signed in. */
const recipient = async (email: string) => {
  const password = 'correct horse battery staple';
  const signup = await tp.api('POST', '/api/auth/signup', { email, password, name: 'Recipient' });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${signup.text}`);
  await tp.confirmAddress(email);
  return String((await tp.api('POST', '/api/auth/login', { email, password })).body.token);
};

t.test('a recipient downloads every credential, private ones included, each signed and with its badge image', async (t) => {
  const first = await issue(pictured, 'exporter@example.com');
  const second = await issue(plain, 'exporter@example.com');
  const foreign = await issue(pictured, 'someone-else@example.com');
  const session = await recipient('exporter@example.com');
  const made = await tp.api('PATCH', `/api/credentials/${second.credentialId}`, { isPublic: false }, session);
  t.same([made.status, made.body.isPublic], [200, false], made.text);

  const res = await fetch(`${tp.platform.originUrl}/api/me/credentials/export`, { headers: { authorization: `Bearer ${session}` } });
  t.equal(res.status, 200);
  t.match(res.headers.get('content-type'), /^application\/json/);
  t.match(res.headers.get('content-disposition'), /^attachment; filename="credentials-\d{4}-\d{2}-\d{2}\.json"$/);
  t.equal(res.headers.get('cache-control'), 'no-store', 'private data is not cached');
  const text = await res.text();
  const file = JSON.parse(text) as { exportedAt: string; credentials: Array<{ credential: Record<string, any>; image: { contentType: string; dataBase64: string } | null }> };
  t.ok(!Number.isNaN(Date.parse(file.exportedAt)));

  const mine = await tp.api('GET', '/api/me/credentials', undefined, session);
  t.equal(file.credentials.length, 2, 'both credentials, the private one included');
  t.equal(mine.body.pagination.total, 2);
  t.notOk(text.includes(foreign.credentialId), "another recipient's credential is absent");

  // Matched by id: two credentials issued within one second have no order of their own.
  const byId = new Map(file.credentials.map((e) => [String(e.credential.id), e]));
  for (const [issued, image] of [
    [first, { contentType: 'image/png', dataBase64: PNG.toString('base64') }],
    [second, null],
  ] as const) {
    const held = await tp.api('GET', `/api/v1/credentials/${issued.id}`, undefined, apiKey);
    const entry = byId.get(String(held.body.ob3Credential.id));
    t.ok(entry, `${issued.credentialId}: in the file`);
    if (!entry) continue;
    t.same(entry.credential, held.body.ob3Credential, `${issued.credentialId}: the signed credential the platform holds`);
    t.ok(text.includes(JSON.stringify(held.body.ob3Credential)), `${issued.credentialId}: spliced in as stored`);
    const v = await independent(entry.credential);
    t.ok(v.verified, `${issued.credentialId} verifies on its own with Digital Bazaar's vc: ${v.error}`);
    t.same(entry.image, image, image ? 'the badge image travels with the credential' : 'a badge without an image: null');
  }

  // The other recipient's export has only theirs.
  const other = await recipient('someone-else@example.com');
  const theirs = await tp.api('GET', '/api/me/credentials/export', undefined, other);
  t.same(
    theirs.body.credentials.map((e: { credential: { id: string } }) => e.credential.id),
    [(await tp.api('GET', `/api/v1/credentials/${foreign.id}`, undefined, apiKey)).body.ob3Credential.id],
  );
});

t.test('no session: 401 in the error shape; an unconfirmed address: 403; a query: 400', async (t) => {
  const none = await tp.api('GET', '/api/me/credentials/export');
  t.same([none.status, none.body.error], [401, 'UNAUTHORIZED']);
  t.equal(none.headers.get('content-disposition'), null);

  const signup = await tp.api('POST', '/api/auth/signup', { email: 'unconfirmed@example.com', password: 'correct horse battery staple', name: 'U' });
  const unconfirmed = await tp.api('GET', '/api/me/credentials/export', undefined, String(signup.body.token));
  t.same([unconfirmed.status, unconfirmed.body.error], [403, 'FORBIDDEN']);

  const session = await recipient('querier@example.com');
  const query = await tp.api('GET', '/api/me/credentials/export?limit=1', undefined, session);
  t.same([query.status, query.body.error], [400, 'VALIDATION_ERROR']);
  const empty = await tp.api('GET', '/api/me/credentials/export', undefined, session);
  t.same([empty.status, empty.body.credentials], [200, []], 'nothing issued: an empty list');
});
