// `pnpm bench verification`: the public verification HTTP server under load (50 keep-alive
// connections, bounded request counts), against the service directly (not through the gateway),
// beside two floors measured in the same run:
//   - Digital Bazaar's vc.verifyCredential in a loop (what a verifier without our caches costs),
//   - a bare node:http JSON endpoint (the most a Node HTTP server does on this machine).
// Scenarios: GET /api/verify/{id} warm (signature cached) and first-sight (credentials never
// verified before: N distinct ones published first), GET /api/credentials/{id}/baked (warm).
// The service measured is a replica as deployed: its own process started like the Dockerfile's
// CMD (`node --single-threaded-gc`, src/main.ts), sharing the read model, Redis and queues with the
// in-process instance that the bench seeds through events (BENCH_VERIFY_IN_PROCESS=1 measures
// that in-process instance instead). The load client runs in a worker thread of the bench.
// Needs PostgreSQL, Redis and RabbitMQ like the tests. Sizes: BENCH_VERIFY_REQUESTS (20000),
// BENCH_VERIFY_FIRST_SIGHT (1000), BENCH_VERIFY_DB_LOOPS (200).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { documentLoader } from '@cred/ob3';
import { waitFor } from '@cred/testing';
import { freePort, SERVICE_NODE_ARGS } from '../scripts/launcher.js';
import {
  BASE_URL,
  SESSION_KEYS,
  seedIssuer,
  signedCredential,
  statusListUrl,
  startVerification,
  type IssuedCredential,
} from '../services/verification/test/fixtures/harness.js';
import type { EdgeTargets } from '../scripts/edge.js';
import { BENCH_LOG_LEVEL } from './stats.js';

const CONCURRENCY = 50;
const REQUESTS = Number(process.env.BENCH_VERIFY_REQUESTS ?? 20_000);
const FIRST_SIGHT = Number(process.env.BENCH_VERIFY_FIRST_SIGHT ?? 1000);
const DB_LOOPS = Number(process.env.BENCH_VERIFY_DB_LOOPS ?? 200);
const MAX_SECONDS = 60;
/** The replica's node options: the Dockerfile's unless BENCH_VERIFY_NODE_ARGS says otherwise ("" for none). */
const REPLICA_NODE_ARGS: readonly string[] =
  process.env.BENCH_VERIFY_NODE_ARGS !== undefined ? process.env.BENCH_VERIFY_NODE_ARGS.split(' ').filter(Boolean) : SERVICE_NODE_ARGS;
/** Requests sent before each measured run (connections opened, code optimized by the JIT). */
const WARM_UP = 5000;

export interface Figures {
  label: string;
  count: number;
  errors: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export function load(label: string, port: number, paths: string[], total: number): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-client.mjs', import.meta.url), {
      workerData: { port, paths, total, concurrency: CONCURRENCY, maxSeconds: MAX_SECONDS },
    });
    worker.once('message', (m: Omit<Figures, 'label'>) => {
      void worker.terminate();
      resolve({ label, ...m });
    });
    worker.once('error', reject);
  });
}

/**
 * Digital Bazaar's `vc.verifyCredential` on `credential`, one at a time. A credential with a
 * revocation entry also gets its status checked (@digitalbazaar/vc-bitstring-status-list, the list
 * read from `documents` as a verifier that already fetched it would: decoded, bit read; the list's
 * own proof is not checked, as verification does not check its own lists' either).
 */
