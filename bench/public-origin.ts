// `pnpm bench public`: the public surfaces through the public origin (issue 16, ADR 0009), at 50
// keep-alive connections, as `pnpm start` runs them: the launcher's edge on the public port (here
// in the bench's main thread; the load client runs in a worker) handing each connection to a
// verification replica process or the gateway process. Scenarios: GET /api/verify/{id} warm and
// first sight, the baked PNG, the verification page. For comparison, the same warm verify
// straight to the replica (what an Ingress does) and through the gateway's own listener (its
// pass-through: the one-machine path before the edge). Floors in the same run: Digital Bazaar's
// vc.verifyCredential on the platform's own credential, and a bare node:http endpoint.
// Sizes: BENCH_PUBLIC_REQUESTS (10000), BENCH_PUBLIC_FIRST_SIGHT (3000), BENCH_VERIFY_DB_LOOPS (200).
// Credentials carry a revocation entry (credentialStatus) like the platform's own, so each
// verification also reads the organization's list (the harness's issuance stands in for GetStatusList).
// BENCH_PUBLIC_REPLICAS (1): verification replica processes behind the edge, as
// VERIFICATION_REPLICAS=n pnpm start runs them (the edge hands connections to each in turn).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { waitFor } from '@cred/testing';
import { commandGroup, formatCpuReport, postgresGroups, startCpuAccounting, type CpuGroup } from './cpu-accounting.js';
import { EdgeTargets, startEdge } from '../scripts/edge.js';
import { freePort, SERVICE_NODE_ARGS } from '../scripts/launcher.js';
import { seedIssuer, SESSION_KEYS, signedCredential, startVerification, statusListUrl } from '../services/verification/test/fixtures/harness.js';
import { assertReplicaReadsStatusList, bareNodeHttp, digitalBazaarLoop, load, publishAll, row, startReplica, type Figures } from './verification.js';
import { BENCH_LOG_LEVEL } from './stats.js';

const REQUESTS = Number(process.env.BENCH_PUBLIC_REQUESTS ?? 10_000);
// Long enough (3-4 s) that the run is not mostly the first requests' warm-up of the signature path.
const FIRST_SIGHT = Number(process.env.BENCH_PUBLIC_FIRST_SIGHT ?? 3000);
const WARM_UP = 3000;
const REPLICAS = Number(process.env.BENCH_PUBLIC_REPLICAS ?? 1);

