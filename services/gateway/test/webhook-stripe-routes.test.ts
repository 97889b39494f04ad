// The gateway's new routes (webhook-routes.ts, notification-routes.ts, stripe-route.ts) mounted
// the way app.ts will mount them, against real accounts, billing and notification services.
// Plan changes travel Stripe -> gateway -> billing -> accounts -> (event) -> notification.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, randomUUID } from 'node:crypto';
import express from 'express';
import t from 'tap';
import { createClient } from '@cred/grpc';
import { loadProtos } from '@cred/proto';
import { AdjustableClock, createLogger, newSessionKeyPair } from '@cred/runtime';
import { createIsolation, rpcEnv, testCaller } from '@cred/testing';
import { createAccountsService, loadConfig as accountsConfig } from '@cred/accounts';
import { migrateAll } from '../../../scripts/migrate-all.js';
import { createBillingService } from '../../billing/src/service.js';
import { loadConfig as billingConfig } from '../../billing/src/config.js';
import { createNotificationService } from '../../notification/src/service.js';
import { loadConfig as notificationConfig } from '../../notification/src/config.js';
import { errorHandler } from '../src/http/errors.js';
import { notificationSessionRoutes } from '../src/http/notification-routes.js';
import { stripeWebhookRoute } from '../src/http/stripe-route.js';
import { webhookRoutes } from '../src/http/webhook-routes.js';
import { documentedApp } from '../src/http/routes-kit.js';
import { memberScope } from '../src/http/org-scope.js';
import type { Upstreams } from '../src/upstream/clients.js';

/** Session keys: accounts signs with the seed, the gateway and verification check with the public key. */
const SESSION_KEYS = newSessionKeyPair();

const STRIPE_SECRET = 'whsec_gateway_test_0123456789abcdef';
const level = process.env.TEST_LOG_LEVEL ?? 'silent';
const iso = await createIsolation('gwhooks', { migrated: true });
await migrateAll(iso.databaseUrl);
const clock = new AdjustableClock();
const common = { DATABASE_URL: iso.databaseUrl, EVENTS_EXCHANGE: iso.eventsExchange, AMQP_URL: iso.amqpUrl, GRPC_PORT: '0', OPS_PORT: '0', LOG_LEVEL: 'silent' };

// A customer's endpoint on loopback (allowlisted for notification).
const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.end('ok');
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const receiverPort = (receiver.address() as AddressInfo).port;