export async function digitalBazaarLoop(
  credential: Record<string, unknown>,
  didDocument: Record<string, unknown>,
  /** Further documents by URL (a status list), served from memory. */
  documents: Record<string, unknown> = {},
): Promise<Figures> {
  const vc = await import('@digitalbazaar/vc' as string);
  const bsl = await import('@digitalbazaar/vc-bitstring-status-list' as string);
  const { DataIntegrityProof } = await import('@digitalbazaar/data-integrity' as string);
  const { cryptosuite } = await import('@digitalbazaar/eddsa-rdfc-2022-cryptosuite' as string);
  const vms = didDocument['verificationMethod'] as Array<Record<string, unknown>>;
  const loader = async (url: string) => {
    if (url === didDocument['id']) return { contextUrl: null, documentUrl: url, document: structuredClone(didDocument) };
    if (url in documents) return { contextUrl: null, documentUrl: url, document: structuredClone(documents[url]) };
    const vm = vms.find((m) => m['id'] === url);
    if (vm) return { contextUrl: null, documentUrl: url, document: { '@context': 'https://w3id.org/security/multikey/v1', ...vm } };
    const r = await documentLoader(url);
    return { ...r, document: structuredClone(r.document) };
  };
  const latencies: number[] = [];
  const started = performance.now();
  let errors = 0;
  for (let i = 0; i < DB_LOOPS; i++) {
    const t0 = performance.now();
    const suite = new DataIntegrityProof({ cryptosuite });
    const checkStatus =
      'credentialStatus' in credential
        ? (o: object) => bsl.checkStatus({ ...o, suite, documentLoader: loader, verifyBitstringStatusListCredential: false })
        : undefined;
    const r = await vc.verifyCredential({ credential, suite, documentLoader: loader, ...(checkStatus ? { checkStatus } : {}) });
    if (r.verified) latencies.push(performance.now() - t0);
    else errors++;
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] ?? NaN;
  return {
    label: 'floor: Digital Bazaar vc.verifyCredential loop (1 at a time)',
    count: latencies.length,
    errors,
    perSecond: latencies.length / seconds,
    p50Ms: pct(0.5),
    p99Ms: pct(0.99),
  };
}

async function jsonEndpoint(label: string, handler: http.RequestListener): Promise<Figures> {
  const server = http.createServer(handler);
  server.keepAliveTimeout = 65000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  await load('warm-up', port, ['/x'], WARM_UP);
  const figures = await load(label, port, ['/x'], REQUESTS);
  await new Promise<void>((r) => {
    server.close(() => r());
    server.closeAllConnections();
  });
  return figures;
}

const FLOOR_BODY = JSON.stringify({ valid: true, status: 'valid' });

export function bareNodeHttp(): Promise<Figures> {
  return jsonEndpoint('floor: bare node:http JSON endpoint', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(FLOOR_BODY) });
    res.end(FLOOR_BODY);
  });
}

/** The same endpoint on express 5 (the gateway's copy), for ADR 0004's framework question. */
async function expressJson(): Promise<Figures | undefined> {
  try {
    const require = createRequire(new URL('../services/gateway/package.json', import.meta.url));
    const express = (
      (await import(pathToFileURL(require.resolve('express')).href)) as {
        default: () => http.RequestListener & {
          disable(s: string): void;
          set(k: string, v: unknown): void;
          get(p: string, h: (req: unknown, res: { json(b: unknown): void }) => void): void;
        };
      }
    ).default;
    const app = express();
    app.disable('x-powered-by');
    app.set('etag', false);
    app.get('/x', (_req, res) => res.json({ valid: true, status: 'valid' }));
    return await jsonEndpoint('reference: express 5 JSON endpoint', app);
  } catch (err) {
    console.error(`express reference skipped: ${(err as Error).message}`);
    return undefined;
  }
}

export async function publishAll(h: Awaited<ReturnType<typeof startVerification>>, list: IssuedCredential[]): Promise<void> {
  for (let i = 0; i < list.length; i += 50) {
    await Promise.all(list.slice(i, i + 50).map((c) => h.publish('credential.issued', c.data)));
  }
}

/**
 * Refuses to measure a replica that cannot read its organization's revocation list: each
 * verification would then try the read, fail and log, and the figures would be of that (as the
 * bench's figures were before the replica was told where issuance is). A credential with bit
 * `index` set in issuance's list must read as revoked through `port`.
 */
