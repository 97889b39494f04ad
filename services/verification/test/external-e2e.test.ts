// @unit
// End to end through the production path: createExternalVerifier (guarded fetcher + cache) against
// an issuer served by a local HTTP server. "issuer.test" is mapped to 127.0.0.1 by an injected
// resolver and allow-listed as issuer.test:<port> (VERIFIER_ALLOWED_HOSTS), so did:web documents
// and status lists are really fetched over http on loopback. Clock pinned to 2026-11-21.
import t from 'tap';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import {
  bakePng,
  createCanonicalizationPool,
  didWebForOrg,
  publicKeyMultibaseFromKeyObject,
  signCredential,
} from '@cred/ob3';
import { createExternalVerifier, type ExternalVerificationResult } from '../src/external/index.js';
import { pinnedClock, teamworkCredential } from './fixtures/external-fixtures.js';
import { startIssuerHost } from './fixtures/external-servers.js';
import { tinyPng } from '../../../packages/ob3/test/fixtures/helpers.js';

const issuerHost = await startIssuerHost(t, pinnedClock);
const { routes, server, resolver, verifier, strictVerifier } = issuerHost;
const HOST = issuerHost.host;
const ORIGIN = issuerHost.origin;

function keyPair(): { privateKey: KeyObject; multibase: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  return { privateKey, multibase: publicKeyMultibaseFromKeyObject(privateKey) };
}

const issuerKey = keyPair();
const otherKey = keyPair();
const DID = didWebForOrg(ORIGIN, 'acme'); // did:web:issuer.test%3A<port>:issuers:acme
const VM = `${DID}#key-1`;
const FRAGMENT_VM = `${DID}#${issuerKey.multibase}`;
routes['/issuers/acme/did.json'] = {
  '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
  id: DID,
  verificationMethod: [
    { id: VM, type: 'Multikey', controller: DID, publicKeyMultibase: issuerKey.multibase },
    { id: FRAGMENT_VM, type: 'Multikey', controller: DID, publicKeyMultibase: issuerKey.multibase },
    { id: `${DID}#auth-only`, type: 'Multikey', controller: DID, publicKeyMultibase: otherKey.multibase },
  ],
  assertionMethod: [VM, FRAGMENT_VM],
  authentication: [`${DID}#auth-only`],
};
// A plain https-style controller document (not a DID): issuer id = controller URL.
const PLAIN = `${ORIGIN}/issuers/plain`;
routes['/issuers/plain'] = {
  '@context': ['https://www.w3.org/ns/cid/v1'],
  id: PLAIN,
  verificationMethod: [{ id: `${PLAIN}#key-1`, type: 'Multikey', controller: PLAIN, publicKeyMultibase: issuerKey.multibase }],
  assertionMethod: [`${PLAIN}#key-1`],
};

function encodedList(setBits: number[]): string {
  const bytes = Buffer.alloc(16_384);
  for (const i of setBits) bytes[i >> 3]! |= 0x80 >> (i & 7);
  return 'u' + gzipSync(bytes).toString('base64url');
}

