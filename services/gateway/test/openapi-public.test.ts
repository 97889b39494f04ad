// The routes of the OpenAPI document that need the whole platform (issuance, signing,
// verification, notification, billing behind the gateway): badges, signing keys, badge images,
// webhooks, notifications, analytics, the payment provider's webhook, /healthz, and the public
// verification surfaces the gateway streams to the verification service. Each is called for its
// success and at least one error, and the answer is checked against the document (status, media
// type, JSON schema, documented headers). The platform runs as `npm start` runs it (the e2e
// harness), on its own ports, database, exchange and Redis prefix.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import t from 'tap';
import { waitFor } from '@cred/testing';
import { setupStep, startTestPlatform } from '../../../test/e2e/harness.js';
import { httpCaller } from './fixtures/http-call.js';
import { openApiChecker, type OpenApiDoc } from './fixtures/openapi-check.js';

/** A 1x1 PNG without any credential inside. */
const PLAIN_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PASSWORD = 'correct horse battery staple';

// An outbound webhook target on loopback (allow-listed for the notification service).
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => res.end('ok'));
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
t.teardown(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const tp = await setupStep('platform', () => startTestPlatform('openapi', { WEBHOOK_ALLOWED_HOSTS: new URL(hookUrl).host }));
t.teardown(() => tp.stop());

const call = httpCaller(tp.baseUrl);

const fileForm = (field: string, bytes: Buffer, type: string, name: string) => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
};

const docRes = await call('GET', '/api/v1/openapi.json');
const doc = docRes.body as OpenApiDoc;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const slug = 'openapi-academy';
const { orgId, token: owner } = await setupStep('sign-up', () => tp.signUpOrganization(slug), tp.logFile);
const admin = tp.adminToken;

