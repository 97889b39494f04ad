// @unit
// The shared refreshing cache (src/refreshing-cache.ts): single flight, expiry, refresh ahead,
// invalidation of reads in flight, failures. A scripted clock and a loader whose reads the test
// answers one by one, so every read can be counted and held open.
import t from 'tap';
import { createRefreshingCache, type RefreshingCacheOptions } from '@cred/runtime';

/** Reads that wait until the test answers them. */
function scriptedLoader<V = string>() {
  const reads: Array<{ key: string; answer(value: V): void; fail(error: Error): void }> = [];
  const load = (key: string) => new Promise<V>((resolve, reject) => reads.push({ key, answer: resolve, fail: reject }));
  return { reads, load };
}

/** A promise's answer if it is there after pending microtasks (no read waited for), else 'waiting'. */
async function settled<T>(p: Promise<T>): Promise<T | 'waiting' | { rejected: unknown }> {
  return Promise.race([p.catch((err: unknown) => ({ rejected: err })), new Promise<'waiting'>((r) => setImmediate(() => r('waiting')))]);
}

const tick = () => new Promise((r) => setImmediate(r));

function setup<V = string>(extra: Partial<RefreshingCacheOptions<string, V, void>> = {}) {
  const clock = { now: 0 };
  const { reads, load } = scriptedLoader<V>();
  const cache = createRefreshingCache<string, V>({ ttlMs: 1000, refreshAfter: 0.75, load, now: () => clock.now, ...extra });
  return { clock, reads, cache };
}

t.test('concurrent misses share one read', async (t) => {
  const { reads, cache } = setup();
  const waiting = Array.from({ length: 25 }, () => cache.get('a'));
  t.equal(reads.length, 1, 'one read for 25 misses');
  t.same([...cache.loading()], ['a']);
  reads[0]!.answer('A1');
  t.same(await Promise.all(waiting), Array(25).fill('A1'), 'all get its answer');
  t.same([...cache.loading()], [], 'nothing in flight afterwards');
  const other = cache.get('b');
  t.equal(reads.length, 2, 'another key is a read of its own');
  reads[1]!.answer('B1');
  t.equal(await other, 'B1');
});

t.test('an answer is kept for ttlMs from the start of its read, then read again', async (t) => {
  const { clock, reads, cache } = setup({ refreshAfter: 1 });
  const first = cache.get('a');
  clock.now = 100; // the read takes 100 ms
  reads[0]!.answer('A1');
  t.equal(await first, 'A1');
  clock.now = 999;
  t.equal(await settled(cache.get('a')), 'A1', 'within ttlMs: from memory');
  t.equal(reads.length, 1);
  clock.now = 1000; // ttlMs after the read started, not after it answered
  const expired = cache.get('a');
  t.equal(reads.length, 2, 'expired: read again');
  t.equal(await settled(expired), 'waiting', 'and the caller waits for it');
  reads[1]!.answer('A2');
  t.equal(await expired, 'A2');
});

t.test('late in its life a hit starts one background read and gets the kept answer at once', async (t) => {
  const { clock, reads, cache } = setup();
  const first = cache.get('a');
  reads[0]!.answer('A1');
  await first;
  clock.now = 749;
  t.equal(await settled(cache.get('a')), 'A1');
  t.equal(reads.length, 1, 'no re-read before refreshAfter');
  clock.now = 750;
  t.equal(await settled(cache.get('a')), 'A1', 'the kept answer, without waiting for the re-read');
  t.equal(reads.length, 2, 'one re-read started');
  t.equal(await settled(cache.get('a')), 'A1');
  t.equal(reads.length, 2, 'a second hit does not start another');
  reads[1]!.answer('A2');
  await tick();
  t.equal(await settled(cache.get('a')), 'A2', 'the re-read answer replaces the kept one');
  clock.now = 750 + 999;
  t.equal(await settled(cache.get('a')), 'A2', 'kept for ttlMs from the start of the re-read');
  t.equal(reads.length, 3, 're-read again in its own late life');
});

t.test('a pair of fractions: the re-read starts at a point between them', async (t) => {
  for (let i = 0; i < 20; i++) {
    const { clock, reads, cache } = setup({ refreshAfter: [0.5, 0.75] });
    const first = cache.get('a');
    reads[0]!.answer('A1');
    await first;
    clock.now = 499;
    await cache.get('a');
    t.equal(reads.length, 1, 'not before the first fraction');
    clock.now = 750;
    await cache.get('a');
    t.equal(reads.length, 2, 'by the second');
  }
  // The points are spread: over many entries read at once, not all re-read at the same moment.
  const { clock, reads, cache } = setup({ refreshAfter: [0.5, 0.75] });
  const keys = Array.from({ length: 50 }, (_, i) => `k${i}`);
  const firsts = keys.map((k) => cache.get(k));
  for (const r of reads.splice(0)) r.answer('v');
  await Promise.all(firsts);
  clock.now = 625;
  for (const k of keys) await cache.get(k);
  t.ok(reads.length > 0 && reads.length < keys.length, `halfway between the fractions, some re-read (${reads.length} of 50)`);
});

