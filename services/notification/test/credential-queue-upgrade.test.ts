// credential.issued / renewed reach notification on one queue (`credentials`: e-mail and webhook
// fan-out) instead of two (`credential-emails`, `webhook-fanout`). On a broker an earlier release
// set up, the old bindings are removed; what the old queues still hold, or what a replica of the
// earlier release still running binds to them again, is handled once. Real broker, database,
// SMTP server and webhook receiver; the service is restarted around each step.
import t from 'tap';
import { consumerTopology, createBrokerConnection, declareConsumerTopology } from '@cred/events';
import { createLogger } from '@cred/runtime';
import { metricValue, waitFor } from '@cred/testing';
import { WEBHOOK_EVENT_TYPES } from '../src/domain/webhook-payload.js';
import { credentialIssued, organization, startHarness } from './fixtures/harness.js';

const h = await startHarness(t);
await h.start();
const enterprise = organization({ plan: 'enterprise', name: 'Big Corp' });
await h.publish('accounts.organization.created', { organization: enterprise });
const created = await h.client().CreateWebhook({ organization_id: enterprise.id, url: h.receiver.url, events: ['credential.issued'] });
if (!created.endpoint?.id) throw new Error('no endpoint registered');

const queue = (purpose: string) => consumerTopology(h.iso.eventsExchange, 'notification', purpose);
const broker = createBrokerConnection({ url: h.iso.amqpUrl, logger: createLogger({ service: 'upgrade-test', level: 'silent' }), name: 'notification-upgrade-test' });
t.teardown(() => broker.close());
await broker.waitUntilConnected(10_000);
/** Messages ready in a queue, asked of the broker. */
const ready = async (purpose: string) => {
  const ch = await broker.current()!.createChannel();
  try {
    return (await ch.checkQueue(queue(purpose).queue)).messageCount;
  } finally {
    await ch.close();
  }
};
/** What a replica of the earlier release declares for itself on (re)connecting. */
const earlierReleaseBindings = async () => {
  const ch = await broker.current()!.createChannel();
  try {
    const settings = { retryDelayMs: 300, deliveryLimit: 10 };
    await declareConsumerTopology(ch, queue('credential-emails'), ['credential.issued', 'credential.renewed'], settings);
    await declareConsumerTopology(ch, queue('webhook-fanout'), WEBHOOK_EVENT_TYPES, settings);
  } finally {
    await ch.close();
  }
};
const emailsTo = (address: string) => h.smtp.messages.filter((m) => m.to.includes(address));
const webhooksFor = (credentialId: string) => h.receiver.requests.filter((r) => r.body.includes(credentialId));

t.test('messages an earlier release left in its queues, and its bindings made again, are handled once', async (t) => {
  await h.stop();
  await earlierReleaseBindings();
  // Published while notification is down: routed to the new queue and to both old ones.
  const data = credentialIssued(enterprise, { recipientEmail: 'upgrade@example.com' });
  const event = await h.publish('credential.issued', data, { wait: false });
  t.equal(await ready('credentials'), 1, 'the new queue holds the event');
  t.equal(await ready('credential-emails'), 1, "the earlier release's e-mail queue holds it too");
  t.equal(await ready('webhook-fanout'), 1, "and its fan-out queue");

  await h.start();
  await waitFor('three copies handled', async () => (await h.db('inbox').where({ event_id: event.id })).length === 3, 20_000);
  await waitFor('the e-mail', async () => emailsTo('upgrade@example.com').length > 0);
  await waitFor('the webhook', async () => webhooksFor(data.credentialId).length > 0);
  // Nothing is left for a worker to send twice: the e-mail row is sent, the delivery succeeded,
  // and each worker finished two passes after that (the signal that a duplicate would have gone).
  await waitFor('the e-mail recorded as sent', async () => (await h.db('email_sends').where({ event_id: event.id, status: 'sent' })).length > 0);
  await waitFor('the delivery recorded', async () => (await h.db('webhook_deliveries').where({ event_id: event.id, status: 'succeeded' })).length > 0);
  for (const loop of ['e-mail worker pass', 'webhook worker pass']) {
    const passes = () => metricValue(h.service().host.opsPort!, 'background_passes_total', { loop, outcome: 'ok' });
    const before = await passes();
    await waitFor(`two passes of the ${loop}`, async () => (await passes()) >= before + 2);
  }
  t.equal(emailsTo('upgrade@example.com').length, 1, 'one e-mail');
  t.equal(webhooksFor(data.credentialId).length, 1, 'one webhook delivery');
  t.equal((await h.db('email_sends').where({ event_id: event.id })).length, 1, 'one e-mail row');
  t.equal((await h.db('webhook_deliveries').where({ event_id: event.id })).length, 1, 'one delivery row');
  for (const purpose of ['credentials', 'credential-emails', 'webhook-fanout']) t.equal(await ready(purpose), 0, `${purpose} drained`);
});

t.test('after the start, credential events go to the new queue only; a restart loses none', async (t) => {
  await h.stop();
  const data = credentialIssued(enterprise, { recipientEmail: 'after@example.com' });
  const event = await h.publish('credential.issued', data, { wait: false });
  t.equal(await ready('credentials'), 1, 'the new queue holds the event');
  t.equal(await ready('credential-emails'), 0, "the earlier release's e-mail queue is unbound");
  t.equal(await ready('webhook-fanout'), 0, 'the fan-out queue no longer gets credential.issued');
  const claimed = await h.publish('credential.claimed', { credentialUuid: data.credentialUuid, credentialId: data.credentialId }, { wait: false });
  t.equal(await ready('webhook-fanout'), 1, 'but still gets the other lifecycle events');

  await h.start();
  await waitFor('the e-mail', async () => emailsTo('after@example.com').length > 0);
  await waitFor('the webhook', async () => webhooksFor(data.credentialId).length > 0);
  await waitFor('claimed handled', async () => (await h.db('inbox').where({ event_id: claimed.id })).length === 1);
  t.same(
    (await h.db('inbox').where({ event_id: event.id })).map((r) => r.consumer),
    ['notification.credentials'],
    'handled once, by the new consumer',
  );
  t.equal((await h.db('email_sends').where({ event_id: event.id, status: 'sent' })).length, 1, 'the e-mail sent');
  t.equal((await h.db('webhook_deliveries').where({ event_id: event.id })).length, 1, 'the webhook delivery recorded');
});
