// `npm run chaos`: the whole platform as separate processes, on infrastructure of the suite's own
// (PostgreSQL, Redis and RabbitMQ started here, see infra.ts), under continuous client load
// (load.ts) while faults are injected: the broker SIGKILLed and restarted, each service SIGKILLed
// and restarted in turn, PostgreSQL SIGKILLed once, Redis frozen (SIGSTOP) for ten seconds. Then
// the load stops, the queues drain (bounded) and reconcile.ts compares what the client saw
// acknowledged with what was stored, sent and published. Prints a table and the verdict; exits
// non-zero on any loss, duplicate e-mail, double count or unexplained dead letter.
//
//   npm run chaos                 the full run (broker killed 5 times, every service, PostgreSQL, Redis)
//   npm run chaos -- --short      fewer faults (broker once, three services, PostgreSQL, Redis)
//   CHAOS_RATE=15 CHAOS_GAP_MS=15000 CHAOS_KEEP=1 (keep the temporary directory and logs)
//   CHAOS_SUMMARY=path            also write the verdict, the table and the faults as JSON there
//                                 (test/chaos/short.test.ts, the short run inside `npm test`, reads it)
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { allocatePorts, launchPlatform, type RunningPlatform } from '../../scripts/launcher.js';
import { migrateAll } from '../../scripts/migrate-all.js';
import { startMailCatcher, type MailCatcher } from '../../scripts/mail-catcher.js';
import { confirmationToken, platformSecrets } from '@cred/testing';
import { SERVICE_NAMES, type ServiceName } from '../../scripts/platform.js';
import {
  chaosRoot,
  startPostgres,
  startRabbit,
  startRedis,
  type PostgresInstance,
  type RabbitInstance,
  type RedisInstance,
} from './infra.js';
import { Load } from './load.js';
import { formatTable, reconcile, type Row } from './reconcile.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

type Fault = { kind: 'broker' } | { kind: 'service'; name: ServiceName } | { kind: 'postgres' } | { kind: 'redis' };

const short = process.argv.includes('--short');
const RATE = Number(process.env.CHAOS_RATE ?? (short ? 8 : 15));
const GAP_MS = Number(process.env.CHAOS_GAP_MS ?? (short ? 6000 : 12000));
const DRAIN_MS = Number(process.env.CHAOS_DRAIN_MS ?? 300000);
const REDIS_AWAY_MS = 10000;

/** The order of the faults: the broker killed five times between the services, PostgreSQL and Redis. */
function schedule(): Fault[] {
  if (short) {
    return [
      { kind: 'broker' },
      { kind: 'service', name: 'issuance' },
      { kind: 'postgres' },
      { kind: 'service', name: 'notification' },
      { kind: 'redis' },
      { kind: 'service', name: 'gateway' },
    ];
  }
  const services: Fault[] = SERVICE_NAMES.map((name) => ({ kind: 'service', name }));
  return [
    { kind: 'broker' },
    services[0]!,
    services[1]!,
    { kind: 'broker' },
    services[2]!,
    { kind: 'postgres' },
    services[3]!,
    { kind: 'broker' },
    services[4]!,
    { kind: 'redis' },
    services[5]!,
    { kind: 'broker' },
    services[6]!,
    { kind: 'broker' },
  ];
}

const t0 = Date.now();
const stamp = () => `[${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s]`;
const say = (line: string) => console.log(`${stamp()} ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function poll(what: string, probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await sleep(500); // a poll
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

const resources: {
  root?: string;
  pg?: PostgresInstance;
  redis?: RedisInstance;
  rabbit?: RabbitInstance;
  platform?: RunningPlatform;
  mail?: MailCatcher;
  hooks?: WebhookReceiver;
} = {};
let cleaning: Promise<void> | undefined;
/** Set once cleanup starts: the supervisor and the fault loop start no service after that. */
let shuttingDown = false;
let supervisor: NodeJS.Timeout | undefined;

function cleanup(): Promise<void> {
  shuttingDown = true;
  clearInterval(supervisor);
  cleaning ??= (async () => {
    await resources.platform?.stop().catch(() => undefined);
    await Promise.all([resources.mail?.close(), resources.hooks?.close()].map((p) => p?.catch(() => undefined)));
    await Promise.all([resources.pg, resources.redis, resources.rabbit].map((i) => i?.cleanup().catch(() => undefined)));
    if (resources.root && !process.env.CHAOS_KEEP) rmSync(resources.root, { recursive: true, force: true });
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    say(`${signal}: stopping the platform and the suite's servers`);
    void cleanup().finally(() => process.exit(130));
  });
}

