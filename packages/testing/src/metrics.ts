/**
 * The sum of a Prometheus counter or gauge on a process's ops port (`/metrics`), over the series
 * whose labels include every given label (a label value may be a RegExp). Tests use it as the
 * positive signal that the code under test ran (a consumer settled a message, a worker finished a
 * pass) before they assert that nothing else happened.
 */
export async function metricValue(opsPort: number, name: string, labels: Record<string, string | RegExp> = {}): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${opsPort}/metrics`);
  if (!res.ok) throw new Error(`GET /metrics on ${opsPort} answered ${res.status}`);
  return sumSeries(await res.text(), name, labels);
}

/** The sum over the exposition text's series of `name` that carry the given labels. */
export function sumSeries(text: string, name: string, labels: Record<string, string | RegExp> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = new Map<string, string>();
    for (const pair of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) have.set(pair[1]!, pair[2]!);
    const matches = Object.entries(labels).every(([k, want]) => {
      const v = have.get(k);
      return v !== undefined && (typeof want === 'string' ? v === want : want.test(v));
    });
    if (matches) sum += Number(m[3]);
  }
  return sum;
}
