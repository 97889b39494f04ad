// `pnpm bench public`: the public surfaces through the public origin (issue 16, ADR 0009), at 50
// keep-alive connections: the gateway process (its pass-through before express) in front of a
// verification replica process, as `pnpm start` runs them. Scenarios: GET /api/verify/{id} warm
// and first sight, the baked PNG, the verification page. For the edge decision, the same warm
// verify straight to the replica (what an Ingress does) and through a separate edge-router
// process (bench/edge-router.ts). Floors in the same run: Digital Bazaar's vc.verifyCredential
// on the platform's own credential, and a bare node:http endpoint.
// Sizes: BENCH_PUBLIC_REQUESTS (10000), BENCH_PUBLIC_FIRST_SIGHT (500), BENCH_VERIFY_DB_LOOPS (200).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { waitFor } from '@cred/testing';
import { freePort, SERVICE_NODE_ARGS } from '../scripts/launcher.js';
import { seedIssuer, SESSION_KEYS, signedCredential, startVerification } from '../services/verification/test/fixtures/harness.js';
import { bareNodeHttp, digitalBazaarLoop, load, publishAll, row, startReplica, type Figures } from './verification.js';

const REQUESTS = Number(process.env.BENCH_PUBLIC_REQUESTS ?? 10_000);
const FIRST_SIGHT = Number(process.env.BENCH_PUBLIC_FIRST_SIGHT ?? 500);
const WARM_UP = 3000;

function spawnProcess(args: string[], env: Record<string, string>): { child: ChildProcess; stop(): Promise<void> } {
  const child = spawn(process.execPath, [...SERVICE_NODE_ARGS, '--import', 'tsx', ...args], {
    cwd: new URL('..', import.meta.url),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  return {
    child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The gateway as its own process, with only what the public path needs (Redis, verification). */
async function startGateway(verificationPort: number, redisUrl: string, prefix: string) {
  const port = await freePort();
  const p = spawnProcess(['services/gateway/src/main.ts'], {
    PORT: String(port),
    OPS_PORT: String(await freePort()),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: prefix,
    SESSION_PUBLIC_KEYS: SESSION_KEYS.SESSION_PUBLIC_KEYS,
    PLATFORM_ADMIN_TOKEN: 'bench-admin-token-0123456789abcdef',
    VERIFICATION_HTTP_URL: `http://127.0.0.1:${verificationPort}`,
    LOG_LEVEL: 'warn',
  });
  p.child.stdout?.resume();
  await waitFor(
    'gateway listening',
    async () => (await fetch(`http://127.0.0.1:${port}/verify-lookup`).catch(() => undefined))?.status === 200,
    90_000,
    200,
  );
  return { port, stop: p.stop };
}

async function startEdgeRouter(verificationPort: number) {
  const p = spawnProcess(['bench/edge-router.ts'], { EDGE_TARGET: `http://127.0.0.1:${verificationPort}` });
  const lines = createInterface({ input: p.child.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  return { port: Number(/listening (\d+)/.exec(line)?.[1]), stop: p.stop };
}

export async function runPublicOriginBench(): Promise<void> {
  const teardowns: Array<() => unknown> = [];
  const h = await startVerification({ teardown: (fn) => teardowns.push(fn) });
  try {
    const { issuer, badge } = await seedIssuer(h);
    // The gateway's pass-through appends the peer: the replica trusts that loopback hop.
    const replica = await startReplica(h, { TRUST_PROXY: 'loopback' });
    teardowns.push(() => replica.stop());
    const gateway = await startGateway(replica.port, h.iso.redisUrl, h.iso.redisKeyPrefix);
    teardowns.push(() => gateway.stop());
    const edge = await startEdgeRouter(replica.port);
    teardowns.push(() => edge.stop());
    console.log(
      `public origin benchmark: 50 connections, ${REQUESTS} requests per run, ${FIRST_SIGHT} first-sight credentials; ` +
        'gateway, verification replica and edge router each their own process',
    );

    const warmSet = await Promise.all(Array.from({ length: 100 }, () => signedCredential(issuer, badge)));
    const fresh = await Promise.all(Array.from({ length: FIRST_SIGHT }, () => signedCredential(issuer, badge)));
    await publishAll(h, [...warmSet, ...fresh]);

    const results: Figures[] = [];
    const db = await digitalBazaarLoop(warmSet[0]!.ob3, (await h.get(`/issuers/${issuer.slug}/did.json`)).body);
    results.push(db);
    const bare = await bareNodeHttp();
    results.push(bare);

    const verifyPaths = warmSet.map((c) => `/api/verify/${c.credentialId}`);
    await load('warm-up', gateway.port, verifyPaths, WARM_UP);
    const warm = await load('origin: GET /api/verify/{id} warm', gateway.port, verifyPaths, REQUESTS);
    results.push(warm);
    const firstSight = await load(
      'origin: GET /api/verify/{id} first sight',
      gateway.port,
      fresh.map((c) => `/api/verify/${c.credentialId}`),
      fresh.length,
    );
    results.push(firstSight);
    const bakedPaths = warmSet.map((c) => `/api/credentials/${c.credentialId}/baked`);
    await load('warm-up', gateway.port, bakedPaths, WARM_UP / 2);
    results.push(await load('origin: GET /api/credentials/{id}/baked', gateway.port, bakedPaths, Math.floor(REQUESTS / 2)));
    const pagePaths = warmSet.map((c) => `/verify/${c.credentialId}`);
    await load('warm-up', gateway.port, pagePaths, WARM_UP / 2);
    results.push(await load('origin: GET /verify/{id} (page)', gateway.port, pagePaths, Math.floor(REQUESTS / 2)));

    // The edge options for the same warm verify.
    await load('warm-up', replica.port, verifyPaths, WARM_UP);
    const direct = await load('option: straight to the replica (Ingress)', replica.port, verifyPaths, REQUESTS);
    results.push(direct);
    await load('warm-up', edge.port, verifyPaths, WARM_UP);
    const router = await load('option: edge-router process in front', edge.port, verifyPaths, REQUESTS);
    results.push(router);

    for (const f of results) console.log(row(f));
    const ratio = (a: Figures, b: Figures) => (a.perSecond / b.perSecond).toFixed(2);
    console.log(
      `ratios: origin warm / Digital Bazaar = ${ratio(warm, db)}x, origin warm / bare node:http = ${ratio(warm, bare)}x, ` +
        `origin warm / straight to replica = ${ratio(warm, direct)}x, edge router / straight = ${ratio(router, direct)}x`,
    );
  } finally {
    for (const fn of teardowns.reverse()) await fn();
  }
}

// Run directly: `npx tsx bench/public-origin.ts`.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  await runPublicOriginBench();
  process.exit(0);
}
