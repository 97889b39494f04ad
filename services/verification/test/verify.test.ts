// GET /api/verify/{id} and the other public documents, against real PostgreSQL, RabbitMQ and
// Redis, with credentials signed by a real Ed25519 key and delivered as events.
import net from 'node:net';
import t from 'tap';
import { findVerificationMethodKey, verifyDataIntegrityProof } from '@cred/ob3';
import { newSessionKeyPair } from '@cred/runtime';
import { BASE_URL, forgedSession, organizationData, seedIssuer, signedCredential, startVerification } from './fixtures/harness.js';

const DAY = 24 * 3600 * 1000;

const h = await startVerification(t);
const { issuer, badge } = await seedIssuer(h);

const good = await signedCredential(issuer, badge, { email: 'Jane.Doe@Example.com' });
await h.publish('credential.issued', good.data);

t.test('a valid credential verifies by CRD- id and by UUID', async (t) => {
  for (const id of [good.credentialId, good.uuid, good.credentialId.toLowerCase(), good.uuid.toUpperCase()]) {
    const r = await h.get(`/api/verify/${id}`);
    t.equal(r.status, 200, id);
    t.equal(r.body.valid, true);
    t.equal(r.body.status, 'pending', 'issued, not claimed');
    t.same(r.body.verification, { signatureValid: true, notRevoked: true, notExpired: true, issuerActive: true });
    t.equal(r.body.credential.id, good.uuid);
    t.equal(r.body.credential.credentialId, good.credentialId);
  }
  const r = await h.get(`/api/verify/${good.credentialId}`);
  t.same(Object.keys(r.body).sort(), ['credential', 'features', 'ob3Credential', 'status', 'valid', 'verification']);
  t.same(r.body.credential, {
    id: good.uuid,
    credentialId: good.credentialId,
    badgeId: badge.id,
    badgeName: 'Teamwork',
    badgeDescription: 'Collaborates effectively.',
    badgeImageUrl: badge.imageUrl,
    tags: ['teamwork', 'collaboration'],
    issuerName: 'Acme Academy',
    issuerSlug: 'acme',
    issuerDomainVerified: true,
    recipientName: 'Jane Doe',
    recipientEmailPartial: 'j***@example.com',
    issuanceDate: good.data.issuanceDate,
    expirationDate: null,
    claimedAt: null,
    revokedAt: null,
    revocationReason: null,
    supersedesCredentialId: null,
    supersededByCredentialId: null,
    verificationUrl: `${BASE_URL}/verify/${good.credentialId}`,
  });
  t.same(r.body.ob3Credential, good.ob3, 'the signed OB3 payload as issued');
  t.same(r.body.features, { qrCodeEnabled: true });
  t.notOk(r.text.toLowerCase().includes('jane.doe@example.com'), 'the full e-mail appears nowhere');
  t.match(r.headers['content-type'], /^application\/json/);
  t.equal(r.headers['cache-control'], 'no-cache');
});

t.test('claiming makes it valid', async (t) => {
  const c = await signedCredential(issuer, badge);
  await h.publish('credential.issued', c.data);
  const claimedAt = new Date().toISOString();
  await h.publish('credential.claimed', { credentialId: c.credentialId, credentialUuid: c.uuid, claimedAt });
  const r = await h.get(`/api/verify/${c.credentialId}`);
  t.equal(r.body.status, 'valid');
  t.equal(r.body.valid, true);
  t.equal(r.body.credential.claimedAt, claimedAt);
});

t.test('an OB3 payload altered after signing fails the signature check', async (t) => {
  const tampered = await signedCredential(issuer, badge, {
    tamper: (ob3) => {
      ob3.credentialSubject.achievement.name = 'Grand Master of Everything';
    },
  });
  await h.publish('credential.issued', tampered.data);
  const r = await h.get(`/api/verify/${tampered.credentialId}`);
  t.equal(r.status, 200);
  t.equal(r.body.valid, false);
  t.equal(r.body.verification.signatureValid, false);
  t.same([r.body.verification.notRevoked, r.body.verification.notExpired, r.body.verification.issuerActive], [true, true, true]);
  t.equal(r.body.status, 'pending', 'status stays the lifecycle status');
  // Cached negative result answers the same.
  const again = await h.get(`/api/verify/${tampered.uuid}`);
  t.equal(again.body.verification.signatureValid, false);

  // Signed by a key that is not the issuer's: the proof names our VM, the key does not match.
  const { generateKeyPairSync } = await import('node:crypto');
  const forger = { ...issuer, privateKey: generateKeyPairSync('ed25519').privateKey };
  const forged = await signedCredential(forger, badge);
  await h.publish('credential.issued', forged.data);
  t.equal((await h.get(`/api/verify/${forged.credentialId}`)).body.verification.signatureValid, false, 'foreign key');

  // Claims another issuer: a genuine signature does not make it ours.
  const other = await signedCredential(issuer, badge, {
    tamper: (ob3) => {
      ob3.issuer.id = 'did:web:evil.example:issuers:acme';
    },
  });
  await h.publish('credential.issued', other.data);
  t.equal((await h.get(`/api/verify/${other.credentialId}`)).body.verification.signatureValid, false, 'issuer must be the org did');
});

