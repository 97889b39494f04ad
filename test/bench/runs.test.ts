// @unit
// The table BENCH_RUNS prints after several issuance runs: each run against the floor measured in
// it, the range and median of the ratios, and how many runs reached 1.0x with p99 under 200 ms.
import t from 'tap';
import { formatRunTable, type IssuanceRunSummary } from '../../bench/runs.js';

const run = (perSecond: number, floorPerSecond: number, p99Ms: number, bulkRatio?: number): IssuanceRunSummary => ({
  everyService: { label: 'every service', count: 1500, errors: 0, seconds: 1500 / perSecond, perSecond, p50Ms: p99Ms / 2, p99Ms },
  floorPerSecond,
  platformCpuMs: 6,
  floorCpuMs: 4.5,
  ...(bulkRatio === undefined ? {} : { bulkRatio }),
});

t.test('median of an odd number of runs, and the runs that met the target', async (t) => {
  const lines = formatRunTable([run(300, 250, 150), run(200, 250, 150), run(330, 300, 210)]);
  // Ratios 1.20, 0.80, 1.10: the third is over 1.0x but its p99 is not under 200 ms.
  t.match(lines.at(-1), "every service against its run's floor: 0.80-1.20x, median 1.10x; 1.0x or more with p99 under 200 ms in 1 of 3 runs");
  t.equal(lines.filter((l) => /^\s+\d+\s/.test(l)).length, 3, 'one row per run');
  t.match(lines.find((l) => /^\s+1\s/.test(l)), /300\.0\/s\s+250\.0\/s\s+1\.20x\s+150 ms/);
});

t.test('median of an even number of runs; bulk shown where the run had it', async (t) => {
  const lines = formatRunTable([run(300, 300, 100), run(200, 250, 100, 2.5)]);
  t.match(lines.at(-1), 'median 0.90x', 'the mean of the middle two (1.00 and 0.80)');
  t.match(lines.at(-1), 'in 1 of 2 runs', 'exactly 1.0x counts');
  t.match(lines.find((l) => /^\s+2\s/.test(l)), /2\.50x$/);
  t.match(lines.find((l) => /^\s+1\s/.test(l)), /-$/);
});
