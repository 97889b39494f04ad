// Issue 39 finding 5: a credential that names one of our issuers is trusted only as far as our
// records go. The attacker here holds the organization's real private key (the fixture issuer's
// key, as a thief would after a leak): what they sign, back-dated or not, verifies
// cryptographically, and must still be refused on every submitted-credential surface with
// reason `not_issued`, because this platform never issued it. A credential we did issue keeps
// verifying from a re-serialized copy (the digest ignores key order and whitespace).
import t, { type Test } from 'tap';
import { bakePng, signCredential } from '@cred/ob3';
import { placeholderPng } from '../src/app/badge-png.js';
import {
  badgeData,
  keyCreatedData,
  newBadge,
  newIssuer,
  organizationData,
  signedCredential,
  startVerification,
} from './fixtures/harness.js';

const h = await startVerification(t);
const DAY = 24 * 3600_000;
const issuer = newIssuer('acme');
const badge = newBadge(issuer);
const key = { ...keyCreatedData(issuer), createdAt: new Date(Date.now() - 30 * DAY).toISOString() };
await h.publish('accounts.organization.created', organizationData(issuer), { createdAt: new Date('2025-01-01T00:00:00Z') });
await h.publish('signing.key.created', key);
await h.publish('issuance.badge.upserted', badgeData(issuer, badge));

// Issued by us a week ago (so before the compromise reported below).
const genuine = await signedCredential(issuer, badge, { email: 'genuine@example.com', issuanceDate: new Date(Date.now() - 7 * DAY) });
await h.publish('credential.issued', genuine.data);

const postJson = (body: unknown) => h.send('POST', '/api/verify/credential', JSON.stringify(body), { 'content-type': 'application/json' });
const postBaked = (ob3: unknown) =>
  h.send('POST', '/api/verify/baked', bakePng(placeholderPng(), JSON.stringify(ob3)), { 'content-type': 'image/png' });

/** Reversed key order at every level: the same credential as another wallet might write it. */
function reordered(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reordered);
  if (typeof v !== 'object' || v === null) return v;
  return Object.fromEntries(
    Object.keys(v)
      .reverse()
      .map((k) => [k, reordered((v as Record<string, unknown>)[k])]),
  );
}

function refusedAsNotIssued(t: Test, r: { status: number; text: string; body: any }, surface: string) {
  t.equal(r.status, 200, `${surface}: ${r.text.slice(0, 200)}`);
  t.equal(r.body.valid, false, `${surface}: not valid`);
  t.equal(r.body.status, 'invalid', `${surface}: invalid`);
  t.equal(r.body.reason?.code, 'not_issued', `${surface}: reason ${JSON.stringify(r.body.reason)}`);
  t.match(r.body.reason?.message, /never issued it/);
  t.match(
    r.body.checks.find((c: { name: string }) => c.name === 'registry'),
    { passed: false, message: /never issued it/ },
    `${surface}: the registry check fails`,
  );
  t.equal(r.body.issuedHere, undefined, `${surface}: not ours`);
}

t.test('a genuine credential of ours verifies on both surfaces, also re-serialized', async (t) => {
  for (const [surface, r] of [
    ['credential', await postJson(genuine.ob3)],
    ['credential, keys reordered', await postJson(reordered(genuine.ob3))],
    ['baked', await postBaked(genuine.ob3)],
  ] as const) {
    t.equal(r.body.valid, true, `${surface}: ${JSON.stringify(r.body.checks)}`.slice(0, 400));
    t.equal(r.body.reason, undefined);
  }
});

t.test('signed with the stolen key and never issued here: refused as not_issued, signature and all', async (t) => {
  const forged = await signedCredential(issuer, badge, { email: 'forger@example.com', issuanceDate: new Date(Date.now() - 30 * DAY) });
  for (const [surface, r] of [
    ['credential', await postJson(forged.ob3)],
    ['baked', await postBaked(forged.ob3)],
  ] as const) {
    t.equal(r.body.verification?.signatureValid, true, `${surface}: the signature is genuine (the key is)`);
    t.equal(r.body.verification?.issuerAuthenticated, true, `${surface}: the key is in our did.json`);
    refusedAsNotIssued(t, r, surface);
  }
});

t.test('one of our credentials altered and re-signed with the stolen key (same id, same proof.created): refused', async (t) => {
  const body = structuredClone(genuine.ob3);
  body.credentialSubject.achievement.name = 'Master of Everything';
  const resigned = await resign(body);
  t.equal(resigned.id, genuine.ob3.id);
  t.equal(resigned.proof[0].created, genuine.ob3.proof[0].created);
  t.not(resigned.proof[0].proofValue, genuine.ob3.proof[0].proofValue);
  refusedAsNotIssued(t, await postJson(resigned), 'credential');
  refusedAsNotIssued(t, await postBaked(resigned), 'baked');
});

const compromisedAt = new Date(Date.now() - DAY);
t.test(
  'the back-dating hole: after a compromise report, a forgery dated before it is refused; what we issued before still verifies',
  async (t) => {
    await h.publish('signing.key.compromised', { ...key, compromisedAt: compromisedAt.toISOString() });
    // The thief signs after the leak and dates the proof before the reported instant.
    const backdated = await signedCredential(issuer, badge, {
      email: 'late@example.com',
      issuanceDate: new Date(compromisedAt.getTime() - 3 * DAY),
    });
    t.ok(new Date(backdated.ob3.proof[0].created) < compromisedAt, 'proof.created claims a time before the compromise');
    refusedAsNotIssued(t, await postJson(backdated.ob3), 'credential');
    refusedAsNotIssued(t, await postBaked(backdated.ob3), 'baked');

    const r = await postJson(genuine.ob3);
    t.equal(r.body.valid, true, `issued before the compromise: ${JSON.stringify(r.body.checks)}`.slice(0, 400));
  },
);

t.test('did.json marks the compromised key `revoked` at the reported instant and keeps it published', async (t) => {
  const r = await h.get(`/issuers/${issuer.slug}/did.json`);
  t.equal(r.status, 200);
  const doc = r.body as { verificationMethod: Array<Record<string, unknown>>; assertionMethod: string[]; '@context': string[] };
  t.ok(doc['@context'].includes('https://w3id.org/security/multikey/v1'), 'the Multikey context defines `revoked`');
  t.same(doc.assertionMethod, [issuer.vm], 'still listed for assertionMethod');
  t.equal(doc.verificationMethod.length, 1);
  t.equal(doc.verificationMethod[0]!['id'], issuer.vm);
  t.equal(doc.verificationMethod[0]!['publicKeyMultibase'], issuer.publicKeyMultibase, 'still published: older credentials stay checkable');
  t.equal(doc.verificationMethod[0]!['revoked'], compromisedAt.toISOString(), 'Controlled Identifiers `revoked` = compromisedAt');
  // What it signed before the compromise still verifies with us, through this very document.
  t.equal((await h.get(`/api/verify/${genuine.credentialId}`)).body.valid, true);
});

/** Sign `body` again with the issuer's key (what a key thief can do), keeping its proof's `created`. */

async function resign(body: Record<string, any>): Promise<Record<string, any>> {
  const { proof, ...unsigned } = body;

  return (await signCredential(unsigned, {
    verificationMethod: issuer.vm,
    privateKey: issuer.privateKey,
    created: new Date(proof[0].created),
  })) as Record<string, any>;
}