t.test('expiry follows the application clock', async (t) => {
  t.teardown(() => h.clock.reset());
  const expires = new Date(Date.now() + 2 * DAY);
  const c = await signedCredential(issuer, badge, { expirationDate: expires });
  await h.publish('credential.issued', c.data);
  let r = await h.get(`/api/verify/${c.credentialId}`);
  t.equal(r.body.status, 'pending');
  t.equal(r.body.verification.notExpired, true);
  t.equal(r.body.credential.expirationDate, expires.toISOString());
  h.clock.advance(3 * DAY);
  r = await h.get(`/api/verify/${c.credentialId}`);
  t.equal(r.body.status, 'expired');
  t.equal(r.body.verification.notExpired, false);
  t.equal(r.body.verification.signatureValid, true, 'the signature is still fine');
  t.equal(r.body.valid, false);
  h.clock.reset();
  r = await h.get(`/api/verify/${c.credentialId}`);
  t.equal(r.body.status, 'pending', 'evaluated per request, nothing stored');
});

t.test('revocation is final', async (t) => {
  const c = await signedCredential(issuer, badge);
  await h.publish('credential.issued', c.data);
  const revokedAt = new Date().toISOString();
  await h.publish('credential.revoked', {
    credentialId: c.credentialId,
    credentialUuid: c.uuid,
    revokedAt,
    revocationReason: 'Issued in error',
  });
  let r = await h.get(`/api/verify/${c.credentialId}`);
  t.equal(r.body.status, 'revoked');
  t.equal(r.body.valid, false);
  t.same(r.body.verification, { signatureValid: true, notRevoked: false, notExpired: true, issuerActive: true });
  t.equal(r.body.credential.revokedAt, revokedAt);
  t.equal(r.body.credential.revocationReason, 'Issued in error');

  // Late or replayed events cannot bring it back.
  await h.publish('credential.claimed', { credentialId: c.credentialId, credentialUuid: c.uuid, claimedAt: new Date().toISOString() });
  await h.publish('credential.issued', c.data);
  await h.publish('credential.revoked', {
    credentialId: c.credentialId,
    credentialUuid: c.uuid,
    revokedAt: new Date(Date.now() + DAY).toISOString(),
    revocationReason: 'second reason',
  });
  r = await h.get(`/api/verify/${c.uuid}`);
  t.equal(r.body.status, 'revoked');
  t.equal(r.body.credential.revokedAt, revokedAt, 'first revocation stands');
  t.equal(r.body.credential.revocationReason, 'Issued in error');
});

t.test('a suspended organization fails check 4; stale events do not override', async (t) => {
  const { issuer: org2, badge: badge2 } = await seedIssuer(h, 'globex');
  const c = await signedCredential(org2, badge2);
  await h.publish('credential.issued', c.data);
  t.equal((await h.get(`/api/verify/${c.credentialId}`)).body.valid, true);

  await h.publish('accounts.organization.updated', organizationData(org2, { status: 'suspended' }), {
    createdAt: new Date('2025-03-01T00:00:00Z'),
  });
  let r = await h.get(`/api/verify/${c.credentialId}`);
  t.equal(r.body.verification.issuerActive, false);
  t.equal(r.body.valid, false);
  t.equal(r.body.verification.signatureValid, true);

  // An older snapshot (approved) arriving late is ignored.
  await h.publish('accounts.organization.updated', organizationData(org2, { status: 'approved', name: 'Old Name' }), {
    createdAt: new Date('2025-02-01T00:00:00Z'),
  });
  r = await h.get(`/api/verify/${c.credentialId}`);
  t.equal(r.body.verification.issuerActive, false, 'still suspended');
  t.equal(r.body.credential.issuerName, 'Acme Academy');

  await h.publish('accounts.organization.updated', organizationData(org2, { status: 'approved', name: 'Globex', domainVerified: false }), {
    createdAt: new Date('2025-04-01T00:00:00Z'),
  });
  r = await h.get(`/api/verify/${c.credentialId}`);
  t.equal(r.body.valid, true, 'reinstated');
  t.equal(r.body.credential.issuerName, 'Globex');
  t.equal(r.body.credential.issuerDomainVerified, false);
});

