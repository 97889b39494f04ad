// `pnpm bench web`: the web application as the gateway serves it.
//   (a) the bytes a first load costs on the wire (the page's HTML document, the script and the
//       stylesheet, with brotli and with gzip), against a budget of 150 KB (150,000 bytes);
//   (b) page documents per second through a running gateway, beside a bare node:http server that
//       answers the same bytes with the same headers (the floor: what any Node server costs here);
//   (c) hashed assets (brotli, as browsers ask) per second, the same way.
// Between the two, a reference: express 5 with only the gateway's web handler (webRoutes), to
// show what the rest of the gateway's chain (request id, metrics, the per-IP limit in Redis) adds.
// The gateway is its own process started as deployed (`node --single-threaded-gc`, src/main.ts),
// with Redis for its rate limit (every request still counts against the per-IP limit, set far
// above the load); nothing else is needed, as pages and assets call no other service. The floor
// and the reference run on this process's main thread, the load client (closed loop, keep-alive,
// bench/load-client.mjs) in a worker thread. Beside each rate: CPU time per request of the server
// measured (the gateway process, all threads; the main thread here for the others) and, for the
// gateway, of Redis (shared with whatever else uses it). On a shared machine the rates move a lot
// between runs; CPU per request much less. Each run lasts BENCH_WEB_SECONDS (3) after a 1 s
// warm-up. BENCH_NODE_ARGS adds node options to the gateway (e.g. `--cpu-prof --cpu-prof-dir=…`).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { deleteRedisKeys, TEST_REDIS_URL, uniqueName, waitFor } from '@cred/testing';
import { freePort, SERVICE_NODE_ARGS } from '../scripts/launcher.js';
import { commandGroup, mainThreadCpuSeconds, startCpuAccounting, type CpuGroup } from './cpu-accounting.js';
import { webRoutes } from '../services/gateway/src/http/web-routes.js';
import { buildWebAssets, type WebAssets } from '../services/gateway/src/web/assets.js';
import { PAGES } from '../services/gateway/web/src/routes.js';
import { newSessionKeyPair } from '@cred/runtime';
import { BENCH_LOG_LEVEL } from './stats.js';

/** Session keys: accounts signs with the seed, the gateway and verification check with the public key. */
const SESSION_KEYS = newSessionKeyPair();

const CONCURRENCY = 50;
const SECONDS = Number(process.env.BENCH_WEB_SECONDS ?? 3);
const WARM_UP_SECONDS = 1;
const BUDGET_BYTES = 150_000;
const ORG = '0b7f5c3e-6d1a-4c8e-9f2b-3a4d5e6f7a8b';
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
/** A few pages of the table, so the run is not one cached path. */
const PAGE_PATHS = [PAGES.home, PAGES.login, PAGES.badges, PAGES.credentials, PAGES.issue].map((p) => p.replace(':orgId', ORG));

interface Figures {
  label: string;
  count: number;
  errors: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU µs per request of the server measured. */
  cpuUs?: number;
  /** CPU µs per request of Redis (the gateway's rate limit). */
  redisUs?: number;
}

/** Where a server's CPU time is read: this process's main thread, or processes (the gateway, Redis). */
type CpuSource = 'main thread' | { server: CpuGroup; redis: CpuGroup };

function load(label: string, port: number, paths: string[], headers: Record<string, string>, seconds: number): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-client.mjs', import.meta.url), {
      workerData: { port, paths, headers, total: 2_000_000, concurrency: CONCURRENCY, maxSeconds: seconds },
    });
    worker.once('message', (m: Omit<Figures, 'label'>) => {
      void worker.terminate();
      resolve({ label, ...m });
    });
    worker.once('error', reject);
  });
}

async function measured(
  label: string,
  port: number,
  paths: string[],
  cpu: CpuSource,
  headers: Record<string, string> = {},
): Promise<Figures> {
  await load('warm-up', port, paths, headers, WARM_UP_SECONDS);
  if (cpu === 'main thread') {
    const before = mainThreadCpuSeconds();
    const f = await load(label, port, paths, headers, SECONDS);
    const after = mainThreadCpuSeconds();
    return before === undefined || after === undefined ? f : { ...f, cpuUs: ((after - before) * 1e6) / f.count };
  }
  const accounting = await startCpuAccounting([cpu.server, cpu.redis]);
  const f = await load(label, port, paths, headers, SECONDS);
  const report = await accounting.finish();
  const seconds = (group: CpuGroup) => report.lines.find((l) => l.label === group.label)?.seconds ?? NaN;
  return { ...f, cpuUs: (seconds(cpu.server) * 1e6) / f.count, redisUs: (seconds(cpu.redis) * 1e6) / f.count };
}

interface Wire {
  status: number;
  headers: Record<string, string>;
  headerBytes: number;
  body: Buffer;
}

