// @unit
// Byte-for-byte reproduction of the W3C vc-di-eddsa and 1EdTech OB 3.0 test vectors.
import t from 'tap';
import { readFileSync } from 'node:fs';
import {
  computeHashData,
  createDocumentLoader,
  decodeEd25519SecretKeyMultibase,
  ed25519PrivateKeyFromSeed,
  publicKeyFromVerificationMethodId,
  rawEd25519PublicKey,
  signCredential,
  verifyDataIntegrityProof,
  decodeEd25519PublicKeyMultibase,
} from '../src/index.js';
import { INTEROP, readJson, readText } from './fixtures/helpers.js';

const W3C = 'w3c-vc-di-eddsa/';
const byFragmentOrDidKey = async (vm: string) => publicKeyFromVerificationMethodId(vm).publicKey;

t.test('W3C eddsa-rdfc-2022 vector: canonical forms, hashes, signature, proofValue', async (t) => {
  const keyPair = readJson<{ publicKeyMultibase: string; privateKeyMultibase: string }>(W3C + 'keyPair.json');
  const seed = decodeEd25519SecretKeyMultibase(keyPair.privateKeyMultibase);
  t.equal(Buffer.from(seed).toString('hex'), 'c96ef9ea10c5e414c471723aff9de72c35fa5b70fae97e8832ecac7d2e2b8ed6');
  const privateKey = ed25519PrivateKeyFromSeed(seed);
  t.equal(Buffer.from(rawEd25519PublicKey(privateKey)).toString('hex'), 'b00d8d938e7f773d51565aad36a623f5344f7f5d1960f9cf3e8e12620ea2810f');
  t.same(rawEd25519PublicKey(privateKey), decodeEd25519PublicKeyMultibase(keyPair.publicKeyMultibase));

  const unsigned = readJson(W3C + 'unsigned.json');
  const proofConfig = readJson(W3C + 'eddsa-rdfc-2022/proofConfigDataInt.json');
  const r = await computeHashData(unsigned, proofConfig);
  t.equal(r.canonicalDocument, readText(W3C + 'eddsa-rdfc-2022/canonDocDataInt.txt'), 'canonical document');
  t.equal(r.canonicalProofConfig, readText(W3C + 'eddsa-rdfc-2022/proofCanonDataInt.txt'), 'canonical proof config');
  t.equal(r.documentHash.toString('hex'), readText(W3C + 'eddsa-rdfc-2022/docHashDataInt.txt').trim());
  t.equal(r.proofHash.toString('hex'), readText(W3C + 'eddsa-rdfc-2022/proofHashDataInt.txt').trim());
  t.equal(r.hashData.toString('hex'), readText(W3C + 'eddsa-rdfc-2022/combinedHashDataInt.txt').trim());

  const signed = await signCredential(unsigned, {
    verificationMethod: proofConfig['verificationMethod'] as string,
    privateKey,
    created: new Date(proofConfig['created'] as string),
  });
  const proof = signed.proof[0]!;
  t.equal(proof.proofValue, readText(W3C + 'eddsa-rdfc-2022/sigBTC58DataInt.txt').trim(), 'proofValue');
  t.equal(proof.proofValue, 'z2YwC8z3ap7yx1nZYCg4L3j3ApHsF8kgPdSb5xoS1VR7vPG3F561B52hYnQF9iseabecm3ijx4K1FBTQsCZahKZme');
  const signedFixture = readJson<{ proof: Record<string, unknown> }>(W3C + 'eddsa-rdfc-2022/signedDataInt.json');
  t.same({ ...signed, proof: signed.proof[0] }, signedFixture, 'same signed document as the W3C file');

  const result = await verifyDataIntegrityProof(signedFixture, { resolvePublicKey: byFragmentOrDidKey });
  t.equal(result.verified, true);
  t.equal(result.proofs[0]?.status, 'valid');
});

t.test('W3C signature hex equals the decoded proofValue', async (t) => {
  const sigHex = readText(W3C + 'eddsa-rdfc-2022/sigHexDataInt.txt').trim();
  const { multibaseDecode } = await import('../src/index.js');
  t.equal(Buffer.from(multibaseDecode(readText(W3C + 'eddsa-rdfc-2022/sigBTC58DataInt.txt').trim())).toString('hex'), sigHex);
});

