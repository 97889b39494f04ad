// Issuance benchmark: credentials issued per second end to end (HTTP -> gateway -> issuance ->
// signing -> PostgreSQL + outbox) at 20 concurrent clients, beside Digital Bazaar's `vc.issue`
// (eddsa-rdfc-2022) measured in the same run, plus the stages in between to show where the
// time goes. Starts its own platform (separate processes, as `pnpm start` does) on fresh ports
// with its own database, exchange and Redis prefix, and removes them afterwards.
import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
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
import { createIsolation } from '@cred/testing';
import { allocatePorts, launchPlatform, type RunningPlatform } from '../scripts/launcher.js';
import { migrateAll } from '../scripts/migrate-all.js';
import { formatRow, measure, type RunStats } from './stats.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
/** Issues per measured HTTP run (bounded; every one is a new recipient). */
const ISSUES = Number(process.env.BENCH_ISSUES ?? 1500);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
/** In-process signing runs (DB and ours). */
const SIGNS = Number(process.env.BENCH_SIGNS ?? 400);
const API_KEYS = 4; // 10,000 requests per minute each, the per-key maximum
const PASSWORD = 'bench password that is long enough';

interface Json {
  status: number;
  body: any;
}

async function http(base: string, method: string, path: string, body?: unknown, token?: string): Promise<Json> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30000) });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed };
}

