// @unit
// Round trip with our verifier, structured failures, and independent verification with
// Digital Bazaar's @digitalbazaar/vc stack using our DID document.
import t from 'tap';
import { generateKeyPairSync } from 'node:crypto';
import {
  buildAchievementCredential,
  documentLoader,
  ed25519PublicKeyFromMultibase,
  findVerificationMethodKey,
  Ob3Error,
  signCredential,
  verifyDataIntegrityProof,
  type PublicKeyResolver,
} from '../src/index.js';
import { DID, didDocument, privateKey, publicKeyMultibase, richInput, sampleInput, VM } from './fixtures/issuer.js';

const created = new Date('2025-01-01T00:00:05.678Z');
// Resolver the way the verifier service will do it: from the issuer's controller document.
const resolveFromDidDocument: PublicKeyResolver = async (vm) => findVerificationMethodKey(didDocument, vm);

async function signedSample() {
  return signCredential(buildAchievementCredential(sampleInput()), { verificationMethod: VM, privateKey, created });
}

const clone = <T>(v: T): T => structuredClone(v);

t.test('sign + verify round trip', async (t) => {
  const signed = await signedSample();
  t.same(Object.keys(signed.proof[0]!).sort(), ['created', 'cryptosuite', 'proofPurpose', 'proofValue', 'type', 'verificationMethod']);
  t.equal(signed.proof[0]?.created, '2025-01-01T00:00:05Z', 'created has second precision');
  t.equal(signed.proof[0]?.verificationMethod, 'did:web:example.com:issuers:acme#key-1');
  const result = await verifyDataIntegrityProof(signed, { resolvePublicKey: resolveFromDidDocument });
  t.same(result, {
    verified: true,
    proofs: [
      {
        index: 0,
        status: 'valid',
        type: 'DataIntegrityProof',
        cryptosuite: 'eddsa-rdfc-2022',
        verificationMethod: VM,
        created: '2025-01-01T00:00:05Z',
        warnings: [],
      },
    ],
  });
  // KeyObject and raw bytes are both accepted from the resolver.
  const viaKeyObject = await verifyDataIntegrityProof(signed, {
    resolvePublicKey: async () => ed25519PublicKeyFromMultibase(publicKeyMultibase),
  });
  t.equal(viaKeyObject.verified, true);
  // Signing is deterministic (Ed25519).
  t.same(await signedSample(), signed);
});

t.test('tampering is detected at the right step', async (t) => {
  const signed = await signedSample();
  const verify = (doc: unknown) => verifyDataIntegrityProof(doc, { resolvePublicKey: resolveFromDidDocument });

  const renamed = clone(signed);
  renamed.credentialSubject.achievement.name = 'Leadership';
  let r = await verify(renamed);
  t.equal(r.verified, false);
  t.equal(r.failedStep, 'signature');
  t.equal(r.proofs[0]?.status, 'invalid');

  const otherDate = clone(signed);
  otherDate.proof[0]!.created = '2025-01-02T00:00:00Z';
  r = await verify(otherDate);
  t.equal(r.failedStep, 'signature', 'proof options are signed too');

  const badValue = clone(signed);
  badValue.proof[0]!.proofValue = 'z' + 'a'.repeat(40);
  r = await verify(badValue);
  t.equal(r.failedStep, 'signature-decoding');

  const notBase58 = clone(signed);
  notBase58.proof[0]!.proofValue = 'z0OIl';
  r = await verify(notBase58);
  t.equal(r.failedStep, 'signature-decoding');

  const purpose = clone(signed) as unknown as { proof: Array<Record<string, unknown>> };
  purpose.proof[0]!['proofPurpose'] = 'authentication';
  r = await verify(purpose);
  t.equal(r.failedStep, 'proof-options');

  const extra = clone(signed) as Record<string, unknown>;
  extra['favouriteColour'] = 'blue'; // undefined term -> safe mode refuses
  r = await verify(extra);
  t.equal(r.failedStep, 'canonicalization');
  t.match(r.reason, /favouriteColour|dropped/i);

  const wrongKey = await verifyDataIntegrityProof(signed, {
    resolvePublicKey: async () => generateKeyPairSync('ed25519').publicKey,
  });
  t.equal(wrongKey.failedStep, 'signature');

  const unresolvable = await verifyDataIntegrityProof(signed, {
    resolvePublicKey: async () => {
      throw new Error('did.json not reachable');
    },
  });
  t.same([unresolvable.verified, unresolvable.failedStep, unresolvable.proofs[0]?.status], [false, 'key-resolution', 'error']);
  t.match(unresolvable.reason, /did\.json not reachable/);

  const notEd = await verifyDataIntegrityProof(signed, { resolvePublicKey: async () => generateKeyPairSync('x25519').publicKey });
  t.equal(notEd.failedStep, 'key-resolution');
});

