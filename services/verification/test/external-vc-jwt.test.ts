// @unit
// VC-JWT verification with tokens signed here (node:crypto: EdDSA / Ed25519, ES256, RS256, PS256; one
// ES256 token signed with `jose` as an independent implementation). Keys are bound to issuers through
// did:key, and through did:web / https controller documents served on 127.0.0.1 ("issuer.test" mapped by
// an injected resolver and allow-listed as issuer.test:<port>, VERIFIER_ALLOWED_HOSTS style), as in
// external-e2e.test.ts. Clock pinned to 2026-11-21.
import t from 'tap';
import { constants, createHmac, generateKeyPairSync, sign as cryptoSign, type KeyObject } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { CompactSign } from 'jose';
import { bakePng, bakeSvg, didWebForOrg, publicKeyMultibaseFromKeyObject, signCredential } from '@cred/ob3';
import {
  createRemoteDocuments,
  ExternalInputError,
  verifyBakedImage,
  verifyExternalCredential,
  type ExternalVerificationResult,
  type ExternalVerifierDeps,
} from '../src/external/index.js';
import { createFixtureFetcher, pinnedClock, teamworkCredential } from './fixtures/external-fixtures.js';
import { startIssuerHost } from './fixtures/external-servers.js';
import { tinyPng } from '../../../packages/ob3/test/fixtures/helpers.js';

// ---------------------------------------------------------------------------------------------
// Keys, documents, tokens

const ed = generateKeyPairSync('ed25519');
const edMultibase = publicKeyMultibaseFromKeyObject(ed.privateKey);
const DIDKEY = `did:key:${edMultibase}`;
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const publicJwk = (key: KeyObject) => key.export({ format: 'jwk' });

const issuerHost = await startIssuerHost(t, pinnedClock);
const { routes, server, verifier, strictVerifier } = issuerHost;
const ORIGIN = issuerHost.origin;

const DID = didWebForOrg(ORIGIN, 'acme'); // did:web:issuer.test%3A<port>:issuers:acme
routes['/issuers/acme/did.json'] = {
  '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/jwk/v1', 'https://w3id.org/security/multikey/v1'],
  id: DID,
  verificationMethod: [
    { id: `${DID}#ec-1`, type: 'JsonWebKey2020', controller: DID, publicKeyJwk: publicJwk(ec.publicKey) },
    { id: `${DID}#ed-1`, type: 'Multikey', controller: DID, publicKeyMultibase: edMultibase },
    { id: `${DID}#auth-only`, type: 'JsonWebKey2020', controller: DID, publicKeyJwk: publicJwk(stranger.publicKey) },
    { id: `${DID}#leaky`, type: 'JsonWebKey2020', controller: DID, publicKeyJwk: ec.privateKey.export({ format: 'jwk' }) },
  ],
  // RSA key embedded in assertionMethod (other platforms' form), relative id.
  assertionMethod: [
    `${DID}#ec-1`,
    `${DID}#ed-1`,
    `${DID}#leaky`,
    { id: '#rsa-1', type: 'JsonWebKey', controller: DID, publicKeyJwk: publicJwk(rsa.publicKey) },
  ],
  authentication: [`${DID}#auth-only`],
};
const PLAIN = `${ORIGIN}/issuers/plain`;
routes['/issuers/plain'] = {
  '@context': ['https://www.w3.org/ns/cid/v1'],
  id: PLAIN,
  verificationMethod: [{ id: `${PLAIN}#key-1`, type: 'JsonWebKey', controller: PLAIN, publicKeyJwk: publicJwk(rsa.publicKey) }],
  assertionMethod: [`${PLAIN}#key-1`],
};