t.test('session routes: signing keys, badges, images, webhooks, notifications, analytics', async (t) => {
  const { check, checked } = openApiChecker(t, doc);
  t.equal((await call('POST', `/api/admin/organizations/${orgId}/approve`, { token: admin })).status, 200);
  t.equal((await call('PATCH', `/api/admin/organizations/${orgId}`, { token: admin, json: { plan: 'professional' } })).status, 200);

  // Signing keys: generated once, then the same answer with 200.
  check(
    'POST',
    '/api/organizations/{orgId}/signing-keys',
    await call('POST', `/api/organizations/${orgId}/signing-keys`, { token: owner }),
  );
  check(
    'POST',
    '/api/organizations/{orgId}/signing-keys',
    await call('POST', `/api/organizations/${orgId}/signing-keys`, { token: owner }),
  );
  check(
    'POST',
    '/api/organizations/{orgId}/signing-keys',
    await call('POST', `/api/organizations/${UNKNOWN}/signing-keys`, { token: owner }),
  );
  check('POST', '/api/organizations/{orgId}/signing-keys', await call('POST', `/api/organizations/${orgId}/signing-keys`));
  check(
    'POST',
    '/api/admin/organizations/{orgId}/signing-keys',
    await call('POST', `/api/admin/organizations/${orgId}/signing-keys`, { token: admin }),
  );

  // Listing, rotation and a compromise report (owners; the signed-up user owns the organization).
  check('GET', '/api/organizations/{orgId}/signing-keys', await call('GET', `/api/organizations/${orgId}/signing-keys`, { token: owner }));
  check('GET', '/api/organizations/{orgId}/signing-keys', await call('GET', `/api/organizations/${UNKNOWN}/signing-keys`, { token: owner }));
  const rotated = await call('POST', `/api/organizations/${orgId}/signing-keys/rotate`, { token: owner });
  t.equal(rotated.status, 201);
  check('POST', '/api/organizations/{orgId}/signing-keys/rotate', rotated);
  check('POST', '/api/organizations/{orgId}/signing-keys/rotate', await call('POST', `/api/organizations/${orgId}/signing-keys/rotate`, { token: owner, json: { extra: 1 } }));
  check('POST', '/api/organizations/{orgId}/signing-keys/rotate', await call('POST', `/api/organizations/${orgId}/signing-keys/rotate`));
  const compromised = '/api/organizations/{orgId}/signing-keys/{key}/compromised';
  // A report re-authenticates with the owner's password and may not predate the key (issue 39).
  const reported = await call('POST', `/api/organizations/${orgId}/signing-keys/1/compromised`, { token: owner, json: { compromisedAt: new Date().toISOString(), password: PASSWORD } });
  t.equal(reported.status, 200, reported.text);
  check('POST', compromised, reported);
  check('POST', compromised, await call('POST', `/api/organizations/${orgId}/signing-keys/key-1/compromised`, { token: owner, json: { compromisedAt: 'yesterday', password: PASSWORD } }));
  check('POST', compromised, await call('POST', `/api/organizations/${orgId}/signing-keys/77/compromised`, { token: owner, json: { compromisedAt: new Date().toISOString(), password: PASSWORD } }));
  const early = await call('POST', `/api/organizations/${orgId}/signing-keys/2/compromised`, { token: owner, json: { compromisedAt: '2020-01-01T00:00:00Z', password: PASSWORD } });
  t.equal(early.status, 400, 'before the key was created');
  check('POST', compromised, early);
  const wrong = await call('POST', `/api/organizations/${orgId}/signing-keys/2/compromised`, { token: owner, json: { compromisedAt: new Date().toISOString(), password: 'wrong password here' } });
  t.equal(wrong.status, 403, 'a wrong password');
  check('POST', compromised, wrong);

  // Badges.
  const badges = `/api/organizations/${orgId}/badges`;
  const input = {
    name: 'Data Stewardship',
    description: 'Handles research data.',
    criteria: 'Course and project.',
    tags: ['data'],
    expiresInDays: 365,
  };
  const created = await call('POST', badges, { token: owner, json: input });
  check('POST', '/api/organizations/{orgId}/badges', created);
  t.equal(created.headers.get('location'), `/api/organizations/${orgId}/badges/${created.body.id}`);
  const badgeId = String(created.body.id);
  check(
    'POST',
    '/api/organizations/{orgId}/badges',
    await call('POST', badges, { token: owner, json: { ...input, slug: created.body.slug } }),
  );
  check(
    'POST',
    '/api/organizations/{orgId}/badges',
    await call('POST', badges, { token: owner, json: { description: 'x', criteria: 'y' } }),
  );
  check(
    'POST',
    '/api/organizations/{orgId}/badges',
    await call('POST', badges, { token: owner, raw: 'name=x', headers: { 'content-type': 'text/plain' } }),
  );
  check('GET', '/api/organizations/{orgId}/badges', await call('GET', `${badges}?active=true`, { token: owner }));
  check('GET', '/api/organizations/{orgId}/badges', await call('GET', `${badges}?limit=0`, { token: owner }));
  check('GET', '/api/organizations/{orgId}/badges/{badgeId}', await call('GET', `${badges}/${badgeId}`, { token: owner }));
  check('GET', '/api/organizations/{orgId}/badges/{badgeId}', await call('GET', `${badges}/${UNKNOWN}`, { token: owner }));
  check(
    'PATCH',
    '/api/organizations/{orgId}/badges/{badgeId}',
    await call('PATCH', `${badges}/${badgeId}`, { token: owner, json: { tags: ['data', 'ethics'] } }),
  );
  check(
    'PATCH',
    '/api/organizations/{orgId}/badges/{badgeId}',
    await call('PATCH', `${badges}/${badgeId}`, { token: owner, json: { id: UNKNOWN } }),
  );
  const spare = await call('POST', badges, { token: owner, json: { name: 'Spare', description: 'Soon gone.', criteria: 'None.' } });
  check('DELETE', '/api/organizations/{orgId}/badges/{badgeId}', await call('DELETE', `${badges}/${spare.body.id}`, { token: owner }));
  check('DELETE', '/api/organizations/{orgId}/badges/{badgeId}', await call('DELETE', `${badges}/${spare.body.id}`, { token: owner }));

  // The badge image, and the public content-addressed URL it gets.
  const image = `${badges}/${badgeId}/image`;
  const uploaded = await call('POST', image, { token: owner, form: fileForm('image', PLAIN_PNG, 'image/png', 'badge.png') });
  check('POST', '/api/organizations/{orgId}/badges/{badgeId}/image', uploaded);
  check(
    'POST',
    '/api/organizations/{orgId}/badges/{badgeId}/image',
    await call('POST', image, { token: owner, form: fileForm('picture', PLAIN_PNG, 'image/png', 'b.png') }),
  );
  check(
    'POST',
    '/api/organizations/{orgId}/badges/{badgeId}/image',
    await call('POST', image, { token: owner, form: fileForm('image', Buffer.from('not an image'), 'image/png', 'b.png') }),
  );
  check('POST', '/api/organizations/{orgId}/badges/{badgeId}/image', await call('POST', image, { token: owner, json: {} }));
  const imagePath = new URL(String(uploaded.body.imageUrl)).pathname;
  t.match(imagePath, /^\/images\/badges\/[0-9a-f-]{36}\/[0-9a-f]{64}\.png$/);
  const img = await call('GET', imagePath);
  check('GET', '/images/badges/{badgeId}/{file}', img);
  t.same(img.bytes, PLAIN_PNG, 'the bytes as uploaded');
  check(
    'GET',
    '/images/badges/{badgeId}/{file}',
    await call('GET', imagePath, { headers: { 'if-none-match': String(img.headers.get('etag')) } }),
  );
  check('GET', '/images/badges/{badgeId}/{file}', await call('GET', `/images/badges/${badgeId}/${'0'.repeat(64)}.png`));

  // Outbound webhooks: Enterprise only.
  const hooks = `/api/organizations/${orgId}/webhooks`;
  check(
    'POST',
    '/api/organizations/{orgId}/webhooks',
    await call('POST', hooks, { token: owner, json: { url: hookUrl, events: ['credential.issued'] } }),
  );
  t.equal((await call('PATCH', `/api/admin/organizations/${orgId}`, { token: admin, json: { plan: 'enterprise' } })).status, 200);
  // The plan changed a moment ago counts at once on every surface (notification asks accounts).
  const hook = await call('POST', hooks, { token: owner, json: { url: hookUrl, events: ['credential.issued', 'credential.revoked'] } });
  t.equal(hook.status, 201, 'registered right after the plan change');
  check('POST', '/api/organizations/{orgId}/webhooks', hook);
  check(
    'POST',
    '/api/organizations/{orgId}/webhooks',
    await call('POST', hooks, { token: owner, json: { url: hookUrl, events: ['credential.exploded'] } }),
  );
  check('GET', '/api/organizations/{orgId}/webhooks', await call('GET', hooks, { token: owner }));
  check('GET', '/api/organizations/{orgId}/webhooks', await call('GET', hooks));
  const webhookId = String(hook.body.id);
  const ping = await call('POST', `${hooks}/${webhookId}/ping`, { token: owner });
  check('POST', '/api/organizations/{orgId}/webhooks/{webhookId}/ping', ping);
  t.equal(ping.body.status, 'succeeded', 'the loopback receiver answered');
  check('POST', '/api/organizations/{orgId}/webhooks/{webhookId}/ping', await call('POST', `${hooks}/${UNKNOWN}/ping`, { token: owner }));
  check(
    'GET',
    '/api/organizations/{orgId}/webhooks/{webhookId}/deliveries',
    await call('GET', `${hooks}/${webhookId}/deliveries`, { token: owner }),
  );
  check(
    'GET',
    '/api/organizations/{orgId}/webhooks/{webhookId}/deliveries',
    await call('GET', `${hooks}/${webhookId}/deliveries?limit=0`, { token: owner }),
  );
  const deliveryId = String(ping.body.id);
  // 202, or 409 while an earlier replay is still queued: both are documented.
  const replays = [
    [
      '/api/organizations/{orgId}/webhooks/{webhookId}/deliveries/{deliveryId}/replay',
      `${hooks}/${webhookId}/deliveries/${deliveryId}/replay`,
    ],
    ['/api/organizations/{orgId}/webhooks/deliveries/{deliveryId}/replay', `${hooks}/deliveries/${deliveryId}/replay`],
    ['/api/organizations/{orgId}/deliveries/{deliveryId}/replay', `/api/organizations/${orgId}/deliveries/${deliveryId}/replay`],
  ] as const;
  for (const [template, path] of replays) {
    check('POST', template, await call('POST', path, { token: owner }));
    check('POST', template, await call('POST', path.replace(deliveryId, UNKNOWN), { token: owner }));
  }

  // Notifications and analytics.
  check(
    'GET',
    '/api/organizations/{orgId}/notifications',
    await call('GET', `/api/organizations/${orgId}/notifications?limit=10`, { token: owner }),
  );
  check(
    'GET',
    '/api/organizations/{orgId}/notifications',
    await call('GET', `/api/organizations/${orgId}/notifications?limit=101`, { token: owner }),
  );
  const today = new Date().toISOString().slice(0, 10);
  check(
    'GET',
    '/api/organizations/{orgId}/analytics',
    await call('GET', `/api/organizations/${orgId}/analytics?from=${today}&to=${today}`, { token: owner }),
  );
  check(
    'GET',
    '/api/organizations/{orgId}/analytics',
    await call('GET', `/api/organizations/${orgId}/analytics?from=${today}`, { token: owner }),
  );

  check('DELETE', '/api/organizations/{orgId}/webhooks/{webhookId}', await call('DELETE', `${hooks}/${webhookId}`, { token: owner }));
  check('DELETE', '/api/organizations/{orgId}/webhooks/{webhookId}', await call('DELETE', `${hooks}/${webhookId}`, { token: owner }));
  t.ok(checked.size >= 40, `${checked.size} (operation, status) pairs checked`);
});

