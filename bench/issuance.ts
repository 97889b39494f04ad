// Issuance benchmark: credentials issued per second end to end (HTTP -> gateway -> issuance ->
// signing -> PostgreSQL + outbox) at 20 concurrent clients, beside Digital Bazaar's `vc.issue`
// (eddsa-rdfc-2022) measured in the same run (before the platform starts and after it stops; the
// faster of the two is the floor), plus the stages in between to show where the
// time goes. Starts its own platform (separate processes, as `pnpm start` does) on fresh ports
// with its own database, RabbitMQ vhost, exchange and Redis prefix, and removes them
// afterwards; claim e-mails go to an in-process SMTP sink.
//
// Two end-to-end runs (docs/adr/0005-issuance-throughput.md): the issuing path with the event
// consumers (verification, notification) stopped and started again afterwards to drain, as
// when they run on other nodes; then every service on the same cores. Each prints CPU time
// per issue by process (/proc; PostgreSQL backends by service), and the summary turns CPU per
// issue into the ratio an otherwise idle machine would give, which other load skews less.
//
// Then bulk issuance as an organization uses it: a CSV of BENCH_BULK_ROWS (10,000) new recipients
// uploaded through the gateway, timed from the upload to the job's `completed`, with every service
// running and CPU per row by process (until the consumers sent every row's e-mail).
//
// Knobs: BENCH_ISSUES, BENCH_WARMUP, BENCH_CONCURRENCY, BENCH_SIGNS; BENCH_BULK_ROWS (0: no bulk
// run), BENCH_BULK_CONCURRENCY (the issuance service's BULK_ISSUANCE_CONCURRENCY; its default
// otherwise); BENCH_STAGES=e2e (end to end, bulk and the baseline only); BENCH_NODE_ARGS (extra node options for the services, e.g. --cpu-prof);
// BENCH_AMQP_URL (a broker to use as is instead of a vhost of its own on the local one);
// BENCH_CLIENT=node (the load generator's former client and SMTP server, node:http and smtp-server,
// instead of raw sockets and the counting sink: to compare what the instrument itself costs).
import { spawn } from 'node:child_process';
import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@cred/grpc';
import {
  buildAchievementCredential,
  createCanonicalizationPool,
  didWebForOrg,
  documentLoader,
  signCredential,
  type AchievementCredentialInput,
} from '@cred/ob3';
import { loadProtos } from '@cred/proto';
import { confirmationToken, createIsolation, isolationEnv, platformSecrets, testCaller } from '@cred/testing';
import { allocatePorts, freePort, launchPlatform, type RunningPlatform } from '../scripts/launcher.js';
import { startMailCatcher } from '../scripts/mail-catcher.js';
import { RawHttpPool } from './raw-http.js';
import { startSmtpSink } from './smtp-sink.js';
import { migrateAll } from '../scripts/migrate-all.js';
import { SERVICE_NAMES } from '../scripts/platform.js';
import {
  commandGroup,
  formatCpuReport,
  mainThreadCpuSeconds,
  postgresGroups,
  startCpuAccounting,
  type CpuGroup,
  type CpuReport,
} from './cpu-accounting.js';
import { formatRunTable, type IssuanceRunSummary } from './runs.js';
import { BENCH_LOG_LEVEL, formatRow, measure, type RunStats } from './stats.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
/** Issues per measured HTTP run (bounded; every one is a new recipient). */
const ISSUES = Number(process.env.BENCH_ISSUES ?? 1500);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
/** In-process signing runs (DB and ours). */
const SIGNS = Number(process.env.BENCH_SIGNS ?? 400);
/** Rows of the bulk run's CSV. */
const BULK_ROWS = Number(process.env.BENCH_BULK_ROWS ?? 10_000);
const API_KEYS = 4; // 10,000 requests per minute each, the per-key maximum
const LOAD_GENERATOR = 'load generator + SMTP sink (this process)';
/** Extra node options for every service process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`. */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
/** `e2e`: only the end-to-end run and the Digital Bazaar baseline (quicker, e.g. with --cpu-prof). */
const ALL_STAGES = process.env.BENCH_STAGES !== 'e2e';
/** The load generator's HTTP client and SMTP server: raw sockets (default) or node:http and smtp-server. */
const NODE_CLIENT = process.env.BENCH_CLIENT === 'node';
/**
 * Whole runs one after the other, each against its own floor, then a table of them with the
 * median: on a machine whose speed drifts, one run's ratio says more about the moment than the code.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const PASSWORD = 'bench password that is long enough';

interface Json {
  status: number;
  body: any;
}

async function http(base: string, method: string, path: string, body?: unknown, token?: string): Promise<Json> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30000),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed };
}

/**
 * POST of a JSON body over keep-alive connections (node:http: the load generator shares the two
 * cores with the platform, and undici's fetch costs it about three times as much CPU per request).
 */
