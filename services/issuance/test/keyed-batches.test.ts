// @unit
// KeyedBatches (the group commit's, signing batcher's and pre-signing read's queue): items added
// in one turn of the event loop go in one batch, items added while a batch runs go in the next,
// at most maxBatch at a time, one batch per key at a time, keys independent.
import t from 'tap';
import { KeyedBatches } from '../src/app/keyed-batches.js';

/** A queue whose batches are recorded and finish when the test releases them. */
function recorder(maxBatch: number) {
  const batches: Array<{ key: string; items: number[] }> = [];
  const releases: Array<() => void> = [];
  const q = new KeyedBatches<number>(maxBatch, (key, items) => {
    batches.push({ key, items });
    return new Promise<void>((resolve) => releases.push(resolve));
  });
  return { q, batches, releaseAll: () => releases.splice(0).forEach((r) => r()) };
}
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

t.test('what one turn adds goes in one batch, whether added at once or as answers resume their callers', async (t) => {
  const { q, batches, releaseAll } = recorder(32);
  q.add('org', 1);
  q.add('org', 2);
  // As the answers of one signing call resume their issues: one after the other, in microtasks.
  await Promise.all(
    [3, 4, 5].map(async (n) => {
      await Promise.resolve();
      q.add('org', n);
    }),
  );
  t.same(batches, [], 'nothing runs before the turn ends');
  await turn();
  t.same(batches, [{ key: 'org', items: [1, 2, 3, 4, 5] }], 'one batch for the whole turn');
  releaseAll();
});

t.test('items added while a batch runs wait and go together; at most maxBatch at a time', async (t) => {
  const { q, batches, releaseAll } = recorder(3);
  q.add('org', 1);
  await turn();
  for (const n of [2, 3, 4, 5]) q.add('org', n);
  await turn();
  t.same(
    batches.map((b) => b.items),
    [[1]],
    'the running batch is not joined',
  );
  releaseAll();
  await turn();
  t.same(
    batches.map((b) => b.items),
    [[1], [2, 3, 4]],
    'the next batch takes the waiting items, up to maxBatch',
  );
  releaseAll();
  await turn();
  t.same(
    batches.map((b) => b.items),
    [[1], [2, 3, 4], [5]],
  );
  releaseAll();
  await turn();
  q.add('org', 6);
  await turn();
  t.same(batches.at(-1)?.items, [6], 'an idle key starts again with the next item');
  releaseAll();
});

t.test('keys do not wait for each other', async (t) => {
  const { q, batches, releaseAll } = recorder(32);
  q.add('a', 1);
  await turn();
  q.add('b', 2);
  q.add('a', 3);
  await turn();
  t.same(
    batches,
    [
      { key: 'a', items: [1] },
      { key: 'b', items: [2] },
    ],
    "b's batch runs while a's is running; a's next item waits for a",
  );
  releaseAll();
  await turn();
  t.same(batches.at(-1), { key: 'a', items: [3] });
  releaseAll();
});
