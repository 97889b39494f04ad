// Issue 14 item 4: an owner rotates the organization's signing key; did.json keeps every earlier
// key, so a credential signed before the rotation still verifies everywhere after it: our
// /api/verify/{id}, POST /api/verify/credential, and Digital Bazaar's verifier reading our
// did.json and revocation list from the running platform. Then a key reported compromised as of
// a time: what it signed from then on fails with us (reason key_compromised), what it signed
// before still verifies, and the revocation list is re-signed with a good key.
import t from 'tap';
import { createDb } from '@cred/db';
import { waitFor } from '@cred/testing';
import { setupStep, startTestPlatform } from './harness.js';
import { independentVerifier } from './independent-verifier.js';

// Six signing-key changes a day for this organization: the last test spends what is left of them.
const KEY_CHANGES_PER_DAY = 6;
const tp = await setupStep('platform', () => startTestPlatform('keyrotation', { SIGNING_KEY_CHANGES_PER_DAY: String(KEY_CHANGES_PER_DAY) }));
t.teardown(() => tp.stop());

const SLUG = 'rotating-academy';
const BASE = tp.env.BASE_URL!;
const { orgId, token } = await setupStep('sign-up', () => tp.signUpOrganization(SLUG), tp.logFile);
const admin = tp.adminToken;
/** The owner's password (harness signUpOrganization): a compromise report re-authenticates with it. */
const PASSWORD = 'correct horse battery staple';

/** Digital Bazaar reading our did.json and lists from the running platform (independent-verifier.ts). */
const { verify: independent } = await independentVerifier(BASE);

const did = `did:web:${new URL(BASE).host.replace(':', '%3A')}:issuers:${SLUG}`;
const vmOf = (doc: Record<string, any>) => (Array.isArray(doc.proof) ? doc.proof[0] : doc.proof) as { verificationMethod: string; created: string };
const listUrl = `${BASE}/issuers/${SLUG}/status/1`;
const listSignedWith = async () => vmOf((await (await fetch(listUrl)).json()) as Record<string, any>).verificationMethod;

let apiKey = '';
let badgeId = '';
t.test('setup: an approved professional organization with keys, an API key and a badge', async (t) => {
  t.equal((await tp.api('POST', `/api/admin/organizations/${orgId}/approve`, undefined, admin)).status, 200);
  t.equal((await tp.api('PATCH', `/api/admin/organizations/${orgId}`, { plan: 'professional' }, admin)).status, 200);
  t.equal((await tp.api('POST', `/api/organizations/${orgId}/signing-keys`, undefined, token)).status, 201);
  const key = await tp.api('POST', `/api/organizations/${orgId}/api-keys`, { name: 'ci' }, token);
  apiKey = String(key.body.key);
  const badge = await tp.api('POST', `/api/organizations/${orgId}/badges`, { name: 'Rotation', description: 'A badge.', criteria: 'Did it.' }, token);
  t.equal(badge.status, 201, badge.text);
  badgeId = badge.body.id;
});

async function issue(email: string) {
  const r = await tp.api('POST', '/api/v1/credentials', { badgeId, recipient: { name: 'Grace Hopper', email } }, apiKey);
  if (r.status !== 201) throw new Error(`issue: ${r.status} ${r.text}`);
  const served = await tp.api('GET', `/credentials/${r.body.credentialId}/ob3`);
  return { issued: r.body as Record<string, any>, credential: JSON.parse(served.text) as Record<string, any> };
}

/** Every surface of ours, and Digital Bazaar's. */
async function everywhere(c: { issued: Record<string, any>; credential: Record<string, any> }) {
  const json = await tp.api('GET', `/api/verify/${c.issued.credentialId}`);
  const submitted = await tp.api('POST', '/api/verify/credential', c.credential);
  const page = await tp.api('GET', `/verify/${c.issued.credentialId}`);
  return { json: json.body, submitted: submitted.body, page: page.text, dbz: await independent(c.credential) };
}

const credentials: Record<string, { issued: Record<string, any>; credential: Record<string, any> }> = {};