t.test('private credentials: 403 without the owner session, 200 with it', async (t) => {
  const c = await signedCredential(issuer, badge, { email: 'Priv.Ate@Example.org', isPublic: false });
  await h.publish('credential.issued', c.data);
  const paths = [`/api/verify/${c.credentialId}`, `/credentials/${c.credentialId}/ob3`];
  const owner = await h.recipientSession('priv.ate@example.org');
  const ownerMixedCase = await h.recipientSession('PRIV.ATE@EXAMPLE.ORG');
  const ended = await h.recipientSession('priv.ate@example.org');
  const endedClaims = JSON.parse(Buffer.from(ended.split('.')[1]!, 'base64url').toString()) as { sub: string; jti: string };
  await h.accounts.EndSession({ session_id: endedClaims.jti, user_id: endedClaims.sub });
  h.accountsClock.advance(-2 * 3600 * 1000);
  const expired = await h.recipientSession('priv.ate@example.org');
  h.accountsClock.reset();
  const stranger = await h.recipientSession('other@example.org');
  for (const path of paths) {
    const anon = await h.get(path);
    t.equal(anon.status, 403, path);
    t.same(anon.body, { error: 'FORBIDDEN', message: 'This credential is private', details: {} });
    const cases: Array<[string, Record<string, string>]> = [
      ['someone else', { authorization: `Bearer ${stranger}` }],
      ["someone else's cookie", { cookie: `__Host-session=${stranger}` }],
      ['another key under our key id', { authorization: `Bearer ${await forgedSession({ seed: newSessionKeyPair().SESSION_SIGNING_KEY })}` }],
      ['a session accounts never issued', { authorization: `Bearer ${await forgedSession()}` }],
      ['ended session', { authorization: `Bearer ${ended}` }],
      ['expired session', { authorization: `Bearer ${expired}` }],
      ['garbage', { authorization: 'Bearer not-a-jwt' }],
      ['basic auth', { authorization: 'Basic cHJpdjpwYXNz' }],
      ["the owner's cookie twice (ambiguous)", { cookie: `__Host-session=${owner}; __Host-session=${stranger}` }],
      ["another header wins over the owner's cookie", { authorization: `Bearer ${stranger}`, cookie: `__Host-session=${owner}` }],
    ];
    for (const [what, headers] of cases) {
      const r = await h.get(path, headers);
      t.equal(r.status, 403, `${path}: ${what}`);
    }
    for (const headers of [{ authorization: `Bearer ${owner}` }, { authorization: `Bearer ${ownerMixedCase}` }, { cookie: `theme=dark; __Host-session=${owner}` }] as Array<Record<string, string>>) {
      const r = await h.get(path, headers);
      t.equal(r.status, 200, `${path}: owner (${Object.keys(headers)[0]})`);
      t.match(r.headers['cache-control'], /no-store/);
      t.equal(r.headers['vary'], 'Cookie, Authorization');
      t.notOk(r.text.toLowerCase().includes('priv.ate@example.org'), 'never the full e-mail');
    }
  }
  const r = await h.get(paths[0]!, { authorization: `Bearer ${owner}` });
  t.equal(r.body.credential.recipientEmailPartial, 'p***@example.org');
  t.equal(r.body.valid, true);

  // Ownership is the account as it is now, not as it was when the session began.
  await h.setEmailVerified('priv.ate@example.org', false);
  t.equal((await h.get(paths[0]!, { authorization: `Bearer ${owner}` })).status, 403, 'an unverified address proves nothing');
  await h.setEmailVerified('priv.ate@example.org', true);
  t.equal((await h.get(paths[0]!, { authorization: `Bearer ${owner}` })).status, 200, 'verified again: the same session sees it at once');

  // Made public again by the owner: anyone may look.
  await h.publish('credential.visibility_changed', { credentialUuid: c.uuid, isPublic: true });
  t.equal((await h.get(paths[0]!)).status, 200);
});

t.test('public credentials never ask accounts; private ones fail closed without it', async (t) => {
  const other = await startVerification(t, { ACCOUNTS_GRPC_ADDR: '127.0.0.1:1' });
  const seeded = await seedIssuer(other, 'offline');
  const open = await signedCredential(seeded.issuer, seeded.badge, { email: 'open@example.org' });
  const closed = await signedCredential(seeded.issuer, seeded.badge, { email: 'open@example.org', isPublic: false });
  await other.publish('credential.issued', open.data);
  await other.publish('credential.issued', closed.data);
  const session = await h.recipientSession('open@example.org');
  const r = await other.get(`/api/verify/${open.credentialId}`, { authorization: `Bearer ${session}` });
  t.equal(r.status, 200, 'a public credential is answered with accounts unreachable');
  const p = await other.get(`/api/verify/${closed.credentialId}`, { authorization: `Bearer ${session}` });
  t.same([p.status, p.body.error], [503, 'UNAVAILABLE'], 'a private one is not shown when ownership cannot be checked');
});

