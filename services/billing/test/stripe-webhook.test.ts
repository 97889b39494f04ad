// The payment-provider webhook against a real accounts service: Stripe signature scheme,
// once per event id, ordering, and plan changes reaching accounts over gRPC.
import { randomUUID } from 'node:crypto';
import t from 'tap';
import { createDb } from '@cred/db';
import { createClient } from '@cred/grpc';
import { loadProtos } from '@cred/proto';
import { AdjustableClock, createLogger, newSessionKeyPair } from '@cred/runtime';
import { createIsolation, testCaller, rpcEnv } from '@cred/testing';
import { createAccountsService, loadConfig as loadAccountsConfig } from '@cred/accounts';
import { migrateAll } from '../../../scripts/migrate-all.js';
import { loadConfig } from '../src/config.js';
import { createBillingService } from '../src/service.js';
import { stripeSignatureHeader } from '../src/domain/stripe-signature.js';

/** Session keys: accounts signs with the seed, the gateway and verification check with the public key. */
const SESSION_KEYS = newSessionKeyPair();

const SECRET = 'whsec_test_0123456789abcdefghij';
const logger = (service: string) => createLogger({ service, level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const iso = await createIsolation('billing', { migrated: true });
await migrateAll(iso.databaseUrl);
const clock = new AdjustableClock();

const accounts = createAccountsService(
  loadAccountsConfig({
    ...rpcEnv('accounts'),
    DATABASE_URL: iso.databaseUrl,
    EVENTS_EXCHANGE: iso.eventsExchange,
    AMQP_URL: iso.amqpUrl,
    GRPC_PORT: '0',
    OPS_PORT: '0',
    ...SESSION_KEYS,
    LOG_LEVEL: 'silent',
  }),
  { clock, logger: logger('accounts') },
);
await accounts.start();
const accountsAddr = `127.0.0.1:${accounts.grpcPort()}`;

function billingWith(accountsAddress: string) {
  return createBillingService(
    loadConfig({
      ...rpcEnv('billing'),
      DATABASE_URL: iso.databaseUrl,
      EVENTS_EXCHANGE: iso.eventsExchange,
      AMQP_URL: iso.amqpUrl,
      GRPC_PORT: '0',
      OPS_PORT: '0',
      STRIPE_WEBHOOK_SECRET: SECRET,
      ACCOUNTS_GRPC_ADDR: accountsAddress,
      LOG_LEVEL: 'silent',
    }),
    { clock, logger: logger('billing') },
  );
}
const billing = billingWith(accountsAddr);
await billing.start();
const billingClient = createClient(loadProtos().billing.BillingService, `127.0.0.1:${billing.grpcPort()}`, { identity: testCaller() });
const accountsClient = createClient(loadProtos().accounts.AccountsService, accountsAddr, { deadlineMs: 30000, identity: testCaller() });
const db = createDb({ url: iso.databaseUrl, schema: 'billing', poolMax: 2 });
t.teardown(async () => {
  billingClient.close();
  accountsClient.close();
  await db.destroy();
  await billing.stop();
  await accounts.stop();
  await iso.cleanup();
});

async function newOrganization() {
  const r = await accountsClient.SignUp(
    {
      email: `owner-${randomUUID()}@example.com`,
      password: 'correct horse battery staple',
      name: 'Owner',
      organization: { name: 'Paying Org', slug: `pay-${randomUUID().slice(0, 8)}` },
    },
    { deadlineMs: 15000 },
  );
  return r.organization!.id;
}
const org = async (id: string) => accountsClient.GetOrganization({ organization_id: id });

let seq = 0;
function stripeEvent(type: string, object: Record<string, unknown>, created = Math.floor(clock.now().getTime() / 1000)) {
  return { id: `evt_test_${++seq}_${randomUUID().slice(0, 8)}`, object: 'event', type, created, data: { object } };
}
const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
function send(body: string | Buffer, header?: string) {
  const raw = Buffer.isBuffer(body) ? body : Buffer.from(body);
  return billingClient.HandleProviderWebhook({
    provider: 'stripe',
    raw_body: raw,
    signature_header: header ?? stripeSignatureHeader(raw, SECRET, nowSeconds()),
  });
}
const checkout = (orgId: string, plan = 'enterprise') =>
  stripeEvent('checkout.session.completed', { object: 'checkout.session', client_reference_id: orgId, metadata: { plan } });
const processed = async () => Number((await db('provider_events').count<{ count: number }[]>('* as count'))[0]!.count);

t.test('a bad or stale signature is refused and changes nothing', async (t) => {
  const orgId = await newOrganization();
  const body = JSON.stringify(checkout(orgId));
  const raw = Buffer.from(body);
  const before = await processed();
  // Headers are made when each case is sent, and the timestamps sit a few seconds outside the
  // tolerance: a second that ticks between signing and checking must not move a case inside it
  // (the exact boundary is tested with a fixed clock in stripe-signature.test.ts).
  const cases: Array<[string, Buffer, () => string]> = [
    ['wrong secret', raw, () => stripeSignatureHeader(raw, 'whsec_someone_else_0123456789', nowSeconds())],
    ['stale (305 s old)', raw, () => stripeSignatureHeader(raw, SECRET, nowSeconds() - 305)],
    ['from the future (305 s ahead)', raw, () => stripeSignatureHeader(raw, SECRET, nowSeconds() + 305)],
    ['missing header', raw, () => ''],
    ['no v1', raw, () => `t=${nowSeconds()},v0=${'a'.repeat(64)}`],
    ['garbage', raw, () => 'definitely not a signature'],
    [
      'body changed after signing',
      Buffer.from(body.replace('enterprise', 'professional')),
      () => stripeSignatureHeader(raw, SECRET, nowSeconds()),
    ],
    [
      'same JSON, other whitespace',
      Buffer.from(JSON.stringify(JSON.parse(body), null, 2)),
      () => stripeSignatureHeader(raw, SECRET, nowSeconds()),
    ],
  ];
  for (const [name, b, header] of cases) {
    await t.rejects(send(b, header()), { code: 'VALIDATION_ERROR' }, name);
  }
  t.equal(await processed(), before, 'nothing recorded');
  const o = await org(orgId);
  t.equal(o.plan, 'free', 'plan unchanged');
  t.equal(o.subscription_status, 'none');

  // Within the tolerance, and with one good v1 among several, it is accepted.
  const ts = nowSeconds() - 299;
  const good = stripeSignatureHeader(raw, SECRET, ts).split(',v1=')[1];
  const r = await send(raw, `t=${ts},v1=${'0'.repeat(64)},v1=${good},v0=abc`);
  t.equal(r.handled, true);
  t.equal((await org(orgId)).plan, 'enterprise');
});

t.test('checkout completes: plan and status reach accounts; the same event id is applied once', async (t) => {
  const orgId = await newOrganization();
  const event = checkout(orgId, 'professional');
  const body = JSON.stringify(event);
  const first = await send(body);
  t.same(
    { handled: first.handled, duplicate: first.duplicate, type: first.event_type },
    { handled: true, duplicate: false, type: 'checkout.session.completed' },
  );
  let o = await org(orgId);
  t.equal(o.plan, 'professional');
  t.equal(o.subscription_status, 'active');

  // An operator changes the plan by hand; a redelivered old event must not undo it.
  await accountsClient.SetPlan({ organization_id: orgId, plan: 'enterprise' });
  const again = await send(body);
  t.equal(again.duplicate, true);
  o = await org(orgId);
  t.equal(o.plan, 'enterprise', 'not re-applied');

  // Concurrent copies: exactly one applies.
  const ev2 = JSON.stringify(
    stripeEvent(
      'customer.subscription.updated',
      {
        object: 'subscription',
        status: 'trialing',
        metadata: { organizationId: orgId },
        items: { data: [{ price: { lookup_key: 'professional' } }] },
      },
      nowSeconds() + 1,
    ),
  );
  const results = await Promise.all(Array.from({ length: 5 }, () => send(ev2)));
  t.equal(results.filter((r) => !r.duplicate).length, 1, 'one of five concurrent deliveries applied');
  o = await org(orgId);
  t.equal(o.plan, 'professional');
  t.equal(o.subscription_status, 'trialing');
  const rows = await db('provider_events').where({ organization_id: orgId });
  t.equal(rows.length, 2);
});

t.test('the six event types per docs/contract.md "Billing events"; unhandled types are ignored', async (t) => {
  const orgId = await newOrganization();
  let created = nowSeconds();
  const sub = (type: string, status: string, lookup = 'enterprise') =>
    stripeEvent(
      type,
      { object: 'subscription', status, metadata: { organizationId: orgId }, items: { data: [{ price: { lookup_key: lookup } }] } },
      ++created,
    );
  const invoice = (type: string) =>
    stripeEvent(type, { object: 'invoice', subscription_details: { metadata: { organizationId: orgId } } }, ++created);

  await send(JSON.stringify(sub('customer.subscription.created', 'active')));
  t.same([(await org(orgId)).plan, (await org(orgId)).subscription_status], ['enterprise', 'active']);
  await send(JSON.stringify(invoice('invoice.payment_failed')));
  t.same([(await org(orgId)).plan, (await org(orgId)).subscription_status], ['enterprise', 'past_due'], 'past_due keeps the plan');
  await send(JSON.stringify(invoice('invoice.paid')));
  t.equal((await org(orgId)).subscription_status, 'active');
  const parentStyle = stripeEvent(
    'invoice.payment_failed',
    { object: 'invoice', parent: { subscription_details: { metadata: { organizationId: orgId } } } },
    ++created,
  );
  await send(JSON.stringify(parentStyle));
  t.equal((await org(orgId)).subscription_status, 'past_due', 'newer API shape (parent.subscription_details) too');
  await send(JSON.stringify(sub('customer.subscription.updated', 'active', 'professional')));
  t.same([(await org(orgId)).plan, (await org(orgId)).subscription_status], ['professional', 'active']);
  // Nothing is being paid: the paid plan goes until a paying state brings it back.
  for (const status of ['unpaid', 'paused', 'incomplete_expired', 'canceled']) {
    await send(JSON.stringify(sub('customer.subscription.updated', status, 'professional')));
    t.same([(await org(orgId)).plan, (await org(orgId)).subscription_status], ['free', status], `${status} keeps no paid plan`);
    await send(JSON.stringify(sub('customer.subscription.updated', 'active', 'professional')));
    t.same([(await org(orgId)).plan, (await org(orgId)).subscription_status], ['professional', 'active'], `paying again after ${status}`);
  }
  await send(JSON.stringify(sub('customer.subscription.updated', 'incomplete', 'enterprise')));
  t.same([(await org(orgId)).plan, (await org(orgId)).subscription_status], ['professional', 'incomplete'], 'incomplete grants no new plan');
  await send(JSON.stringify(sub('customer.subscription.updated', 'active', 'professional')));
  const deleted = sub('customer.subscription.deleted', 'canceled');
  await send(JSON.stringify(deleted));
  t.same([(await org(orgId)).plan, (await org(orgId)).subscription_status], ['free', 'canceled']);

  // A late, older update (providers do not order deliveries) changes nothing.
  const late = stripeEvent(
    'customer.subscription.updated',
    {
      object: 'subscription',
      status: 'active',
      metadata: { organizationId: orgId },
      items: { data: [{ price: { lookup_key: 'enterprise' } }] },
    },
    created - 3,
  );
  const r = await send(JSON.stringify(late));
  t.equal(r.handled, true);
  t.same([(await org(orgId)).plan, (await org(orgId)).subscription_status], ['free', 'canceled'], 'older event did not win');
  t.equal((await db('provider_events').where({ event_id: late.id }).first()).outcome, 'stale');

  const unhandled = await send(JSON.stringify(stripeEvent('customer.created', { object: 'customer' })));
  t.same([unhandled.handled, unhandled.duplicate, unhandled.event_type], [false, false, 'customer.created']);
  const noOrg = await send(JSON.stringify(stripeEvent('invoice.paid', { object: 'invoice' })));
  t.equal(noOrg.handled, false, 'a handled type naming no organization is acknowledged, not applied');
  const unknownOrg = await send(JSON.stringify(checkout(randomUUID())));
  t.equal(unknownOrg.handled, true);
  t.equal(
    (await db('provider_events').where({ event_type: 'checkout.session.completed' }).orderBy('processed_at', 'desc').first()).outcome,
    'unknown organization',
  );
});

t.test('accounts unreachable: UNAVAILABLE, not recorded, applied on the retry', async (t) => {
  const orgId = await newOrganization();
  const cut = billingWith('127.0.0.1:1');
  await cut.start();
  const cutClient = createClient(loadProtos().billing.BillingService, `127.0.0.1:${cut.grpcPort()}`, { identity: testCaller() });
  t.teardown(async () => {
    cutClient.close();
    await cut.stop();
  });
  const raw = Buffer.from(JSON.stringify(checkout(orgId)));
  const header = stripeSignatureHeader(raw, SECRET, nowSeconds());
  await t.rejects(cutClient.HandleProviderWebhook({ provider: 'stripe', raw_body: raw, signature_header: header }, { deadlineMs: 15000 }), {
    code: 'UNAVAILABLE',
  });
  t.equal((await org(orgId)).plan, 'free');
  const r = await send(raw, header);
  t.equal(r.duplicate, false, 'the failed attempt did not mark it processed');
  t.equal((await org(orgId)).plan, 'enterprise');
});

t.test('unknown provider', async (t) => {
  await t.rejects(billingClient.HandleProviderWebhook({ provider: 'paypal', raw_body: Buffer.from('{}'), signature_header: 'x' }), {
    code: 'NOT_FOUND',
  });
});
