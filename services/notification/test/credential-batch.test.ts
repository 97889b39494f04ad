// The credential consumer's batch handler (e-mail and webhook fan-out in one transaction): a
// batch reads an organization's endpoints once per event type, not once per event, and still
// queues one delivery per event and subscribed endpoint, as the one-event handler does.
// Real database; the handler is called in transactions the way the consumer calls it.
import { randomUUID } from 'node:crypto';
import t from 'tap';
import { createLogger, type Clock } from '@cred/runtime';
import type { DomainEvent } from '@cred/events';
import { statementsOf } from '@cred/testing';
import { loadTemplates } from '../src/domain/email-templates.js';
import { webhookStore } from '../src/db/webhook-store.js';
import { onCredentialEvent } from '../src/events/credential-events.js';
import { BASE_URL, credentialIssued, eventOf, organization, startHarness, storeOrganization } from './fixtures/harness.js';

const h = await startHarness(t);
const clock: Clock = { now: () => new Date() };
const logger = createLogger({ service: 'notification-test', level: 'silent' });
const consumer = onCredentialEvent(
  { clock, logger, baseUrl: BASE_URL, templates: loadTemplates(), wakeWorker: () => undefined },
  { clock, logger, baseUrl: BASE_URL, wakeWorker: () => undefined },
);

const org = organization({ plan: 'enterprise', name: 'Big Corp' });
await storeOrganization(h.db, org);
const endpoint = async (events: string[]) => {
  const id = randomUUID();
  await webhookStore.insertEndpoint(h.db, {
    id,
    organizationId: org.id,
    url: 'https://hooks.example/in',
    events,
    secret: { sealed: { value: Buffer.alloc(40, 1), keyId: 'k1' } }, // never opened: nothing is delivered here
    createdAt: new Date(),
    deletedAt: null,
  });
  return id;
};
const both = await endpoint(['credential.issued', 'credential.renewed']);
const issuedOnly = await endpoint(['credential.issued']);
await endpoint(['credential.revoked']);

const renewed = () =>
  eventOf(
    'credential.renewed',
    credentialIssued(org, {
      supersedesCredentialId: randomUUID(),
      supersedesCredentialShortId: 'CRD-PR10R0000000',
      priorStatus: 'revoked',
    }),
  );
const issued = () => eventOf('credential.issued', credentialIssued(org));

/** Deliveries queued for these events, as "event index -> endpoint" pairs, sorted. */
const deliveries = async (events: DomainEvent<unknown>[]) =>
  (
    await h
      .db('webhook_deliveries')
      .whereIn(
        'event_id',
        events.map((e) => e.id),
      )
      .select('event_id', 'endpoint_id')
  )
    .map(
      (r: { event_id: string; endpoint_id: string }) =>
        `${events.findIndex((e) => e.id === r.event_id)}->${r.endpoint_id === both ? 'both' : r.endpoint_id === issuedOnly ? 'issuedOnly' : 'other'}`,
    )
    .sort();


t.test('a batch reads the endpoints once per event type and queues what the one-event handler queues', async (t) => {
  const single = [issued(), renewed(), issued(), issued()];
  const singleStatements = await statementsOf(h.db, async () => {
    for (const e of single) await h.db.transaction((trx) => consumer.handler(e, trx));
  });
  const batch = [issued(), renewed(), issued(), issued()];
  const batchStatements = await statementsOf(h.db, () => h.db.transaction((trx) => consumer.batchHandler(batch, trx)));

  const expected = ['0->both', '0->issuedOnly', '1->both', '2->both', '2->issuedOnly', '3->both', '3->issuedOnly'];
  t.same(await deliveries(single), expected, 'one event at a time: a delivery per subscribed endpoint, none for the revoked-only one');
  t.same(await deliveries(batch), expected, 'the batch queues the same deliveries');

  const endpointReads = (s: string[]) => s.filter((q) => /from "webhook_endpoints"/.test(q)).length;
  const organizationReads = (s: string[]) => s.filter((q) => /from "organizations"/.test(q)).length;
  t.equal(endpointReads(singleStatements), 4, 'one event at a time: an endpoint read per event');
  t.equal(endpointReads(batchStatements), 2, 'the batch: one endpoint read per event type (issued, renewed)');
  t.equal(organizationReads(batchStatements), 1, 'the batch: one organization read');
});

t.test('an endpoint added after a batch is seen by the next batch', async (t) => {
  const first = [issued()];
  await h.db.transaction((trx) => consumer.batchHandler(first, trx));
  const later = await endpoint(['credential.issued']);
  const second = [issued(), issued()];
  await h.db.transaction((trx) => consumer.batchHandler(second, trx));
  const rows = await h.db('webhook_deliveries').where({ endpoint_id: later });
  t.same(
    rows.map((r: { event_id: string }) => r.event_id).sort(),
    second.map((e) => e.id).sort(),
    'the new endpoint gets the second batch, not the first',
  );
});