t.test('unknown and malformed ids are 404 with the error shape', async (t) => {
  for (const id of ['CRD-000000000000', '00000000-0000-4000-8000-000000000000', 'nope', 'CRD-ILOU00000000', 'CRD-12345']) {
    const r = await h.get(`/api/verify/${id}`);
    t.equal(r.status, 404, id);
    t.same(r.body, { error: 'NOT_FOUND', message: 'Credential not found', details: {} }, id);
    t.equal((await h.get(`/credentials/${id}/ob3`)).status, 404, `ob3 ${id}`);
  }
  t.equal((await h.get('/api/verify/')).status, 404);
  t.equal((await h.get('/nothing/here')).body.error, 'NOT_FOUND');
});

t.test('did.json is the document the signature is checked against', async (t) => {
  const r = await h.get('/issuers/acme/did.json');
  t.equal(r.status, 200);
  t.match(r.headers['content-type'], /^application\/did\+json/);
  t.equal(r.headers['access-control-allow-origin'], '*');
  t.equal(r.body.id, issuer.did);
  t.equal(r.body.id, 'did:web:localhost%3A8080:issuers:acme');
  t.same(r.body.assertionMethod, [issuer.vm]);
  t.same(r.body.verificationMethod, [
    { id: issuer.vm, type: 'Multikey', controller: issuer.did, publicKeyMultibase: issuer.publicKeyMultibase },
  ]);
  // What an outside verifier would do with the served document.
  const result = await verifyDataIntegrityProof(good.ob3, { resolvePublicKey: async (vm) => findVerificationMethodKey(r.body, vm) });
  t.equal(result.verified, true);
  t.equal((await h.get('/issuers/nobody/did.json')).status, 404);
});

t.test('raw OB3 JSON-LD', async (t) => {
  const r = await h.get(`/credentials/${good.credentialId}/ob3`);
  t.equal(r.status, 200);
  t.match(r.headers['content-type'], /^application\/ld\+json/);
  t.equal(r.text, JSON.stringify(good.ob3), 'byte for byte as issued');
  t.equal((await h.get(`/credentials/${good.uuid}/ob3`)).text, r.text, 'by UUID too');
});

t.test('achievement and issuer profile documents', async (t) => {
  let r = await h.get('/achievements/acme/teamwork');
  t.equal(r.status, 200);
  t.match(r.headers['content-type'], /^application\/ld\+json/);
  t.same(r.body, {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: badge.achievementUrl,
    type: ['Achievement'],
    name: 'Teamwork',
    description: 'Collaborates effectively.',
    criteria: { narrative: 'Peer nominated.' },
    image: { id: badge.imageUrl, type: 'Image' },
    tag: ['teamwork', 'collaboration'],
  });
  t.same(r.body.id, good.ob3.credentialSubject.achievement.id, 'the id the credentials point at');
  for (const p of ['/achievements/acme/nope', '/achievements/nope/teamwork', '/achievements/acme', '/achievements/ACME/teamwork']) {
    t.equal((await h.get(p)).status, 404, p);
  }
  r = await h.get('/issuers/acme');
  t.equal(r.status, 200);
  t.match(r.headers['content-type'], /^application\/ld\+json/);
  t.same(r.body, {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: issuer.did,
    type: ['Profile'],
    name: 'Acme Academy',
    url: `${BASE_URL}/issuers/acme`,
  });
  t.equal((await h.get('/issuers/nobody')).status, 404);
});

/** Sends a request line byte for byte (fetch and http.request refuse or normalize these). */
function rawRequest(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(h.service.httpPort(), '127.0.0.1');
    let data = '';
    socket.on('data', (c) => (data += c.toString('latin1')));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0)));
    socket.on('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 'latin1');
  });
}