/** One GET on a fresh connection, read as raw bytes: what crossed the wire, headers included. */
function rawGet(port: number, path: string, acceptEncoding?: string): Promise<Wire> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('connect', () =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${acceptEncoding ? `Accept-Encoding: ${acceptEncoding}\r\n` : ''}Connection: close\r\n\r\n`,
      ),
    );
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      const lines = all.toString('latin1', 0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(lines[0]!.slice(9, 12)), headers, headerBytes: end + 4, body: all.subarray(end + 4) });
    });
  });
}

/** The headers a floor server repeats: the gateway's, less those about the connection or the moment. */
function replayable(headers: Record<string, string>): Record<string, string> {
  const skip = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset']);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !skip.has(name)));
}

/** A bare node:http server answering each path with fixed bytes and headers. */
async function floorServer(
  answers: Map<string, { headers: Record<string, string>; body: Buffer }>,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const a = answers.get(req.url ?? '');
    if (!a) {
      res.writeHead(404, { 'content-length': 0 }).end();
      return;
    }
    res.writeHead(200, a.headers);
    res.end(a.body);
  });
  return listening(server);
}

/** Listens on a free loopback port with keep-alive; close() also ends the open connections. */
async function listening(server: http.Server): Promise<{ port: number; close(): Promise<void> }> {
  server.keepAliveTimeout = 65000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/** express 5 (the gateway's copy) with the web handler alone, as createApp mounts it. */
async function webHandlerOnly(assets: WebAssets): Promise<{ port: number; close(): Promise<void> }> {
  const require = createRequire(new URL('../services/gateway/package.json', import.meta.url));
  const express = (
    (await import(pathToFileURL(require.resolve('express')).href)) as {
      default: () => http.RequestListener & { disable(s: string): void; set(k: string, v: unknown): void; use(h: unknown): void };
    }
  ).default;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(webRoutes(assets));
  const server = http.createServer(app);
  return listening(server);
}

async function startGateway(): Promise<{ port: number; cpu: CpuSource; stop(): Promise<void> }> {
  const [port, opsPort] = [await freePort(), await freePort()];
  const prefix = `${uniqueName('bench-web')}:`;
  const child = spawn(process.execPath, [...SERVICE_NODE_ARGS, ...NODE_ARGS, '--import', 'tsx', 'src/main.ts'], {
    cwd: new URL('../services/gateway/', import.meta.url),
    env: {
      ...process.env,
      PORT: String(port),
      OPS_PORT: String(opsPort),
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      ...SESSION_KEYS,
      PLATFORM_ADMIN_TOKEN: 'bench-web-admin-token-0123456789',
      RATE_LIMIT_IP_PER_MINUTE: '1000000000',
      LOG_LEVEL: BENCH_LOG_LEVEL,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(child, 'exit');
  await waitFor(
    'gateway answering /',
    async () => {
      if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`);
      return (await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined))?.ok === true;
    },
    60_000,
    100,
  );
  const pid = child.pid!;
  return {
    port,
    cpu: { server: { label: 'gateway', pids: () => [pid] }, redis: commandGroup('redis (shared)', 'redis-server') },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await deleteRedisKeys(TEST_REDIS_URL, `${prefix}*`);
    },
  };
}

