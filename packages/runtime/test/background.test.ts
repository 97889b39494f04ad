// @unit
// The one background-loop primitive and the one backoff formula (pure logic, real timers).
import t from 'tap';
import { BackgroundLoop, createLogger, doublingDelay, DrainingWorker } from '@cred/runtime';

const logger = createLogger({ service: 'test', level: 'silent' });
const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, probe: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await tick();
  }
}

t.test('doublingDelay: first, doubling, capped', async (t) => {
  t.same(
    [1, 2, 3, 4].map((a) => doublingDelay(a, 30_000)),
    [30_000, 60_000, 120_000, 240_000],
  );
  t.equal(doublingDelay(0, 5000), 5000, 'no failure yet counts as the first');
  t.equal(doublingDelay(10, 5000, 600_000), 600_000, 'capped');
  t.ok(Number.isFinite(doublingDelay(10_000, 1000)), 'a huge attempt count stays finite');
});

t.test('passes run until the work is dry, then the loop sleeps until woken', async (t) => {
  let work = 3;
  let passes = 0;
  const loop = new BackgroundLoop({
    name: 'test',
    logger,
    intervalMs: 60_000,
    pass: async () => {
      passes++;
      if (work > 0) work--;
      return work > 0;
    },
  });
  loop.start();
  await until('work done', () => work === 0);
  await tick(20);
  t.equal(passes, 3, 'three passes for three items, then it sleeps (interval one minute)');
  work = 1;
  loop.wake();
  await until('woken', () => work === 0);
  t.equal(passes, 4);
  await loop.stop();
});

t.test('a wake during a pass gives one more pass; stop waits for the pass in flight and starts none', async (t) => {
  let release: () => void = () => undefined;
  let passes = 0;
  let finished = 0;
  const loop = new BackgroundLoop({
    name: 'test',
    logger,
    intervalMs: 60_000,
    pass: async () => {
      passes++;
      await new Promise<void>((r) => (release = r));
      finished++;
      return false;
    },
  });
  loop.start();
  await until('first pass running', () => passes === 1);
  loop.wake();
  loop.wake();
  release();
  await until('second pass running', () => passes === 2);
  t.equal(finished, 1, 'two wakes during a pass give one more pass, not two');
  let stopped = false;
  const stopping = loop.stop().then(() => (stopped = true));
  await tick(20);
  t.notOk(stopped, 'stop waits for the pass in flight');
  release();
  await stopping;
  t.equal(finished, 2);
  loop.wake();
  await tick(20);
  t.equal(passes, 2, 'no pass after stop');
});

t.test('a failing pass is retried after a doubling delay; isStopping turns true on stop', async (t) => {
  const at: number[] = [];
  let sawStopping = false;
  const loop = new BackgroundLoop({
    name: 'test',
    logger,
    intervalMs: 60_000,
    failureDelayMs: 20,
    pass: async (isStopping) => {
      at.push(Date.now());
      if (at.length <= 3) throw new Error('database away');
      while (!isStopping()) await tick();
      sawStopping = true;
      return false;
    },
  });
  loop.start();
  await until('fourth pass', () => at.length === 4);
  const gaps = [at[1]! - at[0]!, at[2]! - at[1]!, at[3]! - at[2]!];
  t.ok(gaps[0]! >= 19 && gaps[1]! >= 39 && gaps[2]! >= 79, `retries after about 20, 40 and 80 ms (${gaps.join(', ')})`);
  await loop.stop();
  t.ok(sawStopping, 'the pass in flight saw the stop and ended');
});

t.test('DrainingWorker: one drain per start or wake, and a drain in flight sees stop and ends', async (t) => {
  class Queue extends DrainingWorker {
    items: number[] = [];
    drains = 0;
    taken: number[] = [];
    gate: Promise<void> | undefined;
    protected async drainAll(): Promise<void> {
      this.drains++;
      while (!this.stopping && this.items.length > 0) {
        await this.gate;
        this.taken.push(this.items.shift()!);
      }
    }
  }
  const q = new Queue({ name: 'queue', logger, intervalMs: 60_000 });
  q.items.push(1, 2);
  q.start();
  await until('first drain', () => q.taken.length === 2);
  t.equal(q.drains, 1, 'a drain empties the queue: no second pass before a wake');
  q.items.push(3);
  q.wake();
  await until('woken', () => q.taken.length === 3);
  t.equal(q.drains, 2);

  let open!: () => void;
  q.gate = new Promise((r) => (open = r));
  q.items.push(4, 5);
  q.wake();
  await until('drain waiting', () => q.drains === 3);
  const stopped = q.stop();
  open();
  await stopped;
  t.same(q.taken, [1, 2, 3, 4], 'the step in flight finished; the next one saw stop');
  q.items.length = 0;
  q.wake();
  await tick(20);
  t.equal(q.drains, 3, 'no pass after stop');
});

t.test('finished passes are counted by loop and outcome', async (t) => {
  const { createMetricsRegistry } = await import('@cred/runtime');
  const { sumSeries } = await import('@cred/testing');
  const metrics = createMetricsRegistry('test', false);
  let calls = 0;
  const loop = new BackgroundLoop({
    name: 'counted',
    logger,
    intervalMs: 60_000,
    failureDelayMs: 5,
    metrics,
    pass: async () => {
      calls++;
      if (calls === 2) throw new Error('second pass fails');
      return calls < 4;
    },
  });
  loop.start();
  await until('four passes', () => calls >= 4);
  await loop.stop();
  const text = await metrics.metrics();
  t.equal(sumSeries(text, 'background_passes_total', { loop: 'counted', outcome: 'ok' }), 3, 'passes 1, 3 and 4 ended well');
  t.equal(sumSeries(text, 'background_passes_total', { loop: 'counted', outcome: 'failed' }), 1, 'pass 2 failed');
});
