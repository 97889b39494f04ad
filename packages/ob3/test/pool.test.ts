// @unit
// Worker-thread canonicalization pool: same digests as inline, sign/verify through workers,
// error propagation, clean termination.
import t from 'tap';
import {
  buildAchievementCredential,
  computeHashData,
  createCanonicalizationPool,
  findVerificationMethodKey,
  signCredential,
  verifyDataIntegrityProof,
} from '../src/index.js';
import { readJson } from './fixtures/helpers.js';
import { didDocument, privateKey, sampleInput, VM } from './fixtures/issuer.js';

const created = new Date('2025-03-01T12:00:00Z');
const resolvePublicKey = async (vm: string) => findVerificationMethodKey(didDocument, vm);

t.test('pool digests equal the inline path', async (t) => {
  const pool = createCanonicalizationPool({ size: 2 });
  t.teardown(() => pool.close());
  t.equal(pool.size, 2);
  const proofOptions = {
    type: 'DataIntegrityProof',
    cryptosuite: 'eddsa-rdfc-2022',
    created: '2025-03-01T12:00:00Z',
    verificationMethod: VM,
    proofPurpose: 'assertionMethod',
  };
  const docs = Array.from({ length: 12 }, (_, i) =>
    buildAchievementCredential(
      sampleInput({
        id: `2f6e2c1a-8d7b-4f4e-9a51-0b7f3e1d9c${String(i).padStart(2, '0')}`,
        recipient: { email: `user${i}@example.com`, salt: `s${i}` },
      }),
    ),
  );
  const pooled = await Promise.all(docs.map((d) => pool.hashData(d, proofOptions)));
  const distinct = new Set(pooled.map((p) => Buffer.from(p.documentHash).toString('hex')));
  t.equal(distinct.size, docs.length, 'different documents give different digests');
  for (let i = 0; i < docs.length; i++) {
    const inline = await computeHashData(docs[i]!, proofOptions);
    t.equal(Buffer.from(pooled[i]!.documentHash).toString('hex'), inline.documentHash.toString('hex'), `doc ${i}`);
    t.equal(Buffer.from(pooled[i]!.proofHash).toString('hex'), inline.proofHash.toString('hex'), `proof ${i}`);
  }
  // W3C vector through the pool
  const unsigned = readJson('w3c-vc-di-eddsa/unsigned.json');
  const cfg = readJson('w3c-vc-di-eddsa/eddsa-rdfc-2022/proofConfigDataInt.json');
  const h = await pool.hashData(unsigned, cfg);
  t.equal(Buffer.from(h.documentHash).toString('hex'), '517744132ae165a5349155bef0bb0cf2258fff99dfe1dbd914b938d775a36017');
  t.equal(Buffer.from(h.proofHash).toString('hex'), 'bea7b7acfbad0126b135104024a5f1733e705108f42d59668b05c0c50004c6b0');
});

t.test('pool sign/verify match the inline functions', async (t) => {
  const pool = createCanonicalizationPool({ size: 1 });
  t.teardown(() => pool.close());
  const unsigned = buildAchievementCredential(sampleInput());
  const viaPool = await pool.signCredential(unsigned, { verificationMethod: VM, privateKey, created });
  const inline = await signCredential(unsigned, { verificationMethod: VM, privateKey, created });
  t.same(viaPool, inline, 'identical signed credential');
  t.equal((await pool.verifyDataIntegrityProof(inline, { resolvePublicKey })).verified, true);
  const tampered = structuredClone(inline);
  tampered.validFrom = '2024-01-01T00:00:00Z';
  const bad = await pool.verifyDataIntegrityProof(tampered, { resolvePublicKey });
  t.same([bad.verified, bad.failedStep], [false, 'signature']);
  // Safe-mode errors come back from the worker as structured failures.
  const undefinedTerm = await pool.verifyDataIntegrityProof({ ...inline, colour: 'red' }, { resolvePublicKey });
  t.equal(undefinedTerm.failedStep, 'canonicalization');
  t.match(undefinedTerm.reason, /colour/);
  // Unknown context: the worker's loader fails closed too.
  const unknownCtx = await pool.verifyDataIntegrityProof(
    { ...inline, '@context': [...inline['@context'], 'https://evil.example/ctx'] },
    { resolvePublicKey },
  );
  t.equal(unknownCtx.failedStep, 'canonicalization');
  t.match(unknownCtx.reason, /evil\.example/);
  await t.rejects(pool.signCredential({ ...unsigned, colour: 'red' }, { verificationMethod: VM, privateKey, created }), {
    code: 'CANONICALIZATION_FAILED',
  });
  // The inline verifier agrees.
  t.equal((await verifyDataIntegrityProof({ ...inline, colour: 'red' }, { resolvePublicKey })).failedStep, 'canonicalization');
});

t.test('extra documents reach the workers', async (t) => {
  const pool = createCanonicalizationPool({
    size: 1,
    documents: { 'https://w3id.org/citizenship/v4rc1': readJson('w3c-ccg-citizenship-vocab/contexts/citizenship-v4rc1.jsonld') },
  });
  t.teardown(() => pool.close());
  const signed = readJson('w3c-vc-di-eddsa/eddsa-rdfc-2022/employ/signedDataInt.json');
  const { publicKeyFromVerificationMethodId } = await import('../src/index.js');
  const r = await pool.verifyDataIntegrityProof(signed, {
    resolvePublicKey: async (vm) => publicKeyFromVerificationMethodId(vm).publicKey,
  });
  t.equal(r.verified, true);
});

t.test('close() terminates workers and rejects later calls', async (t) => {
  const pool = createCanonicalizationPool({ size: 2 });
  const unsigned = buildAchievementCredential(sampleInput());
  const inflight = pool.hashData(unsigned, {
    type: 'DataIntegrityProof',
    cryptosuite: 'eddsa-rdfc-2022',
    verificationMethod: VM,
    proofPurpose: 'assertionMethod',
  });
  const inflightRejected = t.rejects(inflight, { code: 'POOL_CLOSED' }, 'in-flight job rejected on close');
  await pool.close();
  await inflightRejected;
  await t.rejects(pool.hashData(unsigned, {}), { code: 'POOL_CLOSED' });
  await t.rejects(pool.signCredential(unsigned, { verificationMethod: VM, privateKey, created }), { code: 'POOL_CLOSED' });
  await pool.close(); // idempotent
  t.throws(() => createCanonicalizationPool({ size: 0 }), { code: 'INVALID_INPUT' });
});

t.test('an idle pool does not keep the process alive', async (t) => {
  // A child process uses a pool once and leaves it open: with workers ref'ed while idle it would
  // never exit. The test waits for the child's exit (its own deadline, named), not for tap's.
  const { spawn } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const fixture = fileURLToPath(new URL('./fixtures/idle-pool.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const ended = await new Promise<{ code: number | null } | 'still running'>((resolve) => {
    const timer = setTimeout(() => resolve('still running'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code });
    });
  });
  if (ended === 'still running') child.kill('SIGKILL');
  t.not(ended, 'still running', 'the process exits on its own with an idle pool open');
  t.same(ended, { code: 0 }, `exit code 0 ${err.slice(0, 500)}`);
  t.match(out, /^hashed [0-9a-f]{64}$/m, 'the pool did its work first');
});