function row(f: Figures): string {
  const cpu =
    f.cpuUs === undefined
      ? ''
      : `   CPU ${f.cpuUs.toFixed(0).padStart(4)} µs${f.redisUs === undefined ? '' : ` + Redis ${f.redisUs.toFixed(0)} µs`}`;
  return (
    `${f.label.padEnd(56)} ${f.perSecond.toFixed(0).padStart(6)}/s   p50 ${f.p50Ms.toFixed(2).padStart(6)} ms   p99 ${f.p99Ms.toFixed(2).padStart(7)} ms` +
    `${cpu}   (n=${f.count}${f.errors ? `, ${f.errors} errors` : ''})`
  );
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;

export async function runWebBench(): Promise<void> {
  const t0 = performance.now();
  const assets = await buildWebAssets();
  const buildMs = performance.now() - t0;
  console.log(
    `web benchmark: ${CONCURRENCY} connections, ${SECONDS} s per run; the bundle builds in ${buildMs.toFixed(0)} ms in this process ` +
      `(script ${kb(assets.script.identity.length)}, stylesheet ${kb(assets.style.identity.length)} minified)`,
  );
  const gateway = await startGateway();
  try {
    const port = gateway.port;
    const shellPath = PAGE_PATHS[2]!;
    const shellDoc = (await rawGet(port, shellPath)).body.toString('utf8');
    const scriptPath = /<script type="module" src="([^"]+)">/.exec(shellDoc)?.[1];
    const stylePath = /<link rel="stylesheet" href="([^"]+)">/.exec(shellDoc)?.[1];
    if (!scriptPath || !stylePath) throw new Error('the page document names no script or stylesheet');

    // (a) A first load: the document, then the two files it names, as a browser asks for them.
    console.log('(a) first load on the wire (bodies; with response headers in brackets):');
    const firstLoad: Record<string, number> = {};
    for (const [name, accept] of [
      ['brotli', 'gzip, deflate, br'],
      ['gzip', 'gzip, deflate'],
      ['none', undefined],
    ] as const) {
      const parts = await Promise.all([shellPath, scriptPath, stylePath].map((p) => rawGet(port, p, accept)));
      for (const [i, p] of parts.entries())
        if (p.status !== 200) throw new Error(`GET ${[shellPath, scriptPath, stylePath][i]}: ${p.status}`);
      const [doc, script, style] = parts as [Wire, Wire, Wire];
      const bodies = doc.body.length + script.body.length + style.body.length;
      const withHeaders = bodies + doc.headerBytes + script.headerBytes + style.headerBytes;
      firstLoad[name] = bodies;
      console.log(
        `    ${name.padEnd(7)} document ${String(doc.body.length).padStart(6)} B + script ${String(script.body.length).padStart(6)} B (${script.headers['content-encoding'] ?? 'identity'})` +
          ` + stylesheet ${String(style.body.length).padStart(6)} B = ${String(bodies).padStart(7)} B [${withHeaders} B]` +
          `   = ${((bodies / BUDGET_BYTES) * 100).toFixed(1)}% of the 150 KB budget (${(bodies / BUDGET_BYTES).toFixed(3)})`,
      );
    }

    // (b) Page documents: the gateway, and a bare server answering the same bytes and headers.
    const docAnswers = new Map<string, { headers: Record<string, string>; body: Buffer }>();
    for (const p of PAGE_PATHS) {
      const w = await rawGet(port, p);
      docAnswers.set(p, { headers: replayable(w.headers), body: w.body });
    }
    const docFloor = await floorServer(docAnswers);
    const floorDoc = await measured('floor: bare node:http, the same document and headers', docFloor.port, PAGE_PATHS, 'main thread');
    await docFloor.close();
    const handler = await webHandlerOnly(assets);
    const handlerDoc = await measured('reference: express 5 + the web handler alone', handler.port, PAGE_PATHS, 'main thread');
    const gatewayDoc = await measured('gateway: page documents (5 page paths)', port, PAGE_PATHS, gateway.cpu);

    // (c) Hashed assets with brotli, as a browser's first load asks for them.
    const assetPaths = [scriptPath, stylePath];
    const assetAnswers = new Map<string, { headers: Record<string, string>; body: Buffer }>();
    for (const p of assetPaths) {
      const w = await rawGet(port, p, 'br');
      assetAnswers.set(p, { headers: replayable(w.headers), body: w.body });
    }
    const assetFloor = await floorServer(assetAnswers);
    const br = { 'Accept-Encoding': 'gzip, deflate, br' };
    const floorAsset = await measured(
      'floor: bare node:http, the same asset bytes and headers',
      assetFloor.port,
      assetPaths,
      'main thread',
      br,
    );
    await assetFloor.close();
    const handlerAsset = await measured('reference: express 5 + the web handler alone', handler.port, assetPaths, 'main thread', br);
    await handler.close();
    const gatewayAsset = await measured('gateway: hashed assets, brotli (script and stylesheet)', port, assetPaths, gateway.cpu, br);

    console.log('(b) page documents, (c) hashed assets:');
    for (const f of [floorDoc, handlerDoc, gatewayDoc, floorAsset, handlerAsset, gatewayAsset]) console.log(`    ${row(f)}`);
    const ratio = (a: Figures, b: Figures) => (a.perSecond / b.perSecond).toFixed(2);
    const us = (f: Figures) => (1e6 / f.perSecond).toFixed(0);
    /** Requests one core would serve, gateway against floor, from CPU per request (Redis excluded / included). */
    const capacity = (gw: Figures, floor: Figures) =>
      `${((floor.cpuUs ?? NaN) / (gw.cpuUs ?? NaN)).toFixed(2)}x (${((floor.cpuUs ?? NaN) / ((gw.cpuUs ?? NaN) + (gw.redisUs ?? NaN))).toFixed(2)}x with Redis)`;
    const b = firstLoad['brotli']!;
    const g = firstLoad['gzip']!;
    console.log(
      `ratios: first load ${kb(b)} brotli / ${kb(g)} gzip = ${(b / BUDGET_BYTES).toFixed(3)} / ${(g / BUDGET_BYTES).toFixed(3)} ` +
        `of the 150 KB budget (${g <= BUDGET_BYTES ? 'within' : 'OVER'});`,
    );
    for (const [what, gw, floor, ref] of [
      ['documents', gatewayDoc, floorDoc, handlerDoc],
      ['assets', gatewayAsset, floorAsset, handlerAsset],
    ] as const) {
      console.log(
        `        ${what}: gateway / floor = ${ratio(gw, floor)}x measured (${us(gw)} µs vs ${us(floor)} µs of wall time per request), ` +
          `${capacity(gw, floor)} by CPU per request; express + web handler alone / floor = ${ratio(ref, floor)}x measured, ` +
          `${((floor.cpuUs ?? NaN) / (ref.cpuUs ?? NaN)).toFixed(2)}x by CPU`,
      );
    }
  } finally {
    await gateway.stop();
  }
}

// Run directly: `npx tsx bench/web.ts`.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  await runWebBench();
  process.exit(0);
}
