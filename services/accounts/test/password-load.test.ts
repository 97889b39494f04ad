// Load on the password checks (issue 17): a flood of logins for addresses without an account
// costs no scrypt and does not hold up a real login; beyond the bounded lane, callers are
// refused at once (503 with a retry hint) instead of all waiting until they time out.
import t from 'tap';
import { AppError } from '@cred/runtime';
import { waitFor } from '@cred/testing';
import { deriveKey, type Derive } from '../src/domain/passwords.js';
import { counterValue, startAccounts } from './fixtures/helpers.js';

const PASSWORD = 'correct horse battery staple';
const COMPUTATIONS = 'accounts_password_computations_total';

async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'OK';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

t.test('a flood of unknown-address logins spends no scrypt and a real login gets through', async (t) => {
  const h = await startAccounts(t);
  const c = h.client;
  await c.SignUp({ email: 'real@example.com', password: PASSWORD, name: 'Real' });
  await waitFor('warm-up computation', async () => (await counterValue(h.service, COMPUTATIONS)) >= 2);
  const before = await counterValue(h.service, COMPUTATIONS);

  const flood = Array.from({ length: 40 }, (_, i) => outcome(c.Login({ email: `random-${i}@example.com`, password: 'a wrong password here' })));
  // The real login starts behind the whole flood. Its deadline is generous for one scrypt on a
  // busy machine, but far shorter than 40 computations queued ahead of it (the old behaviour).
  const real = await c.Login({ email: 'real@example.com', password: PASSWORD }, { deadlineMs: 8000 });
  t.ok(real.session?.token, 'the real login succeeds within its deadline');
  const answers = await Promise.all(flood);
  t.same(new Set(answers), new Set(['UNAUTHORIZED']), 'every unknown address gets the 401 of a wrong password (never refused: the real lane had room)');
  t.equal((await counterValue(h.service, COMPUTATIONS)) - before, 1, 'one scrypt computation in all: the real login');
});

t.test('beyond the bounded lane logins are refused at once with a retry hint; unknown addresses too', async (t) => {
  let gate: Promise<void> = Promise.resolve();
  let open: () => void = () => undefined;
  const derive: Derive = async (...args) => {
    await gate;
    return deriveKey(...args);
  };
  const h = await startAccounts(t, undefined, { concurrency: 1, maxQueue: 2, maxWaitMs: 60_000, derive });
  const c = h.client;
  await c.SignUp({ email: 'lane@example.com', password: PASSWORD, name: 'Lane' });
  await waitFor('warm-up computation', async () => (await counterValue(h.service, COMPUTATIONS)) >= 2);
  const before = await counterValue(h.service, COMPUTATIONS);

  gate = new Promise<void>((resolve) => (open = resolve)); // computations now hold their slot
  const answers: Array<string | undefined> = Array.from({ length: 10 });
  const calls = Array.from({ length: 10 }, (_, i) =>
    c.Login({ email: 'lane@example.com', password: `wrong password number ${i}` }).then(
      () => (answers[i] = 'OK'),
      (err: unknown) => {
        answers[i] = err instanceof AppError ? err.code : 'other';
        if (err instanceof AppError && err.code === 'UNAVAILABLE') t.equal(err.details.retryAfter, 1, 'a retry hint');
      },
    ),
  );
  // One runs, two wait; the other seven are refused without waiting for the gate.
  await waitFor('the refusals', () => answers.filter((a) => a === 'UNAVAILABLE').length === 7);
  t.equal(answers.filter((a) => a === undefined).length, 3, 'three are admitted and still waiting');

  const unknown = await Promise.all(Array.from({ length: 3 }, (_, i) => outcome(c.Login({ email: `ghost-${i}@example.com`, password: 'a wrong password' }))));
  t.same(unknown, ['UNAVAILABLE', 'UNAVAILABLE', 'UNAVAILABLE'], 'an unknown address is refused exactly when a known one is');

  open();
  await Promise.all(calls);
  t.equal(answers.filter((a) => a === 'UNAUTHORIZED').length, 3, 'the admitted three are checked (wrong password)');
  t.equal((await counterValue(h.service, COMPUTATIONS)) - before, 3, 'only the admitted ones reach scrypt');
  t.ok((await c.Login({ email: 'lane@example.com', password: PASSWORD })).session?.token, 'the lane is free again for the right password');
});