/** The gateway as its own process, with only what the public path needs (Redis, verification), behind the edge. */
async function startGateway(port: number, verificationPorts: number[], redisUrl: string, prefix: string, edge: EdgeTargets) {
  const child: ChildProcess = spawn(process.execPath, [...SERVICE_NODE_ARGS, '--import', 'tsx', 'services/gateway/src/main.ts'], {
    cwd: new URL('..', import.meta.url),
    env: {
      ...process.env,
      PORT: String(port),
      OPS_PORT: String(await freePort()),
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      SESSION_PUBLIC_KEYS: SESSION_KEYS.SESSION_PUBLIC_KEYS,
      PLATFORM_ADMIN_TOKEN: 'bench-admin-token-0123456789abcdef',
      VERIFICATION_HTTP_URL: verificationPorts.map((p) => `http://127.0.0.1:${p}`).join(','),
      // As scripts/platform.ts sets them behind the edge.
      HANDED_CONNECTIONS: 'true',
      HANDED_TRUST_PROXY: 'false',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: BENCH_LOG_LEVEL,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  edge.track('gateway', child);
  const exited = once(child, 'exit');
  await waitFor(
    'gateway listening',
    async () => (await fetch(`http://127.0.0.1:${port}/verify-lookup`).catch(() => undefined))?.status === 200,
    90_000,
    200,
  );
  return {
    port,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function runPublicOriginBench(): Promise<void> {
  const teardowns: Array<() => unknown> = [];
  const h = await startVerification({ teardown: (fn) => teardowns.push(fn) });
  try {
    const { issuer, badge } = await seedIssuer(h);
    const targets = new EdgeTargets();
    const gatewayPort = await freePort();
    // As the launcher starts it behind the edge: handed connections read with what is in front
    // (nothing), its own listener (the gateway's pass-through) one loopback hop more.
    const replicaEnv = {
      TRUST_PROXY: 'loopback',
      HANDED_TRUST_PROXY: 'false',
      HANDED_CONNECTIONS: 'true',
      GATEWAY_HTTP_URL: `http://127.0.0.1:${gatewayPort}`,
    };
    const replicas = [];
    for (let i = 0; i < REPLICAS; i++) {
      const r = await startReplica(h, replicaEnv, targets);
      teardowns.push(() => r.stop());
      replicas.push(r);
    }
    const replica = replicas[0]!;
    const gateway = await startGateway(gatewayPort, replicas.map((r) => r.port), h.iso.redisUrl, h.iso.redisKeyPrefix, targets);
    teardowns.push(() => gateway.stop());
    const edge = await startEdge(0, '127.0.0.1', targets);
    teardowns.push(() => edge.close());
    // CPU per request of every process on the path, for the origin's warm and first-sight runs.
    const pgGroups = postgresGroups(h.iso.databaseUrl, ['verification']);
    teardowns.push(() => pgGroups.close());
    const cpuGroups: CpuGroup[] = [
      ...replicas.map((r, i) => ({ label: `verification replica${REPLICAS > 1 ? ` ${i + 1}` : ''}`, pids: () => [r.pid] })),
      { label: 'gateway', pids: () => [gateway.pid] },
      { label: 'bench process (load client, edge; shared)', pids: () => [process.pid] },
      ...pgGroups.groups.filter((g) => !g.label.includes('background')),
      commandGroup('redis (shared)', 'redis-server'),
    ];
    const cpuLines: string[] = [];
    const measured = async (name: string, run: () => Promise<Figures>): Promise<Figures> => {
      const cpu = await startCpuAccounting(cpuGroups);
      const f = await run();
      cpuLines.push(...formatCpuReport(await cpu.finish(), f.count, 2, 'request', undefined).map((l, i) => (i === 0 ? `${name}: ${l}` : l)));
      return f;
    };
    console.log(
      `public origin benchmark: 50 connections, ${REQUESTS} requests per run, ${FIRST_SIGHT} first-sight credentials; ` +
        `the edge (bench process), gateway and ${REPLICAS} verification replica process(es), each its own process` +
        (REPLICAS > 1 ? '; "straight to the replica" is the first one alone' : ''),
    );

    // Shaped like the platform's own credentials: each with its entry in the organization's
    // revocation list, which verification reads (from issuance, then its copy) on every request.
    const warmSet = await Promise.all(Array.from({ length: 100 }, (_, i) => signedCredential(issuer, badge, { statusListIndex: i })));
    const fresh = await Promise.all(
      Array.from({ length: FIRST_SIGHT }, (_, i) => signedCredential(issuer, badge, { statusListIndex: 100 + i })),
    );
    await publishAll(h, [...warmSet, ...fresh]);
    for (const r of replicas) await assertReplicaReadsStatusList(h, r.port, issuer, badge, 131_000 + replicas.indexOf(r));

    const results: Figures[] = [];
    const db = await digitalBazaarLoop(warmSet[0]!.ob3, (await h.get(`/issuers/${issuer.slug}/did.json`)).body, {
      [statusListUrl(issuer.slug)]: (await h.get(`/issuers/${issuer.slug}/status/1`)).body,
    });
    results.push(db);
    const bare = await bareNodeHttp();
    results.push(bare);

    const verifyPaths = warmSet.map((c) => `/api/verify/${c.credentialId}`);
    // First the replica's own listener (the Ingress path), with the same warm-up, so that the
    // origin's runs below do not meet code the JIT has not seen yet.
    await load('warm-up', replica.port, verifyPaths, WARM_UP);
    const direct = await load('straight to the replica (the Ingress path)', replica.port, verifyPaths, REQUESTS);
    results.push(direct);
    await load('warm-up', edge.port, verifyPaths, WARM_UP);
    const warm = await measured('origin warm verify', () => load('origin: GET /api/verify/{id} warm', edge.port, verifyPaths, REQUESTS));
    results.push(warm);
    const firstSight = await measured('origin first sight', () =>
      load(
        'origin: GET /api/verify/{id} first sight',
        edge.port,
        fresh.map((c) => `/api/verify/${c.credentialId}`),
        fresh.length,
      ),
    );
    results.push(firstSight);
    const bakedPaths = warmSet.map((c) => `/api/credentials/${c.credentialId}/baked`);
    await load('warm-up', edge.port, bakedPaths, WARM_UP / 2);
    const baked = await load('origin: GET /api/credentials/{id}/baked', edge.port, bakedPaths, REQUESTS);
    results.push(baked);
    const pagePaths = warmSet.map((c) => `/verify/${c.credentialId}`);
    await load('warm-up', edge.port, pagePaths, WARM_UP / 2);
    const page = await load('origin: GET /verify/{id} (page)', edge.port, pagePaths, REQUESTS);
    results.push(page);

    // The one-machine path before the edge: through the gateway's listener and its pass-through.
    await load('warm-up', gateway.port, verifyPaths, WARM_UP);
    const proxied = await load("through the gateway's pass-through (before the edge)", gateway.port, verifyPaths, REQUESTS);
    results.push(proxied);

    for (const f of results) console.log(row(f));
    const ratio = (a: Figures, b: Figures) => (a.perSecond / b.perSecond).toFixed(2);
    console.log(
      `ratios: origin warm / Digital Bazaar = ${ratio(warm, db)}x, first sight / Digital Bazaar = ${ratio(firstSight, db)}x, ` +
        `origin warm / bare node:http = ${ratio(warm, bare)}x, origin warm / straight to replica = ${ratio(warm, direct)}x, ` +
        `gateway pass-through / straight = ${ratio(proxied, direct)}x`,
    );
    console.log(`connections handed over by the edge: ${JSON.stringify(edge.handed)}`);
    for (const line of cpuLines) console.log(line);
  } finally {
    for (const fn of teardowns.reverse()) await fn();
  }
}

// Run directly: `npx tsx bench/public-origin.ts`.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  await runPublicOriginBench();
  process.exit(0);
}
