// The figures of `pnpm bench issuance` runs side by side (BENCH_RUNS): on a machine whose speed
// drifts, one run's ratio says more about the moment than about the code, so several runs are
// read together, each against the floor measured in it.
import type { RunStats } from './stats.js';

/** The figures of one run that the issue's target is read from. */
export interface IssuanceRunSummary {
  everyService: RunStats;
  /** The faster of the run's two `vc.issue` measurements (issues a second). */
  floorPerSecond: number;
  /** CPU per issue over the platform's processes with every service running, and `vc.issue`'s. */
  platformCpuMs: number;
  floorCpuMs: number;
  /** Bulk rows a second against the floor, when the run had its bulk stage. */
  bulkRatio?: number;
}

/** The runs side by side, each against its own floor; the median ratio; the runs at 1.0x or more with p99 under 200 ms. */
export function formatRunTable(runs: readonly IssuanceRunSummary[]): string[] {
  const ratio = (r: IssuanceRunSummary) => r.everyService.perSecond / r.floorPerSecond;
  const lines = ['', 'run  every service      floor   ratio      p99  platform CPU/issue  vc.issue CPU/issue  bulk ratio'];
  runs.forEach((r, i) => {
    lines.push(
      `${String(i + 1).padStart(3)}  ${r.everyService.perSecond.toFixed(1).padStart(11)}/s ${r.floorPerSecond.toFixed(1).padStart(8)}/s ` +
        `${ratio(r).toFixed(2).padStart(6)}x ${r.everyService.p99Ms.toFixed(0).padStart(5)} ms ${r.platformCpuMs.toFixed(2).padStart(15)} ms ` +
        `${r.floorCpuMs.toFixed(2).padStart(16)} ms ${r.bulkRatio === undefined ? '         -' : `${r.bulkRatio.toFixed(2).padStart(9)}x`}`,
    );
  });
  const sorted = runs.map(ratio).sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median = sorted.length % 2 === 1 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const met = runs.filter((r) => ratio(r) >= 1 && r.everyService.p99Ms < 200).length;
  lines.push(
    '',
    `every service against its run's floor: ${sorted[0]!.toFixed(2)}-${sorted[sorted.length - 1]!.toFixed(2)}x, median ${median.toFixed(2)}x; ` +
      `1.0x or more with p99 under 200 ms in ${met} of ${runs.length} runs`,
  );
  return lines;
}
