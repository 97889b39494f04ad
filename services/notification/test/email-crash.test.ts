// Sending once per event across crashes. The consumer commits a pending row with its inbox row
// (and acks only after that commit); the worker sends from the table and marks the row sent.
// Crash points are injected: in the consumer transaction, before the SMTP send, and after the
// SMTP server accepted the message (the one window where a duplicate remains possible).
import t from 'tap';
import { waitFor } from '@cred/testing';
import { SimulatedCrash } from '../src/email/email-worker.js';
import { credentialIssued, organization, startHarness } from './fixtures/harness.js';

const h = await startHarness(t);
const org = organization();
const mailsTo = (address: string) => h.smtp.messages.filter((m) => m.to.includes(address));
const sendRow = async (eventId: string) => h.db('email_sends').where({ event_id: eventId }).first();
const settle = (ms = 800) => new Promise((r) => setTimeout(r, ms));

t.test('the consumer fails after recording, before its commit and ack: redelivered, sent once', async (t) => {
  let failures = 0;
  await h.start({
    afterEmailRecorded: () => {
      if (failures++ === 0) throw new Error('injected: consumer dies before the ack');
    },
  });
  await h.publish('accounts.organization.created', { organization: org });
  const ev = await h.publish('credential.issued', credentialIssued(org, { recipientEmail: 'redelivered@example.com' }));
  await waitFor('sent', () => mailsTo('redelivered@example.com').length === 1);
  await settle();
  t.equal(failures, 2, 'the event was handled twice (first attempt rolled back)');
  t.equal(mailsTo('redelivered@example.com').length, 1, 'one e-mail');
  t.equal((await h.db('email_sends').where({ event_id: ev.id })).length, 1, 'one row');
  await h.stop();
});

t.test('the same event delivered twice (broker redelivery / relay republish): one e-mail', async (t) => {
  await h.start({});
  const data = credentialIssued(org, { recipientEmail: 'twice@example.com' });
  const ev = await h.publish('credential.issued', data);
  await waitFor('sent', () => mailsTo('twice@example.com').length === 1);
  await h.publish('credential.issued', data, { id: ev.id, wait: false });
  await h.publish('credential.issued', data, { id: ev.id, wait: false });
  await settle();
  t.equal(mailsTo('twice@example.com').length, 1);
  t.equal((await sendRow(ev.id)).status, 'sent');
  await h.stop();
});

t.test('the process dies after the row is committed, before SMTP: sent once after restart', async (t) => {
  await h.start({
    emailFaults: {
      beforeSend: () => {
        throw new SimulatedCrash('process dies before SMTP');
      },
    },
  });
  const ev = await h.publish('credential.issued', credentialIssued(org, { recipientEmail: 'restart@example.com' }));
  const leased = await waitFor('row leased', async () => {
    const r = await sendRow(ev.id);
    return r?.locked_until ? r : undefined;
  });
  t.equal(leased.status, 'pending');
  await h.stop();
  t.equal(mailsTo('restart@example.com').length, 0, 'nothing sent yet');

  await h.start({});
  await settle();
  t.equal(mailsTo('restart@example.com').length, 0, 'not before the lease of the dead worker lapses');
  h.clock.advance(121_000);
  await waitFor('sent after restart', () => mailsTo('restart@example.com').length === 1);
  await settle();
  t.equal(mailsTo('restart@example.com').length, 1, 'exactly once');
  const row = await sendRow(ev.id);
  t.equal(row.status, 'sent');
  t.equal(row.attempts, 2);
  await h.stop();
});

t.test('the process dies after SMTP accepted, before the row update: the documented duplicate', async (t) => {
  await h.start({
    emailFaults: {
      afterSend: () => {
        throw new SimulatedCrash('process dies after SMTP accepted');
      },
    },
  });
  const ev = await h.publish('credential.issued', credentialIssued(org, { recipientEmail: 'window@example.com' }));
  await waitFor('first copy', () => mailsTo('window@example.com').length === 1);
  await settle(300);
  await h.stop();
  t.equal((await sendRow(ev.id)).status, 'pending', 'the send is not recorded');

  await h.start({});
  h.clock.advance(121_000);
  await waitFor('second copy', () => mailsTo('window@example.com').length === 2);
  await settle();
  const copies = mailsTo('window@example.com');
  t.equal(copies.length, 2, 'one duplicate, no more');
  t.equal(copies[0]!.messageId, copies[1]!.messageId, 'with the same Message-ID, so mail clients can collapse it');
  t.equal((await sendRow(ev.id)).status, 'sent');
  await h.stop();
});
