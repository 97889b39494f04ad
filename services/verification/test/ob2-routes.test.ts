// Open Badges 2.0 on every verification surface of the running service (HTTP): POST
// /api/verify/credential, POST /api/verify/baked and the lookup page, against the
// specification's example documents served by this test's own loopback server, which the
// service may reach because VERIFIER_ALLOWED_HOSTS lists it (any other loopback or private
// address stays refused). Clock pinned between the examples' issuedOn and expires.
import t from 'tap';
import { multipart, startVerification } from './fixtures/harness.js';
import { ob2Png, ob2Svg, signRs256, startOb2Host, type Doc } from './fixtures/ob2-fixtures.js';

const host = await startOb2Host(t);
const HOSTED = `${host.base}/beths-robotics-badge.json`;
// A hosted assertion that names itself as its BadgeClass, and one its issuer has withdrawn.
const loop = host.fixture('assertion-hosted.json');
loop['id'] = `${host.base}/loop-assertion.json`;
loop['badge'] = loop['id'];
const gone = `${host.base}/gone-assertion.json`;
const serve = () => {
  host.reset();
  host.routes.set('/loop-assertion.json', loop);
  host.routes.set('/gone-assertion.json', { status: 410 });
};
serve();
const h = await startVerification(t, { VERIFIER_ALLOWED_HOSTS: host.server.hostPort });
h.clock.set(new Date('2017-03-01T12:00:00Z'));
const jws = (change: (a: Doc) => void = () => undefined) => {
  const payload = host.fixture('assertion-signed.json');
  change(payload);
  return signRs256(payload, host.privateKey);
};
const postJson = (body: unknown) => h.send('POST', '/api/verify/credential', JSON.stringify(body), { 'content-type': 'application/json' });
const postForm = (path: string, bytes: Buffer, contentType: string, fields: Record<string, string> = {}) => {
  const form = multipart({ bytes, contentType, filename: contentType === 'image/png' ? 'badge.png' : 'badge.svg' }, fields);
  return h.send('POST', path, form.body, { 'content-type': form.contentType });
};
const recorded = async () => Number((await h.db('verification_daily').count({ n: '*' }).first())?.['n'] ?? 0);

t.test('POST /api/verify/credential: hosted JSON, hosted URL and signed JWS are Open Badges 2.0 results', async (t) => {
  for (const body of [host.fixture('assertion-hosted.json'), { credential: HOSTED }, { credential: jws() }]) {
    const r = await postJson(body);
    t.equal(r.status, 200, r.text.slice(0, 300));
    t.equal(r.body.valid, true, JSON.stringify(r.body.checks));
    t.equal(r.body.status, 'valid');
    t.equal(r.body.openBadgesVersion, '2.0');
    t.equal(r.body.ob3Credential, null);
    t.equal(r.body.ob2.badgeClass.name, 'Awesome Robotics Badge');
    t.equal(r.body.ob2.issuer.name, 'An Example Badge Issuer');
    t.notOk('reason' in r.body);
    t.equal(r.headers['cache-control'], 'no-store');
  }
});

t.test('the recipient address: right, wrong, unusable', async (t) => {
  const right = await postJson({ credential: jws(), recipient: 'alice@example.org' });
  t.equal(right.body.valid, true);
  t.equal(right.body.verification.recipientMatched, true);
  const wrong = await postJson({ credential: jws(), recipient: 'mallory@example.org' });
  t.equal(wrong.status, 200);
  t.equal(wrong.body.status, 'invalid');
  t.same(wrong.body.reason.code, 'recipient_mismatch');
  const bad = await postJson({ credential: jws(), recipient: ['alice@example.org'] });
  t.equal(bad.status, 400);
  t.equal(bad.body.error, 'VALIDATION_ERROR');
  t.equal(bad.body.details.field, 'recipient');
  t.equal(bad.body.details.reason, 'BAD_RECIPIENT');
});

