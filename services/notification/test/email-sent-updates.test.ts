// The e-mail worker's `sent` updates: the sends of one pass are recorded by one statement once
// the pass's last message has settled, whether the SMTP connections accepted them in one turn of
// the event loop or in several, and a send accepted early in a slow pass is recorded within the
// linger (SENT_LINGER_MS), not at the end of the pass. Real database; the mailer is a stand-in
// whose acceptances each test times.
import t, { type Test } from 'tap';
import { createLogger } from '@cred/runtime';
import { waitFor } from '@cred/testing';
import { loadTemplates } from '../src/domain/email-templates.js';
import { emailSendStore, type EmailSend } from '../src/db/email-send-store.js';
import { EmailWorker, SENT_LINGER_MS } from '../src/email/email-worker.js';
import type { Mailer, OutgoingEmail } from '../src/email/mailer.js';
import { BASE_URL, pendingEmail, startHarness } from './fixtures/harness.js';

const h = await startHarness(t);

/** Records `sends` as pending, runs a worker with `mailer` until every one is sent; the `sent` updates it made. */
async function sendAll(t: Test, sends: EmailSend[], mailer: Mailer, during?: () => Promise<void>): Promise<string[]> {
  await h.db.transaction((trx) => emailSendStore.insertMany(trx, sends));
  const updates: string[] = [];
  const listen = (q: { sql: string }) => {
    if (/^update "email_sends" set "status"/.test(q.sql)) updates.push(q.sql);
  };
  h.db.on('query', listen);
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
  try {
    await during?.();
    const ids = sends.map((s) => s.id);
    await waitFor(
      'every send recorded as sent',
      async () => (await h.db('email_sends').whereIn('id', ids).where({ status: 'sent' })).length === ids.length || undefined,
      10_000,
      20,
    );
  } finally {
    await worker.stop();
    h.db.off('query', listen);
  }
  t.pass('every send recorded as sent');
  return updates;
}

t.test('sends accepted in one turn share one sent update', async (t) => {
  const sends = Array.from({ length: 6 }, (_, i) => pendingEmail(`turn${i}@example.com`, h.clock.now()));
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
  const updates = await sendAll(t, sends, mailer);
  t.equal(accepted.length, 6, 'each message handed to the mailer once');
  t.equal(updates.length, 1, `one update for the six sends accepted together (${updates.length})`);
});

t.test('sends of one pass accepted in different turns share one sent update', async (t) => {
  const sends = Array.from({ length: 8 }, (_, i) => pendingEmail(`turns${i}@example.com`, h.clock.now()));
  // Accepts the messages one by one, 4 ms apart, as pooled connections answering in turns of their own.
  let n = 0;
  const mailer: Mailer = {
    send: () => new Promise<void>((resolve) => setTimeout(resolve, 4 * ++n)),
    close: () => undefined,
  };
  const updates = await sendAll(t, sends, mailer);
  t.equal(n, 8, 'each message handed to the mailer once');
  t.equal(updates.length, 1, `one update for the pass (${updates.length})`);
});

t.test('a send accepted early in a slow pass is recorded within the linger, not at the end of the pass', async (t) => {
  const sends = Array.from({ length: 3 }, (_, i) => pendingEmail(`slow${i}@example.com`, h.clock.now()));
  const [first] = sends;
  // The message to the first address is accepted at once; the others only when the test lets
  // them go (or it fails: the pass, and the worker's stop, wait for them).
  let release!: () => void;
  const rest = new Promise<void>((r) => (release = r));
  const mailer: Mailer = {
    send: (mail) => (mail.to.address === first!.recipientEmail ? Promise.resolve() : rest),
    close: () => undefined,
  };
  const updates = await sendAll(t, sends, mailer, async () => {
    try {
      const started = performance.now();
      await waitFor(
        'the first send recorded while the others are still with the mailer',
        async () => ((await h.db('email_sends').where({ id: first!.id, status: 'sent' }).first()) ? true : undefined),
        5_000,
        10,
      );
      const waited = performance.now() - started;
      t.ok(waited >= SENT_LINGER_MS * 0.8, `it waited for the linger first (${waited.toFixed(0)} ms)`);
      const others = await h.db('email_sends').whereIn('id', sends.slice(1).map((s) => s.id)).where({ status: 'sent' });
      t.equal(others.length, 0, 'the others, not yet accepted, are not recorded');
    } finally {
      release();
    }
  });
  t.equal(updates.length, 2, `the early send's update, then the rest's (${updates.length})`);
});