export async function assertReplicaReadsStatusList(
  h: Awaited<ReturnType<typeof startVerification>>,
  port: number,
  issuer: Parameters<typeof signedCredential>[0],
  badge: Parameters<typeof signedCredential>[1],
  index = 131_000,
): Promise<void> {
  const probe = await signedCredential(issuer, badge, { statusListIndex: index });
  await publishAll(h, [probe]);
  h.issuance.revokedIndexes.set(issuer.slug, [...(h.issuance.revokedIndexes.get(issuer.slug) ?? []), index]);
  const res = await fetch(`http://127.0.0.1:${port}/api/verify/${probe.credentialId}`);
  const body = (await res.json()) as { status?: string };
  if (res.status !== 200 || body.status !== 'revoked')
    throw new Error(`the replica on port ${port} does not read the revocation list (answered ${res.status}, status ${String(body.status)})`);
}

/**
 * A second verification replica in its own process, started the way the Dockerfile starts it,
 * on the same database, Redis prefix and exchange (so it consumes the same queues, as replicas do).
 */
export async function startReplica(
  h: Awaited<ReturnType<typeof startVerification>>,
  env: Record<string, string> = {},
  /** Started as the launcher starts it behind its edge: with the IPC channel connections come over. */
  edge?: EdgeTargets,
): Promise<{ port: number; pid: number; stop(): Promise<void> }> {
  const [httpPort, grpcPort, opsPort] = [await freePort(), await freePort(), await freePort()];
  const child: ChildProcess = spawn(process.execPath, [...REPLICA_NODE_ARGS, '--import', 'tsx', 'src/main.ts'], {
    cwd: new URL('../services/verification/', import.meta.url),
    env: {
      ...process.env,
      DATABASE_URL: h.iso.databaseUrl,
      EVENTS_EXCHANGE: h.iso.eventsExchange,
      AMQP_URL: h.iso.amqpUrl,
      REDIS_URL: h.iso.redisUrl,
      REDIS_KEY_PREFIX: h.iso.redisKeyPrefix,
      // Read-model misses and revocation lists are asked of the harness's issuance, as in-process.
      ISSUANCE_GRPC_ADDR: h.issuance.address,
      HTTP_PORT: String(httpPort),
      GRPC_PORT: String(grpcPort),
      OPS_PORT: String(opsPort),
      BASE_URL,
      SESSION_PUBLIC_KEYS: SESSION_KEYS.SESSION_PUBLIC_KEYS,
      LOG_LEVEL: BENCH_LOG_LEVEL,
      // One load client, one address: the per-IP limit is still checked (a Redis call per request).
      RATE_LIMIT_IP_PER_MINUTE: '1000000000',
      ...env,
    },
    stdio: edge ? ['ignore', 'ignore', 'inherit', 'ipc'] : ['ignore', 'ignore', 'inherit'],
  });
  if (edge) edge.track('verification', child);
  const exited = once(child, 'exit');
  await waitFor(
    'verification replica ready',
    async () => {
      if (child.exitCode !== null) throw new Error(`verification replica exited with ${child.exitCode}`);
      return (await fetch(`http://127.0.0.1:${opsPort}/readyz`).catch(() => undefined))?.ok === true;
    },
    30_000,
    100,
  );
  return {
    port: httpPort,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export function row(f: Figures): string {
  return `${f.label.padEnd(64)} ${f.perSecond.toFixed(0).padStart(8)}/s   p50 ${f.p50Ms.toFixed(2).padStart(7)} ms   p99 ${f.p99Ms.toFixed(2).padStart(7)} ms   (n=${f.count}${f.errors ? `, ${f.errors} errors` : ''})`;
}

export async function runVerificationBench(): Promise<void> {
  const teardowns: Array<() => unknown> = [];
  const h = await startVerification({ teardown: (fn) => teardowns.push(fn) });
  try {
    const { issuer, badge } = await seedIssuer(h);
    const inProcess = process.env.BENCH_VERIFY_IN_PROCESS === '1';
    const replica = inProcess ? undefined : await startReplica(h);
    if (replica) teardowns.push(() => replica.stop());
    const port = replica?.port ?? h.service.httpPort();
    console.log(
      `verification benchmark: ${CONCURRENCY} connections, ${REQUESTS} requests per run, ${FIRST_SIGHT} first-sight credentials; ` +
        (replica ? `measuring a replica process (node ${REPLICA_NODE_ARGS.join(' ')})` : 'measuring the in-process service'),
    );

    // Shaped like the platform's own: each with its entry in the organization's revocation list.
    const warmSet = await Promise.all(Array.from({ length: 100 }, (_, i) => signedCredential(issuer, badge, { statusListIndex: i })));
    const fresh = await Promise.all(
      Array.from({ length: FIRST_SIGHT }, (_, i) => signedCredential(issuer, badge, { statusListIndex: 100 + i })),
    );
    await publishAll(h, [...warmSet, ...fresh]);
    await assertReplicaReadsStatusList(h, port, issuer, badge);

    const results: Figures[] = [];
    const db = await digitalBazaarLoop(warmSet[0]!.ob3, (await h.get(`/issuers/${issuer.slug}/did.json`)).body, {
      [statusListUrl(issuer.slug)]: (await h.get(`/issuers/${issuer.slug}/status/1`)).body,
    });
    results.push(db);
    const bare = await bareNodeHttp();
    results.push(bare);
    const viaExpress = await expressJson();
    if (viaExpress) results.push(viaExpress);

    const verifyPaths = warmSet.map((c) => `/api/verify/${c.credentialId}`);
    await load('warm-up', port, verifyPaths, WARM_UP);
    const warm = await load('GET /api/verify/{id} warm (signature cached)', port, verifyPaths, REQUESTS);
    results.push(warm);
    const firstSight = await load(
      'GET /api/verify/{id} first sight (never verified before)',
      port,
      fresh.map((c) => `/api/verify/${c.credentialId}`),
      fresh.length,
    );
    results.push(firstSight);
    const bakedPaths = warmSet.map((c) => `/api/credentials/${c.credentialId}/baked`);
    await load('warm-up', port, bakedPaths, WARM_UP / 2);
    const baked = await load('GET /api/credentials/{id}/baked (cached bake)', port, bakedPaths, Math.max(1000, Math.floor(REQUESTS / 2)));
    results.push(baked);

    for (const f of results) console.log(row(f));
    const ratio = (a: Figures, b: Figures) => (a.perSecond / b.perSecond).toFixed(1);
    console.log(`ratios: warm / Digital Bazaar = ${ratio(warm, db)}x (target >= 30x), warm / bare node:http = ${ratio(warm, bare)}x,`);
    console.log(`        first sight / Digital Bazaar = ${ratio(firstSight, db)}x, baked / Digital Bazaar = ${ratio(baked, db)}x`);
    console.log(
      `        per-request cost: warm ${(1e6 / warm.perSecond).toFixed(0)} µs vs bare node:http ${(1e6 / bare.perSecond).toFixed(0)} µs` +
        (viaExpress
          ? ` vs express 5 ${(1e6 / viaExpress.perSecond).toFixed(0)} µs (+${(1e6 / viaExpress.perSecond - 1e6 / bare.perSecond).toFixed(0)} µs)`
          : ''),
    );
    console.log(
      `target: warm >= 30x DB ${warm.perSecond >= 30 * db.perSecond ? 'met' : 'NOT met'}, warm p99 < 20 ms ${warm.p99Ms < 20 ? 'met' : 'NOT met'}`,
    );
  } finally {
    for (const fn of teardowns.reverse()) await fn();
  }
}

// Run directly: `npx tsx bench/verification.ts`.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  await runVerificationBench();
  process.exit(0);
}
