import { Counter, Histogram, type Logger, type Registry } from '@cred/runtime';

export interface RequestStats {
  /** One finished request: its route (or `unmatched`), status and duration. */
  record(route: string, method: string, status: number, seconds: number): void;
  /** Writes the aggregate line now (and on stop). */
  flush(): void;
  stop(): void;
}

/**
 * What the public surfaces say about each request, cheaply at volume: Prometheus counters and a
 * latency histogram per route (exact counts and latencies), and instead of a log line per
 * request, one info line per interval with the counts per route and status. Server errors are
 * still logged one by one where they happen (public-server.ts).
 */
export function createRequestStats(metrics: Registry, logger: Logger, intervalMs = 60_000): RequestStats {
  const requests = new Counter({
    name: 'verification_http_requests_total',
    help: 'Public HTTP requests by route, method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [metrics],
  });
  const duration = new Histogram({
    name: 'verification_http_request_duration_seconds',
    help: 'Public HTTP request duration by route',
    labelNames: ['route'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [metrics],
  });
  let counts = new Map<string, number>();
  let total = 0;
  let since = Date.now();
  const flush = () => {
    if (total === 0) return;
    const byRoute = Object.fromEntries(counts);
    logger.info({ requests: total, seconds: Math.round((Date.now() - since) / 1000), byRoute }, 'public requests');
    counts = new Map();
    total = 0;
    since = Date.now();
  };
  const timer = setInterval(flush, intervalMs);
  timer.unref();
  return {
    record(route, method, status, seconds) {
      const statusText = String(status);
      requests.inc({ route, method, status: statusText });
      duration.observe({ route }, seconds);
      const key = `${route} ${statusText}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      total++;
    },
    flush,
    stop() {
      clearInterval(timer);
      flush();
    },
  };
}
