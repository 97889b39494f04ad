// @unit
// The signature check's caching and pool fallback, with a real key and a fake pool.
import { generateKeyPairSync } from 'node:crypto';
import t from 'tap';
import {
  buildAchievementCredential,
  buildDidDocument,
  didWebForOrg,
  publicKeyMultibaseFromKeyObject,
  signCredential,
  type CanonicalizationPool,
} from '@cred/ob3';
import { createLogger, createMetricsRegistry } from '@cred/runtime';
import { createSignatureVerifier } from '../src/app/signature-verifier.js';

const { privateKey } = generateKeyPairSync('ed25519');
const did = didWebForOrg('https://example.com', 'acme');
const didDocument = buildDidDocument(did, [{ n: 1, publicKeyMultibase: publicKeyMultibaseFromKeyObject(privateKey) }]);
const uuid = '2f6e2c1a-8d7b-4f4e-9a51-0b7f3e1d9c11';
const signed = await signCredential(
  buildAchievementCredential({
    id: uuid,
    issuer: { did, name: 'Acme' },
    achievement: { url: 'https://example.com/achievements/acme/a', name: 'A', description: 'B', criteriaNarrative: 'C' },
    recipient: { email: 'a@example.com', salt: 's' },
    validFrom: new Date('2025-01-01T00:00:00Z'),
    validUntil: null,
  }),
  { verificationMethod: `${did}#key-1`, privateKey, created: new Date('2025-01-01T00:00:00Z') },
);
const ob3Json = JSON.stringify(signed);
const logger = createLogger({ service: 't', level: 'silent' });

/** A pool whose workers cannot load: every canonicalization fails. */
function brokenPool(): CanonicalizationPool & { calls: number } {
  const pool = {
    size: 1,
    calls: 0,
    hashData: () => Promise.reject(new Error('Unknown file extension ".ts"')),
    signCredential: () => Promise.reject(new Error('unused')),
    async verifyDataIntegrityProof() {
      pool.calls++;
      return {
        verified: false,
        failedStep: 'canonicalization' as const,
        reason: 'Unknown file extension ".ts"',
        proofs: [{ index: 0, status: 'error' as const, failedStep: 'canonicalization' as const, warnings: [] }],
      };
    },
    close: async () => undefined,
  };
  return pool;
}

t.test('a broken pool never turns a genuine credential invalid', async (t) => {
  const pool = brokenPool();
  const v = createSignatureVerifier({ pool, cacheSize: 10, logger, metrics: createMetricsRegistry('t', false) });
  const r = await v.check({ credentialUuid: uuid, ob3Json, expectedIssuer: did, didDocument });
  t.same([r.valid, r.source, pool.calls], [true, 'computed', 1], 'verified inline');
  const again = await v.check({ credentialUuid: uuid, ob3Json, expectedIssuer: did, didDocument });
  t.same([again.valid, again.source, pool.calls], [true, 'memory', 1]);
});

t.test('cache key covers the bytes and the key; prechecks need no crypto', async (t) => {
  const v = createSignatureVerifier({ cacheSize: 10, logger, metrics: createMetricsRegistry('t', false) });
  t.equal((await v.check({ credentialUuid: uuid, ob3Json, expectedIssuer: did, didDocument })).source, 'computed');
  const tampered = ob3Json.replace('"name":"A"', '"name":"Z"');
  const r = await v.check({ credentialUuid: uuid, ob3Json: tampered, expectedIssuer: did, didDocument });
  t.same([r.valid, r.source], [false, 'computed'], 'other bytes, other entry');
  const rotated = buildDidDocument(did, [
    { n: 1, publicKeyMultibase: publicKeyMultibaseFromKeyObject(generateKeyPairSync('ed25519').privateKey) },
  ]);
  const k = await v.check({ credentialUuid: uuid, ob3Json, expectedIssuer: did, didDocument: rotated });
  t.same([k.valid, k.source], [false, 'computed'], 'a different key at the same id is not served from cache');
  t.same(
    (await v.check({ credentialUuid: uuid, ob3Json, expectedIssuer: 'did:web:other.example:issuers:acme', didDocument })).source,
    'precheck',
  );
  t.same((await v.check({ credentialUuid: uuid, ob3Json, expectedIssuer: did, didDocument: null })).valid, false);
  const concurrent = createSignatureVerifier({ cacheSize: 10, logger, metrics: createMetricsRegistry('t', false) });
  const results = await Promise.all(
    Array.from({ length: 5 }, () => concurrent.check({ credentialUuid: uuid, ob3Json, expectedIssuer: did, didDocument })),
  );
  t.ok(
    results.every((x) => x.valid && x.source === 'computed'),
    'concurrent cold checks share one computation',
  );
});