function expect(r: Json, status: number, what: string): Json {
  if (r.status !== status) throw new Error(`${what}: expected ${status}, got ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r;
}


interface Setup {
  orgId: string;
  orgSlug: string;
  apiKeys: string[];
  badgeId: string;
}

/** Organization, plan, keys, API keys and a badge through the gateway's HTTP API (gRPC where a route is not there yet). */
async function setUp(platform: RunningPlatform, adminToken: string): Promise<Setup> {
  const base = platform.gatewayUrl;
  const slug = `bench-${randomBytes(3).toString('hex')}`;
  const signup = expect(
    await http(base, 'POST', '/api/auth/signup', { email: `owner@${slug}.example.com`, password: PASSWORD, name: 'Bench Owner', organization: { name: 'Bench Academy', slug } }),
    201,
    'sign-up',
  );
  const orgId = signup.body.organization.id as string;
  const session = signup.body.token as string;
  expect(await http(base, 'POST', `/api/admin/organizations/${orgId}/approve`, undefined, adminToken), 200, 'approve');
  expect(await http(base, 'PATCH', `/api/admin/organizations/${orgId}`, { plan: 'professional' }, adminToken), 200, 'set plan');
  expect(await http(base, 'POST', `/api/admin/organizations/${orgId}/signing-keys`, undefined, adminToken), 201, 'signing keys');
  const apiKeys: string[] = [];
  for (let i = 0; i < API_KEYS; i++) {
    apiKeys.push(expect(await http(base, 'POST', `/api/organizations/${orgId}/api-keys`, { name: `bench ${i}`, rateLimitPerMinute: 10000 }, session), 201, 'API key').body.key);
  }
  const badgeBody = { name: 'Bench Badge', description: 'Issued by the benchmark.', criteria: 'Ran the benchmark.', tags: ['benchmarking'], expiresInDays: 365 };
  const badgeId = expect(await http(base, 'POST', `/api/organizations/${orgId}/badges`, badgeBody, session), 201, 'badge').body.id as string;
  // API-key principals are cached for up to a second: wait until /api/v1 sees the ready organization.
  const deadline = Date.now() + 30000;
  for (;;) {
    const org = await http(base, 'GET', '/api/v1/organization', undefined, apiKeys[0]);
    if (org.status === 200 && org.body.signingKeysGenerated === true) break;
    if (Date.now() > deadline) throw new Error(`organization not ready for /api/v1: ${org.status} ${JSON.stringify(org.body).slice(0, 200)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { orgId, orgSlug: slug, apiKeys, badgeId };
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

export async function runIssuanceBench(): Promise<void> {
  const cores = availableParallelism();
  console.log(`issuance benchmark: ${CONCURRENCY} concurrent clients, ${ISSUES} issues per HTTP run (+${WARMUP} warm-up), ${cores} CPU cores, Node ${process.version}`);
  const isolation = await createIsolation('bench');
  const results: RunStats[] = [];
  const breakdown: string[] = [];
  let platform: RunningPlatform | undefined;
  try {
    await migrateAll(isolation.databaseUrl);
    const ports = await allocatePorts();
    const logFile = join(mkdtempSync(join(tmpdir(), 'bench-issuance-')), 'platform.log');
    const adminToken = `adm_${randomBytes(24).toString('base64url')}`;
    const baseUrl = `http://localhost:${ports.gateway.http}`;
    platform = await launchPlatform({
      ports,
      env: {
        DATABASE_URL: isolation.databaseUrl,
        AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
        REDIS_URL: isolation.redisUrl,
        REDIS_KEY_PREFIX: isolation.redisKeyPrefix,
        EVENTS_EXCHANGE: isolation.eventsExchange,
        BASE_URL: baseUrl,
        SESSION_SECRET: randomBytes(32).toString('base64url'),
        PLATFORM_ADMIN_TOKEN: adminToken,
        KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64url')}`,
        SMTP_URL: 'smtp://127.0.0.1:1',
        RATE_LIMIT_IP_PER_MINUTE: '1000000',
        LOG_LEVEL: 'warn',
      },
      output: { kind: 'file', path: logFile },
      readyTimeoutMs: 90000,
    });
    console.log(`platform up (logs: ${logFile})`);
    const setup = await setUp(platform, adminToken);

    // 1. End to end over HTTP.
    const issueUrl = `${platform.gatewayUrl}/api/v1/credentials`;
    const pathLabel = 'HTTP -> gateway (API key, rate limit) -> issuance -> signing -> PG+outbox';
    let run = 0;
    const issueOverHttp = async (i: number, prefix: string) => {
      const key = setup.apiKeys[i % setup.apiKeys.length]!;
      const res = await fetch(issueUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ badgeId: setup.badgeId, recipient: { name: `Recipient ${i}`, email: `${prefix}-${i}@bench.example.com` } }),
        signal: AbortSignal.timeout(30000),
      });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`issue: ${res.status} ${text.slice(0, 200)}`);
    };
    await measure('warm-up', WARMUP, CONCURRENCY, (i) => issueOverHttp(i, `w${run}`));
    run += 1;
    // Let the event consumers (verification, notification) catch up with the warm-up first.
    await new Promise((r) => setTimeout(r, 3000));
    const scrape = () => Promise.all([ports.issuance.ops, ports.signing.ops, ports.accounts.ops].map((p) => handlerTimes(p)));
    const before = await scrape();
    results.push(await measure(`platform: ${pathLabel}`, ISSUES, CONCURRENCY, (i) => issueOverHttp(i, `h${run}`)));
    const after = await scrape();
    breakdown.push(
      `where the time goes (mean server-side handler time during the HTTP run, ${CONCURRENCY} in flight):`,
      `  issuance IssueCredential  ${diffMs(after[0]!, before[0]!, 'IssueCredential')}`,
      `  signing  SignCredential   ${diffMs(after[1]!, before[1]!, 'SignCredential')}`,
      `  accounts GetOrganization  ${diffMs(after[2]!, before[2]!, 'GetOrganization')}`,
    );
    // Let the consumers (verification, notification) drain the backlog before the next run.
    await new Promise((r) => setTimeout(r, 3000));

    // 2. The issuance service over gRPC (no HTTP edge).
    const issuance = createClient(loadProtos().issuance.IssuanceService, `127.0.0.1:${ports.issuance.grpc}`, { deadlineMs: 30000 });
    results.push(
      await measure('issuance gRPC IssueCredential (no HTTP edge)', Math.min(ISSUES, 800), CONCURRENCY, async (i) => {
        await issuance.IssueCredential({ organization_id: setup.orgId, badge_id: setup.badgeId, recipient_name: `G ${i}`, recipient_email: `g-${i}@bench.example.com`, issued_by: 'bench' });
      }),
    );
    issuance.close();

    // 3. The signing service alone (what issuance waits for).
    const signing = createClient(loadProtos().signing.SigningService, `127.0.0.1:${ports.signing.grpc}`, { deadlineMs: 30000 });
    results.push(
      await measure('signing gRPC SignCredential alone', Math.min(ISSUES, 800), CONCURRENCY, async (i) => {
        await signing.SignCredential({ organization_id: setup.orgId, unsigned_credential_json: JSON.stringify(buildAchievementCredential(sampleInput(setup.orgSlug, i, baseUrl))), created: new Date().toISOString() });
      }),
    );
    signing.close();

    await platform.stop();
    platform = undefined;

    // 4. In this process, with the platform stopped: Digital Bazaar, and our library inline and pooled.
    const db = await digitalBazaarIssuer(setup.orgSlug, baseUrl);
    await measure('warm-up', 30, 1, db);
    results.push(await measure('Digital Bazaar vc.issue (eddsa-rdfc-2022), in-process', SIGNS, CONCURRENCY, db));
    const { privateKey } = generateKeyPairSync('ed25519');
    const key = createPrivateKey(privateKey.export({ format: 'pem', type: 'pkcs8' }));
    const vm = `${didWebForOrg(baseUrl, setup.orgSlug)}#key-1`;
    const inline = async (i: number) => {
      await signCredential(buildAchievementCredential(sampleInput(setup.orgSlug, i, baseUrl)), { verificationMethod: vm, privateKey: key, created: new Date() });
    };
    await measure('warm-up', 30, 1, inline);
    results.push(await measure('@cred/ob3 signCredential inline (what signing does today)', SIGNS, CONCURRENCY, inline));
    // The worker pool needs the TypeScript loader inside its workers; tsx on Node 20 registers
    // its hooks on the main thread only, so under `tsx` the workers cannot load the worker
    // file (docs/adr/0003). Measured when it works (e.g. under tap's loader), reported otherwise.
    const pool = createCanonicalizationPool();
    try {
      const pooled = async (i: number) => {
        await pool.signCredential(buildAchievementCredential(sampleInput(setup.orgSlug, i, baseUrl)), { verificationMethod: vm, privateKey: key, created: new Date() });
      };
      await pooled(0);
      await measure('warm-up', 30, CONCURRENCY, pooled);
      results.push(await measure(`@cred/ob3 canonicalization pool (${pool.size} workers)`, SIGNS, CONCURRENCY, pooled));
    } catch (err) {
      console.log(`note: canonicalization pool not measured: ${(err as Error).message.slice(0, 160)}`);
    } finally {
      await pool.close();
    }
  } finally {
    await platform?.stop();
    await isolation.cleanup();
  }

  console.log('');
  for (const r of results) console.log(formatRow(r));
  console.log('');
  for (const line of breakdown) console.log(line);
  const platformRun = results[0]!;
  const dbRun = results.find((r) => r.label.startsWith('Digital Bazaar'))!;
  console.log('');
  console.log(
    `ratio platform / Digital Bazaar vc.issue: ${(platformRun.perSecond / dbRun.perSecond).toFixed(2)} ` +
      `(${platformRun.perSecond.toFixed(1)}/s end to end vs ${dbRun.perSecond.toFixed(1)}/s signing in-process)`,
  );
}
