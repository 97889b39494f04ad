/**
 * The services' log level in every benchmark: `info`, as they run when deployed (k8s/config.yaml,
 * docker-compose.yml, `npm start`), so that what their log lines cost is in the figures.
 * BENCH_LOG_LEVEL changes it (for instance to compare with `warn`).
 */
export const BENCH_LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';

/** Latency summary of one measured run. */
export interface RunStats {
  label: string;
  count: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/**
 * Runs `total` operations with `concurrency` workers pulling from one counter (a closed
 * loop: each worker waits for its answer before the next request). Latency is per
 * operation; throughput is completed operations over the wall time of the whole run.
 */
export async function measure(label: string, total: number, concurrency: number, op: (i: number) => Promise<void>): Promise<RunStats> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  let firstError: unknown;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      for (;;) {
        const i = next++;
        if (i >= total) return;
        const t0 = performance.now();
        try {
          await op(i);
          latencies.push(performance.now() - t0);
        } catch (err) {
          errors += 1;
          firstError ??= err;
          // A broken platform should stop the run, not spin through the whole count.
          if (errors > Math.max(5, total * 0.01)) throw err;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (errors > 0) console.error(`${label}: ${errors} failed operations, first: ${firstError instanceof Error ? firstError.message : String(firstError)}`);
  latencies.sort((a, b) => a - b);
  return { label, count: latencies.length, errors, seconds, perSecond: latencies.length / seconds, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
}

export function formatRow(s: RunStats): string {
  return `${s.label.padEnd(58)} ${s.perSecond.toFixed(1).padStart(8)}/s   p50 ${s.p50Ms.toFixed(1).padStart(7)} ms   p99 ${s.p99Ms.toFixed(1).padStart(7)} ms   (n=${s.count}${s.errors ? `, ${s.errors} errors` : ''})`;
}