t.test('W3C employment-authorization vector (extra context via createDocumentLoader)', async (t) => {
  const documentLoader = createDocumentLoader({
    documents: {
      'https://w3id.org/citizenship/v4rc1': JSON.parse(
        readFileSync(INTEROP + 'w3c-ccg-citizenship-vocab/contexts/citizenship-v4rc1.jsonld', 'utf8'),
      ),
    },
  });
  const unsigned = readJson(W3C + 'employmentAuth.json');
  const cfg = readJson(W3C + 'eddsa-rdfc-2022/employ/proofConfigDataInt.json');
  const r = await computeHashData(unsigned, cfg, { documentLoader });
  t.equal(r.canonicalDocument, readText(W3C + 'eddsa-rdfc-2022/employ/canonDocDataInt.txt'));
  t.equal(r.canonicalProofConfig, readText(W3C + 'eddsa-rdfc-2022/employ/proofCanonDataInt.txt'));
  t.equal(r.hashData.toString('hex'), readText(W3C + 'eddsa-rdfc-2022/employ/combinedHashDataInt.txt').trim());
  const signed = readJson(W3C + 'eddsa-rdfc-2022/employ/signedDataInt.json');
  const ok = await verifyDataIntegrityProof(signed, { resolvePublicKey: byFragmentOrDidKey, documentLoader });
  t.equal(ok.verified, true);
  // Without the citizenship context the loader fails closed and the proof cannot be checked.
  const noCtx = await verifyDataIntegrityProof(signed, { resolvePublicKey: byFragmentOrDidKey });
  t.equal(noCtx.verified, false);
  t.equal(noCtx.failedStep, 'canonicalization');
  t.match(noCtx.reason, /citizenship\/v4rc1/);
});

t.test('W3C Ed25519Signature2020 vector (legacy suite, same pipeline)', async (t) => {
  const signed = readJson<Record<string, unknown>>(W3C + 'Ed25519Signature2020/signedEdSig.json');
  const { proof, ...doc } = signed;
  const r = await computeHashData(doc, proof as Record<string, unknown>);
  t.equal(r.canonicalDocument, readText(W3C + 'Ed25519Signature2020/canonDocEdSig.txt'));
  t.equal(r.canonicalProofConfig, readText(W3C + 'Ed25519Signature2020/proofCanonEdSig.txt'));
  t.equal(r.proofHash.toString('hex'), '04e14bcf5727cba0c0aa04a04d22a56fef915d5f8f7756bb92ae67cb1d0c4847');
  t.equal(r.documentHash.toString('hex'), readText(W3C + 'Ed25519Signature2020/docHashEdSig.txt').trim());
  const result = await verifyDataIntegrityProof(signed, { resolvePublicKey: byFragmentOrDidKey });
  t.equal(result.verified, true);
  t.equal(result.proofs[0]?.type, 'Ed25519Signature2020');
  t.match(result.proofs[0]?.warnings, [/Ed25519Signature2020/]);
  t.equal(
    (proof as { proofValue: string }).proofValue,
    'z57Mm1vboMtZiCyJ4aReZsv8co4Re64Y8GEjL1ZARzMbXZgkARFLqFs1P345NpPGG2hgCrS4nNdvJhpwnrNyG3kEF',
  );
});

t.test('W3C proof sets and chains verify, every proof', async (t) => {
  for (const file of ['signedProofSet2.json', 'signedProofChain1.json', 'signedProofChain2.json']) {
    const doc = readJson(W3C + 'proof-set-chain/' + file);
    const result = await verifyDataIntegrityProof(doc, { resolvePublicKey: byFragmentOrDidKey });
    t.equal(result.verified, true, file);
    t.ok(
      result.proofs.length >= 2 && result.proofs.every((p) => p.status === 'valid'),
      `${file}: all ${result.proofs.length} proofs valid`,
    );
  }
  // A chained proof whose previousProof is absent cannot be checked.
  const orphan = await verifyDataIntegrityProof(readJson(W3C + 'proof-set-chain/proofChainTempDoc2.json'), {
    resolvePublicKey: byFragmentOrDidKey,
  });
  t.equal(orphan.verified, false);
  t.equal(orphan.proofs[0]?.status, 'error');
  t.match(orphan.proofs[0]?.reason, /previousProof/);
});

