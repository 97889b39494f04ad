// @unit
// Signed credentials from other platforms, verified at the crypto layer with the outcomes
// given in shared/fixtures/interop/MANIFEST.md. Keys: did:key locally, DCC did:web from the
// fixture did.json files, otherwise the multikey in the VM fragment (integrity only: issuer
// binding is the verifier service's policy, not this library's).
// No date checks happen at this layer, so results do not depend on the clock.
import t from 'tap';
import { readdirSync, statSync } from 'node:fs';
import {
  findVerificationMethodKey,
  publicKeyFromVerificationMethodId,
  splitDidUrl,
  verifyDataIntegrityProof,
  type PublicKeyResolver,
} from '../src/index.js';
import { INTEROP, readJson } from './fixtures/helpers.js';

const V = '1EdTech-digital-credentials-public-validator/';
const DCC = 'digitalcredentials-vc-test-fixtures/';

const dccDids: Record<string, unknown> = {
  'did:web:digitalcredentials.github.io:vc-test-fixtures:dids:oidf': readJson(DCC + 'dids/oidf/did.json'),
  'did:web:digitalcredentials.github.io:vc-test-fixtures:dids:legacy': readJson(DCC + 'dids/legacy/did.json'),
};
const resolvePublicKey: PublicKeyResolver = async (vm) => {
  const doc = dccDids[splitDidUrl(vm).did];
  if (doc) return findVerificationMethodKey(doc, vm);
  return publicKeyFromVerificationMethodId(vm).publicKey;
};

t.test('1EdTech validator fixtures', async (t) => {
  const expectations: Array<[string, boolean, string?]> = [
    ['simple.json', true],
    ['simple-did-web-method.json', true],
    ['simple-did-key-method.json', true],
    ['simple-context-alias.json', true],
    ['simple-context-version.json', true],
    ['endorsement-valid.json', true],
    ['simple-err-expired.json', true], // expired, but the signature is fine
    ['bit-string-list/testlist', true],
    ['bit-string-list/credential-status-revoked.json', true],
    ['simple-err-proof-value.json', false, 'signature'],
    ['simple-err-proof-method.json', false, 'key-resolution'],
    ['simple-err-context.json', false, 'canonicalization'],
    ['simple-err-credential-subject-type.json', false, 'canonicalization'],
    ['simple-err-evidence-type.json', false, 'canonicalization'],
  ];
  for (const [file, verified, step] of expectations) {
    const r = await verifyDataIntegrityProof(readJson(V + file), { resolvePublicKey });
    t.equal(r.verified, verified, `${file}: ${r.reason ?? 'ok'}`);
    if (step) t.equal(r.failedStep, step, `${file} fails at ${step}`);
  }
  const legacy = await verifyDataIntegrityProof(readJson(V + 'simple-eddsa-2022.json'), { resolvePublicKey });
  t.equal(legacy.verified, true, 'eddsa-2022 (legacy name) verifies');
  t.match(legacy.proofs[0]?.warnings, [/eddsa-2022/]);
  const multi = await verifyDataIntegrityProof(readJson(V + 'simple-multiple-proofs.json'), { resolvePublicKey });
  t.same([multi.verified, multi.proofs.map((p) => p.status)], [true, ['unsupported', 'valid']]);
  const sd = await verifyDataIntegrityProof(readJson(V + 'sd/derivedcredential.json'), { resolvePublicKey });
  t.same([sd.verified, sd.proofs[0]?.status], [false, 'unsupported'], 'ecdsa-sd-2023 is not supported');
  // VC 1.1 + Ed25519Signature2020 with a did:web fragment key
  const revoked = await verifyDataIntegrityProof(readJson(V + 'credential-status-revoked.json'), { resolvePublicKey });
  t.equal(revoked.verified, true);
  t.equal(revoked.proofs[0]?.type, 'Ed25519Signature2020');
});

function listJson(dir: string): string[] {
  return readdirSync(INTEROP + dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .map((f) => dir + f)
    .sort();
}

t.test('DCC vc-test-fixtures: every proof verifies except the intentionally tampered one', async (t) => {
  const files = listJson(DCC + 'verifiableCredentials/');
  t.equal(files.length, 91);
  const tally: Record<string, { valid: number; invalid: number }> = {};
  let checked = 0;
  for (const file of files) {
    if (statSync(INTEROP + file).size === 0) continue; // one upstream file is empty
    checked++;
    const r = await verifyDataIntegrityProof(readJson(file), { resolvePublicKey });
    for (const p of r.proofs) {
      const key = p.type === 'DataIntegrityProof' ? `DataIntegrityProof/${p.cryptosuite}` : String(p.type);
      tally[key] ??= { valid: 0, invalid: 0 };
      if (p.status === 'valid') tally[key].valid++;
      else tally[key].invalid++;
    }
    if (file.endsWith('v2/ed25519/didKey/legacy-noStatus-noExpiry-tampered.json')) {
      t.same([r.verified, r.failedStep], [false, 'signature'], file);
    } else {
      t.equal(r.verified, true, `${file}: ${r.reason ?? ''}`);
      t.ok(
        r.proofs.every((p) => p.status === 'valid'),
        `${file}: all proofs valid`,
      );
    }
  }
  t.equal(checked, 90);
  // The files hold 59 eddsa-rdfc-2022 and 55 Ed25519Signature2020 proofs (counted from the JSON;
  // docs/standards.md "Test vectors and fixtures" says 58 + 55, one of its eddsa proofs lacked the dcc context we bundle).
  t.same(tally, { 'DataIntegrityProof/eddsa-rdfc-2022': { valid: 59, invalid: 0 }, Ed25519Signature2020: { valid: 54, invalid: 1 } });
});

t.test('DCC status lists (Ed25519Signature2020): tampered list fails', async (t) => {
  const dir = DCC + 'statusLists/didkey-ed25519Signature2020/';
  for (const name of readdirSync(INTEROP + dir)) {
    const r = await verifyDataIntegrityProof(readJson(dir + name), { resolvePublicKey });
    t.equal(r.verified, name !== 'tampered', name);
  }
});

t.test('did:web key not in its DID document is refused (no fragment fallback for known DIDs)', async (t) => {
  const cred = readJson<Record<string, unknown>>(DCC + 'verifiableCredentials/v1/dataIntegrityProof/didWeb/oidf-noStatus-noExpiry.json');
  const proof = (Array.isArray(cred['proof']) ? cred['proof'][0] : cred['proof']) as Record<string, unknown>;
  const forged = {
    ...cred,
    proof: {
      ...proof,
      verificationMethod:
        'did:web:digitalcredentials.github.io:vc-test-fixtures:dids:oidf#z6MkjZRZv3aez3r18pB1RBFJR1kwUVJ5jHt92JmQwXbd5hwi',
    },
  };
  const r = await verifyDataIntegrityProof(forged, { resolvePublicKey });
  t.same([r.verified, r.failedStep], [false, 'key-resolution']);
});