// A BitstringStatusList signed (Data Integrity) by the did:web's Ed25519 key; bit 5 set.
const listBits = Buffer.alloc(16_384);
listBits[0] = 0x80 >> 5;
routes['/status/1'] = await signCredential(
  {
    '@context': ['https://www.w3.org/ns/credentials/v2'],
    id: `${ORIGIN}/status/1`,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: DID,
    validFrom: '2025-01-01T00:00:00Z',
    credentialSubject: {
      id: `${ORIGIN}/status/1#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: 'u' + gzipSync(listBits).toString('base64url'),
    },
  },
  { verificationMethod: `${DID}#ed-1`, privateKey: ed.privateKey, created: new Date('2025-01-01T00:00:00Z') },
);

function credential(issuer: string, opts: { validUntil?: Date; statusIndex?: number } = {}): Record<string, unknown> {
  return teamworkCredential({ origin: ORIGIN, issuer, validUntil: opts.validUntil ?? null, statusIndex: opts.statusIndex });
}

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
type Alg = 'EdDSA' | 'ES256' | 'RS256' | 'PS256';

function signJws(header: Record<string, unknown>, payload: unknown, key: KeyObject, alg: Alg = header['alg'] as Alg): string {
  const input = `${b64(header)}.${b64(payload)}`;
  const data = Buffer.from(input);
  const sig =
    alg === 'EdDSA'
      ? cryptoSign(null, data, key)
      : alg === 'ES256'
        ? cryptoSign('sha256', data, { key, dsaEncoding: 'ieee-p1363' })
        : alg === 'PS256'
          ? cryptoSign('sha256', data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST })
          : cryptoSign('sha256', data, key);
  return `${input}.${sig.toString('base64url')}`;
}

/** A VC 2.0 JWT payload: the credential plus the OB 3.0 registered claims. */
function v2Payload(c: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...c,
    iss: (c['issuer'] as { id: string }).id,
    jti: c['id'],
    nbf: Date.parse(c['validFrom'] as string) / 1000,
    iat: Date.parse('2025-01-01T00:00:00Z') / 1000,
    ...extra,
  };
}

function summary(r: ExternalVerificationResult) {
  return {
    status: r.status,
    valid: r.valid,
    sig: r.verification.signatureValid,
    iss: r.verification.issuerAuthenticated,
  };
}
const check = (r: ExternalVerificationResult, name: string) => r.checks.find((c) => c.name === name);
const failed = (r: ExternalVerificationResult) => r.checks.filter((c) => !c.passed);
const CHECK_ORDER = ['format', 'context', 'type', 'structure', 'signature', 'issuer', 'notBefore', 'expiration', 'status'];

function offlineDeps(): ExternalVerifierDeps & { fetcher: ReturnType<typeof createFixtureFetcher> } {
  const fetcher = createFixtureFetcher();
  return { clock: pinnedClock, documents: createRemoteDocuments({ fetcher }), fetcher };
}

// ---------------------------------------------------------------------------------------------

t.test('EdDSA with a did:key kid, the issuer being that did:key: valid, every check passes, in order', async (t) => {
  const c = credential(DIDKEY);
  const jws = signJws({ alg: 'EdDSA', kid: `${DIDKEY}#${edMultibase}`, typ: 'JWT' }, v2Payload(c), ed.privateKey);
  const d = offlineDeps();
  for (const input of [jws, { credential: jws }, `  ${jws}\n`]) {
    const r = await verifyExternalCredential(input, d);
    t.same(summary(r), { status: 'valid', valid: true, sig: true, iss: true }, { failed: failed(r) });
    t.same(failed(r), []);
    t.same(
      r.checks.map((x) => x.name),
      CHECK_ORDER,
    );
    t.match(check(r, 'format')?.message, /VC-JWT \(compact JWS\) signed with EdDSA; the credential is the payload \(VC 2\.0\)/);
    t.match(check(r, 'signature')?.message, /valid JWS signature: EdDSA by did:key:z6Mk/);
    t.match(check(r, 'issuer')?.message, /the issuer is the did:key did:key:z6Mk.* that signed/);
    t.match(check(r, 'notBefore')?.message, /validFrom 2025-01-01T00:00:00Z and JWT nbf 2025-01-01T00:00:00Z have passed/);
    t.equal((r.ob3Credential as { id?: string }).id, c['id'], 'ob3Credential is the decoded credential');
  }
  t.same(d.fetcher.requested, [], 'a did:key needs no fetch');
  // The kid may also be the bare did:key.
  const bare = await verifyExternalCredential(signJws({ alg: 'EdDSA', kid: DIDKEY }, v2Payload(credential(DIDKEY)), ed.privateKey), d);
  t.equal(bare.status, 'valid');
});