// The unsigned example document and the published keys, proof options and expected values of the
// W3C eddsa-rdfc-2022 vectors (docs/standards.md "Test vectors and fixtures").
const OB_UNSIGNED = {
  '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
  id: 'http://example.com/credentials/3527',
  type: ['VerifiableCredential', 'OpenBadgeCredential'],
  issuer: { id: 'https://example.edu/issuers/565049', type: ['Profile'], url: 'https://www.imsglobal.org', name: 'Example Corp' },
  validFrom: '2010-01-01T00:00:00Z',
  name: 'Teamwork Badge',
  credentialSubject: {
    id: 'did:example:ebfeb1f712ebc6f1c276e12ec21',
    type: ['AchievementSubject'],
    achievement: {
      id: 'https://example.com/achievements/21st-century-skills/teamwork',
      type: ['Achievement'],
      criteria: {
        narrative: 'Team members are nominated for this badge by their peers and recognized upon review by Example Corp management.',
      },
      description: 'This badge recognizes the development of the capacity to collaborate within a group environment.',
      name: 'Teamwork',
    },
  },
};

t.test('1EdTech OB 3.0 vector: canonical forms, hashes, signature, proofValue', async (t) => {
  const seed = decodeEd25519SecretKeyMultibase(
    'zrv2bqTbNwCTsRrHFcJCPjVAduh4Ezcnoq1A3ZxH1GWTNkxipLVuaAoMFmze2gFN9oNXfJjufxSHWVZzsJiUsMHFMcx',
  );
  t.equal(Buffer.from(seed).toString('hex'), '6241a409e6707bb640a0140a8a32bc3d193c33a661747284d6adfa4ed4180be4');
  const privateKey = ed25519PrivateKeyFromSeed(seed);
  t.equal(Buffer.from(rawEd25519PublicKey(privateKey)).toString('hex'), '4bdeafde2ea8beefadd8c699b5c7e0704cf51154d52e17b20b71337ca04cc5a5');
  const verificationMethod = 'https://example.edu/issuers/565049#z6MkjZRZv3aez3r18pB1RBFJR1kwUVJ5jHt92JmQwXbd5hwi';
  const opts = {
    type: 'DataIntegrityProof',
    created: '2010-01-01T19:23:24Z',
    verificationMethod,
    cryptosuite: 'eddsa-rdfc-2022',
    proofPurpose: 'assertionMethod',
  };
  const r = await computeHashData(OB_UNSIGNED, opts);
  t.equal(r.canonicalDocument, readText('1EdTech-openbadges-specification/obv3p0/document-canon.txt'), 'canonical document');
  t.equal(r.canonicalProofConfig, readText('1EdTech-openbadges-specification/obv3p0/proof-canon.txt'), 'canonical proof');
  t.equal(r.documentHash.toString('hex'), '87f65a76d40146205e3b3e06cb0fbd153f97f9ce70372390f52566bb7f9e0773');
  t.equal(r.proofHash.toString('hex'), 'd34009cea0dbc1ca941e09dc01c8c9d3e3ce3c5b853f67ee44698dcea10f5d19');

  const signed = await signCredential(OB_UNSIGNED, { verificationMethod, privateKey, created: new Date('2010-01-01T19:23:24Z') });
  const proof = signed.proof[0]!;
  const { multibaseDecode } = await import('../src/index.js');
  t.equal(
    Buffer.from(multibaseDecode(proof.proofValue)).toString('hex'),
    'f7a017acf7d27983267ec362657c0fb08e955549f49dac5bf36a03c4f2c3a4f1e3738a6c5ecd7ffba7135cb9cd754e6196f4b73082ea8df8e703c8ecd4333503',
  );
  t.equal(proof.proofValue, 'z5x9aCBYovW3CQCbKdNyhEm7ffYSw1YpEdPywQJoNbzDD2gkzQDKJ1sYKJaWvqZtkMtSbz35HcbgXVEDYHxCzgkCr');
  t.equal((await verifyDataIntegrityProof(signed, { resolvePublicKey: byFragmentOrDidKey })).verified, true);
});