function postJson(agent: Agent, url: URL, body: string, token: string): Promise<Json> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        agent,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
          accept: 'application/json',
        },
        timeout: 30000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

function expect(r: Json, status: number, what: string): Json {
  if (r.status !== status) throw new Error(`${what}: expected ${status}, got ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r;
}

/** rabbitmqctl in a process group of its own, so a hung call is ended with everything it started. */
function rabbitmqctl(args: string[], timeoutMs = 60000): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('rabbitmqctl', ['-q', ...args], { stdio: 'ignore', detached: true });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutMs);
    child.once('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

/**
 * A RabbitMQ vhost for this run, deleted afterwards with every queue the platform declared
 * (as scripts/dev.mjs does for test runs): each run declares ~30 quorum queues, and leaving
 * them behind slows the shared broker down run after run.
 */
async function benchVhost(): Promise<{ url: string; cleanup: () => Promise<unknown> }> {
  if (process.env.BENCH_AMQP_URL) return { url: process.env.BENCH_AMQP_URL, cleanup: async () => undefined };
  const vhost = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  if ((await rabbitmqctl(['add_vhost', vhost])) && (await rabbitmqctl(['set_permissions', '-p', vhost, 'guest', '.*', '.*', '.*']))) {
    return { url: `amqp://guest:guest@127.0.0.1:5672/${vhost}`, cleanup: () => rabbitmqctl(['delete_vhost', vhost]) };
  }
  console.log('note: rabbitmqctl unavailable; the run uses the default vhost and leaves its queues there');
  return { url: 'amqp://guest:guest@127.0.0.1:5672', cleanup: async () => undefined };
}

interface Setup {
  orgId: string;
  /** The owner's session (bulk uploads are a session route). */
  session: string;
  orgSlug: string;
  apiKeys: string[];
  badgeId: string;
}

