// Idempotency-Key of webhook registration, delivery replay and ping, kept by notification in the
// transaction of each effect (@cred/idempotency, docs/decisions.md "Idempotency-Key"). Real
// database and HTTP receiver: a retry answers the first answer and registers, queues or sends
// nothing again (rows and received requests counted), another request under the key is 422, a
// burst has one effect, a failure leaves the key free, a caller that gave up before the answer
// gets the stored one, and the registration's record never holds the signing secret.
import t from 'tap';
import { purgeExpired } from '@cred/idempotency';
import { waitFor } from '@cred/testing';
import { organization, startHarness } from './fixtures/harness.js';

const h = await startHarness(t);
await h.start();
const org = organization({ plan: 'enterprise', name: 'Keyed Corp' });
await h.publish('accounts.organization.created', { organization: org });
const client = () => h.client();

/** A fingerprint as the gateway sends it (SHA-256, base64url); opaque to notification. */
const fp = (label: string) => Buffer.from(label.padEnd(32, '.')).toString('base64url');
const keyOf = (label: string) => `api_key:test:${label}`;
const count = async (table: string, where: Record<string, unknown>) =>
  Number(((await h.db(table).where(where).count<{ n: string }[]>('* as n'))[0]!).n);
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'answered',
    (err: { code?: string; details?: { field?: string } }) => `${err.code}:${err.details?.field ?? ''}`,
  );
const pingsTo = (webhookId: string) => h.receiver.requests.filter((r) => r.headers['x-service-event'] === 'webhook.ping' && r.body.includes(webhookId)).length;

t.test('registration: a retry answers the first endpoint and its secret; the record holds no secret', async (t) => {
  const request = { organization_id: org.id, url: `${h.receiver.url}/a`, events: ['credential.issued'] };
  const idempotency = { key: keyOf('hook-1'), fingerprint: fp('hook-a') };
  const first = await client().CreateWebhook({ ...request, idempotency });
  t.equal(first.idempotent_replay, false);
  h.clock.advance(60_000);
  const again = await client().CreateWebhook({ ...request, idempotency });
  t.equal(again.idempotent_replay, true);
  t.same({ ...again, idempotent_replay: false }, first, 'the same endpoint, and the secret the first answer showed');
  t.equal(await count('webhook_endpoints', { organization_id: org.id, url: request.url }), 1, 'one endpoint registered');

  const record = await h.db('idempotency_records').where({ scope: `webhooks.create:${org.id}`, key: idempotency.key }).first();
  t.ok(record, 'notification keeps the record, scoped to the operation and organization');
  t.notOk(String(record.answer).includes(first.secret), 'the secret is not in the record (it stays sealed on the endpoint)');
  t.notOk(String(record.answer).includes('whsec_'));

  t.equal(
    await codeOf(client().CreateWebhook({ ...request, url: `${h.receiver.url}/b`, idempotency: { key: idempotency.key, fingerprint: fp('hook-b') } })),
    'UNPROCESSABLE:Idempotency-Key',
  );
  t.equal(await count('webhook_endpoints', { organization_id: org.id, url: `${h.receiver.url}/b` }), 0, 'another request under the key registers nothing');

  // Deleted since: the retry still answers what the first call answered (the endpoint keeps its sealed secret).
  await client().DeleteWebhook({ organization_id: org.id, webhook_id: first.endpoint!.id });
  t.same(await client().CreateWebhook({ ...request, idempotency }), again, 'replayed after the endpoint was deleted');
});

t.test('registration: a burst registers once; a failure leaves the key free; a bad key is 400', async (t) => {
  const request = { organization_id: org.id, url: `${h.receiver.url}/burst`, events: ['credential.revoked'], idempotency: { key: keyOf('burst'), fingerprint: fp('burst') } };
  const results = await Promise.allSettled(Array.from({ length: 6 }, () => client().CreateWebhook(request)));
  const answered = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as { code?: string; details?: { field?: string } }] : []));
  t.ok(refused.every((e) => e.code === 'CONFLICT' && e.details?.field === 'Idempotency-Key'), 'refusals are the key in flight');
  t.equal(answered.filter((a) => !a.idempotent_replay).length, 1, 'one original answer');
  t.ok(answered.every((a) => a.endpoint!.id === answered[0]!.endpoint!.id && a.secret === answered[0]!.secret));
  t.equal(await count('webhook_endpoints', { organization_id: org.id, url: request.url }), 1);

  const key = keyOf('fails-first');
  t.equal(await codeOf(client().CreateWebhook({ ...request, url: 'https://10.0.0.5/x', idempotency: { key, fingerprint: fp('private') } })), 'VALIDATION_ERROR:url');
  const corrected = await client().CreateWebhook({ ...request, url: `${h.receiver.url}/corrected`, idempotency: { key, fingerprint: fp('corrected') } });
  t.equal(corrected.idempotent_replay, false, 'the corrected request runs under the same key');

  t.equal(await codeOf(client().CreateWebhook({ ...request, idempotency: { key: 'a b', fingerprint: fp('x') } })), 'VALIDATION_ERROR:idempotency.key');
  t.equal(await codeOf(client().CreateWebhook({ ...request, idempotency: { key: keyOf('nofp'), fingerprint: '' } })), 'VALIDATION_ERROR:idempotency.fingerprint');
});

const hook = await client().CreateWebhook({ organization_id: org.id, url: `${h.receiver.url}/ping`, events: ['credential.issued'] });
const webhookId = hook.endpoint!.id;
const other = await client().CreateWebhook({ organization_id: org.id, url: `${h.receiver.url}/other`, events: ['credential.issued'] });