t.test('rotation: owners and admins only; the new key signs; the old credential verifies everywhere', async (t) => {
  credentials.before = await issue('before@example.com');
  t.equal(vmOf(credentials.before.credential).verificationMethod, `${did}#key-1`);
  const listed = await tp.api('GET', `/api/organizations/${orgId}/signing-keys`, undefined, token);
  t.equal(listed.status, 200);
  t.same(listed.body.data.map((k: any) => [k.keyId, k.current, k.compromisedAt]), [[`${did}#key-1`, true, null]]);
  t.equal(await listSignedWith(), `${did}#key-1`);

  // An issuer (added straight into accounts, as the old 'member' rows became issuers): signing keys need an owner or admin (docs/roles.md).
  const member = await tp.api('POST', '/api/auth/signup', { email: 'member@example.com', password: 'correct horse battery staple', name: 'Member' });
  t.equal(member.status, 201, member.text);
  const accountsDb = createDb({ url: tp.isolation.databaseUrl, schema: 'accounts' });
  try {
    await accountsDb('memberships').insert({ organization_id: orgId, user_id: member.body.user.id, role: 'issuer', created_at: new Date() });
  } finally {
    await accountsDb.destroy();
  }
  const memberToken = String(member.body.token);
  t.equal((await tp.api('GET', `/api/organizations/${orgId}/signing-keys`, undefined, memberToken)).status, 200, 'members may list');
  const refused = await tp.api('POST', `/api/organizations/${orgId}/signing-keys/rotate`, undefined, memberToken);
  t.equal(refused.status, 403, refused.text);
  t.equal(refused.body.error, 'FORBIDDEN');
  const refusedReport = await tp.api('POST', `/api/organizations/${orgId}/signing-keys/1/compromised`, { compromisedAt: new Date().toISOString(), password: 'correct horse battery staple' }, memberToken);
  t.equal(refusedReport.status, 403);

  // The rotation takes no body: a field is refused (400, the field named) and rotates nothing.
  const withField = await tp.api('POST', `/api/organizations/${orgId}/signing-keys/rotate`, { sequence: 9 }, token);
  t.equal(withField.status, 400, withField.text);
  t.same([withField.body.error, withField.body.details?.field], ['VALIDATION_ERROR', 'sequence']);
  const empty = await tp.api('GET', `/api/organizations/${orgId}/signing-keys`, undefined, token);
  t.equal(empty.body.data.length, 1, 'still one key after the refused rotation');

  const rotated = await tp.api('POST', `/api/organizations/${orgId}/signing-keys/rotate`, {}, token);
  t.equal(rotated.status, 201, rotated.text);
  t.equal(rotated.body.keyId, `${did}#key-2`);
  t.equal(rotated.body.current, true);

  const didDoc = await waitFor('did.json lists both keys', async () => {
    const d = (await (await fetch(`${BASE}/issuers/${SLUG}/did.json`)).json()) as Record<string, any>;
    return d.verificationMethod.length === 2 ? d : undefined;
  });
  t.same(didDoc.assertionMethod, [`${did}#key-1`, `${did}#key-2`], 'every key in assertionMethod');
  t.equal(await waitFor('the list re-signed with the new key', async () => ((await listSignedWith()) === `${did}#key-2` ? true : undefined)), true);

  credentials.after = await issue('after@example.com');
  t.equal(vmOf(credentials.after.credential).verificationMethod, `${did}#key-2`, 'new credentials use the new key');

  for (const name of ['before', 'after']) {
    const r = await everywhere(credentials[name]!);
    t.equal(r.json.valid, true, `${name}: /api/verify ${JSON.stringify(r.json.verification)}`);
    t.equal(r.submitted.valid, true, `${name}: POST /api/verify/credential ${JSON.stringify(r.submitted.checks)}`);
    t.match(r.page, /Verified: this credential is valid/, `${name}: the page`);
    t.equal(r.dbz.verified, true, `${name}: Digital Bazaar ${r.dbz.error}`);
    t.equal(r.dbz.revoked, false);
  }
});