t.test('odd inputs never throw', async (t) => {
  const resolvePublicKey = resolveFromDidDocument;
  for (const input of [null, 42, 'x', [], {}, { proof: [] }, { proof: 'x' }, { '@context': 5, proof: { type: 'DataIntegrityProof' } }]) {
    const r = await verifyDataIntegrityProof(input, { resolvePublicKey });
    t.equal(r.verified, false, JSON.stringify(input));
  }
  const signed = await signedSample();
  const unknownType = { ...signed, proof: [{ type: 'SomeProofType' }, ...signed.proof] };
  const r = await verifyDataIntegrityProof(unknownType, { resolvePublicKey });
  t.equal(r.verified, true, 'an unsupported extra proof does not block a valid one');
  t.equal(r.proofs[0]?.status, 'unsupported');
  const jcs = await verifyDataIntegrityProof(
    { ...signed, proof: [{ ...signed.proof[0], cryptosuite: 'eddsa-jcs-2022' }] },
    { resolvePublicKey },
  );
  t.same([jcs.verified, jcs.proofs[0]?.status], [false, 'unsupported']);
});

t.test('signing refuses bad keys and undefined terms', async (t) => {
  const unsigned = buildAchievementCredential(sampleInput());
  await t.rejects(signCredential(unsigned, { verificationMethod: VM, privateKey: generateKeyPairSync('ed25519').publicKey, created }), {
    code: 'INVALID_KEY',
  });
  await t.rejects(
    signCredential(unsigned, {
      verificationMethod: VM,
      privateKey: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
      created,
    }),
    { code: 'INVALID_KEY' },
  );
  await t.rejects(signCredential(unsigned, { verificationMethod: '#key-1', privateKey, created }), { code: 'INVALID_INPUT' });
  const err = await signCredential({ ...unsigned, colour: 'blue' }, { verificationMethod: VM, privateKey, created }).catch(
    (e: unknown) => e,
  );
  t.type(err, Ob3Error);
  t.equal((err as Ob3Error).code, 'CANONICALIZATION_FAILED');
});

t.test('independent verification with @digitalbazaar/vc (offline loader)', async (t) => {
  const vc = await import('@digitalbazaar/vc' as string);
  const { DataIntegrityProof } = await import('@digitalbazaar/data-integrity' as string);
  const { cryptosuite } = await import('@digitalbazaar/eddsa-rdfc-2022-cryptosuite' as string);
  const requested: string[] = [];
  const loader = async (url: string) => {
    requested.push(url);
    if (url === DID) return { contextUrl: null, documentUrl: url, document: structuredClone(didDocument) };
    if (url.startsWith(DID + '#')) {
      const vm = didDocument.verificationMethod.find((m) => m.id === url);
      if (!vm) throw new Error(`no VM ${url}`);
      return { contextUrl: null, documentUrl: url, document: { '@context': 'https://w3id.org/security/multikey/v1', ...vm } };
    }
    const r = await documentLoader(url);
    return { ...r, document: structuredClone(r.document) };
  };
  const verify = (credential: unknown) =>
    vc.verifyCredential({ credential, suite: new DataIntegrityProof({ cryptosuite }), documentLoader: loader });

  const signed = await signedSample();
  const result = await verify(signed);
  t.equal(result.verified, true, JSON.stringify(result.error ?? result.results?.[0]?.error ?? ''));
  t.ok(requested.includes(VM), 'DB resolved our verification method through the DID document');

  const tampered = clone(signed);
  tampered.issuer.name = 'Evil Corp';
  const bad = await verify(tampered);
  t.equal(bad.verified, false);

  // Every content field (achievement type, alignments, result descriptions, evidence, narrative, results, name identifier).
  const rich = await signCredential(buildAchievementCredential(richInput()), {
    verificationMethod: VM,
    privateKey,
    created: new Date('2025-01-01T00:00:01Z'),
  });
  const richResult = await verify(rich);
  t.equal(richResult.verified, true, JSON.stringify(richResult.error ?? richResult.results?.[0]?.error ?? ''));
  const richTampered = clone(rich);
  richTampered.credentialSubject.result![0]!.value = 'B';
  t.equal((await verify(richTampered)).verified, false, 'a changed result value breaks the proof');

  // And the other direction: a credential signed by DB's issuer verifies with ours.
  const { default: Ed25519Multikey } = await import('@digitalbazaar/ed25519-multikey' as string).then((m) => ({
    default: m.Ed25519Multikey ?? m.default ?? m,
  }));
  const key = await Ed25519Multikey.generate({ controller: DID, id: `${DID}#key-9` });
  const dbSigned = await vc.issue({
    credential: buildAchievementCredential(sampleInput()),
    suite: new DataIntegrityProof({ signer: key.signer(), date: '2025-02-02T00:00:00Z', cryptosuite }),
    documentLoader: loader,
  });
  const ours = await verifyDataIntegrityProof(dbSigned, {
    resolvePublicKey: async () => ed25519PublicKeyFromMultibase(key.publicKeyMultibase),
  });
  t.equal(ours.verified, true, 'DB-signed credential verifies with our verifier');
});
