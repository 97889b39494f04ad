// @unit
// Open Badges 2.0 verification (src/external/ob2.ts) through the production verifier (guarded
// fetcher, fetch budget) against the specification's example documents served by this test's
// own loopback server (allow-listed, as VERIFIER_ALLOWED_HOSTS would). Each fixture of issue 37
// item 5 gets its exact outcome: status, reason code and the checks that decided it.
import t from 'tap';
import { ExternalInputError } from '../src/external/errors.js';
import { createExternalVerifier, verifyExternalCredential, type ExternalVerificationResult } from '../src/external/index.js';
import { alterSignature, ob2Png, ob2Svg, signRs256, startOb2Host, type Doc } from './fixtures/ob2-fixtures.js';

const clock = { now: () => new Date('2017-03-01T12:00:00Z') };
const host = await startOb2Host(t);
const resolver = async (name: string) =>
  name === 'badges.example.test' ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '93.184.216.34', family: 4 }];
// No cache: every test changes what the server answers.
const verifier = createExternalVerifier({
  allowedHosts: [host.server.hostPort],
  clock,
  resolver,
  timeoutMs: 2000,
  cacheTtlMs: 0,
  negativeCacheTtlMs: 0,
});
const HOSTED = `${host.base}/beths-robotics-badge.json`;
t.beforeEach(() => host.reset());

/** The ExternalInputError reason (and field) a call rejects with. */
async function inputError(p: Promise<unknown>): Promise<{ reason: string; field: unknown } | null> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  return err instanceof ExternalInputError ? { reason: err.reason, field: (err.details as { field?: unknown }).field } : null;
}

const failed = (r: ExternalVerificationResult) => r.checks.filter((c) => !c.passed).map((c) => c.name);
const signed = (change: (a: Doc) => void = () => undefined) => {
  const payload = host.fixture('assertion-signed.json');
  change(payload);
  return signRs256(payload, host.privateKey);
};

t.test('valid hosted: the assertion JSON, or its URL, is read from its id with its BadgeClass and Issuer', async (t) => {
  for (const input of [host.fixture('assertion-hosted.json'), { credential: HOSTED }]) {
    const r = await verifier.verifyCredential(input);
    t.equal(r.status, 'valid', JSON.stringify(r.checks));
    t.equal(r.valid, true);
    t.equal(r.openBadgesVersion, '2.0');
    t.equal(r.ob3Credential, null);
    t.equal(r.reason, undefined);
    t.same(
      r.checks.map((c) => c.name),
      ['format', 'structure', 'badgeClass', 'signature', 'issuer', 'notBefore', 'expiration', 'status'],
    );
    t.same(r.verification, {
      signatureValid: true,
      notRevoked: true,
      notExpired: true,
      issuerAuthenticated: true,
      notBeforeValid: true,
      structureValid: true,
      statusAvailable: true,
    });
    t.equal(r.ob2?.badgeClass?.['name'], 'Awesome Robotics Badge');
    t.equal(r.ob2?.issuer?.['name'], 'An Example Badge Issuer');
  }
});

t.test('the hosted copy is the one judged: a submitted copy that differs does not matter', async (t) => {
  const submitted = host.fixture('assertion-hosted.json');
  submitted['expires'] = '2030-01-01T00:00:00Z';
  const served = host.fixture('assertion-hosted.json');
  served['expires'] = '2017-01-31T00:00:00Z';
  host.routes.set('/beths-robotics-badge.json', served);
  const r = await verifier.verifyCredential(submitted);
  t.equal(r.status, 'expired');
  t.equal(r.reason?.code, 'expired');
});

t.test('valid signed: RS256 JWS checked with the CryptographicKey named by creator, owned by the issuer', async (t) => {
  const r = await verifier.verifyCredential({ credential: signed() });
  t.equal(r.status, 'valid', JSON.stringify(r.checks));
  t.equal(r.openBadgesVersion, '2.0');
  t.match(r.checks.find((c) => c.name === 'signature')?.message, /valid JWS signature: RS256 by .*\/publicKey\.json/);
  t.match(r.checks.find((c) => c.name === 'status')?.message, /revocationList .* does not name the assertion/);
  t.equal(host.hitsOf('/revocationList.json') > 0, true, 'the revocation list was read');
});

