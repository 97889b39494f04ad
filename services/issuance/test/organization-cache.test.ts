// @unit
// Issuance's copy of organizations (app/organizations.ts): one accounts call however many issues
// miss at once, renewal in the background before the copy expires, and a refresh that always
// asks accounts anew.
import t from 'tap';
import type { IssuanceContext } from '../src/app/context.js';
import { OrganizationCache } from '../src/app/organizations.js';

const ORG = '0b7c2f9e-4a59-4c5c-9d1a-2f1e8c6a7b10';

/** A stand-in for accounts whose answers the test releases one by one. */
function fakeAccounts() {
  const calls: Array<{ answer(name: string, status?: string): void; fail(): void }> = [];
  const ctx = {
    accounts: {
      GetOrganization: () =>
        new Promise((resolve, reject) =>
          calls.push({
            answer: (name, status = 'approved') => resolve({ id: ORG, name, slug: 'acme', status, plan: 'free' }),
            fail: () => reject(new Error('accounts unavailable')),
          }),
        ),
    },
  } as unknown as IssuanceContext;
  return { ctx, calls };
}

const tick = () => new Promise((r) => setImmediate(r));

t.test('issues that find no copy share one call', async (t) => {
  let now = 0;
  const cache = new OrganizationCache(10_000, 100, () => now);
  const { ctx, calls } = fakeAccounts();
  const waiting = Array.from({ length: 20 }, () => cache.get(ctx, ORG, {}));
  await tick();
  t.equal(calls.length, 1, 'one call for 20 issues');
  calls[0]!.answer('Acme');
  t.same((await Promise.all(waiting)).map((o) => o.name), Array(20).fill('Acme'));
  now = 5_000;
  t.equal((await cache.get(ctx, ORG, {})).name, 'Acme');
  t.equal(calls.length, 1, 'a fresh copy makes no call');
});

t.test('in the last fifth of its life the copy is renewed in the background; nobody waits', async (t) => {
  let now = 0;
  const cache = new OrganizationCache(10_000, 100, () => now);
  const { ctx, calls } = fakeAccounts();
  const first = cache.get(ctx, ORG, {});
  await tick();
  calls[0]!.answer('Acme');
  await first;

  now = 8_500;
  // Answered from the copy although the renewal call has not answered (and never will here).
  t.same((await Promise.all(Array.from({ length: 10 }, () => cache.get(ctx, ORG, {})))).map((o) => o.name), Array(10).fill('Acme'));
  t.equal(calls.length, 2, 'one renewal call for the ten requests');
  calls[1]!.answer('Acme Renamed');
  await tick();
  now = 12_000; // past the first copy's life, within the renewed one's (fetched at 8,500)
  t.equal((await cache.get(ctx, ORG, {})).name, 'Acme Renamed', 'the renewed copy');
  t.equal(calls.length, 2);

  now = 17_000; // the renewed copy is 8.5 s old: renewed again; this time accounts fails
  t.equal((await cache.get(ctx, ORG, {})).name, 'Acme Renamed', 'still the copy');
  calls[2]!.fail();
  await tick();
  now = 18_600; // the copy has expired: the next request waits for a call of its own
  const waited = cache.get(ctx, ORG, {});
  await tick();
  t.equal(calls.length, 4, 'a new call once the copy expired');
  calls[3]!.answer('Acme Again');
  t.equal((await waited).name, 'Acme Again');
});

t.test('refresh asks accounts anew, and an older answer never replaces a newer one', async (t) => {
  let now = 0;
  const cache = new OrganizationCache(10_000, 100, () => now);
  const { ctx, calls } = fakeAccounts();
  const first = cache.get(ctx, ORG, {});
  await tick();
  calls[0]!.answer('Acme', 'pending');
  await first;

  now = 9_000;
  await cache.get(ctx, ORG, {}); // starts a background renewal (call 1), still unanswered
  now = 9_100;
  const refreshed = cache.refresh(ctx, ORG, {}); // the organization was approved a moment ago
  await tick();
  t.equal(calls.length, 3, 'refresh does not join the renewal in flight');
  calls[2]!.answer('Acme', 'approved');
  t.equal((await refreshed).status, 'approved');
  calls[1]!.answer('Acme', 'pending'); // the renewal started before the approval answers late
  await tick();
  t.equal((await cache.get(ctx, ORG, {})).status, 'approved', 'the later answer stays');
});
