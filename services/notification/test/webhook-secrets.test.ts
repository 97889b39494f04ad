// Webhook endpoint secrets at rest: sealed under WEBHOOK_SECRET_KEY (never in clear in the
// database), rows written before sealing existed are sealed at start, a key rotation reseals
// every row, and a secret under a key that is not configured fails its deliveries clearly
// instead of sending them unsigned. Real database, real HTTP receiver.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import t from 'tap';
import { waitFor } from '@cred/testing';
import { secretKeyFingerprint } from '../src/domain/secret-box.js';
import { organization, startHarness } from './fixtures/harness.js';

const h = await startHarness(t);
await h.start();
const enterprise = organization({ plan: 'enterprise', name: 'Sealed Corp' });
await h.publish('accounts.organization.created', { organization: enterprise });

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');
const fingerprint = (hex: string) => secretKeyFingerprint(Buffer.from(hex, 'hex'));
const endpointRow = (id: string) => h.db('webhook_endpoints').where({ id }).first();
/** Every column of every endpoint row as text, the way a database dump would show it. */
const dump = async () =>
  ((await h.db.raw('select e::text as row from webhook_endpoints e')).rows as { row: string }[]).map((r) => r.row).join('\n');

/** Pings the endpoint and returns the request the receiver got, with the delivery's outcome. */
async function ping(webhookId: string) {
  const before = h.receiver.requests.length;
  const delivery = await h.client().PingWebhook({ organization_id: enterprise.id, webhook_id: webhookId });
  return { delivery, request: h.receiver.requests.slice(before).find((r) => r.headers['x-service-delivery'] === delivery.event_id) };
}

const created = await h
  .client()
  .CreateWebhook({ organization_id: enterprise.id, url: `${h.receiver.url}/new`, events: ['credential.issued'] });
const secret = created.secret;
const webhookId = created.endpoint!.id;
let tamperedId = '';

t.test('a new endpoint’s secret is sealed at rest and still signs its deliveries', async (t) => {
  const row = await endpointRow(webhookId);
  t.equal(row.secret, null, 'no clear secret column value');
  t.ok(Buffer.isBuffer(row.secret_sealed) && row.secret_sealed.length > 28, 'a sealed value');
  t.equal(row.secret_key_id, fingerprint(h.webhookSecretKey), 'sealed under the configured key');
  const text = await dump();
  t.notOk(text.includes(secret), 'the secret appears nowhere in the table');
  t.notOk(text.includes(secret.slice('whsec_'.length)), 'nor its random part');
  t.notOk(row.secret_sealed.includes(Buffer.from(secret.slice('whsec_'.length), 'utf8')), 'not inside the sealed bytes either');

  const { delivery, request } = await ping(webhookId);
  t.equal(delivery.status, 'succeeded');
  t.ok(request, 'the receiver got the ping');
  t.equal(request!.headers['x-service-signature'], sign(secret, request!.body), 'signed with the secret shown at creation');
});

t.test('a sealed value moved to another endpoint does not open', async (t) => {
  const other = await h
    .client()
    .CreateWebhook({ organization_id: enterprise.id, url: `${h.receiver.url}/other`, events: ['credential.issued'] });
  tamperedId = other.endpoint!.id;
  const source = await endpointRow(webhookId);
  await h.db('webhook_endpoints').where({ id: other.endpoint!.id }).update({ secret_sealed: source.secret_sealed });
  const { delivery, request } = await ping(other.endpoint!.id);
  t.equal(delivery.status, 'failed');
  t.match(delivery.attempt_log[0]?.error, /secret unavailable/);
  t.notOk(request, 'nothing was sent');
  await h.client().DeleteWebhook({ organization_id: enterprise.id, webhook_id: other.endpoint!.id });
});

t.test('a row from before sealing is sealed when the service starts', async (t) => {
  const legacyId = randomUUID();
  const legacySecret = `whsec_${randomBytes(32).toString('base64url')}`;
  await h.stop();
  // Written the way the service wrote endpoints before migration 0004: the secret in clear.
  await h.db('webhook_endpoints').insert({
    id: legacyId,
    organization_id: enterprise.id,
    url: `${h.receiver.url}/legacy`,
    events: JSON.stringify(['credential.issued']),
    secret: legacySecret,
    created_at: new Date(),
  });
  await h.start();
  const row = await endpointRow(legacyId);
  t.equal(row.secret, null, 'the clear copy is gone');
  t.equal(row.secret_key_id, fingerprint(h.webhookSecretKey));
  t.notOk((await dump()).includes(legacySecret), 'the legacy secret appears nowhere in the table');
  const { delivery, request } = await ping(legacyId);
  t.equal(delivery.status, 'succeeded');
  t.equal(request!.headers['x-service-signature'], sign(legacySecret, request!.body), 'still signed with the secret its owner holds');
});

t.test('rotation: the previous key still opens, every row is resealed under the new one', async (t) => {
  const newKey = randomBytes(32).toString('hex');
  await h.stop();
  await h.start(undefined, { WEBHOOK_SECRET_KEY: newKey, WEBHOOK_SECRET_KEY_PREVIOUS: h.webhookSecretKey });
  const rows = (await h.db('webhook_endpoints').select('id', 'secret', 'secret_key_id')) as {
    id: string;
    secret: string | null;
    secret_key_id: string;
  }[];
  t.equal(rows.length, 3);
  for (const r of rows) {
    t.equal(r.secret, null);
    // The row whose sealed value was copied from another endpoint cannot be opened: left as it was.
    t.equal(
      r.secret_key_id,
      fingerprint(r.id === tamperedId ? h.webhookSecretKey : newKey),
      r.id === tamperedId ? 'tampered row left alone' : 'resealed under the new key',
    );
  }

  // The previous key can now be dropped.
  await h.stop();
  await h.start(undefined, { WEBHOOK_SECRET_KEY: newKey });
  const { delivery, request } = await ping(webhookId);
  t.equal(delivery.status, 'succeeded');
  t.equal(request!.headers['x-service-signature'], sign(secret, request!.body), 'the endpoint’s secret did not change');

  t.test('a key that is not configured: deliveries fail with a clear error and nothing is sent', async (t) => {
    await h.stop();
    await h.start(undefined, { WEBHOOK_SECRET_KEY: randomBytes(32).toString('hex') });
    const row = await endpointRow(webhookId);
    t.equal(row.secret_key_id, fingerprint(newKey), 'left as it was: the service cannot open it');
    const failed = await ping(webhookId);
    t.equal(failed.delivery.status, 'failed');
    t.match(failed.delivery.attempt_log[0]?.error, /secret unavailable \(sealed under a key not configured here\)/);
    t.notOk(failed.request, 'no unsigned or wrongly signed request left');

    // With the right key back, the failed delivery can be replayed.
    await h.stop();
    await h.start(undefined, { WEBHOOK_SECRET_KEY: newKey });
    const replayed = await h
      .client()
      .ReplayDelivery({ organization_id: enterprise.id, webhook_id: webhookId, delivery_id: failed.delivery.id });
    t.equal(replayed.id, failed.delivery.id);
    const request = await waitFor('the replayed ping', () =>
      h.receiver.requests.find((r) => r.headers['x-service-delivery'] === failed.delivery.event_id),
    );
    t.equal(request.headers['x-service-signature'], sign(secret, request.body), 'sent, signed with the endpoint’s secret');
  });
});