t.test('valid signed without creator: the key comes from the issuer profile publicKey', async (t) => {
  const r = await verifier.verifyCredential(
    signed((a) => {
      delete (a['verification'] as Doc)['creator'];
    }),
  );
  t.equal(r.status, 'valid', JSON.stringify(r.checks));
});

t.test('baked PNG (iTXt openbadges, hosted URL; tEXt, JWS) and baked SVG (verify attribute; JSON content)', async (t) => {
  const cases: Array<[string, Buffer | string, string]> = [
    ['PNG iTXt with the hosted URL', ob2Png(HOSTED), 'image/png'],
    ['PNG tEXt with the JWS', ob2Png(signed(), 'tEXt'), 'image/png'],
    ['SVG verify with the JWS', ob2Svg({ verify: signed() }), 'image/svg+xml'],
    ['SVG with the hosted assertion JSON', ob2Svg({ json: host.fixture('assertion-hosted.json') }), 'image/svg+xml'],
  ];
  for (const [name, image, type] of cases) {
    const r = await verifier.verifyBakedImage(Buffer.from(image), type);
    t.equal(r.status, 'valid', `${name}: ${JSON.stringify(r.checks)}`);
    t.equal(r.openBadgesVersion, '2.0', name);
  }
});

t.test('revoked: 410 Gone or revoked: true for hosted; named by the revocationList for signed', async (t) => {
  host.routes.set('/beths-robotics-badge.json', { status: 410 });
  let r = await verifier.verifyBakedImage(ob2Png(HOSTED), 'image/png');
  t.equal(r.status, 'revoked');
  t.equal(r.valid, false);
  t.equal(r.reason?.code, 'revoked');
  t.match(r.reason?.message, /410 Gone/);

  host.reset();
  const revoked = host.fixture('assertion-hosted.json');
  revoked['revoked'] = true;
  revoked['revocationReason'] = 'Issued in error';
  host.routes.set('/beths-robotics-badge.json', revoked);
  r = await verifier.verifyCredential({ credential: HOSTED });
  t.equal(r.status, 'revoked');
  t.equal(r.reason?.code, 'revoked');
  t.match(r.reason?.message, /Issued in error/);

  host.reset();
  r = await verifier.verifyCredential(signed((a) => (a['id'] = 'urn:uuid:52e4c6b3-8c13-4fa8-8482-a5cf34ad2f94')));
  t.equal(r.status, 'revoked');
  t.equal(r.reason?.code, 'revoked');
  t.match(r.reason?.message, /Honor code violation/);
  t.equal(r.verification.signatureValid, true);
});

t.test('expired: expires has passed (hosted and signed)', async (t) => {
  const expired = host.fixture('assertion-hosted.json');
  expired['expires'] = '2017-01-31T23:59:59Z';
  host.routes.set('/beths-robotics-badge.json', expired);
  for (const input of [{ credential: HOSTED }, signed((a) => (a['expires'] = '2017-01-31T23:59:59Z'))]) {
    const r = await verifier.verifyCredential(input);
    t.equal(r.status, 'expired');
    t.equal(r.reason?.code, 'expired');
    t.same(failed(r), ['expiration']);
  }
});

t.test('issuedOn in the future is not valid', async (t) => {
  const r = await verifier.verifyCredential(signed((a) => (a['issuedOn'] = '2017-05-01T00:00:00Z')));
  t.equal(r.status, 'invalid');
  t.equal(r.reason?.code, 'not_yet_valid');
});