t.test('hostile ids get 4xx, never 5xx', async (t) => {
  const hostile = [
    `/api/verify/${'A'.repeat(3000)}`,
    `/api/verify/CRD-${'Z'.repeat(10000)}`,
    '/api/verify/../../etc/passwd',
    '/api/verify/..%2f..%2fetc%2fpasswd',
    '/api/verify/%2e%2e',
    '/api/verify/CRD-%00',
    '/api/verify/%00',
    "/api/verify/'%20OR%201=1--",
    '/api/verify/%E2%80%AE',
    '/api/verify/%ff%fe',
    `/credentials/${good.credentialId}%2f..%2f/ob3`,
    '/credentials/../issuers/acme/did.json/ob3',
    '/issuers/../../etc/did.json',
    '/issuers/%2e%2e/did.json',
    `/achievements/${'a'.repeat(500)}/${'b'.repeat(500)}`,
    '/achievements/acme/teamwork%00',
  ];
  for (const p of hostile) {
    const r = await h.get(p);
    t.ok(r.status >= 400 && r.status < 500, `${p.slice(0, 60)} -> ${r.status}`);
    if (r.body) t.type(r.body.error, 'string');
  }
  for (const p of ['/api/verify/CRD-\u0001\u0002', '/api/verify/a\tb', `/api/verify/${'x'.repeat(100_000)}`, '/api/verify/\u00e9']) {
    const status = await rawRequest(p);
    t.ok(status >= 400 && status < 500, `raw ${JSON.stringify(p.slice(0, 30))} -> ${status}`);
  }
  t.equal((await h.get(`/api/verify/${good.credentialId}?x=${'y'.repeat(5000)}`)).status, 200, 'a query string is ignored');
  // The server is still fine.
  t.equal((await h.get(`/api/verify/${good.credentialId}`)).body.valid, true);
});

t.test('signature results are cached; the other checks are not', async (t) => {
  const metric = async () => {
    const m = (await h.service.host.metrics.getMetricsAsJSON()).find((x) => x.name === 'verification_signature_checks_total');
    const bySource: Record<string, number> = {};
    for (const v of (m?.values ?? []) as Array<{ labels: { source?: string }; value: number }>) bySource[v.labels.source ?? ''] = v.value;
    return bySource;
  };
  const c = await signedCredential(issuer, badge);
  await h.publish('credential.issued', c.data);
  const before = await metric();
  await h.get(`/api/verify/${c.credentialId}`);
  await h.get(`/api/verify/${c.credentialId}`);
  await h.get(`/api/verify/${c.uuid}`);
  const after = await metric();
  t.equal((after.computed ?? 0) - (before.computed ?? 0), 1, 'computed once');
  t.equal((after.memory ?? 0) - (before.memory ?? 0), 2, 'then from memory');
  const { Redis } = await import('ioredis');
  const redis = new Redis(h.iso.redisUrl);
  t.teardown(() => redis.disconnect());
  const keys = await redis.keys(`${h.iso.redisKeyPrefix}verification:sig:*`);
  t.ok(keys.length > 0, 'shared copy in Redis');
  // Revocation is seen on the next request although the signature is cached.
  await h.publish('credential.revoked', {
    credentialId: c.credentialId,
    credentialUuid: c.uuid,
    revokedAt: new Date().toISOString(),
    revocationReason: 'x',
  });
  t.equal((await h.get(`/api/verify/${c.credentialId}`)).body.status, 'revoked');
});

t.test('verifications are counted per day, channel and outcome, without personal data', async (t) => {
  const c = await signedCredential(issuer, badge);
  await h.publish('credential.issued', c.data);
  for (let i = 0; i < 3; i++) await h.get(`/api/verify/${c.credentialId}`);
  await h.get(`/credentials/${c.credentialId}/ob3`);
  await h.publish('credential.revoked', {
    credentialId: c.credentialId,
    credentialUuid: c.uuid,
    revokedAt: new Date().toISOString(),
    revocationReason: 'x',
  });
  await h.get(`/api/verify/${c.uuid}`);
  await h.service.flushAnalytics();
  const rows = await h.db('verification_daily').where({ credential_uuid: c.uuid }).orderBy(['channel', 'outcome']);
  const day = new Date().toISOString().slice(0, 10);
  t.same(
    rows.map((r: Record<string, unknown>) => [r.channel, r.outcome, Number(r.count), r.organization_id, r.badge_id]),
    [
      ['api', 'revoked', 1, issuer.organizationId, badge.id],
      ['api', 'valid', 3, issuer.organizationId, badge.id],
      ['ob3', 'served', 1, issuer.organizationId, badge.id],
    ],
  );
  t.equal((rows[0] as { day: Date }).day.toISOString().slice(0, 10) <= day, true);
  const columns = Object.keys(await h.db('verification_daily').columnInfo()).sort();
  t.same(columns, ['badge_id', 'channel', 'count', 'credential_uuid', 'day', 'organization_id', 'outcome'], 'no IP, user agent or e-mail');
});
