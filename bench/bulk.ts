// Bulk-issuance benchmark: a 10,000-row CSV through the gateway (docs/contract.md "Authentication and access"), timed
// from upload to `completed`, while API clients keep issuing single credentials beside it; their
// latency is compared with the same load before the job ("10,000 rows finish without blocking
// other traffic"). Starts its own platform (separate processes, as `pnpm start` does) with its
// own database, exchange and Redis prefix, and removes them afterwards.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { confirmationToken, createIsolation, isolationEnv, platformSecrets } from '@cred/testing';
import { allocatePorts, freePort, launchPlatform, type RunningPlatform } from '../scripts/launcher.js';
import { migrateAll } from '../scripts/migrate-all.js';
import { startMailCatcher, type MailCatcher } from '../scripts/mail-catcher.js';
import { BENCH_LOG_LEVEL, formatRow, measure, type RunStats } from './stats.js';

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 10_000);
/** Rows in flight per issuance process (BULK_ISSUANCE_CONCURRENCY); unset: the service's default. */
const WORKER_CONCURRENCY = process.env.BENCH_BULK_CONCURRENCY;
/** Concurrent API clients issuing single credentials beside the job. */
const API_CLIENTS = Number(process.env.BENCH_BULK_API_CLIENTS ?? 4);
const API_ISSUES = Number(process.env.BENCH_BULK_API_ISSUES ?? 300);
const PASSWORD = 'bench password that is long enough';

async function http(base: string, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60000),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { status: res.status, body: parsed };
}