interface FaultLog {
  fault: string;
  at: number;
  recoveredAfterMs: number;
  note?: string;
}

async function main(): Promise<number> {
  const root = chaosRoot();
  resources.root = root;
  say(`${short ? 'short' : 'full'} chaos run in ${root}: rate ${RATE}/s, ${GAP_MS} ms between faults`);
  const [pgInst, redis, rabbit] = await Promise.all([startPostgres(root), startRedis(root), startRabbit(root)]);
  Object.assign(resources, { pg: pgInst, redis, rabbit });
  say(
    `own servers: PostgreSQL :${pgInst.port} (pid ${pgInst.pid()}), Redis :${redis.port} (pid ${redis.pid()}), RabbitMQ :${rabbit.port} ${rabbit.nodename} (pid ${rabbit.pid()})`,
  );

  const databaseUrl = pgInst.url('chaos');
  await migrateAll(databaseUrl);
  const mail = await startMailCatcher({ smtpPort: 0, httpPort: 0, limit: 1_000_000 });
  resources.mail = mail;
  const hooks = await startWebhookReceiver();
  resources.hooks = hooks;

  const exchange = 'chaos.events';
  const secrets = platformSecrets();
  const adminToken = secrets.PLATFORM_ADMIN_TOKEN;
  const ports = await allocatePorts();
  const logFile = join(root, 'platform.log');
  const platform = await launchPlatform({
    ports,
    env: {
      DATABASE_URL: databaseUrl,
      AMQP_URL: rabbit.url,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: 'chaos:',
      EVENTS_EXCHANGE: exchange,
      BASE_URL: `http://localhost:${ports.gateway.http}`,
      ...secrets,
      RATE_LIMIT_IP_PER_MINUTE: '1000000',
      RATE_LIMIT_AUTH_PER_15_MINUTES: '100000',
      RATE_LIMIT_LOGIN_PER_ACCOUNT_PER_MINUTE: '100000',
      RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE: '100000',
      RECIPIENT_QUOTA_LIMITS: 'enterprise=1000000',
      WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${hooks.port}`,
      LOG_LEVEL: 'info',
      SMTP_URL: mail.smtpUrl,
    },
    output: { kind: 'file', path: logFile },
    readyTimeoutMs: 180000,
  });
  resources.platform = platform;
  say(`platform up at ${platform.gatewayUrl} (logs: ${logFile})`);

  // ---------------------------------------------------------------- the organization
  const api = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${platform.gatewayUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as any) : undefined, text };
  };
  const must = async (what: string, status: number, r: Promise<{ status: number; body: any; text: string }>) => {
    const a = await r;
    if (a.status !== status) throw new Error(`${what}: ${a.status} ${a.text}`);
    return a.body;
  };
  const signup = await must(
    'sign-up',
    201,
    api('POST', '/api/auth/signup', {
      email: 'owner@chaos.example.com',
      password: 'correct horse battery staple',
      name: 'Chaos Owner',
      organization: { name: 'Chaos Org', slug: 'chaos-org' },
    }),
  );
  const orgId = String(signup.organization.id);
  const owner = String(signup.token);
  // Issuing needs a confirmed address: follow the confirmation link as the owner would.
  await must(
    'confirm the address',
    200,
    api('POST', '/api/auth/verify-email', { token: await confirmationToken(databaseUrl, String(signup.user.id)) }),
  );
  await must('approve', 200, api('POST', `/api/admin/organizations/${orgId}/approve`, {}, adminToken));
  await must('plan', 200, api('PATCH', `/api/admin/organizations/${orgId}`, { plan: 'enterprise' }, adminToken));
  await must('signing keys', 201, api('POST', `/api/organizations/${orgId}/signing-keys`, {}, owner));
  const apiKey = String(
    (await must('API key', 201, api('POST', `/api/organizations/${orgId}/api-keys`, { name: 'chaos', rateLimitPerMinute: 10000 }, owner)))
      .key,
  );
  const badgeId = String(
    (
      await must(
        'badge',
        201,
        api(
          'POST',
          '/api/v1/badges',
          { name: 'Chaos Survivor', description: 'Kept going.', criteria: 'Was there.', expiresInDays: 365 },
          apiKey,
        ),
      )
    ).id,
  );
  const webhookEvents = [
    'credential.issued',
    'credential.renewed',
    'credential.claimed',
    'credential.revoked',
    'credential.expired',
    'bulk_issuance.completed',
  ];
  await must('webhook', 201, api('POST', '/api/v1/webhooks', { url: hooks.url, events: webhookEvents }, apiKey));
  say(`organization ${orgId}: enterprise, signing keys, API key, badge ${badgeId}, webhook -> ${hooks.url}`);

  // ---------------------------------------------------------------- a supervisor, as k8s would be
  const selfExits: string[] = [];
  let faulting: ServiceName | undefined;
  supervisor = setInterval(() => {
    for (const [name, child] of platform.processes) {
      if (name === faulting || shuttingDown) continue;
      if (child.exitCode !== null || child.signalCode !== null) {
        selfExits.push(`${name} exited by itself (code ${child.exitCode}, signal ${child.signalCode}) at ${stamp()}: restarted`);
        say(`!! ${name} exited by itself (code ${child.exitCode}, signal ${child.signalCode}); restarting it`);
        platform.startService(name);
      }
    }
  }, 1000);

  const readyz = (name: ServiceName) => async () =>
    (await fetch(`http://127.0.0.1:${ports[name].ops}/readyz`, { signal: AbortSignal.timeout(3000) })).status === 200;

  // ---------------------------------------------------------------- load and faults
  const load = new Load({
    baseUrl: platform.gatewayUrl,
    apiKey,
    badgeId,
    mail,
    ratePerSecond: RATE,
    bulkEveryMs: short ? 20000 : 30000,
    bulkRows: 5,
    requestDeadlineMs: 180000,
    maxInFlight: 60,
    runId: randomBytes(3).toString('hex'),
  });
  load.start();
  say(`load started: ${RATE} requests/s`);
  await sleep(GAP_MS);

  const faults: FaultLog[] = [];
  const notificationKilledAt: number[] = [];
  for (const fault of schedule()) {
    if (shuttingDown) throw new Error('stopped by a signal');
    const at = Date.now();
    let label: string;
    let note: string | undefined;
    if (fault.kind === 'broker') {
      label = 'RabbitMQ SIGKILL + restart';
      const pid = rabbit.pid();
      await rabbit.kill9();
      await sleep(2000); // the outage lasts this long: the scenario sets it
      await rabbit.start();
      note = `pid ${pid} -> ${rabbit.pid()}`;
    } else if (fault.kind === 'postgres') {
      label = 'PostgreSQL SIGKILL + restart';
      const pid = pgInst.pid();
      await pgInst.kill9();
      await sleep(3000); // the outage lasts this long: the scenario sets it
      await pgInst.start();
      note = `pid ${pid} -> ${pgInst.pid()}`;
    } else if (fault.kind === 'redis') {
      label = `Redis SIGSTOP ${REDIS_AWAY_MS / 1000} s + SIGCONT`;
      redis.pause();
      await sleep(REDIS_AWAY_MS);
      redis.resume();
    } else {
      label = `${fault.name} SIGKILL + restart`;
      faulting = fault.name;
      if (fault.name === 'notification') notificationKilledAt.push(Date.now());
      const pid = platform.processes.get(fault.name)?.pid;
      await platform.stopService(fault.name, 'SIGKILL');
      if (shuttingDown) throw new Error('stopped by a signal');
      platform.startService(fault.name);
      faulting = undefined;
      await poll(`${fault.name} ready again`, readyz(fault.name), 180000);
      note = `pid ${pid} -> ${platform.processes.get(fault.name)?.pid}`;
    }
    const entry = { fault: label, at: at - t0, recoveredAfterMs: Date.now() - at, ...(note ? { note } : {}) };
    faults.push(entry);
    say(
      `fault: ${label} (${note ?? ''}) back after ${(entry.recoveredAfterMs / 1000).toFixed(1)} s; ${load.pending} requests in flight, ${load.record.issues.filter((i) => i.outcome === 'acknowledged').length} issues acknowledged so far`,
    );
    await sleep(GAP_MS);
  }

  say('faults done; stopping the load (waiting for requests in flight to get an answer or reach their deadline)');
  await load.stop();
  say(`load stopped: ${load.record.issues.length} issue requests, ${load.record.bulks.length} bulk uploads`);

  // ---------------------------------------------------------------- drain
  const listQueues = async () =>
    (await rabbit.ctl(['list_queues', '--no-table-headers', 'name', 'messages']))
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter((p) => p.length === 2 && /^\d+$/.test(p[1]!))
      .map(([name, messages]) => ({ name: name!, messages: Number(messages) }));
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const backlog = async () => {
    const outboxes = (
      await db.query<{ table_schema: string }>("select table_schema from information_schema.tables where table_name = 'outbox'")
    ).rows;
    let outbox = 0;
    for (const { table_schema } of outboxes) {
      outbox += (
        await db.query<{ n: number }>(
          `select count(*)::int as n from ${pg.escapeIdentifier(table_schema)}.outbox where published_at is null`,
        )
      ).rows[0]!.n;
    }
    const one = async (sql: string) => (await db.query<{ n: number }>(sql)).rows[0]!.n;
    const emails = await one("select count(*)::int as n from notification.email_sends where status = 'pending'");
    const hooksPending = await one("select count(*)::int as n from notification.webhook_deliveries where status = 'pending'");
    const jobs = await one("select count(*)::int as n from issuance.bulk_issuances where status <> 'completed'");
    const queued = (await listQueues()).filter((q) => !q.name.endsWith('.dlq')).reduce((a, q) => a + q.messages, 0);
    return { outbox, emails, webhooks: hooksPending, bulkJobs: jobs, queued };
  };
  const drainStart = Date.now();
  let last = '';
  let quiet = 0;
  let drained = false;
  while (Date.now() - drainStart < DRAIN_MS) {
    const b = await backlog().catch((err: Error) => ({ error: err.message }));
    const text = JSON.stringify(b);
    if (text !== last) say(`backlog: ${text}`);
    last = text;
    const zero = !('error' in b) && Object.values(b).every((n) => n === 0);
    quiet = zero ? quiet + 1 : 0;
    if (quiet >= 3) {
      drained = true;
      break;
    }
    await sleep(2000); // a poll of the drain
  }
  await db.end();
  clearInterval(supervisor);
  say(
    drained
      ? `drained in ${((Date.now() - drainStart) / 1000).toFixed(1)} s`
      : `not drained after ${DRAIN_MS / 1000} s: reconciling anyway`,
  );

  // ---------------------------------------------------------------- reconcile
  const result = await reconcile({
    databaseUrl,
    organizationId: orgId,
    baseUrl: platform.gatewayUrl,
    load: load.record,
    mail,
    webhooks: hooks,
    amqpUrl: rabbit.url,
    listQueues,
    exchange,
    runStartedAt: t0,
    notificationKilledAt,
  });
  const durationS = ((load.record.stoppedAt - load.record.startedAt) / 1000).toFixed(0);
  console.log('\nFaults injected while the load ran:');
  for (const f of faults)
    console.log(
      `  at ${(f.at / 1000).toFixed(0).padStart(4)} s  ${f.fault.padEnd(36)} back after ${(f.recoveredAfterMs / 1000).toFixed(1)} s  ${f.note ?? ''}`,
    );
  for (const s of selfExits) console.log(`  !! ${s}`);
  console.log(
    `\nLoad: ${durationS} s at ${RATE} requests/s (${load.record.skippedTicks} ticks skipped at the in-flight cap); answers per attempt: ${JSON.stringify(load.record.attemptClasses)}`,
  );
  console.log(`Drain: ${drained ? 'complete' : 'NOT complete'}\n`);
  console.log(formatTable(result.rows));
  if (result.details.length > 0) {
    console.log('\nDetails:');
    for (const d of result.details.slice(0, 40)) console.log(`  ${d}`);
  }
  const failures = [...result.failures, ...(drained ? [] : ['the backlog did not drain'])];
  console.log(
    `\nVerdict: lost ${result.lost}, unexpected ${result.unexpected}${failures.length ? `; FAILED: ${failures.join('; ')}` : '; every check passed'}`,
  );
  if (process.env.CHAOS_SUMMARY) {
    const summary: ChaosSummary = {
      mode: short ? 'short' : 'full',
      rate: RATE,
      loadSeconds: Number(durationS),
      drained,
      faults,
      selfExits,
      rows: result.rows,
      lost: result.lost,
      unexpected: result.unexpected,
      failures,
    };
    writeFileSync(process.env.CHAOS_SUMMARY, JSON.stringify(summary, null, 2));
  }
  return failures.length === 0 && result.lost === 0 && result.unexpected === 0 ? 0 : 1;
}

/** What CHAOS_SUMMARY receives. */
export interface ChaosSummary {
  mode: 'short' | 'full';
  rate: number;
  loadSeconds: number;
  drained: boolean;
  faults: FaultLog[];
  selfExits: string[];
  rows: Row[];
  lost: number;
  unexpected: number;
  failures: string[];
}

let code = 1;
try {
  code = await main();
} catch (err) {
  say(`the chaos run failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  if (resources.root) say(`logs: ${resources.root} (kept with CHAOS_KEEP=1)`);
  code = 2;
} finally {
  await cleanup();
}
process.exit(code);