/** Organization, plan, keys, API keys and a badge through the gateway's HTTP API (gRPC where a route is not there yet). */
async function setUp(platform: RunningPlatform, adminToken: string, databaseUrl: string, slug: string): Promise<Setup> {
  const base = platform.originUrl;
  const signup = expect(
    await http(base, 'POST', '/api/auth/signup', {
      email: `owner@${slug}.example.com`,
      password: PASSWORD,
      name: 'Bench Owner',
      organization: { name: 'Bench Academy', slug },
    }),
    201,
    'sign-up',
  );
  const orgId = signup.body.organization.id as string;
  const session = signup.body.token as string;
  const confirmation = { token: await confirmationToken(databaseUrl, signup.body.user.id as string) };
  expect(await http(base, 'POST', '/api/auth/verify-email', confirmation), 200, 'confirm the address');
  expect(await http(base, 'POST', `/api/admin/organizations/${orgId}/approve`, undefined, adminToken), 200, 'approve');
  expect(await http(base, 'PATCH', `/api/admin/organizations/${orgId}`, { plan: 'professional' }, adminToken), 200, 'set plan');
  expect(await http(base, 'POST', `/api/admin/organizations/${orgId}/signing-keys`, undefined, adminToken), 201, 'signing keys');
  const apiKeys: string[] = [];
  for (let i = 0; i < API_KEYS; i++) {
    apiKeys.push(
      expect(
        await http(base, 'POST', `/api/organizations/${orgId}/api-keys`, { name: `bench ${i}`, rateLimitPerMinute: 10000 }, session),
        201,
        'API key',
      ).body.key,
    );
  }
  const badgeBody = {
    name: 'Bench Badge',
    description: 'Issued by the benchmark.',
    criteria: 'Ran the benchmark.',
    tags: ['benchmarking'],
    expiresInDays: 365,
  };
  const badgeId = expect(await http(base, 'POST', `/api/organizations/${orgId}/badges`, badgeBody, session), 201, 'badge').body
    .id as string;
  // API-key principals are cached for up to a second: wait until /api/v1 sees the ready organization.
  const deadline = Date.now() + 30000;
  for (;;) {
    const org = await http(base, 'GET', '/api/v1/organization', undefined, apiKeys[0]);
    if (org.status === 200 && org.body.signingKeysGenerated === true) break;
    if (Date.now() > deadline)
      throw new Error(`organization not ready for /api/v1: ${org.status} ${JSON.stringify(org.body).slice(0, 200)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { orgId, session, orgSlug: slug, apiKeys, badgeId };
}

interface HandlerTime {
  count: number;
  sumSeconds: number;
}

/** grpc_server_duration_seconds sum/count per method from a service's ops /metrics. */
async function handlerTimes(opsPort: number | undefined): Promise<Map<string, HandlerTime>> {
  const out = new Map<string, HandlerTime>();
  if (!opsPort) return out;
  const text = await (await fetch(`http://127.0.0.1:${opsPort}/metrics`, { signal: AbortSignal.timeout(5000) })).text();
  for (const m of text.matchAll(/^grpc_server_duration_seconds_(sum|count)\{[^}]*method="[^"]*\/([A-Za-z]+)"[^}]*\} ([0-9.e+-]+)$/gm)) {
    const entry = out.get(m[2]!) ?? { count: 0, sumSeconds: 0 };
    if (m[1] === 'sum') entry.sumSeconds = Number(m[3]);
    else entry.count = Number(m[3]);
    out.set(m[2]!, entry);
  }
  return out;
}

function diffMs(after: Map<string, HandlerTime>, before: Map<string, HandlerTime>, method: string): string {
  const a = after.get(method);
  if (!a) return 'n/a';
  const b = before.get(method) ?? { count: 0, sumSeconds: 0 };
  const n = a.count - b.count;
  return n > 0 ? `${(((a.sumSeconds - b.sumSeconds) / n) * 1000).toFixed(1)} ms (n=${n})` : 'n/a';
}

function sampleInput(orgSlug: string, i: number, baseUrl: string): AchievementCredentialInput {
  return {
    id: crypto.randomUUID(),
    issuer: { did: didWebForOrg(baseUrl, orgSlug), name: 'Bench Academy', url: `${baseUrl}/issuers/${orgSlug}` },
    achievement: {
      url: `${baseUrl}/achievements/${orgSlug}/bench-badge`,
      name: 'Bench Badge',
      description: 'Issued by the benchmark.',
      criteriaNarrative: 'Ran the benchmark.',
      tags: ['benchmarking'],
    },
    recipient: { email: `r${i}@bench.example.com`, salt: randomBytes(16).toString('hex') },
    validFrom: new Date(Math.floor(Date.now() / 1000) * 1000),
    validUntil: new Date(Math.floor(Date.now() / 1000) * 1000 + 365 * 86400_000),
  };
}

/** Digital Bazaar's stack: `vc.issue` with DataIntegrityProof + eddsa-rdfc-2022 and an Ed25519 Multikey. */
async function digitalBazaarIssuer(orgSlug: string, baseUrl: string) {
  const vc = await import('@digitalbazaar/vc' as string);
  const { DataIntegrityProof } = await import('@digitalbazaar/data-integrity' as string);
  const { cryptosuite } = await import('@digitalbazaar/eddsa-rdfc-2022-cryptosuite' as string);
  const mod = await import('@digitalbazaar/ed25519-multikey' as string);
  const Ed25519Multikey = mod.Ed25519Multikey ?? mod.default ?? mod;
  const did = didWebForOrg(baseUrl, orgSlug);
  const key = await Ed25519Multikey.generate({ controller: did, id: `${did}#key-1` });
  const loader = async (url: string) => {
    const r = await documentLoader(url);
    return { ...r, document: structuredClone(r.document) };
  };
  return async (i: number) => {
    const suite = new DataIntegrityProof({ signer: key.signer(), date: new Date(), cryptosuite });
    await vc.issue({ credential: buildAchievementCredential(sampleInput(orgSlug, i, baseUrl)), suite, documentLoader: loader });
  };
}

/** One measurement of the floor: `vc.issue` at the benchmark's concurrency, with its CPU. */
interface Floor {
  stats: RunStats;
  /** CPU ms per credential, all threads of this process. */
  cpuMs: number;
  /** CPU ms per credential on the event loop. */
  mainMs: number;
}

async function measureFloor(issue: (i: number) => Promise<void>, when: string): Promise<Floor> {
  await measure('warm-up', 30, 1, issue);
  const cpuBefore = process.cpuUsage();
  const mainBefore = mainThreadCpuSeconds();
  const stats = await measure(`Digital Bazaar vc.issue (eddsa-rdfc-2022), in-process, ${when}`, SIGNS, CONCURRENCY, issue);
  const cpu = process.cpuUsage(cpuBefore);
  const main = (mainThreadCpuSeconds() ?? NaN) - (mainBefore ?? NaN);
  return { stats, cpuMs: (cpu.user + cpu.system) / 1000 / stats.count, mainMs: (main * 1000) / stats.count };
}

/** `pnpm bench issuance`: BENCH_RUNS runs (default 1), then their table when there were several. */
export async function runIssuanceBenches(): Promise<void> {
  if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 100) throw new Error('BENCH_RUNS must be a whole number from 1 to 100');
  const runs: IssuanceRunSummary[] = [];
  for (let i = 1; i <= RUNS; i++) {
    if (RUNS > 1) console.log(`\n=== run ${i} of ${RUNS}, ${new Date().toISOString()}`);
    runs.push(await runIssuanceBench());
  }
  if (RUNS > 1) for (const line of formatRunTable(runs)) console.log(line);
}

export async function runIssuanceBench(): Promise<IssuanceRunSummary> {
  const cores = availableParallelism();
  console.log(
    `issuance benchmark: ${CONCURRENCY} concurrent clients, ${ISSUES} issues per HTTP run (+${WARMUP} warm-up), ${cores} CPU cores, Node ${process.version}`,
  );
  const isolation = await createIsolation('bench');
  const results: RunStats[] = [];
  const breakdown: string[] = [];
  /** CPU ms per issue, all processes of a run (or the one process of an in-process run). */
  const cpuPerIssue = new Map<string, number>();
  let platform: RunningPlatform | undefined;
  let mail: { smtpUrl: string; close(): Promise<void> } | undefined;
  let pgCpu: ReturnType<typeof postgresGroups> | undefined;
  let bulkRun: { rowsPerSecond: number; seconds: number; cpuMs: number } | undefined;
  const floors: Floor[] = [];
  const vhost = await benchVhost();
  try {
    await migrateAll(isolation.databaseUrl);
    const ports = await allocatePorts();
    // Clients reach the platform as under `pnpm start`: through the launcher's edge (ADR 0009).
    const originPort = await freePort();
    const logFile = join(mkdtempSync(join(tmpdir(), 'bench-issuance-')), 'platform.log');
    const secrets = platformSecrets();
    const adminToken = secrets.PLATFORM_ADMIN_TOKEN;
    const baseUrl = `http://localhost:${originPort}`;
    const orgSlug = `bench-${randomBytes(3).toString('hex')}`;
    // The floor is measured twice, on a quiet machine before the platform starts and again after
    // it stopped (what the platform leaves behind, e.g. PostgreSQL's autovacuum after the bulk
    // run, can slow the second); the ratios use the faster of the two.
    const floorIssue = await digitalBazaarIssuer(orgSlug, baseUrl);
    floors.push(await measureFloor(floorIssue, 'before the platform started'));
    // A real SMTP sink: the notification service's claim e-mails succeed as in a deployment
    // (an unreachable server would make it retry every one of them during the run). It only
    // receives and counts (no MIME parsing: a mail reader's work, on the cores being measured).
    // Claim e-mails only (every recipient is @bench.example.com): the owner's sign-up mail and
    // any other account mail are not an issue's, and counting them made the backlog negative.
    let claimMails = 0;
    const claimMail = (to: string[]) => {
      if (to.some((address) => address.endsWith('@bench.example.com'))) claimMails += 1;
    };
    if (NODE_CLIENT) mail = await startMailCatcher({ smtpPort: 0, httpPort: 0, onReceived: (envelope) => claimMail(envelope.to) });
    else {
      const sink = await startSmtpSink(claimMail);
      mail = { smtpUrl: sink.url, close: () => sink.close() };
    }
    /** Credentials issued so far whose e-mail or read-model row is still owed. */
    let bulkIssued = 0;
    platform = await launchPlatform({
      ports,
      originPort,
      env: {
        ...isolationEnv(isolation),
        AMQP_URL: vhost.url,
        BASE_URL: baseUrl,
        ...secrets,
        SMTP_URL: mail.smtpUrl,
        RATE_LIMIT_IP_PER_MINUTE: '1000000',
        // Every measured issue is a new recipient: far beyond a month's quota of any plan.
        RECIPIENT_QUOTA_LIMITS: 'professional=1000000',
        LOG_LEVEL: BENCH_LOG_LEVEL,
        ...(process.env.BENCH_BULK_CONCURRENCY ? { BULK_ISSUANCE_CONCURRENCY: process.env.BENCH_BULK_CONCURRENCY } : {}),
      },
      output: { kind: 'file', path: logFile },
      readyTimeoutMs: 90000,
      nodeArgs: NODE_ARGS,
    });
    console.log(`platform up (logs: ${logFile})`);
    const running = platform;
    if (NODE_ARGS.length > 0) console.log(`service pids: ${SERVICE_NAMES.map((n) => `${n}=${running.processes.get(n)?.pid}`).join(' ')}`);
    const setup = await setUp(platform, adminToken, isolation.databaseUrl, orgSlug);

    // 1. End to end over HTTP.
    const issueUrl = new URL(`${platform.originUrl}/api/v1/credentials`);
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const rawPool = new RawHttpPool(issueUrl, CONCURRENCY);
    const pathLabel = 'HTTP -> gateway (API key, rate limit) -> issuance -> signing -> PG+outbox';
    let run = 0;
    const issueOverHttp = async (i: number, prefix: string) => {
      const key = setup.apiKeys[i % setup.apiKeys.length]!;
      const body = JSON.stringify({
        badgeId: setup.badgeId,
        recipient: { name: `Recipient ${i}`, email: `${prefix}-${i}@bench.example.com` },
      });
      const res = NODE_CLIENT
        ? await postJson(agent, issueUrl, body, key)
        : await rawPool.post(issueUrl.pathname, { 'content-type': 'application/json', authorization: `Bearer ${key}`, accept: 'application/json' }, body);
      if (res.status !== 201) throw new Error(`issue: ${res.status} ${String(res.body).slice(0, 200)}`);
    };
    await measure('warm-up', WARMUP, CONCURRENCY, (i) => issueOverHttp(i, `w${run}`));
    const scrape = () => Promise.all([ports.issuance.ops, ports.signing.ops, ports.accounts.ops].map((p) => handlerTimes(p)));
    pgCpu = postgresGroups(
      isolation.databaseUrl,
      SERVICE_NAMES.filter((n) => n !== 'gateway'),
    );
    const pg = pgCpu;
    const cpuGroups: CpuGroup[] = [
      ...SERVICE_NAMES.map((n) => ({ label: n, pids: () => [running.processes.get(n)?.pid ?? -1] })),
      ...pgCpu.groups,
      commandGroup('rabbitmq (beam.smp; shared)', 'beam.smp'),
      commandGroup('redis (shared)', 'redis-server'),
      { label: LOAD_GENERATOR, pids: () => [process.pid] },
    ];
    /** The platform's share of a report: every process but this one (the load generator and the SMTP sink). */
    const platformSeconds = (r: CpuReport) => r.totalSeconds - (r.lines.find((l) => l.label === LOAD_GENERATOR)?.seconds ?? 0);
    const issued = () => run * ISSUES + WARMUP + bulkIssued;
    /** Claim e-mails received and read-model rows so far. */
    const consumed = async () => ({ mails: claimMails, verified: await pg.count('verification.credentials') });
    /** Until every issue so far has its claim e-mail and its verification read-model row (or the timeout). */
    const waitForConsumers = async (timeoutMs: number): Promise<number> => {
      const started = performance.now();
      while (performance.now() - started < timeoutMs) {
        const { mails, verified } = await consumed();
        if (mails >= issued() && verified >= issued()) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      return (performance.now() - started) / 1000;
    };
    await waitForConsumers(60000);

    /**
     * One measured run over HTTP with CPU accounting. `deferConsumers`: verification and
     * notification are stopped for the run and started again afterwards (ADR 0005: in a
     * deployment they run on other nodes; here they would take the issuing path's two cores).
     */
    const httpRun = async (label: string, deferConsumers: boolean): Promise<RunStats> => {
      run += 1;
      if (deferConsumers) await Promise.all([running.stopService('verification'), running.stopService('notification')]);
      const before = await scrape();
      const cpu = await startCpuAccounting(cpuGroups);
      const stats = await measure(label, ISSUES, CONCURRENCY, (i) => issueOverHttp(i, `h${run}`));
      const cpuReport = await cpu.finish();
      const after = await scrape();
      breakdown.push(
        '',
        `${label}`,
        `where the time goes (mean server-side handler time during the run, ${CONCURRENCY} in flight):`,
        `  issuance IssueCredential  ${diffMs(after[0]!, before[0]!, 'IssueCredential')}`,
        `  signing  SignCredential   ${diffMs(after[1]!, before[1]!, 'SignCredential')}`,
        `  accounts GetOrganization  ${diffMs(after[2]!, before[2]!, 'GetOrganization')}`,
      );
      if (deferConsumers) {
        breakdown.push('', ...formatCpuReport(cpuReport, stats.count, cores, 'issue'));
        cpuPerIssue.set(label, (platformSeconds(cpuReport) * 1000) / stats.count);
        running.startService('verification');
        running.startService('notification');
        const drained = await waitForConsumers(180000);
        breakdown.push(
          `  verification and notification (stopped during the run) caught up ${drained.toFixed(1)} s after being started again`,
        );
      } else {
        // The consumers' backlog at the end of the run is theirs to drain; the CPU they spend on
        // it belongs to the run's issues too.
        const left = await consumed();
        breakdown.push(
          `  consumers' backlog when the last issue was answered: ${issued() - left.mails} claim e-mails not yet sent, ` +
            `${issued() - left.verified} credentials not yet in verification's read model`,
        );
        await new Promise((r) => setTimeout(r, 3000));
        const drainedReport = await cpu.finish();
        breakdown.push('', ...formatCpuReport(cpuReport, stats.count, cores, 'issue', drainedReport));
        cpuPerIssue.set(label, (platformSeconds(drainedReport) * 1000) / stats.count);
        const drained = await waitForConsumers(180000);
        breakdown.push(`  the consumers caught up with every issue ${(3 + drained).toFixed(1)} s after the run`);
      }
      return stats;
    };
    results.push(await httpRun(`platform, issuing path (consumers deferred): ${pathLabel}`, true));
    results.push(await httpRun(`platform, every service on these cores: ${pathLabel}`, false));
    agent.destroy();
    rawPool.close();
    if (BULK_ROWS > 0) bulkRun = await measureBulk();

    /**
     * Bulk: a CSV of new recipients uploaded through the gateway as the web app does, every
     * service running; rows per second from the upload to `completed`, and CPU per row of every
     * process until every row's e-mail was sent and its read-model row written.
     */
    async function measureBulk(): Promise<{ rowsPerSecond: number; seconds: number; cpuMs: number }> {
      const csv = `name,email\n${Array.from({ length: BULK_ROWS }, (_, i) => `Bulk ${i + 1},bulk-${i + 1}@bench.example.com`).join('\n')}\n`;
      const form = new FormData();
      form.append('badgeId', setup.badgeId);
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'recipients.csv');
      const cpu = await startCpuAccounting(cpuGroups);
      const t0 = performance.now();
      const res = await fetch(`${running.originUrl}/api/organizations/${setup.orgId}/bulk-issuances`, {
        method: 'POST',
        headers: { authorization: `Bearer ${setup.session}` },
        body: form,
        signal: AbortSignal.timeout(120000),
      });
      const created = (await res.json()) as { id: string };
      if (res.status !== 202) throw new Error(`bulk upload: ${res.status} ${JSON.stringify(created).slice(0, 300)}`);
      let job: { status: string; issued: number; renewed: number; conflicts: number; invalid: number; failed: number };
      for (;;) {
        job = expect(
          await http(
            running.originUrl,
            'GET',
            `/api/organizations/${setup.orgId}/bulk-issuances/${created.id}?limit=1`,
            undefined,
            setup.session,
          ),
          200,
          'bulk job',
        ).body;
        if (job.status === 'completed') break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const seconds = (performance.now() - t0) / 1000;
      const atCompletion = await cpu.finish();
      bulkIssued += job.issued;
      const left = await consumed();
      const drained = await waitForConsumers(300000);
      const drainedReport = await cpu.finish();
      const label = `bulk issuance, ${BULK_ROWS} rows (CSV upload through the gateway, every service running)`;
      breakdown.push(
        '',
        label,
        `  job completed in ${seconds.toFixed(1)} s: ${(BULK_ROWS / seconds).toFixed(1)} rows/s ` +
          `(issued ${job.issued}, renewed ${job.renewed}, conflicts ${job.conflicts}, invalid ${job.invalid}, failed ${job.failed})`,
        `  consumers' backlog at completion: ${issued() - left.mails} claim e-mails not yet sent, ${issued() - left.verified} credentials not yet in the read model; caught up ${drained.toFixed(1)} s later`,
        '',
        ...formatCpuReport(atCompletion, BULK_ROWS, cores, 'row', drainedReport),
      );
      if (job.issued !== BULK_ROWS) throw new Error(`bulk: ${job.issued} of ${BULK_ROWS} rows issued`);
      return { rowsPerSecond: BULK_ROWS / seconds, seconds, cpuMs: (platformSeconds(drainedReport) * 1000) / BULK_ROWS };
    }

    // 2. The issuance service over gRPC (no HTTP edge).
    if (ALL_STAGES) await measureInnerStages();
    async function measureInnerStages() {
      // CPU per call of the processes that matter to each stage (the consumers of the issued
      // credentials keep working in the background here, as in the HTTP run).
      const stageCpu = async (stage: () => Promise<RunStats>, labels: string[]) => {
        const acct = await startCpuAccounting(cpuGroups.filter((g) => labels.includes(g.label)));
        const stats = await stage();
        const report = await acct.finish();
        breakdown.push(
          `  ${stats.label}: ${report.lines.map((l) => `${l.label.replace('postgres backends of ', 'PG ')} ${((l.seconds * 1000) / stats.count).toFixed(2)}`).join(', ')} ms per call`,
        );
        return stats;
      };
      breakdown.push('', 'CPU ms per call in the inner stages:');
      const issuance = createClient(loadProtos().issuance.IssuanceService, `127.0.0.1:${ports.issuance.grpc}`, { deadlineMs: 30000, identity: testCaller({ ...secrets }) });
      const innerLabels = ['issuance', 'signing', 'postgres backends of issuance', LOAD_GENERATOR];
      results.push(
        await stageCpu(
          () =>
            measure('issuance gRPC IssueCredential (no HTTP edge)', Math.min(ISSUES, 800), CONCURRENCY, async (i) => {
              await issuance.IssueCredential({
                organization_id: setup.orgId,
                badge_id: setup.badgeId,
                recipient_name: `G ${i}`,
                recipient_email: `g-${i}@bench.example.com`,
                issued_by: 'bench',
              });
            }),
          innerLabels,
        ),
      );
      issuance.close();

      // 3. The signing service alone (what issuance waits for).
      const signing = createClient(loadProtos().signing.SigningService, `127.0.0.1:${ports.signing.grpc}`, { deadlineMs: 30000, identity: testCaller({ ...secrets }) });
      results.push(
        await stageCpu(
          () =>
            measure('signing gRPC SignCredential alone', Math.min(ISSUES, 800), CONCURRENCY, async (i) => {
              await signing.SignCredential({
                organization_id: setup.orgId,
                unsigned_credential_json: JSON.stringify(buildAchievementCredential(sampleInput(setup.orgSlug, i, baseUrl))),
                created: new Date().toISOString(),
              });
            }),
          innerLabels,
        ),
      );
      signing.close();
    }

    await platform.stop();
    platform = undefined;

    // 4. In this process, with the platform stopped: Digital Bazaar again, and our library inline and pooled.
    floors.push(await measureFloor(floorIssue, 'after the platform stopped'));
    results.push(...floors.map((f) => f.stats));
    if (ALL_STAGES) await measureLibrary();
    async function measureLibrary() {
      const { privateKey } = generateKeyPairSync('ed25519');
      const key = createPrivateKey(privateKey.export({ format: 'pem', type: 'pkcs8' }));
      const vm = `${didWebForOrg(baseUrl, setup.orgSlug)}#key-1`;
      const inline = async (i: number) => {
        await signCredential(buildAchievementCredential(sampleInput(setup.orgSlug, i, baseUrl)), {
          verificationMethod: vm,
          privateKey: key,
          created: new Date(),
        });
      };
      await measure('warm-up', 30, 1, inline);
      results.push(await measure('@cred/ob3 signCredential inline (what signing does today)', SIGNS, CONCURRENCY, inline));
      // A loader of our own making is not known to serve the bundled contexts, so this takes
      // jsonld expansion + RDFC-1.0 for every document: what signing did before ADR 0005.
      const genericLoader = (url: string) => documentLoader(url);
      const generic = async (i: number) => {
        await signCredential(buildAchievementCredential(sampleInput(setup.orgSlug, i, baseUrl)), {
          verificationMethod: vm,
          privateKey: key,
          created: new Date(),
          documentLoader: genericLoader,
        });
      };
      await measure('warm-up', 30, 1, generic);
      results.push(await measure('@cred/ob3 signCredential, generic jsonld canonicalization', SIGNS, CONCURRENCY, generic));
      // The worker pool needs the TypeScript loader inside its workers; tsx on Node 20 registers
      // its hooks on the main thread only, so under `tsx` the workers cannot load the worker
      // file (docs/adr/0003). Measured when it works (e.g. under tap's loader), reported otherwise.
      const pool = createCanonicalizationPool();
      try {
        const pooled = async (i: number) => {
          await pool.signCredential(buildAchievementCredential(sampleInput(setup.orgSlug, i, baseUrl)), {
            verificationMethod: vm,
            privateKey: key,
            created: new Date(),
          });
        };
        await pooled(0);
        await measure('warm-up', 30, CONCURRENCY, pooled);
        results.push(await measure(`@cred/ob3 canonicalization pool (${pool.size} workers)`, SIGNS, CONCURRENCY, pooled));
      } catch (err) {
        console.log(`note: canonicalization pool not measured: ${(err as Error).message.slice(0, 160)}`);
      } finally {
        await pool.close();
      }
    }
  } finally {
    await platform?.stop();
    await pgCpu?.close();
    await mail?.close();
    await isolation.cleanup();
    await vhost.cleanup();
  }

  console.log('');
  for (const r of results) console.log(formatRow(r));
  console.log('');
  for (const line of breakdown) console.log(line);
  // The faster floor, and the lower CPU per credential: the stricter comparison for the platform.
  const dbRun = floors.map((f) => f.stats).reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
  const floorCpu = floors.reduce((a, b) => (b.cpuMs < a.cpuMs ? b : a));
  console.log('');
  console.log(`floor: the faster of the two vc.issue runs, ${dbRun.perSecond.toFixed(1)}/s`);
  const dbCpuMs = floorCpu.cpuMs;
  for (const [name, r] of [
    ['issuing path, consumers deferred', results[0]!],
    ['every service on these cores', results[1]!],
  ] as const) {
    console.log(
      `ratio platform (${name}) / Digital Bazaar vc.issue: ${(r.perSecond / dbRun.perSecond).toFixed(2)} ` +
        `(${r.perSecond.toFixed(1)}/s end to end vs ${dbRun.perSecond.toFixed(1)}/s signing in-process)`,
    );
  }
  if (bulkRun) {
    console.log(
      `ratio bulk rows (every service on these cores) / Digital Bazaar vc.issue: ${(bulkRun.rowsPerSecond / dbRun.perSecond).toFixed(2)} ` +
        `(${bulkRun.rowsPerSecond.toFixed(1)} rows/s, ${BULK_ROWS} rows in ${bulkRun.seconds.toFixed(1)} s)`,
    );
  }
  // Other work on the machine skews the measured ratio: under contention the platform's many
  // busy threads get a larger share of the cores than vc.issue's few. CPU time per issue depends
  // far less on that; from it, the rates an otherwise idle machine with these cores would allow:
  // vc.issue is bound by its event loop (one core) or by all its threads together (GC runs on
  // helper threads), the platform by all its processes together.
  const dbMainMs = floorCpu.mainMs;
  const dbIdleRate = Math.min(1000 / dbMainMs, (cores * 1000) / dbCpuMs);
  console.log('');
  console.log(
    `CPU per issue: Digital Bazaar vc.issue ${dbCpuMs.toFixed(2)} ms (${dbMainMs.toFixed(2)} ms of it on the event loop) -> at most ${dbIdleRate.toFixed(0)}/s on ${cores} idle cores`,
  );
  for (const r of results.slice(0, 2)) {
    const ms = cpuPerIssue.get(r.label)!;
    const idleRate = (cores * 1000) / ms;
    console.log(
      `  ${r.label.split(':')[0]}: ${ms.toFixed(2)} ms over the platform's processes (load generator excluded) -> at most ${idleRate.toFixed(0)}/s, ratio ${(idleRate / dbIdleRate).toFixed(2)}`,
    );
  }
  if (bulkRun) {
    const idleRate = (cores * 1000) / bulkRun.cpuMs;
    console.log(
      `  bulk rows, every service: ${bulkRun.cpuMs.toFixed(2)} ms per row over the platform's processes (until every e-mail was sent) -> at most ${idleRate.toFixed(0)}/s, ratio ${(idleRate / dbIdleRate).toFixed(2)}`,
    );
  }
  const everyService = results[1]!;
  return {
    everyService,
    floorPerSecond: dbRun.perSecond,
    platformCpuMs: cpuPerIssue.get(everyService.label)!,
    floorCpuMs: dbCpuMs,
    ...(bulkRun ? { bulkRatio: bulkRun.rowsPerSecond / dbRun.perSecond } : {}),
  };
}
