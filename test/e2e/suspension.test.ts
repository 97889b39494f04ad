// Issue 39 finding 6: a suspension (and a reinstatement) is read-your-writes on every
// verification surface. The moment the operator's POST .../suspend has answered 200, every
// verification of the organization's credential says it is not valid, with no waiting: the JSON
// answer, the verification page, a baked PNG submitted back, the credential submitted as JSON.
// The caches are warm first (each surface asked several times while the issuer is active), so a
// copy kept from before the suspension would show.
import t, { type Test } from 'tap';
import { setupStep, startTestPlatform } from './harness.js';

const tp = await setupStep('platform', () => startTestPlatform('suspension'));
t.teardown(() => tp.stop());

const admin = tp.adminToken;
const { orgId, token } = await setupStep('sign-up', () => tp.signUpOrganization('suspended-academy'), tp.logFile);

const credential = await setupStep(
  'an approved organization with keys, a badge and one credential',
  async () => {
    const must = async (what: string, r: Promise<{ status: number; text: string; body: any }>, status = 200) => {
      const a = await r;
      if (a.status !== status) throw new Error(`${what}: ${a.status} ${a.text}`);
      return a.body;
    };
    await must('approve', tp.api('POST', `/api/admin/organizations/${orgId}/approve`, undefined, admin));
    await must('signing keys', tp.api('POST', `/api/organizations/${orgId}/signing-keys`, undefined, token), 201);
    const badge = await must(
      'badge',
      tp.api('POST', `/api/organizations/${orgId}/badges`, { name: 'Trusted', description: 'A badge.', criteria: 'Did the thing.' }, token),
      201,
    );
    const issued = await must(
      'issue',
      tp.api('POST', `/api/organizations/${orgId}/credentials`, { badgeId: badge.id, recipient: { name: 'Ada Lovelace', email: 'ada@example.com' } }, token),
      201,
    );
    const ob3 = await tp.api('GET', `/credentials/${issued.credentialId}/ob3`);
    const png = await fetch(`${tp.baseUrl}/api/credentials/${issued.credentialId}/baked`);
    if (ob3.status !== 200 || png.status !== 200) throw new Error(`ob3 ${ob3.status}, baked ${png.status}`);
    return { credentialId: String(issued.credentialId), ob3: JSON.parse(ob3.text) as unknown, png: Buffer.from(await png.arrayBuffer()) };
  },
  tp.logFile,
);

/** What one surface says: valid or not, and what it said (for the failure message). */
type Verdict = { surface: string; valid: boolean; said: string };

const surfaces: Array<() => Promise<Verdict>> = [
  async () => {
    const r = await tp.api('GET', `/api/verify/${credential.credentialId}`);
    return { surface: 'GET /api/verify/{id}', valid: r.status === 200 && r.body.valid === true, said: `${r.status} ${JSON.stringify(r.body?.verification)}` };
  },
  async () => {
    const r = await fetch(`${tp.baseUrl}/verify/${credential.credentialId}`);
    const html = await r.text();
    const valid = r.status === 200 && /Verified: this credential is valid/.test(html);
    const suspended = /Not valid: the issuing organization is not active/.test(html);
    return { surface: 'GET /verify/{id}', valid, said: `${r.status} ${valid ? 'valid' : suspended ? 'issuer not active' : 'other'}` };
  },
  async () => {
    const r = await fetch(`${tp.baseUrl}/api/verify/baked`, { method: 'POST', headers: { 'content-type': 'image/png' }, body: credential.png });
    const body = (await r.json()) as Record<string, any>;
    return { surface: 'POST /api/verify/baked', valid: r.status === 200 && body.valid === true, said: `${r.status} ${body.status} ${JSON.stringify(body.verification)}` };
  },
  async () => {
    const r = await tp.api('POST', '/api/verify/credential', credential.ob3);
    return { surface: 'POST /api/verify/credential', valid: r.status === 200 && r.body.valid === true, said: `${r.status} ${r.body?.status} ${JSON.stringify(r.body?.verification)}` };
  },
];

/** 20 verifications, round the surfaces, one after another, starting at once. */
async function twentyVerifications(): Promise<Verdict[]> {
  const out: Verdict[] = [];
  for (let i = 0; i < 20; i++) out.push(await surfaces[i % surfaces.length]!());
  return out;
}

function expectAll(t: Test, verdicts: Verdict[], valid: boolean, when: string) {
  const wrong = verdicts.map((v, i) => ({ ...v, try: i + 1 })).filter((v) => v.valid !== valid);
  t.same(wrong, [], `${when}: all 20 verifications say ${valid ? 'valid' : 'not valid'}`);
}

t.test('before: every surface says valid (and its caches are warm)', async (t) => {
  expectAll(t, await twentyVerifications(), true, 'active issuer');
});

t.test('suspension: not valid on every surface the moment the 200 is answered; reinstatement: valid again at once', async (t) => {
  for (let round = 1; round <= 2; round++) {
    const suspended = await tp.api('POST', `/api/admin/organizations/${orgId}/suspend`, undefined, admin);
    t.equal(suspended.status, 200, suspended.text);
    t.equal(suspended.body.status, 'suspended');
    const afterSuspend = await twentyVerifications();
    expectAll(t, afterSuspend, false, `round ${round}, right after the suspension`);
    const json = await tp.api('GET', `/api/verify/${credential.credentialId}`);
    t.equal(json.body.verification.issuerActive, false, 'the issuerActive check is the one that fails');

    const reinstated = await tp.api('POST', `/api/admin/organizations/${orgId}/reinstate`, undefined, admin);
    t.equal(reinstated.status, 200, reinstated.text);
    t.equal(reinstated.body.status, 'approved');
    expectAll(t, await twentyVerifications(), true, `round ${round}, right after the reinstatement`);
  }
});
