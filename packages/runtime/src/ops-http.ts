import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { AdjustableClock, Clock } from './clock.js';

/** A named readiness probe; it throws (or rejects) when its dependency is not usable. */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<void>;
}

export interface OpsServerOptions {
  port: number;
  host?: string;
  logger: Logger;
  metrics: Registry;
  checks: ReadinessCheck[];
  /** When set (test mode only), PUT /testing/clock {"offsetMs": n} or {"at": iso} moves this clock. */
  testClock?: AdjustableClock;
  checkTimeoutMs?: number;
}

export interface OpsServer {
  readonly port: number;
  /** Readiness turns false first on shutdown, before anything closes. */
  setReady(ready: boolean): void;
  runChecks(): Promise<{ ready: boolean; checks: Record<string, string> }>;
  close(): Promise<void>;
}

async function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    if (timer) clearTimeout(timer);
  }
}

export async function runReadinessChecks(
  checks: ReadinessCheck[],
  timeoutMs = 2000,
): Promise<{ ready: boolean; checks: Record<string, string> }> {
  const results: Record<string, string> = {};
  let ready = true;
  await Promise.all(
    checks.map(async (c) => {
      try {
        await withTimeout(c.check(), timeoutMs);
        results[c.name] = 'ok';
      } catch (err) {
        ready = false;
        results[c.name] = err instanceof Error ? err.message : 'failed';
      }
    }),
  );
  return { ready, checks: results };
}

function send(res: http.ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  const text = type === 'application/json' ? JSON.stringify(body) : String(body);
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(text);
}

/** Liveness (/healthz), readiness (/readyz) and Prometheus metrics (/metrics) on a private port. */
export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  let ready = false;
  const timeoutMs = options.checkTimeoutMs ?? 2000;
  const runChecks = async () => {
    if (!ready) return { ready: false, checks: { lifecycle: 'not ready' } };
    return runReadinessChecks(options.checks, timeoutMs);
  };

  const server = http.createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && url === '/healthz') return send(res, 200, { status: 'ok' });
    if (req.method === 'GET' && url === '/readyz') {
      runChecks().then(
        (r) => send(res, r.ready ? 200 : 503, { status: r.ready ? 'ready' : 'not ready', checks: r.checks }),
        () => send(res, 503, { status: 'not ready' }),
      );
      return;
    }
    if (req.method === 'GET' && url === '/metrics') {
      options.metrics.metrics().then(
        (text) => send(res, 200, text, options.metrics.contentType),
        (err) => {
          options.logger.error({ err }, 'metrics collection failed');
          send(res, 500, { error: 'INTERNAL_ERROR', message: 'metrics failed', details: {} });
        },
      );
      return;
    }
    if (req.method === 'PUT' && url === '/testing/clock' && options.testClock) {
      const clock = options.testClock;
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
        if (body.length > 1024) req.destroy();
      });
      req.on('end', () => {
        try {
          const parsed = JSON.parse(body) as { offsetMs?: number; at?: string };
          if (typeof parsed.at === 'string') clock.set(new Date(parsed.at));
          else if (typeof parsed.offsetMs === 'number') {
            clock.reset();
            clock.advance(parsed.offsetMs);
          } else clock.reset();
          send(res, 200, { now: (clock as Clock).now().toISOString() });
        } catch {
          send(res, 400, { error: 'VALIDATION_ERROR', message: 'bad clock body', details: {} });
        }
      });
      return;
    }
    send(res, 404, { error: 'NOT_FOUND', message: 'Not found', details: {} });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  options.logger.info({ port }, 'ops server listening');
  return {
    port,
    setReady(value: boolean) {
      ready = value;
    },
    runChecks,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