t.test('platform routes: /healthz and the payment provider webhook', async (t) => {
  const { check } = openApiChecker(t, doc);
  check('GET', '/healthz', await call('GET', '/healthz'));
  const secret = tp.env.STRIPE_WEBHOOK_SECRET!;
  const event = JSON.stringify({ id: `evt_openapi_${Date.now()}`, object: 'event', type: 'customer.created', data: { object: {} } });
  const ts = Math.floor(Date.now() / 1000);
  const signature = `t=${ts},v1=${createHmac('sha256', secret).update(`${ts}.${event}`).digest('hex')}`;
  const stripe = (sig: string) =>
    call('POST', '/api/webhooks/stripe', { raw: event, headers: { 'content-type': 'application/json', 'stripe-signature': sig } });
  check('POST', '/api/webhooks/stripe', await stripe(signature));
  check('POST', '/api/webhooks/stripe', await stripe(`t=${ts},v1=${'0'.repeat(64)}`));
  check('POST', '/api/webhooks/stripe', await call('POST', '/api/webhooks/stripe', { json: JSON.parse(event) }));
});

t.test('public verification surfaces', async (t) => {
  const { check, checked } = openApiChecker(t, doc);
  const key = await call('POST', `/api/organizations/${orgId}/api-keys`, { token: owner, json: { name: 'openapi' } });
  const badges = await call('GET', `/api/organizations/${orgId}/badges?active=true`, { token: owner });
  const badge = badges.body.data[0] as { id: string; slug: string };
  const issue = (email: string) =>
    call('POST', '/api/v1/credentials', { token: key.body.key, json: { badgeId: badge.id, recipient: { name: 'Ada Lovelace', email } } });
  const issued = await issue('ada@example.com');
  t.equal(issued.status, 201, issued.text);
  const crd = String(issued.body.credentialId);
  const missing = 'CRD-0000000000AA';

  // The read model of the verification service fills from events.
  await waitFor(
    'credential on /api/verify',
    async () => ((await call('GET', `/api/verify/${crd}`)).status === 200 ? true : undefined),
    20000,
  );
  const verified = await call('GET', `/api/verify/${crd}`);
  check('GET', '/api/verify/{credentialId}', verified);
  t.same([verified.body.valid, verified.body.status, verified.body.verification.issuerActive], [true, 'pending', true]);
  check('GET', '/api/verify/{credentialId}', await call('GET', `/api/verify/${issued.body.id}`));
  check('GET', '/api/verify/{credentialId}', await call('GET', `/api/verify/${missing}`));

  const ob3 = await call('GET', `/credentials/${crd}/ob3`);
  check('GET', '/credentials/{credentialId}/ob3', ob3);
  t.same(JSON.parse(ob3.text), verified.body.ob3Credential, 'the same signed credential');
  check('GET', '/credentials/{credentialId}/ob3', await call('GET', `/credentials/${missing}/ob3`));

  const baked = await call('GET', `/api/credentials/${crd}/baked`);
  check('GET', '/api/credentials/{credentialId}/baked', baked);
  t.equal(baked.bytes.subarray(1, 4).toString('latin1'), 'PNG');
  check('GET', '/api/credentials/{credentialId}/baked', await call('GET', `/api/credentials/${missing}/baked`));

  await waitFor(
    'did.json published',
    async () => ((await call('GET', `/issuers/${slug}/did.json`)).status === 200 ? true : undefined),
    20000,
  );
  check('GET', '/issuers/{slug}/did.json', await call('GET', `/issuers/${slug}/did.json`));
  check('GET', '/issuers/{slug}/did.json', await call('GET', '/issuers/no-such-issuer/did.json'));
  check('GET', '/issuers/{slug}', await call('GET', `/issuers/${slug}`));
  check('GET', '/issuers/{slug}', await call('GET', '/issuers/no-such-issuer'));
  check('GET', '/achievements/{orgSlug}/{badgeSlug}', await call('GET', `/achievements/${slug}/${badge.slug}`));
  check('GET', '/achievements/{orgSlug}/{badgeSlug}', await call('GET', `/achievements/${slug}/no-such-badge`));

  // The revocation list the credential names.
  const statusUrl = new URL(String(verified.body.ob3Credential.credentialStatus?.statusListCredential));
  t.match(statusUrl.pathname, new RegExp(`^/issuers/${slug}/status/\\d+$`));
  const list = await call('GET', statusUrl.pathname);
  check('GET', '/issuers/{slug}/status/{listNumber}', list);
  check(
    'GET',
    '/issuers/{slug}/status/{listNumber}',
    await call('GET', statusUrl.pathname, { headers: { 'if-none-match': String(list.headers.get('etag')) } }),
  );
  check('GET', '/issuers/{slug}/status/{listNumber}', await call('GET', `/issuers/${slug}/status/999`));

  // Credentials of any platform: JSON and baked images.
  const submitted = await call('POST', '/api/verify/credential', { json: { credential: verified.body.ob3Credential } });
  check('POST', '/api/verify/credential', submitted);
  t.same([submitted.body.valid, submitted.body.issuedHere?.credentialId], [true, crd], submitted.text.slice(0, 500));
  check('POST', '/api/verify/credential', await call('POST', '/api/verify/credential', { json: verified.body.ob3Credential }));
  check('POST', '/api/verify/credential', await call('POST', '/api/verify/credential', { json: [] }));
  check(
    'POST',
    '/api/verify/credential',
    await call('POST', '/api/verify/credential', { raw: 'x', headers: { 'content-type': 'text/plain' } }),
  );
  check(
    'POST',
    '/api/verify/credential',
    await call('POST', '/api/verify/credential', { json: { credential: { padding: 'x'.repeat(70 * 1024) } } }),
  );
  const bakedResult = await call('POST', '/api/verify/baked', { raw: baked.bytes, headers: { 'content-type': 'image/png' } });
  check('POST', '/api/verify/baked', bakedResult);
  t.equal(bakedResult.body.valid, true);
  check(
    'POST',
    '/api/verify/baked',
    await call('POST', '/api/verify/baked', { form: fileForm('file', baked.bytes, 'image/png', 'badge.png') }),
  );
  const plain = await call('POST', '/api/verify/baked', { raw: PLAIN_PNG, headers: { 'content-type': 'image/png' } });
  check('POST', '/api/verify/baked', plain);
  t.equal(plain.body?.details?.reason, 'NO_CREDENTIAL');
  check('POST', '/api/verify/baked', await call('POST', '/api/verify/baked', { raw: 'x', headers: { 'content-type': 'text/plain' } }));
  check(
    'POST',
    '/api/verify/baked',
    await call('POST', '/api/verify/baked', { raw: Buffer.alloc(5 * 1024 * 1024 + 1), headers: { 'content-type': 'image/png' } }),
  );

  // HTML pages.
  check('GET', '/verify/{credentialId}', await call('GET', `/verify/${crd}`));
  check('GET', '/verify/{credentialId}', await call('GET', `/verify/${missing}`));
  check('GET', '/verify-lookup', await call('GET', '/verify-lookup'));
  const lookup = await call('GET', `/verify-lookup?id=${crd.toLowerCase()}`);
  check('GET', '/verify-lookup', lookup);
  t.equal(lookup.headers.get('location'), `/verify/${crd}`);
  check('GET', '/verify-lookup', await call('GET', '/verify-lookup?id=nothing'));
  check('POST', '/verify-lookup', await call('POST', '/verify-lookup', { form: fileForm('file', baked.bytes, 'image/png', 'badge.png') }));
  check('POST', '/verify-lookup', await call('POST', '/verify-lookup', { form: fileForm('file', PLAIN_PNG, 'image/png', 'plain.png') }));
  check('POST', '/verify-lookup', await call('POST', '/verify-lookup', { raw: 'x', headers: { 'content-type': 'text/plain' } }));
  check('GET', '/o/{orgSlug}/badges/{badgeSlug}', await call('GET', `/o/${slug}/badges/${badge.slug}`));
  check('GET', '/o/{orgSlug}/badges/{badgeSlug}', await call('GET', `/o/${slug}/badges/no-such-badge`));
  check('GET', '/o/{orgSlug}/badges/{badgeSlug}/image.png', await call('GET', `/o/${slug}/badges/${badge.slug}/image.png`));
  check('GET', '/o/{orgSlug}/badges/{badgeSlug}/image.png', await call('GET', `/o/${slug}/badges/no-such-badge/image.png`));
  check('GET', '/claim/{credentialId}', await call('GET', `/claim/${crd}?token=${'x'.repeat(43)}`));
  check('GET', '/claim/{credentialId}', await call('GET', '/claim/not-a-credential'));
  const form = (token: string) => ({ raw: `token=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const refused = await call('POST', `/claim/${crd}`, form('x'.repeat(43)));
  check('POST', '/claim/{credentialId}', refused);
  t.equal(refused.headers.get('location'), `/claim/${crd}?result=invalid_token`);
  check('POST', '/claim/{credentialId}', await call('POST', '/claim/not-a-credential', form('x')));

  // A private credential: 403 on every public surface without the recipient's session.
  const email = 'private-openapi@example.com';
  const priv = await issue(email);
  const privCrd = String(priv.body.credentialId);
  t.equal((await call('POST', '/api/auth/signup', { json: { email, password: PASSWORD, name: 'Private' } })).status, 201);
  const [, verifyToken] = await tp.mailMatch(email, /\/verify-email\?token=([A-Za-z0-9_-]+)/);
  t.equal((await call('POST', '/api/auth/verify-email', { json: { token: verifyToken } })).status, 200);
  const recipient = String((await call('POST', '/api/auth/login', { json: { email, password: PASSWORD } })).body.token);
  await waitFor(
    'issued to the recipient',
    async () => ((await call('GET', `/api/verify/${privCrd}`)).status === 200 ? true : undefined),
    20000,
  );
  t.equal((await call('PATCH', `/api/credentials/${privCrd}`, { token: recipient, json: { isPublic: false } })).status, 200);
  await waitFor(
    'private on /api/verify',
    async () => ((await call('GET', `/api/verify/${privCrd}`)).status === 403 ? true : undefined),
    20000,
  );
  check('GET', '/api/verify/{credentialId}', await call('GET', `/api/verify/${privCrd}`));
  check('GET', '/api/verify/{credentialId}', await call('GET', `/api/verify/${privCrd}`, { token: recipient }));
  check('GET', '/credentials/{credentialId}/ob3', await call('GET', `/credentials/${privCrd}/ob3`));
  check('GET', '/api/credentials/{credentialId}/baked', await call('GET', `/api/credentials/${privCrd}/baked`));
  check('GET', '/verify/{credentialId}', await call('GET', `/verify/${privCrd}`));
  t.ok(checked.size >= 40, `${checked.size} (operation, status) pairs checked`);
});