const accounts = createAccountsService(accountsConfig({ ...common, ...rpcEnv('accounts'), ...SESSION_KEYS, }), { clock, logger: createLogger({ service: 'accounts', level }) });
await accounts.start();
const accountsAddr = `127.0.0.1:${accounts.grpcPort()}`;
const billing = createBillingService(billingConfig({ ...common, ...rpcEnv('billing'), STRIPE_WEBHOOK_SECRET: STRIPE_SECRET, ACCOUNTS_GRPC_ADDR: accountsAddr }), { clock, logger: createLogger({ service: 'billing', level }) });
await billing.start();
const notification = createNotificationService(
  notificationConfig({ ...common, ...rpcEnv('notification'), ACCOUNTS_GRPC_ADDR: accountsAddr, SMTP_URL: 'smtp://127.0.0.1:1', WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${receiverPort}`, WEBHOOK_SECRET_KEY: 'ab'.repeat(32) }),
  { clock, logger: createLogger({ service: 'notification', level }), pollIntervalMs: 100 },
);
await notification.start();

const p = loadProtos();
const upstreams = {
  accounts: createClient(p.accounts.AccountsService, accountsAddr, { identity: testCaller() }),
  billing: createClient(p.billing.BillingService, `127.0.0.1:${billing.grpcPort()}`, { identity: testCaller() }),
  notification: createClient(p.notification.NotificationService, `127.0.0.1:${notification.grpcPort()}`, { identity: testCaller() }),
} as unknown as Upstreams;

const app = express();
app.post('/api/webhooks/stripe', ...stripeWebhookRoute(upstreams));
app.use('/api', express.json({ limit: 64 * 1024 }));
// Stands in for requireSession + requireMembership, which set res.locals.orgId and userId. The
// user is the organization's owner (signed up below): notification re-checks the member's role.
let ownerId = '';
documentedApp(app).mount('/api/organizations/{orgId}', (req, res, next) => {
  res.locals.orgId = req.params.orgId;
  res.locals.userId = ownerId;
  next();
}, memberScope(), webhookRoutes(upstreams), notificationSessionRoutes(upstreams));
app.use(errorHandler(createLogger({ service: 'gateway', level })));
const server = app.listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

t.teardown(async () => {
  server.close();
  receiver.close();
  for (const c of Object.values(upstreams)) (c as { close(): void }).close();
  await notification.stop();
  await billing.stop();
  await accounts.stop();
  await iso.cleanup();
});

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
}

const signup = await upstreams.accounts.SignUp(
  { email: `owner-${randomUUID()}@example.com`, password: 'correct horse battery staple', name: 'Owner', organization: { name: 'Hooked', slug: `hooked-${randomUUID().slice(0, 8)}` } },
  { deadlineMs: 15000 },
);
const orgId = signup.organization!.id;
ownerId = signup.user!.id;
const stripeHeader = (raw: string, ts = Math.floor(clock.now().getTime() / 1000)) => `t=${ts},v1=${createHmac('sha256', STRIPE_SECRET).update(`${ts}.${raw}`).digest('hex')}`;

t.test('webhook registration is 403 below Enterprise', async (t) => {
  const r = await call('POST', `/api/organizations/${orgId}/webhooks`, { url: `http://127.0.0.1:${receiverPort}/h`, events: ['credential.issued'] });
  t.equal(r.status, 403);
  t.equal(r.body.error, 'FORBIDDEN');
  const bad = await call('POST', `/api/organizations/${orgId}/webhooks`, { url: 'x', events: ['credential.issued'], plan: 'enterprise' });
  t.equal(bad.status, 400, 'unknown fields refused');
});

t.test('Stripe webhook: raw body verified by billing, plan reaches accounts', async (t) => {
  const event = { id: `evt_${randomUUID()}`, object: 'event', type: 'checkout.session.completed', created: Math.floor(clock.now().getTime() / 1000), data: { object: { client_reference_id: orgId, metadata: { plan: 'enterprise' } } } };
  const raw = JSON.stringify(event);
  const reformatted = JSON.stringify(event, null, 2);
  let r = await call('POST', '/api/webhooks/stripe', reformatted, { 'content-type': 'application/json', 'stripe-signature': stripeHeader(raw) });
  t.equal(r.status, 400, 'the same JSON with other whitespace does not verify');
  t.equal(r.body.error, 'VALIDATION_ERROR');
  t.same(Object.keys(r.body).sort(), ['details', 'error', 'message']);
  r = await call('POST', '/api/webhooks/stripe', raw, { 'content-type': 'application/json', 'stripe-signature': stripeHeader(raw, Math.floor(clock.now().getTime() / 1000) - 600) });
  t.equal(r.status, 400, 'stale');
  r = await call('POST', '/api/webhooks/stripe', raw, { 'content-type': 'application/json' });
  t.equal(r.status, 400, 'no header');
  t.equal((await upstreams.accounts.GetOrganization({ organization_id: orgId })).plan, 'free', 'nothing changed so far');

  r = await call('POST', '/api/webhooks/stripe', raw, { 'content-type': 'application/json', 'stripe-signature': stripeHeader(raw) });
  t.equal(r.status, 200);
  t.same(r.body, { received: true });
  t.equal((await upstreams.accounts.GetOrganization({ organization_id: orgId })).plan, 'enterprise');
  r = await call('POST', '/api/webhooks/stripe', raw, { 'content-type': 'application/json', 'stripe-signature': stripeHeader(raw) });
  t.same([r.status, r.body], [200, { received: true }], 'duplicate acknowledged');
  r = await call('POST', '/api/webhooks/stripe', 'x'.repeat(1024 * 1024 + 1), { 'content-type': 'application/json', 'stripe-signature': stripeHeader('x') });
  t.equal(r.status, 413);
});

t.test('Enterprise: create (secret once), list, ping, deliveries, delete; notifications list', async (t) => {
  // The plan changed by the payment provider's webhook a moment ago counts at once: notification
  // asks accounts, it does not wait for accounts' event.
  const created = await call('POST', `/api/organizations/${orgId}/webhooks`, { url: `http://127.0.0.1:${receiverPort}/h`, events: ['credential.issued', 'credential.revoked'] });
  t.equal(created.status, 201, 'registered right after the upgrade');
  t.equal(created.headers.get('cache-control'), 'no-store');
  t.match(created.body, { url: `http://127.0.0.1:${receiverPort}/h`, events: ['credential.issued', 'credential.revoked'] });
  const secret = created.body.secret as string;
  t.match(secret, /^whsec_/);
  const id = created.body.id as string;

  const list = await call('GET', `/api/organizations/${orgId}/webhooks`);
  t.equal(list.status, 200);
  t.equal(list.body.data.length, 1);
  t.notOk(list.text.includes(secret), 'the secret is never listed');

  const ping = await call('POST', `/api/organizations/${orgId}/webhooks/${id}/ping`);
  t.equal(ping.status, 200);
  t.equal(ping.body.status, 'succeeded');
  const got = received.find((r) => r.headers['x-service-delivery'] === ping.body.eventId)!;
  t.equal(got.headers['x-service-signature'], createHmac('sha256', secret).update(got.body).digest('hex'));

  const deliveries = await call('GET', `/api/organizations/${orgId}/webhooks/${id}/deliveries?limit=10`);
  t.equal(deliveries.status, 200);
  t.equal(deliveries.body.pagination.total, 1);
  t.equal(deliveries.body.data[0].attemptLog[0].statusCode, 200);
  t.equal((await call('GET', `/api/organizations/${orgId}/webhooks/${id}/deliveries?limit=500`)).status, 400);
  const replay = await call('POST', `/api/organizations/${orgId}/webhooks/${id}/deliveries/${ping.body.id}/replay`);
  t.equal(replay.status, 202);

  const other = randomUUID();
  t.equal((await call('DELETE', `/api/organizations/${other}/webhooks/${id}`)).status, 404, "another organization's id is 404");
  t.equal((await call('DELETE', `/api/organizations/${orgId}/webhooks/not-a-uuid`)).status, 404);
  t.equal((await call('DELETE', `/api/organizations/${orgId}/webhooks/${id}`)).status, 204);
  t.equal((await call('DELETE', `/api/organizations/${orgId}/webhooks/${id}`)).status, 404);

  const notes = await call('GET', `/api/organizations/${orgId}/notifications?limit=5`);
  t.equal(notes.status, 200);
  t.ok(Array.isArray(notes.body.data));
  t.equal((await call('GET', `/api/organizations/${orgId}/notifications?limit=0`)).status, 400);
});
