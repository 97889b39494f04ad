// A credential is verifiable the moment issuance answered 201 for it, before credential.issued
// reaches the read model: a miss asks issuance (GetCredentialRecord, here a real gRPC server
// standing for it), and what it answers is recorded as the event would record it. Ids issuance
// does not know are not asked about again for UNKNOWN_CREDENTIAL_CACHE_MS.
import t from 'tap';
import { randomCrockford } from '@cred/runtime';
import { seedIssuer, signedCredential, startVerification } from './fixtures/harness.js';

const h = await startVerification(t, { UNKNOWN_CREDENTIAL_CACHE_MS: '60000' });
const { issuer, badge } = await seedIssuer(h);

t.test('every public surface answers for a credential whose event has not arrived', async (t) => {
  const c = await signedCredential(issuer, badge, { email: 'fresh@example.com' });
  h.issuance.add(c.data);
  const verify = await h.get(`/api/verify/${c.credentialId}`);
  t.equal(verify.status, 200);
  t.equal(verify.body.valid, true, 'verifies: signature, organization and keys from the read model');
  t.equal(verify.body.status, 'pending');
  t.same(verify.body.ob3Credential, c.ob3, 'the signed payload issuance holds');
  t.equal((await h.get(`/verify/${c.credentialId}`)).status, 200, 'the page');
  t.equal((await h.get(`/credentials/${c.uuid}/ob3`)).status, 200, 'the JSON-LD');
  t.equal((await h.get(`/api/credentials/${c.credentialId}/baked`)).status, 200, 'the baked PNG');
  const row = await h.db('credentials').where({ uuid: c.uuid }).first();
  t.equal(row.credential_id, c.credentialId, 'recorded in the read model');

  // The event arriving afterwards changes nothing and is not an error.
  await h.publish('credential.issued', c.data);
  const again = await h.get(`/api/verify/${c.credentialId}`);
  t.same([again.status, again.body.valid, again.body.status], [200, true, 'pending']);
});

t.test('what issuance answers includes the state since: a revoked credential verifies as revoked', async (t) => {
  const c = await signedCredential(issuer, badge, { email: 'gone@example.com' });
  h.issuance.add(c.data, { revokedAt: new Date().toISOString(), revocationReason: 'Issued in error' });
  const r = await h.get(`/api/verify/${c.uuid}`);
  t.same([r.status, r.body.valid, r.body.status, r.body.credential.revocationReason], [200, false, 'revoked', 'Issued in error']);
  // A late credential.issued cannot make it valid again.
  await h.publish('credential.issued', c.data);
  t.equal((await h.get(`/api/verify/${c.uuid}`)).body.status, 'revoked');
});

t.test('a private credential stays private when it comes from issuance', async (t) => {
  const c = await signedCredential(issuer, badge, { email: 'private@example.com', isPublic: false });
  h.issuance.add(c.data);
  t.equal((await h.get(`/api/verify/${c.credentialId}`)).status, 403);
  t.equal((await h.get(`/credentials/${c.credentialId}/ob3`)).status, 403);
});

t.test('unknown ids: 404, and issuance is asked once per id however often it is requested', async (t) => {
  const id = `CRD-${randomCrockford(12)}`;
  const before = h.issuance.calls;
  const answers = await Promise.all(Array.from({ length: 20 }, () => h.get(`/api/verify/${id}`)));
  t.same(
    answers.map((a) => a.status),
    answers.map(() => 404),
  );
  for (let i = 0; i < 5; i++) t.equal((await h.get(`/api/verify/${id}`)).status, 404);
  t.equal(h.issuance.calls - before, 1, 'one question for 25 requests');
  t.equal((await h.get('/api/verify/not-an-id')).status, 404);
  t.equal(h.issuance.calls - before, 1, 'a value that is no credential id is not asked about');
});