t.test('recipient: the hashed e-mail with its salt matches the right address only', async (t) => {
  const right = await verifier.verifyCredential({ credential: HOSTED, recipient: 'Alice@Example.org' });
  t.equal(right.status, 'valid', JSON.stringify(right.checks));
  t.equal(right.verification.recipientMatched, true);
  t.match(right.checks.find((c) => c.name === 'recipient')?.message, /matches the recipient's sha256 hash/);

  const wrong = await verifier.verifyCredential({ credential: signed(), recipient: 'mallory@example.org' });
  t.equal(wrong.status, 'invalid');
  t.equal(wrong.valid, false);
  t.equal(wrong.verification.recipientMatched, false);
  t.equal(wrong.reason?.code, 'recipient_mismatch');
  t.same(failed(wrong), ['recipient']);

  const baked = await verifier.verifyBakedImage(ob2Png(HOSTED), 'image/png', { recipient: 'bob@example.org' });
  t.equal(baked.reason?.code, 'recipient_mismatch');

  for (const recipient of [42, 'not an address']) {
    const err = await verifier.verifyCredential({ credential: HOSTED, recipient }).catch((e: unknown) => e);
    t.equal((err as ExternalInputError).reason, 'BAD_RECIPIENT', JSON.stringify(recipient));
  }
});

t.test('altered signature: the JWS does not verify', async (t) => {
  const listHits = host.hitsOf('/revocationList.json');
  const r = await verifier.verifyCredential({ credential: alterSignature(signed()) });
  t.equal(r.status, 'invalid');
  t.equal(r.reason?.code, 'signature_invalid');
  t.equal(r.verification.signatureValid, false);
  t.equal(host.hitsOf('/revocationList.json'), listHits, 'nothing more is fetched for a forgery');

  const altered = signed();
  const [h, , s] = altered.split('.');
  const other = host.fixture('assertion-signed.json');
  other['recipient'] = { type: 'email', hashed: false, identity: 'mallory@example.org' };
  const swapped = `${h}.${Buffer.from(JSON.stringify(other)).toString('base64url')}.${s}`;
  const r2 = await verifier.verifyCredential(swapped);
  t.equal(r2.reason?.code, 'signature_invalid', 'a changed payload under the old signature');
});

t.test('the key must be the issuer’s', async (t) => {
  const key = host.fixture('public-key.json');
  key['owner'] = `${host.base}/someone-else.json`;
  host.routes.set('/publicKey.json', key);
  const r = await verifier.verifyCredential(signed());
  t.equal(r.status, 'invalid');
  t.equal(r.reason?.code, 'key_not_issuers');
  t.equal(r.verification.signatureValid, true);
  t.equal(r.verification.issuerAuthenticated, false);
});

t.test('unreachable BadgeClass: 404, or a host that does not answer', async (t) => {
  host.routes.delete('/robotics-badge.json');
  let r = await verifier.verifyCredential({ credential: HOSTED });
  t.equal(r.status, 'invalid');
  t.equal(r.reason?.code, 'badge_class_unavailable');
  t.match(r.reason?.message, /HTTP 404/);
  t.same(failed(r), ['badgeClass']);

  host.reset();
  r = await verifier.verifyCredential(signed((a) => (a['badge'] = 'https://badges.nowhere.example/robotics-badge.json')));
  t.equal(r.reason?.code, 'badge_class_unavailable');
});

t.test('private address refused: hosts not allow-listed that are, or resolve to, non-public addresses', async (t) => {
  const before = host.server.hits.length;
  const cases: Array<[string, RegExp]> = [
    ['https://10.20.30.40/robotics-badge.json', /private address 10\.20\.30\.40/],
    ['https://badges.example.test/robotics-badge.json', /badges\.example\.test does not resolve to public addresses only/],
    [`http://127.0.0.1:${host.server.port + 1}/robotics-badge.json`, /only https is fetched/],
  ];
  for (const [url, message] of cases) {
    const r = await verifier.verifyCredential(signed((a) => (a['badge'] = url)));
    t.equal(r.status, 'invalid', url);
    t.equal(r.reason?.code, 'address_refused', url);
    t.match(r.reason?.message, message);
  }
  // The hosted assertion's own URL is under the same policy.
  const r = await verifier.verifyCredential({ credential: 'https://192.168.1.5/assertion.json' });
  t.equal(r.reason?.code, 'address_refused');
  t.equal(host.server.hits.length, before, 'nothing reached the loopback server');
});

t.test('the issuer decides where its hosted assertions may live', async (t) => {
  const issuer = host.fixture('issuer.json');
  issuer['verification'] = { type: 'hosted', allowedOrigins: ['badges.example.org'] };
  host.routes.set('/organization.json', issuer);
  const r = await verifier.verifyCredential({ credential: HOSTED });
  t.equal(r.status, 'invalid');
  t.equal(r.reason?.code, 'origin_not_allowed');
});

t.test('a hosted copy whose id is another URL is refused', async (t) => {
  const moved = host.fixture('assertion-hosted.json');
  moved['id'] = `${host.base}/elsewhere.json`;
  host.routes.set('/beths-robotics-badge.json', moved);
  const r = await verifier.verifyCredential({ credential: HOSTED });
  t.equal(r.reason?.code, 'id_mismatch');
});

t.test('bad input: an assertion that points at itself is a REFERENCE_LOOP input error, each document fetched once', async (t) => {
  const loop = host.fixture('assertion-hosted.json');
  loop['badge'] = HOSTED;
  host.routes.set('/beths-robotics-badge.json', loop);
  const hits = host.hitsOf('/beths-robotics-badge.json');
  const err = await verifier.verifyCredential({ credential: HOSTED }).catch((e: unknown) => e);
  t.ok(err instanceof ExternalInputError);
  t.equal((err as ExternalInputError).reason, 'REFERENCE_LOOP');
  t.equal((err as ExternalInputError).httpStatus, 400);
  t.match((err as ExternalInputError).message, /is the assertion already read/);
  t.equal(host.hitsOf('/beths-robotics-badge.json'), hits + 1, 'read once');

  // A BadgeClass whose issuer is the BadgeClass itself; a signed assertion whose key is its BadgeClass.
  host.reset();
  const badge = host.fixture('badge-class.json');
  badge['issuer'] = `${host.base}/robotics-badge.json`;
  host.routes.set('/robotics-badge.json', badge);
  t.equal((await inputError(verifier.verifyCredential(signed())))?.reason, 'REFERENCE_LOOP');
  host.reset();
  const keyLoop = signed((a) => ((a['verification'] as Doc)['creator'] = `${host.base}/robotics-badge.json`));
  t.equal((await inputError(verifier.verifyCredential(keyLoop)))?.reason, 'REFERENCE_LOOP');
  host.routes.set('/beths-robotics-badge.json', loop);
  t.same(await inputError(verifier.verifyBakedImage(Buffer.from(ob2Svg({ json: loop })), 'image/svg+xml')), {
    reason: 'REFERENCE_LOOP',
    field: 'file',
  });
});

t.test('the number of documents one verification fetches is capped', async (t) => {
  const r = await verifyExternalCredential(signed(), { clock, fetcher: verifier.fetcher, fetchBudget: 3 });
  t.equal(r.status, 'invalid');
  t.equal(r.reason?.code, 'fetch_limit', 'assertion needs BadgeClass, Issuer, key and revocation list: 4 > 3');
});

t.test('a signed assertion sent as plain JSON has no signature to check', async (t) => {
  const r = await verifier.verifyCredential(host.fixture('assertion-signed.json'));
  t.equal(r.status, 'invalid');
  t.equal(r.reason?.code, 'signature_invalid');
});

t.test('an OB 2.0 baked image without an assertion is still NO_CREDENTIAL; OB 3.0 results say 3.0', async (t) => {
  t.equal((await inputError(verifier.verifyBakedImage(Buffer.from(ob2Svg({ verify: '' })), 'image/svg+xml')))?.reason, 'NO_CREDENTIAL');
  const r = await verifier.verifyCredential({ '@context': ['https://www.w3.org/ns/credentials/v2'], type: ['VerifiableCredential'] });
  t.equal(r.openBadgesVersion, '3.0');
  t.equal(r.reason, undefined);
});