t.test('POST /api/verify/baked: PNG (iTXt openbadges) with a recipient field, raw SVG (openbadges:assertion)', async (t) => {
  const png = await postForm('/api/verify/baked', ob2Png(HOSTED), 'image/png', { recipient: 'alice@example.org' });
  t.equal(png.status, 200, png.text.slice(0, 300));
  t.equal(png.body.valid, true, JSON.stringify(png.body.checks));
  t.equal(png.body.verification.recipientMatched, true);
  const svg = await h.send('POST', '/api/verify/baked', ob2Svg({ verify: jws() }), { 'content-type': 'image/svg+xml' });
  t.equal(svg.status, 200, svg.text.slice(0, 300));
  t.equal(svg.body.valid, true);
  t.equal(svg.body.openBadgesVersion, '2.0');
  const revoked = await postForm('/api/verify/baked', ob2Png(gone), 'image/png');
  t.equal(revoked.body.status, 'revoked');
  t.equal(revoked.body.reason.code, 'revoked');
});

t.test('an address the operator did not list stays refused, as for OB 3.0 documents', async (t) => {
  for (const url of ['https://10.0.0.8/assertion.json', `http://127.0.0.1:${host.server.port + 1}/assertion.json`]) {
    const r = await postJson({ credential: url });
    t.equal(r.status, 200);
    t.equal(r.body.status, 'invalid');
    t.equal(r.body.reason.code, 'address_refused', r.body.reason.message);
  }
});

t.test('bad input: an assertion that points at itself is a 400 REFERENCE_LOOP and changes nothing', async (t) => {
  const before = await recorded();
  const hits = host.hitsOf('/loop-assertion.json');
  const r = await postJson({ credential: loop['id'] });
  t.equal(r.status, 400, r.text.slice(0, 300));
  t.equal(r.body.error, 'VALIDATION_ERROR');
  t.equal(r.body.details.reason, 'REFERENCE_LOOP');
  t.equal(r.body.details.field, 'credential');
  t.match(r.body.message, /refer back to one another/);
  const baked = await postForm('/api/verify/baked', ob2Png(String(loop['id'])), 'image/png');
  t.equal(baked.status, 400);
  t.equal(baked.body.details.reason, 'REFERENCE_LOOP');
  t.equal(baked.body.details.field, 'file');
  t.equal(host.hitsOf('/loop-assertion.json'), hits + 2, 'read once per verification, never followed round');
  t.equal(await recorded(), before, 'nothing recorded');
  // The service is unharmed: the next badge verifies.
  t.equal((await postJson({ credential: HOSTED })).body.valid, true);
});

t.test('the lookup page shows an Open Badges 2.0 result: badge, issuer, recipient check', async (t) => {
  const matched = await postForm('/verify-lookup', ob2Png(HOSTED), 'image/png', { recipient: 'alice@example.org' });
  t.equal(matched.status, 200, matched.text.slice(0, 300));
  t.match(matched.text, /<h1>Awesome Robotics Badge<\/h1>/);
  t.match(matched.text, /Verified: this credential is valid/);
  t.match(matched.text, /An Example Badge Issuer/);
  t.match(matched.text, /Open Badges\s+2\.0 \(hosted assertion\)/);
  t.match(matched.text, /Matches the address you gave/);

  const unchecked = await postForm('/verify-lookup', Buffer.from(ob2Svg({ verify: jws() })), 'image/svg+xml');
  t.match(unchecked.text, /Not checked: no e-mail address was given/);
  t.match(unchecked.text, /Open Badges\s+2\.0 \(signed assertion\)/);

  const wrong = await postForm('/verify-lookup', ob2Png(HOSTED), 'image/png', { recipient: 'mallory@example.org' });
  t.match(wrong.text, /Not valid: this credential could not be verified/);
  t.match(wrong.text, /Does not match the address you gave/);
  t.match(wrong.text, /id="reason"/);

  const looped = await postForm('/verify-lookup', ob2Png(String(loop['id'])), 'image/png');
  t.equal(looped.status, 400);
  t.match(looped.text, /refer back to one another/);
  t.match(looped.text, /id="recipient"/, 'the form again, with the recipient field');
});