t.test('clear() during a read: its answer reaches its callers but is not kept', async (t) => {
  const { reads, cache } = setup();
  const before = cache.get('a');
  cache.clear();
  t.same([...cache.loading()], [], 'the read is no longer in flight for the cache');
  const after = cache.get('a');
  t.equal(reads.length, 2, 'a get after clear() does not join the read that started before it');
  reads[0]!.answer('old');
  t.equal(await before, 'old', 'the first caller gets what it asked for');
  reads[1]!.answer('new');
  t.equal(await after, 'new');
  t.equal(await settled(cache.get('a')), 'new', 'the read made after clear() is kept');
  t.equal(reads.length, 2);

  // The stale answer arriving last must not overwrite either.
  const { reads: r2, cache: c2 } = setup();
  const stale = c2.get('a');
  c2.clear();
  const fresh = c2.get('a');
  r2[1]!.answer('new');
  await fresh;
  r2[0]!.answer('old');
  await stale;
  t.equal(await settled(c2.get('a')), 'new', 'a read from before clear() never replaces a later one');

  // Nothing is kept: with only the stale read, the next get reads again.
  const { reads: r3, cache: c3 } = setup();
  const only = c3.get('a');
  c3.clear();
  r3[0]!.answer('old');
  await only;
  const next = c3.get('a');
  t.equal(r3.length, 2, 'the stale answer was not kept');
  r3[1]!.answer('new');
  t.equal(await next, 'new');
});

t.test('delete(key) during a read: that key only', async (t) => {
  const { reads, cache } = setup();
  const a = cache.get('a');
  const b = cache.get('b');
  cache.delete('a');
  t.same([...cache.loading()], ['b']);
  reads[0]!.answer('A-old');
  reads[1]!.answer('B1');
  t.equal(await a, 'A-old');
  t.equal(await b, 'B1');
  t.equal(await settled(cache.get('b')), 'B1', 'the other key was kept');
  const again = cache.get('a');
  t.equal(reads.length, 3, 'the deleted key was not');
  reads[2]!.answer('A-new');
  t.equal(await again, 'A-new');
  cache.delete('a');
  const third = cache.get('a');
  t.equal(reads.length, 4, 'delete() forgets a kept answer too');
  reads[3]!.answer('A3');
  await third;
});

t.test('a failed read is not kept; a failed re-read leaves the kept answer until its time ends', async (t) => {
  const { clock, reads, cache } = setup();
  const first = cache.get('a');
  reads[0]!.fail(new Error('down'));
  await t.rejects(first, { message: 'down' });
  const second = cache.get('a');
  t.equal(reads.length, 2, 'the failure was not kept: read again');
  reads[1]!.answer('A1');
  t.equal(await second, 'A1');

  clock.now = 800;
  t.equal(await settled(cache.get('a')), 'A1');
  t.equal(reads.length, 3, 're-read in the background');
  reads[2]!.fail(new Error('down'));
  await tick();
  clock.now = 999;
  t.equal(await settled(cache.get('a')), 'A1', 'the failed re-read kept the answer still within its time');
  t.equal(reads.length, 4, '(and a later hit tries again in the background)');
  reads[3]!.fail(new Error('down'));
  await tick();
  clock.now = 1000;
  const expired = cache.get('a');
  t.equal(await settled(expired), 'waiting', 'once its time is over the caller waits for a read');
  t.equal(reads.length, 5);
  reads[4]!.fail(new Error('still down'));
  await t.rejects(expired, { message: 'still down' }, 'and gets its failure');
});

t.test('rememberFailures: a failure is served for ttlMs, but never over an answer still within its time', async (t) => {
  const { clock, reads, cache } = setup({ rememberFailures: true });
  const first = cache.get('a');
  const failure = new Error('down');
  reads[0]!.fail(failure);
  await t.rejects(first, failure);
  const remembered = await settled(cache.get('a'));
  t.equal(typeof remembered === 'object' && remembered.rejected, failure, 'the same error, from memory');
  t.equal(reads.length, 1, 'without a read');
  clock.now = 999;
  const late = await settled(cache.get('a'));
  t.equal(typeof late === 'object' && late.rejected, failure, 'until ttlMs (a failure is not re-read ahead)');
  t.equal(reads.length, 1);
  clock.now = 1000;
  const next = cache.get('a');
  t.equal(reads.length, 2, 'then read again');
  reads[1]!.answer('A1');
  t.equal(await next, 'A1');

  clock.now = 1800;
  t.equal(await settled(cache.get('a')), 'A1');
  reads[2]!.fail(new Error('down again'));
  await tick();
  clock.now = 1850;
  t.equal(await settled(cache.get('a')), 'A1', 'the failed re-read did not replace the answer');
  reads[3]!.fail(new Error('down again'));
  await tick();
  clock.now = 2000;
  const after = cache.get('a');
  const atExpiry = new Error('down at expiry');
  reads[4]!.fail(atExpiry);
  await t.rejects(after, atExpiry);
  const kept = await settled(cache.get('a'));
  t.equal(typeof kept === 'object' && kept.rejected, atExpiry, 'with no answer left, the failure is kept');
  t.equal(reads.length, 5);
});

