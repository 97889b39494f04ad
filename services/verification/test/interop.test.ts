// Interop: one of our credentials, as served by the running service, verifies with Digital
// Bazaar's @digitalbazaar/vc, which resolves the key from the did.json we serve.
import t from 'tap';
import { documentLoader } from '@cred/ob3';
import { seedIssuer, signedCredential, startVerification } from './fixtures/harness.js';

const h = await startVerification(t);
const { issuer, badge } = await seedIssuer(h);

t.test('our credential verifies with @digitalbazaar/vc against the served did.json', async (t) => {
  const vc = await import('@digitalbazaar/vc' as string);
  const { DataIntegrityProof } = await import('@digitalbazaar/data-integrity' as string);
  const { cryptosuite } = await import('@digitalbazaar/eddsa-rdfc-2022-cryptosuite' as string);

  const c = await signedCredential(issuer, badge, { expirationDate: new Date(Date.now() + 30 * 24 * 3600_000) });
  await h.publish('credential.issued', c.data);
  const tampered = await signedCredential(issuer, badge, {
    tamper: (ob3) => {
      ob3.credentialSubject.achievement.description = 'Something else entirely.';
    },
  });
  await h.publish('credential.issued', tampered.data);

  // What a verifier on the internet would fetch: the credential and the issuer's DID document.
  const didRes = await h.get(`/issuers/${issuer.slug}/did.json`);
  t.equal(didRes.status, 200);
  const didDocument = didRes.body as { id: string; verificationMethod: Array<{ id: string }> };
  t.equal(didDocument.id, issuer.did);

  const requested: string[] = [];
  const loader = async (url: string) => {
    requested.push(url);
    if (url === didDocument.id) return { contextUrl: null, documentUrl: url, document: structuredClone(didDocument) };
    if (url.startsWith(`${didDocument.id}#`)) {
      const vm = didDocument.verificationMethod.find((m) => m.id === url);
      if (!vm) throw new Error(`no verification method ${url}`);
      return { contextUrl: null, documentUrl: url, document: { '@context': 'https://w3id.org/security/multikey/v1', ...vm } };
    }
    // JSON-LD contexts come from our bundled copies: no network.
    const r = await documentLoader(url);
    return { ...r, document: structuredClone(r.document) };
  };
  const verify = (credential: unknown) =>
    vc.verifyCredential({ credential, suite: new DataIntegrityProof({ cryptosuite }), documentLoader: loader });

  const served = await h.get(`/credentials/${c.credentialId}/ob3`);
  t.equal(served.status, 200);
  const result = await verify(JSON.parse(served.text));
  t.equal(result.verified, true, JSON.stringify(result.error ?? result.results?.[0]?.error ?? ''));
  t.ok(requested.includes(issuer.vm), 'the key was resolved through the served DID document');

  // Both verifiers agree on the tampered one.
  const bad = await verify(JSON.parse((await h.get(`/credentials/${tampered.credentialId}/ob3`)).text));
  t.equal(bad.verified, false, 'DB rejects the tampered credential');
  t.equal((await h.get(`/api/verify/${tampered.credentialId}`)).body.verification.signatureValid, false, 'and so do we');
  t.equal((await h.get(`/api/verify/${c.credentialId}`)).body.verification.signatureValid, true);
});
