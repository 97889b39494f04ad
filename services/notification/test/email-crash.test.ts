// Sending once per event across crashes. The consumer commits a pending row with its inbox row
// (and acks only after that commit); the worker sends from the table and marks the row sent.
// The crash points are made from outside the code under test: the consumer's commit fails (a
// deferred trigger this test installs), and a worker "process" dies before the SMTP send or
// after the SMTP server accepted the message (the one window where a duplicate remains
// possible): its mailer never returns, so it records nothing more and is never stopped.
import t from 'tap';
import { createLogger } from '@cred/runtime';
import { waitFor } from '@cred/testing';
import { loadTemplates } from '../src/domain/email-templates.js';
import { emailSendStore } from '../src/db/email-send-store.js';
import { EmailWorker } from '../src/email/email-worker.js';
import { createSmtpMailer, type Mailer } from '../src/email/mailer.js';
import { BASE_URL, credentialIssued, organization, pendingEmail, startHarness } from './fixtures/harness.js';

const h = await startHarness(t);
const org = organization();
const mailsTo = (address: string) => h.smtp.messages.filter((m) => m.to.includes(address));
const sendRow = async (eventId: string) => h.db('email_sends').where({ event_id: eventId }).first();
const settle = (ms = 800) => new Promise((r) => setTimeout(r, ms));

/** Where a process dies: the step never returns, so nothing after it runs. */
const dies = () => new Promise<never>(() => undefined);

/**
 * An e-mail worker in a process of its own that dies in its mailer: it leases the due rows,
 * then hangs forever holding their leases (no connection: the lease committed), like a worker
 * whose process was killed. The service is not running meanwhile, so nothing else sends.
 */
function doomedWorker(mailer: Mailer): void {
  new EmailWorker({
    db: h.db,
    schema: 'notification',
    mailer,
    templates: loadTemplates(),
    clock: h.clock,
    logger: createLogger({ service: 'doomed-notification', level: 'silent' }),
    baseUrl: BASE_URL,
    registerClaimTokens: async () => undefined,
    pollIntervalMs: 100,
  }).start();
}

const smtpMailer = createSmtpMailer(`smtp://127.0.0.1:${h.smtp.port}`, 'Credentials <no-reply@credentials.test>');
t.teardown(() => smtpMailer.close());

async function recordPending(recipientEmail: string) {
  const row = pendingEmail(recipientEmail, h.clock.now());
  await h.db.transaction((trx) => emailSendStore.insert(trx, row));
  return row;
}

t.test('the consumer fails after recording, before its commit and ack: redelivered, sent once', async (t) => {
  // The first commit of this recipient's row fails (a deferred constraint trigger runs at
  // commit); the sequence counts the attempts and survives the rollback.
  await h.db.raw(`
    CREATE SEQUENCE notification.commit_attempts;
    CREATE FUNCTION notification.fail_first_commit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.recipient_email = 'redelivered@example.com' THEN
        IF nextval('notification.commit_attempts') = 1 THEN
          RAISE EXCEPTION 'injected: consumer dies before the ack';
        END IF;
      END IF;
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER fail_first_commit AFTER INSERT ON notification.email_sends
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION notification.fail_first_commit();
  `);
  t.teardown(() =>
    h.db.raw(`
      DROP TRIGGER fail_first_commit ON notification.email_sends;
      DROP FUNCTION notification.fail_first_commit();
      DROP SEQUENCE notification.commit_attempts;
    `),
  );
  await h.start({});
  await h.publish('accounts.organization.created', { organization: org });
  const ev = await h.publish('credential.issued', credentialIssued(org, { recipientEmail: 'redelivered@example.com' }));
  await waitFor('sent', () => mailsTo('redelivered@example.com').length === 1);
  await settle();
  const attempts = (await h.db.raw('SELECT last_value FROM notification.commit_attempts')).rows[0].last_value;
  t.equal(Number(attempts), 2, 'the event was handled twice (first attempt rolled back)');
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
  const pending = await recordPending('restart@example.com');
  doomedWorker({ send: dies, close: () => undefined });
  const leased = await waitFor('row leased', async () => {
    const r = await sendRow(pending.eventId);
    return r?.locked_until ? r : undefined;
  });
  t.equal(leased.status, 'pending');
  t.equal(mailsTo('restart@example.com').length, 0, 'nothing sent yet');

  await h.start({});
  await settle();
  t.equal(mailsTo('restart@example.com').length, 0, 'not before the lease of the dead worker lapses');
  h.clock.advance(121_000);
  await waitFor('sent after restart', () => mailsTo('restart@example.com').length === 1);
  await settle();
  t.equal(mailsTo('restart@example.com').length, 1, 'exactly once');
  const row = await sendRow(pending.eventId);
  t.equal(row.status, 'sent');
  t.equal(row.attempts, 2);
  await h.stop();
});

t.test('the process dies after SMTP accepted, before the row update: the documented duplicate', async (t) => {
  const pending = await recordPending('window@example.com');
  doomedWorker({
    send: async (mail) => {
      await smtpMailer.send(mail);
      return dies();
    },
    close: () => undefined,
  });
  await waitFor('first copy', () => mailsTo('window@example.com').length === 1);
  await settle(300);
  t.equal((await sendRow(pending.eventId)).status, 'pending', 'the send is not recorded');

  await h.start({});
  h.clock.advance(121_000);
  await waitFor('second copy', () => mailsTo('window@example.com').length === 2);
  await settle();
  const copies = mailsTo('window@example.com');
  t.equal(copies.length, 2, 'one duplicate, no more');
  t.equal(copies[0]!.messageId, copies[1]!.messageId, 'with the same Message-ID, so mail clients can collapse it');
  t.equal((await sendRow(pending.eventId)).status, 'sent');
  await h.stop();
});