t.test('reload(): a read of its own, and an older answer never replaces a newer one', async (t) => {
  const { clock, reads, cache } = setup();
  const first = cache.get('a');
  reads[0]!.answer('A1');
  await first;
  clock.now = 800;
  await cache.get('a'); // a background re-read (read 1), still unanswered
  const reloaded = cache.reload('a');
  t.equal(reads.length, 3, 'reload does not join the read in flight');
  const joined = cache.get('a');
  clock.now = 1100; // the first answer has expired: the miss joins the reload
  const missed = cache.get('a');
  t.equal(reads.length, 3, 'misses join the reload');
  reads[2]!.answer('A3');
  t.equal(await reloaded, 'A3');
  t.equal(await missed, 'A3');
  t.equal(await joined, 'A1', '(a hit before that still got the kept answer)');
  reads[1]!.answer('A2'); // started before the reload, answers after it
  await tick();
  t.equal(await settled(cache.get('a')), 'A3', 'the later read stays');

  // delete() also invalidates the read a reload superseded.
  const { reads: r2, cache: c2 } = setup();
  const background = c2.get('a');
  const own = c2.reload('a');
  c2.delete('a');
  r2[0]!.answer('old-1');
  r2[1]!.answer('old-2');
  await Promise.all([background, own]);
  const fresh = c2.get('a');
  t.equal(r2.length, 3, 'neither read from before delete() was kept');
  r2[2]!.answer('new');
  t.equal(await fresh, 'new');
});

t.test('keptUnder: answers kept under their own key, or not at all; unchanged answers keep their object', async (t) => {
  type Row = { id: string; n: number } | undefined;
  const { reads, cache } = setup<Row>({
    keptUnder: (row) => (row ? `id:${row.id}` : undefined),
    unchanged: (a, b) => a?.n === b?.n,
  });
  const byAlias = cache.get('alias:x');
  reads[0]!.answer({ id: 'x', n: 1 });
  const row = await byAlias;
  t.equal(await settled(cache.get('id:x')), row, 'asked by an alias, kept under its own key');
  t.equal(reads.length, 1);
  const unknown = cache.get('id:nobody');
  reads[1]!.answer(undefined);
  t.equal(await unknown, undefined);
  void cache.get('id:nobody');
  t.equal(reads.length, 3, 'an answer kept under no key is read again');
  reads[2]!.answer(undefined);

  const again = cache.reload('id:x');
  reads[3]!.answer({ id: 'x', n: 1 });
  t.equal(await again, row, 'an equal answer keeps the kept object');
  const changed = cache.reload('id:x');
  reads[4]!.answer({ id: 'x', n: 2 });
  const row2 = await changed;
  t.not(row2, row);
  t.equal(await settled(cache.get('id:x')), row2, 'a changed answer replaces it');
});

t.test('bounds: maxEntries keeps the most recently used; ttlMs 0 keeps nothing but still shares reads', async (t) => {
  const { reads, cache } = setup({ maxEntries: 2 });
  for (const k of ['a', 'b', 'c']) {
    const p = cache.get(k);
    reads.at(-1)!.answer(k.toUpperCase());
    await p;
  }
  t.equal(await settled(cache.get('c')), 'C');
  t.equal(await settled(cache.get('b')), 'B');
  t.equal(reads.length, 3);
  void cache.get('a');
  t.equal(reads.length, 4, 'the least recently used went first');
  reads[3]!.answer('A');

  const off = setup({ ttlMs: 0 });
  const both = Promise.all([off.cache.get('a'), off.cache.get('a')]);
  t.equal(off.reads.length, 1, 'concurrent misses still share a read');
  off.reads[0]!.answer('A');
  await both;
  void off.cache.get('a');
  t.equal(off.reads.length, 2, 'but nothing is kept');
  off.reads[1]!.answer('A');
});

t.test('the caller context reaches the loader; a loader that throws at once is a failed read', async (t) => {
  const seen: string[] = [];
  const cache = createRefreshingCache<string, string, { who: string }>({
    ttlMs: 1000,
    refreshAfter: 0.8,
    now: () => 0,
    load: async (key, { who }) => {
      seen.push(`${key}:${who}`);
      return who;
    },
  });
  t.equal(await cache.get('a', { who: 'first' }), 'first');
  t.equal(await cache.get('a', { who: 'second' }), 'first', 'a hit ignores the context');
  t.same(seen, ['a:first']);
  const throwing = createRefreshingCache<string, string>({
    ttlMs: 1000,
    refreshAfter: 0.8,
    load: () => {
      throw new Error('sync');
    },
  });
  await t.rejects(throwing.get('a'), { message: 'sync' });
  t.same([...throwing.loading()], [], 'nothing left in flight');
});