t.test('VC 1.1 JWT encoding: the vc claim, completed from iss / nbf / exp / jti / sub', async (t) => {
  const vc = {
    '@context': ['https://www.w3.org/2018/credentials/v1', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { type: ['Profile'], name: 'Acme' },
    name: 'Teamwork',
    credentialSubject: { type: ['AchievementSubject'], achievement: { id: 'urn:uuid:1', type: ['Achievement'], name: 'x' } },
  };
  const payload = {
    vc,
    iss: DIDKEY,
    jti: 'urn:uuid:7a0a3f9e-0000-4000-8000-000000000001',
    sub: 'did:example:holder',
    nbf: Date.parse('2024-06-01T00:00:00Z') / 1000,
    exp: Date.parse('2030-01-01T00:00:00Z') / 1000,
  };
  const r = await verifyExternalCredential(signJws({ alg: 'EdDSA', kid: DIDKEY }, payload, ed.privateKey), offlineDeps());
  t.same(summary(r), { status: 'valid', valid: true, sig: true, iss: true }, { failed: failed(r) });
  t.match(r.ob3Credential, {
    id: payload.jti,
    issuer: { id: DIDKEY, name: 'Acme' },
    issuanceDate: '2024-06-01T00:00:00Z',
    expirationDate: '2030-01-01T00:00:00Z',
    credentialSubject: { id: 'did:example:holder' },
  });
  t.match(check(r, 'format')?.message, /payload vc claim \(VC 1\.1 JWT encoding\)/);
  t.match(check(r, 'expiration')?.message, /valid until 2030-01-01T00:00:00Z and 2030-01-01T00:00:00Z \(JWT exp\)/);

  // Claims that contradict the credential fail the structure check.
  const contradicting = { ...payload, vc: { ...vc, issuer: { id: 'https://elsewhere.example/issuer' } }, jti: 'urn:uuid:other' };
  const r2 = await verifyExternalCredential(signJws({ alg: 'EdDSA', kid: DIDKEY }, contradicting, ed.privateKey), offlineDeps());
  t.same([r2.status, r2.verification.structureValid, r2.verification.signatureValid], ['invalid', false, true]);
  t.match(check(r2, 'structure'), { passed: false, message: /JWT iss did:key:.* is not the issuer "https:\/\/elsewhere/ });
  t.match(check(r2, 'issuer'), { passed: false, message: /belongs to did:key:.*not to the issuer https:\/\/elsewhere/ });
  const badDates = await verifyExternalCredential(
    signJws({ alg: 'EdDSA', kid: DIDKEY }, { ...payload, nbf: 'yesterday' }, ed.privateKey),
    offlineDeps(),
  );
  t.match(check(badDates, 'structure'), { passed: false, message: /JWT nbf is not a NumericDate/ });
});

t.test('did:web kid served on loopback: ES256 (publicKeyJwk), RS256 / PS256 (embedded JsonWebKey), EdDSA (Multikey)', async (t) => {
  const cases: Array<[string, Alg, KeyObject, string]> = [
    ['ES256 #ec-1', 'ES256', ec.privateKey, `${DID}#ec-1`],
    ['RS256 #rsa-1', 'RS256', rsa.privateKey, `${DID}#rsa-1`],
    ['PS256 #rsa-1', 'PS256', rsa.privateKey, `${DID}#rsa-1`],
    ['EdDSA #ed-1', 'EdDSA', ed.privateKey, `${DID}#ed-1`],
  ];
  for (const [label, alg, key, kid] of cases) {
    const r = await verifier.verifyCredential(signJws({ alg, kid }, v2Payload(credential(DID)), key));
    t.same(summary(r), { status: 'valid', valid: true, sig: true, iss: true }, { label, failed: failed(r) });
    t.match(check(r, 'issuer')?.message, new RegExp(`lists ${kid.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} for assertionMethod`), label);
  }
  t.ok(server.hits.includes('/issuers/acme/did.json'), 'the DID document was fetched over loopback');

  // An independent signer (jose) produces a token we verify.
  const payload = new TextEncoder().encode(JSON.stringify(v2Payload(credential(DID))));
  const joseToken = await new CompactSign(payload).setProtectedHeader({ alg: 'ES256', kid: `${DID}#ec-1` }).sign(ec.privateKey);
  t.equal((await verifier.verifyCredential(joseToken)).status, 'valid', 'a jose-signed ES256 token verifies');
});

t.test('https controller document kid (RS256): valid when the issuer is the controller', async (t) => {
  const r = await verifier.verifyCredential(signJws({ alg: 'RS256', kid: `${PLAIN}#key-1` }, v2Payload(credential(PLAIN)), rsa.privateKey));
  t.same(summary(r), { status: 'valid', valid: true, sig: true, iss: true }, { failed: failed(r) });
  // The same key, but the credential names another issuer.
  const other = await verifier.verifyCredential(
    signJws({ alg: 'RS256', kid: `${PLAIN}#key-1` }, v2Payload(credential(DID)), rsa.privateKey),
  );
  t.same(summary(other), { status: 'invalid', valid: false, sig: true, iss: false });
  t.match(check(other, 'issuer')?.message, /the key belongs to http:\/\/issuer\.test:\d+\/issuers\/plain, not to the issuer did:web:/);
});

t.test('keys the controller document does not grant authenticate nothing', async (t) => {
  // Listed only for authentication: the document is available but does not list the kid for assertionMethod.
  const auth = await verifier.verifyCredential(
    signJws({ alg: 'ES256', kid: `${DID}#auth-only` }, v2Payload(credential(DID)), stranger.privateKey),
  );
  t.same(summary(auth), { status: 'invalid', valid: false, sig: false, iss: false });
  t.match(check(auth, 'signature')?.message, /signing key is not available: .*#auth-only is not listed in assertionMethod/);
  // A publicKeyJwk carrying private key material is refused.
  const leaky = await verifier.verifyCredential(signJws({ alg: 'ES256', kid: `${DID}#leaky` }, v2Payload(credential(DID)), ec.privateKey));
  t.same(summary(leaky), { status: 'invalid', valid: false, sig: false, iss: false });
  t.match(check(leaky, 'signature')?.message, /private or symmetric key material/);
  // Signed with another key than the one the kid names.
  const wrongKey = await verifier.verifyCredential(
    signJws({ alg: 'ES256', kid: `${DID}#ec-1` }, v2Payload(credential(DID)), stranger.privateKey),
  );
  t.same(summary(wrongKey), { status: 'invalid', valid: false, sig: false, iss: false });
  t.match(check(wrongKey, 'signature')?.message, /the JWS signature does not verify \(ES256/);
  // alg and key type disagree (an RSA key named for ES256).
  const mismatch = await verifier.verifyCredential(
    signJws({ alg: 'ES256', kid: `${DID}#rsa-1` }, v2Payload(credential(DID)), ec.privateKey),
  );
  t.match(check(mismatch, 'signature'), { passed: false, message: /ES256 needs an EC P-256 key/ });
});

t.test('did:web kid without the allow-list: not fetched, the key is not available', async (t) => {
  const hits = server.hits.length;
  const r = await strictVerifier.verifyCredential(signJws({ alg: 'ES256', kid: `${DID}#ec-1` }, v2Payload(credential(DID)), ec.privateKey));
  t.same(summary(r), { status: 'invalid', valid: false, sig: false, iss: false });
  t.match(
    check(r, 'signature')?.message,
    /signing key is not available: kid did:web:.*only port 443 is fetched from issuer\.test \(not in VERIFIER_ALLOWED_HOSTS\)/,
  );
  t.equal(server.hits.length, hits, 'the loopback server was not contacted');
});

t.test('header jwk: integrity only (docs/contract.md "Verification"), also when the kid cannot be resolved', async (t) => {
  const c = credential(DIDKEY);
  const r = await verifyExternalCredential(
    signJws({ alg: 'ES256', jwk: publicJwk(ec.publicKey) }, v2Payload(c), ec.privateKey),
    offlineDeps(),
  );
  t.same(summary(r), { status: 'invalid', valid: false, sig: true, iss: false });
  t.match(check(r, 'signature')?.message, /valid JWS signature: ES256 by JOSE header jwk/);
  t.match(check(r, 'issuer')?.message, /issuer could not be confirmed: the key was taken only from the JOSE header jwk/);
  // Even the issuer's own Ed25519 key in the header does not authenticate: only a kid can.
  const ownKey = await verifyExternalCredential(
    signJws({ alg: 'EdDSA', jwk: publicJwk(ed.publicKey) }, v2Payload(credential(DIDKEY)), ed.privateKey),
    offlineDeps(),
  );
  t.same(summary(ownKey), { status: 'invalid', valid: false, sig: true, iss: false });
  const withKid = await verifyExternalCredential(
    signJws({ alg: 'ES256', kid: 'https://unreachable.example/issuer#k', jwk: publicJwk(ec.publicKey) }, v2Payload(c), ec.privateKey),
    offlineDeps(),
  );
  t.same(summary(withKid), { status: 'invalid', valid: false, sig: true, iss: false });
  t.match(
    check(withKid, 'issuer')?.message,
    /JOSE header jwk.*the kid could not be used \(kid https:\/\/unreachable\.example\/issuer#k: cannot resolve/,
  );
  const privateJwk = await verifyExternalCredential(
    signJws({ alg: 'ES256', jwk: ec.privateKey.export({ format: 'jwk' }) }, v2Payload(c), ec.privateKey),
    offlineDeps(),
  );
  t.same(summary(privateJwk), { status: 'invalid', valid: false, sig: false, iss: false });
  t.match(check(privateJwk, 'signature')?.message, /header jwk: the JWK carries private or symmetric key material/);
});

t.test('no kid and no jwk: the key is not available', async (t) => {
  const r = await verifyExternalCredential(signJws({ alg: 'RS256' }, v2Payload(credential(PLAIN)), rsa.privateKey), offlineDeps());
  t.same(summary(r), { status: 'invalid', valid: false, sig: false, iss: false });
  t.match(check(r, 'signature')?.message, /not checked: the signing key is not available: the JOSE header has neither kid nor jwk/);
});

t.test('a tampered payload or signature does not verify', async (t) => {
  const jws = signJws({ alg: 'EdDSA', kid: DIDKEY }, v2Payload(credential(DIDKEY)), ed.privateKey);
  const [h, p, s] = jws.split('.') as [string, string, string];
  const payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
  payload.name = 'Something else';
  const tampered = `${h}.${b64(payload)}.${s}`;
  const r = await verifyExternalCredential(tampered, offlineDeps());
  t.same(summary(r), { status: 'invalid', valid: false, sig: false, iss: false });
  t.match(check(r, 'signature')?.message, /the JWS signature does not verify \(EdDSA with the key of did:key:/);
  const sig = Buffer.from(s, 'base64url');
  sig[0] = sig[0]! ^ 1;
  const badSig = await verifyExternalCredential(`${h}.${p}.${sig.toString('base64url')}`, offlineDeps());
  t.equal(badSig.verification.signatureValid, false);
  // The same header re-encoded with another (valid) key id is a different signing input.
  const rs = signJws({ alg: 'RS256', kid: `${PLAIN}#key-1` }, v2Payload(credential(PLAIN)), rsa.privateKey);
  const [, rp, rsig] = rs.split('.') as [string, string, string];
  const swapped = await verifier.verifyCredential(`${b64({ alg: 'PS256', kid: `${PLAIN}#key-1` })}.${rp}.${rsig}`);
  t.equal(swapped.verification.signatureValid, false, 'an RS256 signature does not pass as PS256');
});

t.test('refused algorithms: none, HS256, unknown; crit', async (t) => {
  const payload = v2Payload(credential(DIDKEY));
  const none = `${b64({ alg: 'none' })}.${b64(payload)}.`;
  const hsInput = `${b64({ alg: 'HS256', kid: DIDKEY })}.${b64(payload)}`;
  const hs256 = `${hsInput}.${createHmac('sha256', 'secret').update(hsInput).digest('base64url')}`;
  const cases: Array<[string, string, RegExp]> = [
    ['alg none', none, /alg "none" \(an unsecured JWT\) is refused/],
    ['alg None with a signature', `${b64({ alg: 'None' })}.${b64(payload)}.c2ln`, /alg "none"/],
    ['HS256', hs256, /alg "HS256" is a shared-secret MAC.*refused/],
    ['ES512', signJws({ alg: 'ES512', kid: DIDKEY }, payload, ed.privateKey, 'EdDSA'), /alg "ES512" is not accepted/],
    ['no alg', signJws({ kid: DIDKEY }, payload, ed.privateKey, 'EdDSA'), /has no alg/],
    ['crit', signJws({ alg: 'EdDSA', kid: DIDKEY, crit: ['b64'], b64: false }, payload, ed.privateKey), /crit/],
  ];
  for (const [label, jws, re] of cases) {
    const r = await verifyExternalCredential(jws, offlineDeps());
    t.same([r.valid, r.status, r.verification.signatureValid, r.ob3Credential], [false, 'invalid', false, null], label);
    t.same(r.checks.length, 1, `${label}: only the format check`);
    t.match(r.checks[0], { name: 'format', passed: false, message: re }, label);
  }
});

t.test('nbf / exp against the clock, consistently with validFrom / validUntil', async (t) => {
  const expired = await verifyExternalCredential(
    signJws(
      { alg: 'EdDSA', kid: DIDKEY },
      v2Payload(credential(DIDKEY), { exp: Date.parse('2026-01-01T00:00:00Z') / 1000 }),
      ed.privateKey,
    ),
    offlineDeps(),
  );
  t.same([expired.status, expired.verification.notExpired, expired.verification.signatureValid], ['expired', false, true]);
  t.match(check(expired, 'expiration')?.message, /expired 2026-01-01T00:00:00Z \(JWT exp\)/);
  // validUntil in the past but exp in the future: the earlier bound wins.
  const both = await verifyExternalCredential(
    signJws(
      { alg: 'EdDSA', kid: DIDKEY },
      v2Payload(credential(DIDKEY, { validUntil: new Date('2026-02-01T00:00:00Z') }), { exp: Date.parse('2031-01-01T00:00:00Z') / 1000 }),
      ed.privateKey,
    ),
    offlineDeps(),
  );
  t.same([both.status, check(both, 'expiration')?.message], ['expired', 'expired 2026-02-01T00:00:00Z']);
  const future = await verifyExternalCredential(
    signJws(
      { alg: 'EdDSA', kid: DIDKEY },
      v2Payload(credential(DIDKEY), { nbf: Date.parse('2040-01-01T00:00:00Z') / 1000 }),
      ed.privateKey,
    ),
    offlineDeps(),
  );
  t.same([future.status, future.verification.notBeforeValid, future.verification.signatureValid], ['invalid', false, true]);
  t.match(check(future, 'notBefore')?.message, /not valid before 2040-01-01T00:00:00Z \(JWT nbf is in the future\)/);
});

t.test('credentialStatus of a VC-JWT: the list is signed by the key the kid names', async (t) => {
  const ok = await verifier.verifyCredential(
    signJws({ alg: 'ES256', kid: `${DID}#ec-1` }, v2Payload(credential(DID, { statusIndex: 4 })), ec.privateKey),
  );
  t.same(summary(ok), { status: 'valid', valid: true, sig: true, iss: true }, { failed: failed(ok) });
  const revoked = await verifier.verifyCredential(
    signJws({ alg: 'EdDSA', kid: `${DID}#ed-1` }, v2Payload(credential(DID, { statusIndex: 5 })), ed.privateKey),
  );
  t.same([revoked.status, revoked.verification.notRevoked], ['revoked', false]);
  t.match(check(revoked, 'status')?.message, /revoked: bit 5 of/);
  // Signature invalid: the status list is not even fetched.
  const jws = signJws({ alg: 'ES256', kid: `${DID}#ec-1` }, v2Payload(credential(DID, { statusIndex: 4 })), stranger.privateKey);
  const bad = await verifier.verifyCredential(jws);
  t.match(check(bad, 'status'), { passed: false, message: /not checked: the signature is not valid/ });
});

t.test('a VC-JWT baked into a PNG or SVG verifies through verifyBakedImage', async (t) => {
  const c = credential(DIDKEY);
  const jws = signJws({ alg: 'EdDSA', kid: DIDKEY }, v2Payload(c), ed.privateKey);
  const png = bakePng(tinyPng(), jws);
  for (const ct of ['image/png', undefined]) {
    const r = await verifyBakedImage(png, ct, offlineDeps());
    t.same(summary(r), { status: 'valid', valid: true, sig: true, iss: true }, { failed: failed(r) });
    t.equal((r.ob3Credential as { id?: string }).id, c['id']);
    t.equal(r.checks[0]?.name, 'format');
  }
  const svg = bakeSvg('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><rect/></svg>', jws);
  t.equal((await verifyBakedImage(Buffer.from(svg), 'image/svg+xml', offlineDeps())).status, 'valid');
  const viaVerifier = await verifier.verifyBakedImage(
    bakePng(tinyPng(), signJws({ alg: 'ES256', kid: `${DID}#ec-1` }, v2Payload(credential(DID)), ec.privateKey)),
  );
  t.equal(viaVerifier.status, 'valid', 'did:web key through the production verifier');
  // A baked token with a bad header is a result; text that is no JWS at all stays a 400.
  const badHeader = await verifyBakedImage(bakePng(tinyPng(), `${b64('not json')}.${b64({})}.c2ln`), 'image/png', offlineDeps());
  t.match(badHeader.checks, [{ name: 'format', passed: false, message: /JOSE header is not acceptable JSON/ }]);
});

t.test('hostile VC-JWTs: an invalid result or a typed 400, never a crash', async (t) => {
  const d = offlineDeps();
  const payload = v2Payload(credential(DIDKEY));
  let deep: unknown = 'leaf';
  for (let i = 0; i < 200; i++) deep = [deep];
  const cases: Array<[string, string, RegExp]> = [
    [
      'huge header',
      `${b64({ alg: 'EdDSA', kid: 'did:key:' + 'z'.repeat(20_000) })}.${b64(payload)}.c2ln`,
      /JOSE header is longer than 8192/,
    ],
    [
      'huge token',
      `${b64({ alg: 'EdDSA', kid: DIDKEY })}.${b64({ ...payload, pad: 'x'.repeat(1_000_000) })}.c2ln`,
      /longer than 1000000 characters/,
    ],
    ['header of 5 characters (length 1 mod 4)', `eyJhb.${b64(payload)}.c2ln`, /JOSE header is not base64url/],
    [
      'non-canonical base64url',
      `${b64({ alg: 'EdDSA' }).slice(0, -1)}1.${b64(payload)}.c2ln`,
      /not (canonical )?base64url|not acceptable JSON/,
    ],
    ['header not JSON', `${b64('{"alg":"EdDSA"')}.${b64(payload)}.c2ln`, /JOSE header is not acceptable JSON/],
    ['header an array', `${b64(['EdDSA'])}.${b64(payload)}.c2ln`, /JOSE header is not a JSON object/],
    ['header deeply nested', `${b64({ alg: 'EdDSA', x: [[[[[1]]]]] })}.${b64(payload)}.c2ln`, /nested deeper than 4/],
    ['payload not JSON', `${b64({ alg: 'EdDSA', kid: DIDKEY })}.${b64('hello')}.c2ln`, /payload is not acceptable JSON/],
    [
      'payload not UTF-8',
      `${b64({ alg: 'EdDSA', kid: DIDKEY })}.${Buffer.from([0x7b, 0xff, 0x7d]).toString('base64url')}.c2ln`,
      /payload is not UTF-8/,
    ],
    ['payload deeply nested', `${b64({ alg: 'EdDSA', kid: DIDKEY })}.${b64({ vc: deep })}.c2ln`, /nested deeper than 32/],
    [
      'payload with __proto__',
      `${b64({ alg: 'EdDSA', kid: DIDKEY })}.${b64('{"__proto__":{"polluted":1},"type":[]}')}.c2ln`,
      /forbidden key "__proto__"/,
    ],
    [
      'payload without a credential',
      `${b64({ alg: 'EdDSA', kid: DIDKEY })}.${b64({ iss: DIDKEY })}.c2ln`,
      /neither a vc claim nor a credential/,
    ],
    ['vc claim not an object', `${b64({ alg: 'EdDSA', kid: DIDKEY })}.${b64({ vc: 'x' })}.c2ln`, /vc claim is not an object/],
    ['kid not a string', `${b64({ alg: 'EdDSA', kid: 7 })}.${b64(payload)}.c2ln`, /kid is not a non-empty string/],
    ['jwk not an object', `${b64({ alg: 'EdDSA', jwk: 'k' })}.${b64(payload)}.c2ln`, /jwk is not an object/],
    ['huge signature', `${b64({ alg: 'EdDSA', kid: DIDKEY })}.${b64(payload)}.${'A'.repeat(5000)}`, /signature is longer than/],
  ];
  for (const [label, jws, re] of cases) {
    const started = Date.now();
    const r = await verifyExternalCredential({ credential: jws }, d);
    t.same([r.valid, r.status, r.ob3Credential], [false, 'invalid', null], label);
    t.match(r.checks, [{ name: 'format', passed: false, message: re }], label);
    t.ok(Date.now() - started < 1000, `${label}: answered quickly`);
  }
  t.equal(({} as Record<string, unknown>)['polluted'], undefined, 'no prototype pollution');
  // A hostile jwk (huge RSA modulus / exponent, wrong curve) never reaches the signature math.
  const bigE = { kty: 'RSA', n: publicJwk(rsa.publicKey).n, e: '_'.repeat(3000) };
  for (const [label, jwk, re] of [
    ['huge RSA exponent', bigE, /public exponent is too large|not a usable public key/],
    ['RSA-1024', publicJwk(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey), /RSA keys of 2048 to 8192 bits/],
    ['unknown kty', { kty: 'oct', k: 'c2VjcmV0' }, /private or symmetric|unsupported JWK kty/],
  ] as const) {
    const r = await verifyExternalCredential(`${b64({ alg: 'RS256', jwk })}.${b64(payload)}.${'A'.repeat(342)}`, d);
    t.same([r.status, r.verification.signatureValid], ['invalid', false], label);
    t.match(check(r, 'signature')?.message, re, label);
  }
  // Strings that are not compact JWS at all stay typed validation errors (400), as before.
  for (const input of ['abc!.def.ghi', 'a.b.c.d', 'eyJhbGciOiJub25lIn0', 'a..c']) {
    await t.rejects(
      verifyExternalCredential(input, d),
      { name: 'ExternalInputError', code: 'VALIDATION_ERROR', details: { field: 'credential', reason: 'NOT_AN_OBJECT' } },
      input,
    );
  }
  const err = await verifyExternalCredential({ credential: 'not a jws' }, d).catch((e: unknown) => e);
  t.ok(err instanceof ExternalInputError);
  t.same(d.fetcher.requested, [], 'nothing was fetched');
});