async function statusList(path: string, setBits: number[], key = issuerKey, vm = VM, issuer = DID) {
  const list = {
    '@context': ['https://www.w3.org/ns/credentials/v2'],
    id: `${ORIGIN}${path}`,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer,
    validFrom: '2025-01-01T00:00:00Z',
    credentialSubject: {
      id: `${ORIGIN}${path}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: encodedList(setBits),
    },
  };
  routes[path] = await signCredential(list, {
    verificationMethod: vm,
    privateKey: key.privateKey,
    created: new Date('2025-01-01T00:00:00Z'),
  });
}
await statusList('/status/1', [5]);
await statusList('/status/foreign', [], otherKey, `did:key:${otherKey.multibase}#${otherKey.multibase}`, `did:key:${otherKey.multibase}`);

async function credential(
  opts: { index?: number; list?: string; validUntil?: Date | null; vm?: string; issuerDid?: string; key?: KeyObject } = {},
): Promise<Record<string, unknown>> {
  const unsigned = teamworkCredential({
    origin: ORIGIN,
    issuer: opts.issuerDid ?? DID,
    validUntil: opts.validUntil === undefined ? new Date('2030-01-01T00:00:00Z') : opts.validUntil,
    statusIndex: opts.index,
    statusList: opts.list,
  });
  return signCredential(unsigned, {
    verificationMethod: opts.vm ?? VM,
    privateKey: opts.key ?? issuerKey.privateKey,
    created: new Date('2025-01-01T00:00:00Z'),
  });
}

function summary(r: ExternalVerificationResult) {
  return {
    status: r.status,
    valid: r.valid,
    sig: r.verification.signatureValid,
    iss: r.verification.issuerAuthenticated,
    notRevoked: r.verification.notRevoked,
  };
}
const failed = (r: ExternalVerificationResult) => r.checks.filter((c) => !c.passed);

t.test('did:web issuer, BitstringStatusList not set -> valid; every check passes', async (t) => {
  const hitsBefore = server.hits.length;
  const r = await verifier.verifyCredential(await credential({ index: 4 }));
  t.same(summary(r), { status: 'valid', valid: true, sig: true, iss: true, notRevoked: true }, { failed: failed(r) });
  t.same(failed(r), []);
  t.same(
    r.checks.map((c) => c.name),
    ['context', 'type', 'structure', 'signature', 'issuer', 'notBefore', 'expiration', 'status'],
  );
  t.match(r.checks.find((c) => c.name === 'issuer')?.message, /lists .*#key-1 for assertionMethod/);
  t.ok(server.hits.slice(hitsBefore).includes('/issuers/acme/did.json') && server.hits.includes('/status/1'), 'fetched over loopback');
  // {credential: ...} wrapper, and the cache: no new fetches for the second verification.
  const hits = server.hits.length;
  const again = await verifier.verifyCredential({ credential: await credential({ index: 6 }) });
  t.equal(again.status, 'valid');
  t.equal(server.hits.length, hits, 'DID document and status list served from the cache');
});

t.test('revoked, expired, revoked+expired', async (t) => {
  t.same(summary(await verifier.verifyCredential(await credential({ index: 5 }))), {
    status: 'revoked',
    valid: false,
    sig: true,
    iss: true,
    notRevoked: false,
  });
  const expired = await verifier.verifyCredential(await credential({ validUntil: new Date('2026-01-01T00:00:00Z') }));
  t.same([expired.status, expired.verification.notExpired], ['expired', false]);
  const both = await verifier.verifyCredential(await credential({ index: 5, validUntil: new Date('2026-01-01T00:00:00Z') }));
  t.same([both.status, both.verification.notExpired, both.verification.notRevoked], ['revoked', false, false], 'revoked takes precedence');
  const noExpiry = await verifier.verifyCredential(await credential({ validUntil: null }));
  t.same(
    [noExpiry.status, noExpiry.checks.find((c) => c.name === 'expiration')?.message],
    ['valid', 'no validUntil: the credential does not expire'],
  );
});

t.test('status list unavailable -> invalid (fail closed), reported separately', async (t) => {
  const r = await verifier.verifyCredential(await credential({ index: 1, list: '/status/missing' }));
  t.same(
    [
      r.status,
      r.verification.statusAvailable,
      r.verification.notRevoked,
      r.verification.signatureValid,
      r.verification.issuerAuthenticated,
    ],
    ['invalid', false, false, true, true],
  );
  t.match(
    r.checks.find((c) => c.name === 'status'),
    { passed: false, message: /^status unavailable: cannot fetch .*HTTP_STATUS/ },
  );
});

t.test("status list signer: authenticated for its own issuer, or the credential's key; nothing else", async (t) => {
  const r = await verifier.verifyCredential(await credential({ index: 1, list: '/status/foreign' }));
  // A list issued (and authenticated) by another party: the REC does not require the list's issuer to be the
  // credential's, and the DCC fixtures rely on that -> accepted.
  t.equal(r.status, 'valid', 'a list authenticated for its own issuer is accepted (issuer may differ, as in the DCC fixtures)');
  // A list whose proof is by a fragment-only key that is not the credential's key is refused.
  const sneaky = structuredClone(routes['/status/1']) as Record<string, unknown>;
  routes['/status/sneaky'] = await signCredential(
    { ...sneaky, proof: undefined, id: `${ORIGIN}/status/sneaky` },
    {
      verificationMethod: `https://unknown.example/keys#${otherKey.multibase}`,
      privateKey: otherKey.privateKey,
      created: new Date('2025-01-01T00:00:00Z'),
    },
  );
  const s = await verifier.verifyCredential(await credential({ index: 1, list: '/status/sneaky' }));
  t.same([s.status, s.verification.notRevoked, s.verification.statusAvailable], ['invalid', false, true]);
  t.match(
    s.checks.find((c) => c.name === 'status')?.message,
    /signer is neither its authenticated issuer nor the key that signed the credential/,
  );
});

t.test('issuer binding under the SSRF rules (docs/contract.md "Verification")', async (t) => {
  // Host not allow-listed: did:web would be fetched over https on port 443 only -> refused, nothing fetched.
  const hits = server.hits.length;
  const keyOnly = await strictVerifier.verifyCredential(await credential());
  t.same(
    summary(keyOnly),
    { status: 'invalid', valid: false, sig: false, iss: false, notRevoked: true },
    '#key-1 cannot be resolved at all',
  );
  t.match(keyOnly.checks.find((c) => c.name === 'signature')?.message, /PORT_NOT_ALLOWED|only port 443/);
  // Same issuer, VM with a multikey fragment: signature valid, issuer NOT authenticated.
  const fragment = await strictVerifier.verifyCredential(await credential({ vm: FRAGMENT_VM }));
  t.same(summary(fragment), { status: 'invalid', valid: false, sig: true, iss: false, notRevoked: true });
  t.match(
    fragment.checks.find((c) => c.name === 'issuer'),
    { passed: false, message: /issuer could not be confirmed: the key was read only from the verification method id/ },
  );
  t.equal(server.hits.length, hits, 'the strict verifier made no request');
  // Allow-listed: the same fragment VM is confirmed by the DID document.
  t.equal((await verifier.verifyCredential(await credential({ vm: FRAGMENT_VM }))).status, 'valid');
});

t.test('key not authorized for assertionMethod, key of someone else, tampering', async (t) => {
  const authOnly = await verifier.verifyCredential(await credential({ vm: `${DID}#auth-only`, key: otherKey.privateKey }));
  t.same([authOnly.status, authOnly.verification.signatureValid], ['invalid', false], 'a VM listed only for authentication gives no key');
  t.match(authOnly.checks.find((c) => c.name === 'signature')?.message, /not listed in assertionMethod/);

  // Signed with a did:key but naming our did:web as issuer: the signature is fine, the binding is not.
  const didKey = `did:key:${otherKey.multibase}`;
  const impostor = await verifier.verifyCredential(await credential({ vm: `${didKey}#${otherKey.multibase}`, key: otherKey.privateKey }));
  t.same(summary(impostor), { status: 'invalid', valid: false, sig: true, iss: false, notRevoked: true });
  t.match(
    impostor.checks.find((c) => c.name === 'issuer')?.message,
    new RegExp(`belongs to ${didKey}, not to the issuer ${DID.replace(/[%.]/g, '.')}`),
  );
  // did:key issuer signing for itself is fine.
  t.equal(
    (
      await verifier.verifyCredential(
        await credential({ vm: `${didKey}#${otherKey.multibase}`, key: otherKey.privateKey, issuerDid: didKey }),
      )
    ).status,
    'valid',
  );

  const c = await credential();
  (c['credentialSubject'] as { achievement: { name: string } }).achievement.name = 'Something else';
  const tampered = await verifier.verifyCredential(c);
  t.same([tampered.status, tampered.verification.signatureValid], ['invalid', false]);
});

t.test('https controller document (not a DID) binds the key when its id is the issuer', async (t) => {
  const r = await verifier.verifyCredential(await credential({ vm: `${PLAIN}#key-1`, issuerDid: PLAIN }));
  t.same(summary(r), { status: 'valid', valid: true, sig: true, iss: true, notRevoked: true }, { failed: failed(r) });
});

t.test('baked PNG of a credential from this issuer', async (t) => {
  const png = bakePng(tinyPng(), JSON.stringify(await credential({ index: 4 })));
  const r = await verifier.verifyBakedImage(png, 'image/png');
  t.same(summary(r), { status: 'valid', valid: true, sig: true, iss: true, notRevoked: true });
});

t.test('the canonicalization pool can stand in for the inline proof verifier', async (t) => {
  const pool = createCanonicalizationPool({ size: 1 });
  t.teardown(() => pool.close());
  const pooled = createExternalVerifier({
    allowedHosts: [HOST],
    clock: pinnedClock,
    resolver,
    verifyProof: (c, o) => pool.verifyDataIntegrityProof(c, o),
  });
  t.equal((await pooled.verifyCredential(await credential({ index: 4 }))).status, 'valid');
  t.equal((await pooled.verifyCredential(await credential({ index: 5 }))).status, 'revoked');
});