t.test('compromise: proofs from the reported time on fail with us; earlier ones verify; the list moves to a good key', async (t) => {
  credentials.early = await issue('early@example.com');
  // Proof times have whole seconds: the next credential is signed at least a second later.
  await new Promise((r) => setTimeout(r, 1100));
  credentials.late = await issue('late@example.com');
  const lateAt = vmOf(credentials.late.credential).created;
  t.ok(vmOf(credentials.early.credential).created < lateAt);

  const report = (key: string, body: Record<string, unknown>) => tp.api('POST', `/api/organizations/${orgId}/signing-keys/${key}/compromised`, body, token);
  const future = await report('2', { compromisedAt: new Date(Date.now() + 3600_000).toISOString(), password: PASSWORD });
  t.equal(future.status, 400);
  t.equal(future.body.details?.field, 'compromisedAt');
  t.equal((await report('9', { compromisedAt: lateAt, password: PASSWORD })).status, 404);
  t.equal((await report('2', { compromisedAt: 'soon', password: PASSWORD })).status, 400);
  // Issue 39 finding 8: no earlier than the key's creation, and only with the member's password.
  const keyTwo = (await tp.api('GET', `/api/organizations/${orgId}/signing-keys`, undefined, token)).body.data.find((k: any) => k.sequence === 2);
  const beforeKey = await report('2', { compromisedAt: new Date(Date.parse(keyTwo.createdAt) - 60_000).toISOString(), password: PASSWORD });
  t.equal(beforeKey.status, 400, beforeKey.text);
  t.same([beforeKey.body.details?.field, beforeKey.body.details?.earliest], ['compromisedAt', keyTwo.createdAt], 'not before the key was created');
  const noPassword = await report('2', { compromisedAt: lateAt });
  t.same([noPassword.status, noPassword.body.error, noPassword.body.details?.field], [400, 'VALIDATION_ERROR', 'password'], 'the password is required');
  const wrongPassword = await report('2', { compromisedAt: lateAt, password: 'not the password at all' });
  t.same([wrongPassword.status, wrongPassword.body.error, wrongPassword.body.details?.field], [403, 'FORBIDDEN', 'password'], wrongPassword.text);
  t.notMatch(wrongPassword.text, /not the password at all/, 'the password is never echoed');
  t.equal((await tp.api('GET', `/api/organizations/${orgId}/signing-keys`, undefined, token)).body.data[1].compromisedAt, null, 'refused reports record nothing');

  const reported = await report(encodeURIComponent(`${did}#key-2`), { compromisedAt: lateAt, password: PASSWORD });
  t.equal(reported.status, 200, reported.text);
  t.equal(reported.body.key.keyId, `${did}#key-2`);
  t.equal(reported.body.key.compromisedAt, new Date(lateAt).toISOString());
  t.equal(reported.body.rotated, true, 'key-2 was current: replaced first');
  t.equal(reported.body.currentKey.keyId, `${did}#key-3`);

  const late = await waitFor('our verifier applies the compromise', async () => {
    const r = await tp.api('GET', `/api/verify/${credentials.late!.issued.credentialId}`);
    return r.body.valid === false ? r.body : undefined;
  });
  t.equal(late.verification.signatureValid, false);
  t.equal(late.reason.code, 'key_compromised');
  t.match(late.reason.message, new RegExp(`${did}#key-2.*compromised as of ${new Date(lateAt).toISOString()}`));
  const lateSubmitted = await tp.api('POST', '/api/verify/credential', credentials.late.credential);
  t.equal(lateSubmitted.body.valid, false);
  t.equal(lateSubmitted.body.status, 'invalid');
  t.match(lateSubmitted.body.checks.find((c: { name: string }) => c.name === 'keyNotCompromised'), { passed: false, message: /reported compromised/ });
  const latePage = await tp.api('GET', `/verify/${credentials.late.issued.credentialId}`);
  t.match(latePage.text, /Not valid: signed on .* reported compromised as of/);
  // did.json now tells the cutoff (Controlled Identifiers `revoked`), but Digital Bazaar's
  // DataIntegrityProof does not read it (docs/decisions.md "Compromised keys: what a verifier can trust").
  t.equal((await independent(credentials.late.credential)).verified, true, 'Digital Bazaar still accepts it (documented limitation)');

  for (const name of ['before', 'after', 'early']) {
    const r = await everywhere(credentials[name]!);
    t.equal(r.json.valid, true, `${name}: /api/verify ${JSON.stringify(r.json)}`.slice(0, 300));
    t.notOk(r.json.reason, `${name}: no reason`);
    t.equal(r.submitted.valid, true, `${name}: POST /api/verify/credential ${JSON.stringify(r.submitted.checks)}`);
    t.equal(r.dbz.verified, true, `${name}: Digital Bazaar ${r.dbz.error}`);
  }

  const keys = await tp.api('GET', `/api/organizations/${orgId}/signing-keys`, undefined, token);
  t.same(
    keys.body.data.map((k: any) => [k.sequence, k.current, k.compromisedAt]),
    [
      [1, false, null],
      [2, false, new Date(lateAt).toISOString()],
      [3, true, null],
    ],
  );
  const didDoc = (await (await fetch(`${BASE}/issuers/${SLUG}/did.json`)).json()) as Record<string, any>;
  t.same(didDoc.assertionMethod, [`${did}#key-1`, `${did}#key-2`, `${did}#key-3`], 'the compromised key stays published for older credentials');
  t.same(
    didDoc.verificationMethod.map((m: any) => [m.id, m.revoked]),
    [
      [`${did}#key-1`, undefined],
      [`${did}#key-2`, new Date(lateAt).toISOString()],
      [`${did}#key-3`, undefined],
    ],
    'the compromised key is marked revoked (Controlled Identifiers) at the reported instant',
  );
  t.equal(await waitFor('the list re-signed with the new key', async () => ((await listSignedWith()) === `${did}#key-3` ? true : undefined)), true);
  const next = await issue('next@example.com');
  t.equal(vmOf(next.credential).verificationMethod, `${did}#key-3`);
  t.equal((await independent(next.credential)).verified, true);

  // A rotation retried with its Idempotency-Key (a lost answer) rotates once: issuance keeps the
  // key's record with the rotation and answers the retry the first rotation's bytes.
  const rotateOnce = () =>
    fetch(`${BASE}/api/organizations/${orgId}/signing-keys/rotate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'rotate-after-incident' },
    }).then(async (r) => {
      const text = await r.text();
      return { status: r.status, replayed: r.headers.get('idempotent-replayed'), text, body: JSON.parse(text) as Record<string, any> };
    });
  const first = await rotateOnce();
  const retried = await rotateOnce();
  t.same([first.status, first.body.keyId, first.replayed], [201, `${did}#key-4`, null]);
  t.same([retried.status, retried.body.keyId, retried.replayed], [201, `${did}#key-4`, 'true'], 'the retry answers the first rotation');
  t.equal(retried.text, first.text, 'byte for byte');
  const after = await tp.api('GET', `/api/organizations/${orgId}/signing-keys`, undefined, token);
  t.equal(after.body.data.length, 4, 'one key added, not two');
});

t.test('rotations and compromise reports share a limit of their own per organization (429 in the error shape)', async (t) => {
  const before = (await tp.api('GET', `/api/organizations/${orgId}/signing-keys`, undefined, token)).body.data.length;
  let limited: Awaited<ReturnType<typeof tp.api>> | undefined;
  let rotated = 0;
  for (let i = 0; i <= KEY_CHANGES_PER_DAY && !limited; i++) {
    const r = await tp.api('POST', `/api/organizations/${orgId}/signing-keys/rotate`, {}, token);
    if (r.status === 429) limited = r;
    else if (r.status === 201) rotated++;
    else t.fail(`rotation answered ${r.status} ${r.text}`);
  }
  t.ok(limited, `a rotation was refused within ${KEY_CHANGES_PER_DAY + 1} tries`);
  t.equal(limited!.body.error, 'RATE_LIMITED');
  t.type(limited!.body.message, 'string');
  t.equal(limited!.body.details?.limit, KEY_CHANGES_PER_DAY);
  t.ok(Number(limited!.headers.get('retry-after')) > 0, 'Retry-After');
  const report = await tp.api('POST', `/api/organizations/${orgId}/signing-keys/1/compromised`, { compromisedAt: new Date().toISOString(), password: PASSWORD }, token);
  t.equal(report.status, 429, 'a compromise report counts against the same limit');
  const after = (await tp.api('GET', `/api/organizations/${orgId}/signing-keys`, undefined, token)).body.data;
  t.equal(after.length, before + rotated, 'refused changes add no key');
  t.equal(after[0].compromisedAt, null);
});
