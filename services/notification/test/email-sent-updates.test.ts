// The e-mail worker's `sent` updates: the sends the SMTP connections accept in one turn of the
// event loop are recorded by one statement, not the first alone and the rest in a second. Real
// database; the mailer is a stand-in that accepts every message of the lease in the same turn,
// as several pooled SMTP connections answering in one read of the sockets do.
import t from 'tap';
import { createLogger } from '@cred/runtime';
import { waitFor } from '@cred/testing';
import { loadTemplates } from '../src/domain/email-templates.js';
import { emailSendStore } from '../src/db/email-send-store.js';
import { EmailWorker } from '../src/email/email-worker.js';
import type { Mailer, OutgoingEmail } from '../src/email/mailer.js';
import { BASE_URL, pendingEmail, startHarness } from './fixtures/harness.js';

const h = await startHarness(t);

t.test('sends accepted in one turn share one sent update', async (t) => {
  const sends = Array.from({ length: 6 }, (_, i) => pendingEmail(`turn${i}@example.com`, h.clock.now()));
  await h.db.transaction((trx) => emailSendStore.insertMany(trx, sends));

  // Holds every message until the sixth arrives, then accepts them all at once.
  const held: Array<() => void> = [];
  const accepted: OutgoingEmail[] = [];
  const mailer: Mailer = {
    send: (mail) =>
      new Promise<void>((resolve) => {
        accepted.push(mail);
        held.push(resolve);
        if (held.length === sends.length) held.splice(0).forEach((r) => r());
      }),
    close: () => undefined,
  };
  const updates: string[] = [];
  const listen = (q: { sql: string }) => {
    if (/^update "email_sends" set "status"/.test(q.sql)) updates.push(q.sql);
  };
  h.db.on('query', listen);
  t.teardown(() => void h.db.off('query', listen));

  const worker = new EmailWorker({
    db: h.db,
    schema: 'notification',
    mailer,
    templates: loadTemplates(),
    clock: h.clock,
    logger: createLogger({ service: 'sent-updates-test', level: 'silent' }),
    baseUrl: BASE_URL,
    registerClaimTokens: async () => undefined,
    pollIntervalMs: 100,
    concurrency: 32,
  });
  worker.start();
  t.teardown(() => worker.stop());

  const ids = sends.map((s) => s.id);
  await waitFor(
    'every send recorded as sent',
    async () => (await h.db('email_sends').whereIn('id', ids).where({ status: 'sent' })).length === ids.length || undefined,
    10_000,
    50,
  );
  t.equal(accepted.length, 6, 'each message handed to the mailer once');
  t.equal(updates.length, 1, `one update for the six sends accepted together (${updates.length})`);
});
