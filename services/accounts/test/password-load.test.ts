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

// Issue 39, finding 2: the lane is shared fairly. One account holds at most 3 places (running or
// waiting), one client address at most 4; beyond that 429 at once. No account or address runs on
// every slot (at most concurrency - 1), and a freed slot goes to the waiter whose account and
// address have the fewest computations running.
t.test('one account holds only its share of the lane and never every slot; a freed slot goes to the least served', async (t) => {
  // Each computation waits for its own release, by the password it checks.
  const holds = new Map<string, () => void>();
  const started: string[] = [];
  let gated = false;
  const derive: Derive = async (password, ...rest) => {
    if (gated) {
      started.push(password);
      await new Promise<void>((resolve) => holds.set(password, resolve));
    }
    return deriveKey(password, ...rest);
  };
  const release = (password: string) => {
    const r = holds.get(password);
    if (!r) throw new Error(`${password} is not running`);
    holds.delete(password);
    r();
  };
  const THIRD = 'the third person password';
  const h = await startAccounts(t, undefined, { concurrency: 3, maxQueue: 16, maxWaitMs: 60_000, derive });
  const c = h.client;
  await c.SignUp({ email: 'burst@example.com', password: PASSWORD, name: 'Burst' });
  await c.SignUp({ email: 'other@example.com', password: PASSWORD, name: 'Other' });
  await c.SignUp({ email: 'third@example.com', password: THIRD, name: 'Third' });
  await waitFor('warm-up computation', async () => (await counterValue(h.service, COMPUTATIONS)) >= 4);
  gated = true;

  const burst: Array<string | undefined> = Array.from({ length: 5 });
  const burstCalls = Array.from({ length: 5 }, (_, i) =>
    c.Login({ email: 'burst@example.com', password: `burst guess ${i}`, client_address: `203.0.113.${i + 1}` }).then(
      () => (burst[i] = 'OK'),
      (err: unknown) => {
        burst[i] = err instanceof AppError ? err.code : 'other';
        if (err instanceof AppError && err.code === 'RATE_LIMITED') t.equal(err.details.retryAfter, 1, 'a retry hint');
      },
    ),
  );
  await waitFor('the burst admitted and refused', async () =>
    burst.filter((b) => b === 'RATE_LIMITED').length === 2 && started.length === 2 && (await counterValue(h.service, 'accounts_password_waiting')) === 1,
  );
  t.equal(burst.filter((b) => b === undefined).length, 3, 'three places for the account: two running (of three slots), one waiting');

  const other = c.Login({ email: 'other@example.com', password: PASSWORD, client_address: '198.51.100.7' });
  await waitFor('the other person running in the slot the burst may not take', () => started.length === 3);
  t.equal(started[2], PASSWORD, 'the other person is checked at once, beside the burst');
  const third = c.Login({ email: 'third@example.com', password: THIRD, client_address: '198.51.100.8' });
  await waitFor('the third person queued behind the burst', async () => (await counterValue(h.service, 'accounts_password_waiting')) === 2);

  release(started[0]!);
  await waitFor('the freed slot taken', () => started.length === 4);
  t.equal(started[3], THIRD, "the freed slot goes to the third person (nothing of theirs running), not to the burst's older waiting guess");
  release(PASSWORD);
  release(THIRD);
  t.ok((await other).session?.token, 'the other person is signed in');
  t.ok((await third).session?.token, 'the third person is signed in');
  await waitFor("the burst's waiting guess runs", () => started.length === 5);
  for (const p of [...holds.keys()]) release(p);
  await Promise.all(burstCalls);
  t.same(burst.filter((b) => b !== 'RATE_LIMITED'), ['UNAUTHORIZED', 'UNAUTHORIZED', 'UNAUTHORIZED'], 'the admitted guesses are checked');
});

t.test('the share is the same for an address without an account (no enumeration by refusals)', async (t) => {
  const h = await startAccounts(t);
  const c = h.client;
  await c.SignUp({ email: 'known@example.com', password: PASSWORD, name: 'Known' });
  await waitFor('warm-up computation', async () => (await counterValue(h.service, COMPUTATIONS)) >= 2);
  const burst = (email: string) =>
    Promise.all(Array.from({ length: 6 }, (_, i) => outcome(c.Login({ email, password: `a wrong password ${i}`, client_address: `192.0.2.${i + 1}` }))));
  const known = await burst('known@example.com');
  const unknown = await burst('unknown@example.com');
  t.same(known.sort(), ['RATE_LIMITED', 'RATE_LIMITED', 'RATE_LIMITED', 'UNAUTHORIZED', 'UNAUTHORIZED', 'UNAUTHORIZED'], 'a known account: three checked, three refused');
  t.same(unknown.sort(), known, 'an unknown address: the same answers');
  const fromOne = await Promise.all(
    Array.from({ length: 6 }, (_, i) => outcome(c.Login({ email: `someone-${i}@example.com`, password: 'a wrong password', client_address: '192.0.2.99' }))),
  );
  t.same(fromOne.sort(), ['RATE_LIMITED', 'RATE_LIMITED', 'UNAUTHORIZED', 'UNAUTHORIZED', 'UNAUTHORIZED', 'UNAUTHORIZED'], 'one address: four places');
});
