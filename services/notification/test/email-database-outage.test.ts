// The duplicate e-mails of a short chaos run (docs/reliability.md, "Faults under load"): the run
// also SIGKILLed PostgreSQL, and an e-mail whose SMTP server had accepted it while the database
// went away used to be handled as a failed send: its row could not be marked sent, so it was
// scheduled again (or left to its lease) and sent a second time, one copy per send of the batch
// in flight. Here the worker runs on a PostgreSQL cluster of this test's own (test/chaos/infra.ts,
// killed and restarted by pid), the database is SIGKILLed the moment the SMTP server accepted the
// first batch, and started again a second later: every e-mail goes out once.
import { rmSync } from 'node:fs';
import t from 'tap';
import { createDb, type Knex } from '@cred/db';
import { AdjustableClock, createLogger } from '@cred/runtime';
import { waitFor } from '@cred/testing';
import { chaosRoot, startPostgres, type PostgresInstance } from '../../../test/chaos/infra.js';
import { migrateAll } from '../../../scripts/migrate-all.js';
import { loadTemplates } from '../src/domain/email-templates.js';
import { emailSendStore } from '../src/db/email-send-store.js';
import { EmailWorker } from '../src/email/email-worker.js';
import { createSmtpMailer, type Mailer } from '../src/email/mailer.js';
import { pendingEmail, startSmtp } from './fixtures/harness.js';

const root = chaosRoot();
let pg: PostgresInstance | undefined;
t.teardown(async () => {
  await pg?.cleanup();
  rmSync(root, { recursive: true, force: true });
});

t.test('PostgreSQL killed between the SMTP acceptance and the row update: each e-mail once', async (t) => {
  pg = await startPostgres(root);
  const url = pg.url('outage');
  await migrateAll(url);
  const db: Knex = createDb({ url, schema: 'notification', poolMax: 4 });
  t.teardown(() => db.destroy());
  const smtp = await startSmtp();
  t.teardown(() => smtp.close());
  const clock = new AdjustableClock();

  const recipients = Array.from({ length: 4 }, (_, i) => `outage-${i}@example.com`);
  await db.transaction(async (trx) => {
    for (const email of recipients) await emailSendStore.insert(trx, pendingEmail(email, clock.now()));
  });

  // The real SMTP mailer; the database dies as the server accepts the first batch's messages.
  const smtpMailer = createSmtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'Credentials <no-reply@example.com>');
  t.teardown(() => smtpMailer.close());
  let killed: Promise<void> | undefined;
  const mailer: Mailer = {
    async send(mail) {
      await smtpMailer.send(mail);
      killed ??= pg!.kill9();
      await killed;
    },
    close: () => undefined,
  };
  const worker = new EmailWorker({
    db,
    schema: 'notification',
    mailer,
    templates: loadTemplates(),
    clock,
    logger: createLogger({ service: 'email-outage-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    baseUrl: 'http://localhost:8080',
    registerClaimTokens: async () => undefined,
    pollIntervalMs: 200,
    concurrency: 4,
  });
  worker.start();
  await waitFor(
    'the first batch accepted by the SMTP server',
    () => smtp.messages.length === recipients.length && killed !== undefined,
    30_000,
  );
  await killed;
  // The outage itself lasts a second: a duration the scenario sets, not a wait for a signal.
  await new Promise((r) => setTimeout(r, 1000));
  await pg.start();

  // Stopping waits for the batch in flight: whatever the worker makes of its sends, it is done.
  await worker.stop();
  // A row still pending is sent again once its lease or retry time has passed: none may be due
  // even past every lease.
  clock.advance(24 * 3600_000);
  const due = await emailSendStore.claimDue(db, clock.now(), 120_000, 10);
  t.same(
    due.map((d) => d.recipientEmail),
    [],
    'no e-mail would be sent again',
  );
  const statuses = (await db('email_sends').select('status')).map((r: { status: string }) => r.status);
  t.same(statuses, ['sent', 'sent', 'sent', 'sent'], 'every row recorded as sent');
  t.same(
    recipients.map((r) => smtp.messages.filter((m) => m.to.includes(r)).length),
    [1, 1, 1, 1],
    'each recipient got one e-mail',
  );
});