export async function runBulkBench(): Promise<void> {
  console.log(
    `bulk-issuance benchmark: ${ROWS} rows, BULK_ISSUANCE_CONCURRENCY=${WORKER_CONCURRENCY ?? "the service's default"}, ${API_CLIENTS} API clients beside it, ` +
      `${availableParallelism()} CPU cores, Node ${process.version}`,
  );
  const isolation = await createIsolation('benchbulk');
  let platform: RunningPlatform | undefined;
  let mail: MailCatcher | undefined;
  const results: RunStats[] = [];
  const lines: string[] = [];
  try {
    await migrateAll(isolation.databaseUrl);
    const ports = await allocatePorts();
    // Clients reach the platform as under `pnpm start`: through the launcher's edge (ADR 0009).
    const originPort = await freePort();
    const logFile = join(mkdtempSync(join(tmpdir(), 'bench-bulk-')), 'platform.log');
    const secrets = platformSecrets();
    const adminToken = secrets.PLATFORM_ADMIN_TOKEN;
    // Measured as deployed: every consumer runs and every credential's e-mail is really sent (to
    // a local SMTP sink that counts them, so the count at the end shows the e-mails kept up; it
    // does not parse them, a mail reader's work on the cores being measured). Credential e-mails
    // only: the owner's address confirmation goes to the same sink.
    let credentialMailCount = 0;
    mail = await startMailCatcher({
      smtpPort: 0,
      httpPort: 0,
      onReceived: (envelope) => {
        if (envelope.to.some((to) => /@(bulk|single)\.example\.com$/.test(to))) credentialMailCount += 1;
      },
    });
    platform = await launchPlatform({
      ports,
      originPort,
      env: {
        ...isolationEnv(isolation),
        AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
        BASE_URL: `http://localhost:${originPort}`,
        ...secrets,
        SMTP_URL: mail.smtpUrl,
        RATE_LIMIT_IP_PER_MINUTE: '1000000',
        // The benchmark issues far more than a month's quota of any plan.
        RECIPIENT_QUOTA_LIMITS: 'enterprise=1000000',
        ...(WORKER_CONCURRENCY ? { BULK_ISSUANCE_CONCURRENCY: WORKER_CONCURRENCY } : {}),
        LOG_LEVEL: BENCH_LOG_LEVEL,
      },
      output: { kind: 'file', path: logFile },
      readyTimeoutMs: 90000,
    });
    console.log(`platform up (logs: ${logFile})`);
    const base = platform.originUrl;

    const slug = `bench-bulk-${randomBytes(3).toString('hex')}`;
    const signup = await http(base, 'POST', '/api/auth/signup', {
      email: `owner@${slug}.example.com`,
      password: PASSWORD,
      name: 'Owner',
      organization: { name: 'Bulk Bench', slug },
    });
    const orgId = signup.body.organization.id as string;
    const session = signup.body.token as string;
    await http(base, 'POST', '/api/auth/verify-email', { token: await confirmationToken(isolation.databaseUrl, signup.body.user.id as string) });
    await http(base, 'POST', `/api/admin/organizations/${orgId}/approve`, undefined, adminToken);
    await http(base, 'PATCH', `/api/admin/organizations/${orgId}`, { plan: 'enterprise' }, adminToken);
    await http(base, 'POST', `/api/organizations/${orgId}/signing-keys`, undefined, session);
    const apiKey = (await http(base, 'POST', `/api/organizations/${orgId}/api-keys`, { name: 'bench', rateLimitPerMinute: 10000 }, session))
      .body.key as string;
    const badgeId = (
      await http(
        base,
        'POST',
        `/api/organizations/${orgId}/badges`,
        { name: 'Bulk Bench Badge', description: 'Bulk.', criteria: 'Benchmarked.', expiresInDays: 365 },
        session,
      )
    ).body.id as string;
    for (const deadline = Date.now() + 30000; ;) {
      const org = await http(base, 'GET', '/api/v1/organization', undefined, apiKey).catch(() => undefined);
      if (org?.body?.signingKeysGenerated === true) break;
      if (Date.now() > deadline) throw new Error('organization not ready for /api/v1');
      await new Promise((r) => setTimeout(r, 250));
    }
    const issue = (prefix: string) => async (i: number) => {
      await http(
        base,
        'POST',
        '/api/v1/credentials',
        { badgeId, recipient: { name: `Single ${i}`, email: `${prefix}-${i}@single.example.com` } },
        apiKey,
      );
    };

    await measure('warm-up', 50, API_CLIENTS, issue('warm'));
    results.push(await measure(`API issues, ${API_CLIENTS} clients, no bulk job`, API_ISSUES, API_CLIENTS, issue('alone')));
    await new Promise((r) => setTimeout(r, 2000));

    const csv = `name,email\n${Array.from({ length: ROWS }, (_, i) => `Recipient ${i + 1},recipient-${i + 1}@bulk.example.com`).join('\n')}\n`;
    const form = new FormData();
    form.append('badgeId', badgeId);
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'recipients.csv');
    const t0 = performance.now();
    const res = await fetch(`${base}/api/organizations/${orgId}/bulk-issuances`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session}` },
      body: form,
    });
    const created = (await res.json()) as { id: string; total: number };
    if (res.status !== 202) throw new Error(`upload: ${res.status} ${JSON.stringify(created)}`);
    const acceptedMs = performance.now() - t0;

    const poll = (async () => {
      for (;;) {
        const j = (await http(base, 'GET', `/api/organizations/${orgId}/bulk-issuances/${created.id}?limit=1`, undefined, session)).body;
        if (j.status === 'completed') return j;
        await new Promise((r) => setTimeout(r, 1000));
      }
    })();
    results.push(await measure(`API issues, ${API_CLIENTS} clients, beside the bulk job`, API_ISSUES, API_CLIENTS, issue('beside')));
    const done = await poll;
    const seconds = (performance.now() - t0) / 1000;
    // The e-mails of every credential issued (the job's rows and the single issues): wait for the
    // notification consumer to finish, bounded, and say how far behind it was.
    const expected = 50 + 2 * API_ISSUES + Number(done.issued ?? 0);
    const mailWaitStart = performance.now();
    while (credentialMailCount < expected && performance.now() - mailWaitStart < 120000) {
      await new Promise((r) => setTimeout(r, 500));
    }
    const caught = credentialMailCount;
    lines.push(
      `CSV of ${ROWS} rows (${(Buffer.byteLength(csv) / 1024).toFixed(0)} KiB) accepted (202) in ${acceptedMs.toFixed(0)} ms`,
      `job completed in ${seconds.toFixed(1)} s: ${(ROWS / seconds).toFixed(1)} rows/s ` +
        `(issued ${done.issued}, renewed ${done.renewed}, conflicts ${done.conflicts}, invalid ${done.invalid}, failed ${done.failed})`,
      `e-mails sent: ${caught} of ${expected}, waited ${((performance.now() - t0) / 1000 - seconds).toFixed(1)} s after the job completed`,
    );
  } finally {
    await platform?.stop();
    await mail?.close();
    await isolation.cleanup();
  }
  console.log('');
  for (const l of lines) console.log(l);
  for (const r of results) console.log(formatRow(r));
  const [alone, beside] = results;
  if (alone && beside)
    console.log(
      `API p50 beside the job / alone: ${(beside.p50Ms / alone.p50Ms).toFixed(2)}; p99: ${(beside.p99Ms / alone.p99Ms).toFixed(2)} ` +
        '(docs/reliability.md: at most 2)',
    );
}
