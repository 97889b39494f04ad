// Outbound webhooks: Enterprise-only registration, signed deliveries, retries on the
// application clock, the delivery log, replay, ping, SSRF refusals (including DNS
// rebinding at connect time) and isolation between organizations. Real HTTP receivers.
import { createHmac, timingSafeEqual } from 'node:crypto';
import t from 'tap';
import { metricValue, waitFor } from '@cred/testing';
import { credentialIssued, organization, startHarness, startReceiver, type Harness } from './fixtures/harness.js';

// A host name that resolves to a public address at registration and to loopback afterwards.
let rebindCalls = 0;
const resolver = async (host: string) => {
  if (host === 'rebind.example') return [{ address: rebindCalls++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
  if (host === 'public.example') return [{ address: '93.184.216.34', family: 4 }];
  if (host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
};

const slow = await startReceiver();
const other = await startReceiver();
t.teardown(() => Promise.all([slow.close(), other.close()]));

const h: Harness = await startHarness(t, {}, {});
await h.start(
  { resolver, webhookPerEndpointConcurrency: 2, webhookTimeoutMs: 10_000 },
  { WEBHOOK_ALLOWED_HOSTS: [h.receiver.port, slow.port, other.port].map((p) => `127.0.0.1:${p}`).join(',') },
);
const client = () => h.client();

const enterprise = organization({ plan: 'enterprise', name: 'Big Corp' });
await h.publish('accounts.organization.created', { organization: enterprise });
const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');
type Delivery = Awaited<ReturnType<ReturnType<typeof client>['ListDeliveries']>>['deliveries'][number];
/** The delivery after its n-th attempt was fully recorded (the list reads deliveries and attempts in two queries). */
const settledAfter = (x: Delivery | undefined, n: number) =>
  x !== undefined && x.attempt_log.length === n && (x.status !== 'pending' || Date.parse(x.next_attempt_at) > Date.parse(x.attempt_log[n - 1]!.started_at));
const webhookPasses = () => metricValue(h.service().host.opsPort!, 'background_passes_total', { loop: 'webhook worker pass', outcome: 'ok' });
const deliveryRowsOf = (eventId: string): Promise<Array<{ endpoint_id: string }>> => h.db('webhook_deliveries').where({ event_id: eventId }).select('endpoint_id');
const deliveriesOf = async (webhookId: string) => (await client().ListDeliveries({ organization_id: enterprise.id, webhook_id: webhookId, limit: 50, offset: 0 })).deliveries;

t.test('registration is for the Enterprise plan only', async (t) => {
  const free = organization({ plan: 'professional' });
  await h.publish('accounts.organization.created', { organization: free });
  await t.rejects(client().CreateWebhook({ organization_id: free.id, url: h.receiver.url, events: ['credential.issued'] }), { code: 'FORBIDDEN' });
  await t.rejects(client().CreateWebhook({ organization_id: enterprise.id, url: h.receiver.url, events: [] }), { code: 'VALIDATION_ERROR' });
  await t.rejects(client().CreateWebhook({ organization_id: enterprise.id, url: h.receiver.url, events: ['credential.bogus'] }), { code: 'VALIDATION_ERROR' });
});

t.test("webhooks are for owners and admins: notification re-checks the acting member's role", async (t) => {
  const viewer = '0b7f5c3e-6d1a-4c8e-9f2b-3a4d5e6f7a01';
  const admin = '0b7f5c3e-6d1a-4c8e-9f2b-3a4d5e6f7a02';
  const stranger = '0b7f5c3e-6d1a-4c8e-9f2b-3a4d5e6f7a03';
  h.accounts.memberships.set(`${enterprise.id}/${viewer}`, 'viewer');
  h.accounts.memberships.set(`${enterprise.id}/${admin}`, 'admin');
  const as = (userId: string) => ({ actor: `user:${userId}` });
  const body = { organization_id: enterprise.id, url: h.receiver.url, events: ['credential.issued'] };
  const refused = await client()
    .CreateWebhook(body, as(viewer))
    .then(
      () => undefined,
      (err: { code?: string; details?: unknown }) => err,
    );
  t.equal(refused?.code, 'FORBIDDEN', 'a viewer cannot register an endpoint');
  t.same(refused?.details, { role: 'viewer', permission: 'webhooks.manage' });
  await t.rejects(client().ListWebhooks({ organization_id: enterprise.id }, as(viewer)), { code: 'FORBIDDEN' }, 'nor list them');
  await t.rejects(client().CreateWebhook(body, as(stranger)), { code: 'NOT_FOUND' }, 'someone outside the organization');
  await t.rejects(client().CreateWebhook(body, { actor: 'user:not-a-uuid' }), { code: 'FORBIDDEN' }, 'a malformed member actor');
  const created = await client().CreateWebhook(body, as(admin));
  t.ok(created.endpoint?.id, 'an admin registers one');
  const id = created.endpoint!.id;
  await t.rejects(
    client().ListDeliveries({ organization_id: enterprise.id, webhook_id: id, limit: 10, offset: 0 }, as(viewer)),
    { code: 'FORBIDDEN' },
    "a viewer reads no deliveries",
  );
  await t.rejects(client().PingWebhook({ organization_id: enterprise.id, webhook_id: id }, as(viewer)), { code: 'FORBIDDEN' }, 'nor pings');
  await t.rejects(client().DeleteWebhook({ organization_id: enterprise.id, webhook_id: id }, as(viewer)), { code: 'FORBIDDEN' }, 'nor deletes');
  t.ok((await client().ListWebhooks({ organization_id: enterprise.id }, as(admin))).endpoints?.some((e) => e.id === id), 'the admin lists it');
  await client().DeleteWebhook({ organization_id: enterprise.id, webhook_id: id }, as(admin));
  // A role change counts on the next call.
  h.accounts.memberships.set(`${enterprise.id}/${admin}`, 'issuer');
  await t.rejects(client().ListWebhooks({ organization_id: enterprise.id }, as(admin)), { code: 'FORBIDDEN' }, 'demoted: refused at once');
});

t.test("registration, ping and replay follow accounts' current record, not the event-fed copy", async (t) => {
  // Upgraded a moment ago: accounts says Enterprise, its event has not arrived here yet.
  const upgraded = organization({ plan: 'professional' });
  await h.publish('accounts.organization.created', { organization: upgraded });
  h.accounts.set(upgraded.id, { plan: 'enterprise', status: 'approved' });
  const created = await client().CreateWebhook({ organization_id: upgraded.id, url: h.receiver.url, events: ['credential.issued'] });
  t.ok(created.endpoint?.id, 'registered at once');
  const id = created.endpoint!.id;
  const ping = await client().PingWebhook({ organization_id: upgraded.id, webhook_id: id });
  t.equal(ping.status, 'succeeded');

  // Downgraded a moment ago: nothing is sent any more, whatever this service's copy says.
  h.accounts.set(upgraded.id, { plan: 'professional', status: 'approved' });
  const before = h.receiver.requests.length;
  await t.rejects(client().PingWebhook({ organization_id: upgraded.id, webhook_id: id }), { code: 'FORBIDDEN' }, 'no ping after a downgrade');
  await t.rejects(
    client().ReplayDelivery({ organization_id: upgraded.id, webhook_id: id, delivery_id: ping.id }),
    { code: 'FORBIDDEN' },
    'no replay after a downgrade',
  );
  await t.rejects(client().CreateWebhook({ organization_id: upgraded.id, url: h.receiver.url, events: ['credential.issued'] }), { code: 'FORBIDDEN' });
  // Suspended: the same, on the Enterprise plan.
  h.accounts.set(upgraded.id, { plan: 'enterprise', status: 'suspended' });
  await t.rejects(client().PingWebhook({ organization_id: upgraded.id, webhook_id: id }), { code: 'FORBIDDEN' }, 'no ping while suspended');
  await t.rejects(client().CreateWebhook({ organization_id: upgraded.id, url: h.receiver.url, events: ['credential.issued'] }), { code: 'FORBIDDEN' });
  t.equal(h.receiver.requests.length, before, 'nothing was sent');
  h.accounts.set(upgraded.id, { plan: 'enterprise', status: 'approved' });
  await client().DeleteWebhook({ organization_id: upgraded.id, webhook_id: id });
});

t.test('SSRF: private, loopback and odd forms refused unless allowlisted', async (t) => {
  const refused = [
    'https://127.0.0.1/hook',
    'https://2130706433/hook', // decimal 127.0.0.1
    'https://0x7f.1/hook',
    'https://10.0.0.5/hook',
    'https://172.16.3.4/hook',
    'https://192.168.1.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/hook',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[fd00::1]/hook',
    'https://[fe80::1]/hook',
    'https://localhost/hook',
    'https://rebind.example:8443/hook', // non-default port, not listed
    `http://127.0.0.1:${h.receiver.port + 1}/hook`, // loopback, not listed
    'http://public.example/hook', // plain http to a public host
    'https://user:pass@public.example/hook',
    'ftp://public.example/hook',
    'https://does-not-resolve.example/hook',
  ];
  for (const url of refused) {
    await t.rejects(client().CreateWebhook({ organization_id: enterprise.id, url, events: ['credential.issued'] }), { code: 'VALIDATION_ERROR' }, url);
  }
  const ok = await client().CreateWebhook({ organization_id: enterprise.id, url: 'https://public.example/hook', events: ['credential.issued'] });
  t.equal(ok.endpoint?.url, 'https://public.example/hook', 'a public https URL is fine');
  await client().DeleteWebhook({ organization_id: enterprise.id, webhook_id: ok.endpoint!.id });
});

t.test('DNS rebinding: the address is checked again at connect time', async (t) => {
  const r = await client().CreateWebhook({ organization_id: enterprise.id, url: 'https://rebind.example/hook', events: ['credential.revoked'] });
  const before = h.receiver.requests.length;
  const ping = await client().PingWebhook({ organization_id: enterprise.id, webhook_id: r.endpoint!.id });
  t.equal(ping.status, 'failed');
  t.match(ping.attempt_log[0]?.error, /refused to connect: rebind\.example is not a public address/);
  t.notMatch(ping.attempt_log[0]?.error, /127\.0\.0\.1/, 'the address our resolver gave is not shown to the organization');
  t.equal(ping.attempt_log[0]?.status_code, 0);
  t.equal(h.receiver.requests.length, before, 'nothing reached loopback');
  await client().DeleteWebhook({ organization_id: enterprise.id, webhook_id: r.endpoint!.id });
});

t.test('signed delivery of a credential event; the secret is shown once', async (t) => {
  const created = await client().CreateWebhook({ organization_id: enterprise.id, url: h.receiver.url, events: ['credential.issued', 'credential.revoked'] });
  const secret = created.secret;
  t.match(secret, /^whsec_[A-Za-z0-9_-]{43}$/);
  const listed = await client().ListWebhooks({ organization_id: enterprise.id });
  t.notOk(JSON.stringify(listed).includes(secret), 'never listed');

  const data = credentialIssued(enterprise, { recipientEmail: 'hooked@example.com' });
  const ev = await h.publish('credential.issued', data);
  const req = await waitFor('delivery', () => h.receiver.requests.find((r) => r.headers['x-service-delivery'] === ev.id));
  t.equal(req.headers['x-service-signature'], sign(secret, req.body), 'X-Service-Signature = hex HMAC-SHA256(secret, raw body)');
  t.not(req.headers['x-service-signature'], sign('whsec_wrong', req.body));
  t.equal(req.headers['x-service-event'], 'credential.issued');
  t.match(req.headers['x-service-timestamp'], /^\d{10}$/);
  t.equal(req.headers['content-type'], 'application/json');
  const body = JSON.parse(req.body);
  t.equal(body.id, ev.id);
  t.match(body.id, /^evt_/);
  t.equal(body.type, 'credential.issued');
  t.equal(body.createdAt, ev.createdAt);
  t.same(Object.keys(body.data).sort(), [
    'badgeId', 'credentialId', 'credentialUuid', 'expirationDate', 'isPublic', 'issuanceDate', 'recipientEmail', 'recipientName', 'status', 'supersedesCredentialId', 'verificationUrl',
  ].sort());
  t.equal(body.data.credentialId, data.credentialId);
  t.equal(body.data.recipientEmail, 'hooked@example.com');
  t.notOk(req.body.includes('proof'), 'no OB3 payload');

  // A lifecycle event carries the credential's reference fields (the harness completes them as issuance writes them).
  const revoked = await h.publish('credential.revoked', { credentialId: data.credentialId, credentialUuid: data.credentialUuid, revokedAt: new Date().toISOString(), revocationReason: 'mistake' });
  const r2 = await waitFor('revocation delivered', () => h.receiver.requests.find((r) => r.headers['x-service-delivery'] === revoked.id));
  const b2 = JSON.parse(r2.body);
  t.equal(b2.data.badgeId, data.badgeId);
  t.equal(b2.data.revocationReason, 'mistake');
  t.equal(r2.headers['x-service-signature'], sign(secret, r2.body));

  // Not subscribed: nothing. publish() returns once the consumer committed the event's inbox row,
  // the transaction that would have written its deliveries: so none exists, and none can be sent.
  const claimed = await h.publish('credential.claimed', { credentialId: data.credentialId, credentialUuid: data.credentialUuid, claimedAt: new Date().toISOString() });
  t.equal((await deliveryRowsOf(claimed.id)).length, 0, 'no delivery for an event the endpoint did not subscribe to');
  t.notOk(h.receiver.requests.some((r) => r.headers['x-service-event'] === 'credential.claimed'));
  await client().DeleteWebhook({ organization_id: enterprise.id, webhook_id: created.endpoint!.id });
});

/**
 * A receiver's check of the Standard Webhooks headers, written from the documentation
 * (docs/contract.md "Events, e-mail and webhooks"), not with the platform's signing code:
 * v1 = base64 HMAC-SHA256 of `${webhook-id}.${webhook-timestamp}.${raw body}` keyed with the secret's
 * UTF-8 bytes; the header may list several space-separated signatures.
 */
function standardWebhookValid(secret: string, headers: Record<string, string | string[] | undefined>, body: string): boolean {
  const [id, timestamp, signatures] = ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => headers[h]);
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${id}.${timestamp}.${body}`, 'utf8').digest();
  return signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

t.test('Standard Webhooks headers: the signature covers the id and the timestamp, so a replay cannot move them', async (t) => {
  const created = await client().CreateWebhook({ organization_id: enterprise.id, url: h.receiver.url, events: ['credential.issued'] });
  const secret = created.secret;
  const ev = await h.publish('credential.issued', credentialIssued(enterprise, { recipientEmail: 'standard@example.com' }));
  const req = await waitFor('delivery', () => h.receiver.requests.find((r) => r.headers['x-service-delivery'] === ev.id));
  t.equal(req.headers['webhook-id'], ev.id, 'webhook-id is the event id (the same on every attempt)');
  t.match(req.headers['webhook-timestamp'], /^\d{10}$/, 'webhook-timestamp: seconds since the epoch');
  t.equal(req.headers['webhook-timestamp'], req.headers['x-service-timestamp'], 'the same moment as X-Service-Timestamp');
  t.match(req.headers['webhook-signature'], /^v1,[A-Za-z0-9+/]{43}=$/);
  t.equal(req.headers['x-service-signature'], sign(secret, req.body), 'the contract\'s body signature is still sent');
  t.ok(standardWebhookValid(secret, req.headers, req.body), 'the delivery verifies');

  const later = String(Number(req.headers['webhook-timestamp']) + 3600);
  t.notOk(standardWebhookValid(secret, { ...req.headers, 'webhook-timestamp': later }, req.body), 'a later timestamp (a replay made to look fresh) does not');
  t.notOk(standardWebhookValid(secret, { ...req.headers, 'webhook-id': 'evt_other' }, req.body), 'another id does not');
  t.notOk(standardWebhookValid(secret, req.headers, req.body.replace('standard@', 'forged@')), 'another body does not');
  t.notOk(standardWebhookValid('whsec_wrong', req.headers, req.body), 'another secret does not');
  await client().DeleteWebhook({ organization_id: enterprise.id, webhook_id: created.endpoint!.id });
});

t.test('a receiver failing three times still gets the event (30 s, 60 s, 120 s on the clock)', async (t) => {
  const created = await client().CreateWebhook({ organization_id: enterprise.id, url: h.receiver.url, events: ['credential.expired'] });
  const id = created.endpoint!.id;
  h.receiver.script(500, 503, 404);
  const ev = await h.publish('credential.expired', { credentialId: 'CRD-AAAAAAAAAAAA', credentialUuid: '00000000-0000-4000-8000-000000000001', badgeId: '00000000-0000-4000-8000-0000000000b1', organizationId: enterprise.id, recipientEmail: 'expired@example.com', expiredAt: new Date().toISOString(), expirationDate: new Date().toISOString() });
  const count = () => h.receiver.requests.filter((r) => r.headers['x-service-delivery'] === ev.id).length;
  for (const [n, wait] of [[1, 30_000], [2, 60_000], [3, 120_000]] as const) {
    await waitFor(`attempt ${n}`, () => count() === n);
    const d = await waitFor('retry scheduled', async () => {
      const x = (await deliveriesOf(id))[0];
      return settledAfter(x, n) ? x : undefined;
    });
    const delay = Date.parse(d.next_attempt_at) - h.clock.now().getTime();
    t.ok(delay > wait - 3000 && delay <= wait, `retry ${n} due in ~${wait / 1000} s (${delay} ms)`);
    // Two more finished passes of the webhook worker: the second began after the retry was
    // scheduled, and found it not due on the clock that has not moved.
    const passes = await webhookPasses();
    await waitFor('two webhook worker passes', async () => (await webhookPasses()) >= passes + 2);
    t.equal(count(), n, 'not before it is due');
    h.clock.advance(wait + 1000);
  }
  await waitFor('fourth attempt', () => count() === 4);
  const d = await waitFor('succeeded', async () => {
    const x = (await deliveriesOf(id))[0];
    return x?.status === 'succeeded' ? x : undefined;
  });
  t.equal(d.attempts, 4);
  t.same(d.attempt_log.map((a) => a.status_code), [500, 503, 404, 200]);
  t.same(d.attempt_log.map((a) => a.succeeded), [false, false, false, true]);
  t.ok(d.attempt_log.every((a) => a.response_excerpt.length <= 256), 'response excerpts truncated');
  t.ok(d.attempt_log.every((a) => a.duration_ms >= 0));
  const bodies = new Set(h.receiver.requests.filter((r) => r.headers['x-service-delivery'] === ev.id).map((r) => r.body));
  t.equal(bodies.size, 1, 'every attempt carries the same body');
  await client().DeleteWebhook({ organization_id: enterprise.id, webhook_id: id });
});

t.test('24 hours of failures: failed, then replayable; redirects are not followed', async (t) => {
  const created = await client().CreateWebhook({ organization_id: enterprise.id, url: h.receiver.url, events: ['credential.claimed'] });
  const id = created.endpoint!.id;
  h.receiver.script(...Array.from({ length: 30 }, () => 302));
  const ev = await h.publish('credential.claimed', { credentialId: 'CRD-BBBBBBBBBBBB', credentialUuid: '00000000-0000-4000-8000-000000000002', badgeId: '00000000-0000-4000-8000-0000000000b2', organizationId: enterprise.id, recipientEmail: 'claimed@example.com', claimedAt: new Date().toISOString() });
  const start = h.clock.now().getTime();
  let last: Delivery | undefined;
  for (let i = 0; i < 20; i++) {
    last = await waitFor('attempt recorded', async () => {
      const x = (await deliveriesOf(id))[0];
      return settledAfter(x, i + 1) ? x : undefined;
    });
    if (last.status === 'failed') break;
    h.clock.set(new Date(Date.parse(last.next_attempt_at) + 500));
  }
  t.equal(last?.status, 'failed');
  t.equal(last?.attempts, 13, '1 + 11 doubling retries + a last one at the end of the window');
  const lastAt = Date.parse(last!.attempt_log.at(-1)!.started_at);
  t.ok(lastAt - start >= 24 * 3600_000 && lastAt - start < 24 * 3600_000 + 5000, 'the last attempt is 24 h after the first');
  t.ok(last!.attempt_log.every((a) => a.status_code === 302));
  t.notOk(h.receiver.requests.some((r) => r.path.includes('meta-data')), 'Location never followed');

  h.receiver.reset(); // back to 200
  h.receiver.requests.splice(0);
  const replayed = await client().ReplayDelivery({ organization_id: enterprise.id, webhook_id: id, delivery_id: last!.id });
  t.equal(replayed.status, 'pending');
  // A second replay while the first is still queued is refused; the worker may already have
  // delivered it, and then a new replay is legitimately accepted.
  const second = await client()
    .ReplayDelivery({ organization_id: enterprise.id, webhook_id: id, delivery_id: last!.id })
    .then(
      () => 'accepted',
      (e: { code?: string }) => e.code,
    );
  if (second === 'accepted') t.equal(h.receiver.requests.length >= 1, true, 'accepted only after the first replay was delivered');
  else t.equal(second, 'CONFLICT', 'already queued');
  await waitFor('replay delivered', async () => (await deliveriesOf(id))[0]?.status === 'succeeded');
  const d = (await deliveriesOf(id))[0]!;
  t.equal(d.event_id, ev.id);
  t.equal(h.receiver.requests.at(-1)?.headers['x-service-delivery'], ev.id, 'same event id on replay');
  const other = organization({ plan: 'enterprise' });
  await t.rejects(client().ReplayDelivery({ organization_id: other.id, webhook_id: '', delivery_id: d.id }), { code: 'NOT_FOUND' }, 'another organization cannot replay it');
  await client().DeleteWebhook({ organization_id: enterprise.id, webhook_id: id });
});

t.test('ping, delete, and deliveries stop for a deleted endpoint', async (t) => {
  const created = await client().CreateWebhook({ organization_id: enterprise.id, url: h.receiver.url, events: ['credential.issued'] });
  const id = created.endpoint!.id;
  const ping = await client().PingWebhook({ organization_id: enterprise.id, webhook_id: id });
  t.equal(ping.status, 'succeeded');
  t.equal(ping.event_type, 'webhook.ping');
  const req = h.receiver.requests.find((r) => r.headers['x-service-delivery'] === ping.event_id)!;
  t.equal(req.headers['x-service-signature'], sign(created.secret, req.body));
  await client().DeleteWebhook({ organization_id: enterprise.id, webhook_id: id });
  await t.rejects(client().DeleteWebhook({ organization_id: enterprise.id, webhook_id: id }), { code: 'NOT_FOUND' });
  t.same((await client().ListWebhooks({ organization_id: enterprise.id })).endpoints.filter((e) => e.id === id), []);
  const before = h.receiver.requests.length;
  // The consumer handled the event (publish() waits for its inbox row), with the deliveries it makes.
  const issued = await h.publish('credential.issued', credentialIssued(enterprise));
  t.same((await deliveryRowsOf(issued.id)).map((d) => d.endpoint_id).filter((e) => e === id), [], 'no delivery row for the deleted endpoint');
  t.equal(h.receiver.requests.length, before, 'no delivery to a deleted endpoint');
});

t.test('a slow organization does not delay another one', async (t) => {
  const slowOrg = organization({ plan: 'enterprise' });
  const fastOrg = organization({ plan: 'enterprise' });
  await h.publish('accounts.organization.created', { organization: slowOrg });
  await h.publish('accounts.organization.created', { organization: fastOrg });
  slow.delay(2500);
  await client().CreateWebhook({ organization_id: slowOrg.id, url: slow.url, events: ['credential.issued'] });
  await client().CreateWebhook({ organization_id: fastOrg.id, url: other.url, events: ['credential.issued'] });
  for (let i = 0; i < 8; i++) await h.publish('credential.issued', credentialIssued(slowOrg), { wait: false });
  await waitFor('slow endpoint busy', () => slow.requests.length >= 1);
  const started = Date.now();
  await h.publish('credential.issued', credentialIssued(fastOrg));
  await waitFor('fast organization delivered', () => other.requests.length === 1, 5000, 20);
  const took = Date.now() - started;
  t.ok(took < 1500, `delivered in ${took} ms while the slow endpoint is stuck`);
  t.ok(slow.requests.length <= 2, `at most 2 requests in flight to the slow endpoint (${slow.requests.length})`);
  await waitFor('slow backlog drains', () => slow.requests.length === 8, 20000);
});

t.test('organizations not on Enterprise (any more) get no deliveries', async (t) => {
  const org = organization({ plan: 'enterprise' });
  await h.publish('accounts.organization.created', { organization: org });
  const created = await client().CreateWebhook({ organization_id: org.id, url: other.url, events: ['credential.issued'] });
  await h.publish('accounts.organization.updated', { organization: { ...org, plan: 'professional' }, changed: ['plan'] }, { createdAt: new Date(Date.now() + 1000) });
  const before = other.requests.length;
  // publish() returns once the consumer committed the event, deliveries included.
  const issued = await h.publish('credential.issued', credentialIssued(org));
  t.equal((await deliveryRowsOf(issued.id)).length, 0, 'no delivery row for an organization off Enterprise');
  t.equal(other.requests.length, before);
  t.equal((await h.client().ListDeliveries({ organization_id: org.id, webhook_id: created.endpoint!.id, limit: 10, offset: 0 })).total, 0);
});
