// Resend-verification and password-reset must not tell, by the work they do before answering,
// whether an address has an account (docs/contract.md "Authentication and access"; issue 17). The answer path is one
// INSERT either way; the token and the event come after, from the durable request table.
import t from 'tap';
import { createDb, migrateSchema, type Knex } from '@cred/db';
import { AdjustableClock, createLogger, createSessionTokenSigner } from '@cred/runtime';
import { createIsolation, statementsOf } from '@cred/testing';
import { AuthService } from '../src/app/auth-service.js';
import type { AccountsContext } from '../src/app/context.js';
import { EmailRequestWorker } from '../src/app/email-request-worker.js';
import { PasswordHasher } from '../src/app/password-hasher.js';
import { migrations } from '../src/db/migrations.js';
import { outboxEvents, SESSION_KEYS } from './fixtures/helpers.js';

const PASSWORD = 'correct horse battery staple';

t.test('known and unknown addresses: same answer, same queries before it; the work happens after, durably', async (t) => {
  const iso = await createIsolation('accounts-email-requests');
  const db = createDb({ url: iso.databaseUrl, schema: 'accounts' });
  t.teardown(async () => {
    await db.destroy();
    await iso.cleanup();
  });
  await migrateSchema(db, 'accounts', migrations);
  const logger = createLogger({ service: 'accounts', level: 'silent' });
  const ctx: AccountsContext = {
    db,
    schema: 'accounts',
    clock: new AdjustableClock(),
    logger,
    baseUrl: 'http://localhost:8080',
    signSessionToken: createSessionTokenSigner(SESSION_KEYS.SESSION_SIGNING_KEY),
    wakeRelay: () => undefined,
    passwords: new PasswordHasher(),
    wakeEmailRequests: () => undefined, // the test drains the worker itself
  };
  const auth = new AuthService(ctx);
  const known = await auth.signUp({ email: 'known@example.com', password: PASSWORD, name: 'Known' });
  const worker = (fulfil = (trx: Knex.Transaction, r: Parameters<AuthService['fulfilEmailRequest']>[1]) => auth.fulfilEmailRequest(trx, r)) => {
    // Not started: the test runs its passes with drain() itself.
    return new EmailRequestWorker({ db, logger, fulfil });
  };

  /** The SQL (without values) the call sends before it answers. */
  const queriesOf = (call: () => Promise<void>) => statementsOf(db, call);

  const counts = async () => ({
    tokens: Number((await db('user_tokens').count({ n: '*' }).first())?.n),
    outbox: (await db('outbox').count({ n: '*' }).first())?.n,
  });

  for (const [name, call, type] of [
    ['password reset', (e: string) => auth.requestPasswordReset(e), 'accounts.user.password_reset_requested'],
    ['resend verification', (e: string) => auth.resendVerification(e), 'accounts.user.email_verification_requested'],
  ] as const) {
    t.test(name, async (t) => {
      const before = await counts();
      const eventsBefore = (await outboxEvents(db, type)).filter((e) => e.data.userId === known.user.id).length;
      const forKnown = await queriesOf(() => call('Known@Example.com'));
      const forUnknown = await queriesOf(() => call('nobody-here@example.com'));
      t.same(forKnown, forUnknown, 'the same statements for a known and an unknown address');
      t.same(forKnown.length, 1, 'one statement');
      t.match(forKnown[0], /^insert into "account_email_requests"/, 'and it is the queued request');
      t.same(await counts(), before, 'no token and no event written before the answer');
      t.equal(Number((await db('account_email_requests').count({ n: '*' }).first())?.n), 2, 'both requests are queued (committed)');

      const w = worker();
      await w.drain();
      await w.stop();
      const events = (await outboxEvents(db, type)).filter((e) => e.data.userId === known.user.id);
      t.equal(events.length, eventsBefore + 1, 'the known address gets its e-mail event afterwards');
      t.equal(events.at(-1)!.data.email, 'known@example.com');
      const after = await counts();
      t.equal(Number(after.outbox), Number(before.outbox) + 1, 'nothing at all for the unknown address');
      t.equal(Number((await db('account_email_requests').count({ n: '*' }).first())?.n), 0, 'the queue is empty once acted on');
    });
  }

  t.test('a request whose processing fails stays queued and is done by the next pass', async (t) => {
    await auth.requestPasswordReset('known@example.com');
    const type = 'accounts.user.password_reset_requested';
    const before = (await outboxEvents(db, type)).length;
    const failing = worker(async (trx, r) => {
      await auth.fulfilEmailRequest(trx, r); // writes the token and the event ...
      throw new Error('crash before commit'); // ... and the transaction never commits
    });
    await t.rejects(failing.drain(), /crash before commit/);
    await failing.stop();
    t.equal((await outboxEvents(db, type)).length, before, 'nothing of the failed pass remains');
    t.equal(Number((await db('account_email_requests').count({ n: '*' }).first())?.n), 1, 'the request is still queued');
    const next = worker();
    await next.drain();
    await next.stop();
    t.equal((await outboxEvents(db, type)).length, before + 1, 'a later worker sends it once');
    t.equal(Number((await db('account_email_requests').count({ n: '*' }).first())?.n), 0);
  });
});