t.test('ping: a retry answers the first outcome and sends nothing again', async (t) => {
  const idempotency = { key: keyOf('ping-1'), fingerprint: fp('') };
  const first = await client().PingWebhook({ organization_id: org.id, webhook_id: webhookId, idempotency });
  t.equal(first.status, 'succeeded');
  t.equal(first.idempotent_replay, false);
  t.equal(pingsTo(webhookId), 1);
  h.clock.advance(1000);
  const again = await client().PingWebhook({ organization_id: org.id, webhook_id: webhookId, idempotency });
  t.same({ ...again, idempotent_replay: false }, first, 'the stored outcome');
  t.equal(again.idempotent_replay, true);
  t.equal(pingsTo(webhookId), 1, 'nothing sent again');
  t.equal(await count('webhook_deliveries', { endpoint_id: webhookId, event_type: 'webhook.ping' }), 1, 'one delivery row');
  t.equal(
    await codeOf(client().PingWebhook({ organization_id: org.id, webhook_id: other.endpoint!.id, idempotency })),
    'UNPROCESSABLE:Idempotency-Key',
    'the same key on another endpoint is another request',
  );
  t.equal(pingsTo(other.endpoint!.id), 0);
});

t.test('ping: concurrent duplicates send once; a caller that gave up gets the stored outcome', async (t) => {
  h.receiver.delay(600);
  t.teardown(() => h.receiver.delay(0));
  const idempotency = { key: keyOf('ping-burst'), fingerprint: fp('') };
  const before = pingsTo(webhookId);
  const results = await Promise.all(Array.from({ length: 4 }, () => codeOf(client().PingWebhook({ organization_id: org.id, webhook_id: webhookId, idempotency }))));
  t.equal(results.filter((r) => r === 'answered').length, 1, `one answer, the others in flight: ${results.join(',')}`);
  t.equal(results.filter((r) => r === 'CONFLICT:Idempotency-Key').length, 3);
  t.equal(pingsTo(webhookId) - before, 1, 'one request sent');

  const lost = { key: keyOf('ping-lost'), fingerprint: fp('') };
  const rows = () => count('webhook_deliveries', { endpoint_id: webhookId, event_type: 'webhook.ping' });
  const rowsBefore = await rows();
  t.equal(await codeOf(client().PingWebhook({ organization_id: org.id, webhook_id: webhookId, idempotency: lost }, { deadlineMs: 200 })), 'UNAVAILABLE:', 'the caller gave up');
  await waitFor('the abandoned ping committed', async () => ((await h.db('idempotency_records').where({ key: lost.key }).first()) ? true : undefined), 10_000, 50);
  const retry = await client().PingWebhook({ organization_id: org.id, webhook_id: webhookId, idempotency: lost });
  t.equal(retry.idempotent_replay, true, 'the stored outcome');
  t.equal(retry.status, 'succeeded');
  t.equal((await rows()) - rowsBefore, 1, 'one ping delivery for the abandoned call and its retry');
});

t.test('replay: a retry answers the first answer and queues nothing again', async (t) => {
  const pinged = await client().PingWebhook({ organization_id: org.id, webhook_id: webhookId });
  const idempotency = { key: keyOf('replay-1'), fingerprint: fp('') };
  const request = { organization_id: org.id, webhook_id: webhookId, delivery_id: pinged.id, idempotency };
  const first = await client().ReplayDelivery(request);
  t.equal(first.status, 'pending', 'queued again');
  t.equal(first.idempotent_replay, false);
  await waitFor('the replay delivered', async () => {
    const d = await h.db('webhook_deliveries').where({ id: pinged.id }).first();
    return d.status === 'succeeded' ? d : undefined;
  });
  const attempts = await count('webhook_attempts', { delivery_id: pinged.id });
  t.equal(attempts, 2, 'the ping and the replayed attempt');
  const again = await client().ReplayDelivery(request);
  t.same({ ...again, idempotent_replay: false }, first, 'the first answer, not the delivery as it is now');
  t.equal(again.idempotent_replay, true);
  const row = await h.db('webhook_deliveries').where({ id: pinged.id }).first();
  t.equal(row.status, 'succeeded', 'not queued again');
  t.equal(await count('webhook_attempts', { delivery_id: pinged.id }), attempts, 'no further attempt');

  const otherPing = await client().PingWebhook({ organization_id: org.id, webhook_id: webhookId });
  t.equal(
    await codeOf(client().ReplayDelivery({ ...request, delivery_id: otherPing.id })),
    'UNPROCESSABLE:Idempotency-Key',
    'the same key on another delivery is another request',
  );
  t.equal((await h.db('webhook_deliveries').where({ id: otherPing.id }).first()).status, 'succeeded', 'which was not queued');
  t.equal(
    await codeOf(client().ReplayDelivery({ ...request, webhook_id: '' })),
    'UNPROCESSABLE:Idempotency-Key',
    'nor the same delivery named on another path',
  );
});

t.test('records that no longer bind are purged by the sweep', async (t) => {
  const before = await count('idempotency_records', {});
  t.ok(before > 0);
  h.clock.advance(25 * 60 * 60 * 1000);
  t.equal(await purgeExpired(h.db, h.clock.now(), 10_000), before, 'every record is past 24 hours');
  const reused = await client().PingWebhook({ organization_id: org.id, webhook_id: webhookId, idempotency: { key: keyOf('ping-1'), fingerprint: fp('') } });
  t.equal(reused.idempotent_replay, false, 'an expired key pings anew');
});
