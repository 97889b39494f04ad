import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { createIsolation, isolationEnv, platformSecrets, waitFor, type TestIsolation } from '@cred/testing';
import { allocatePorts, freePort, launchPlatform, PortTakenError, retryWhenPortTaken, type RunningPlatform } from '../../scripts/launcher.js';
import type { ReplicaPorts } from '../../scripts/platform.js';
import { migrateAll } from '../../scripts/migrate-all.js';
import { startMailCatcher, type MailCatcher } from '../../scripts/mail-catcher.js';

export interface TestPlatform {
  platform: RunningPlatform;
  isolation: TestIsolation;
  baseUrl: string;
  adminToken: string;
  logFile: string;
  env: Record<string, string>;
  api(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any; headers: Headers; text: string }>;
  /** Each verification replica's own public HTTP server (the first, then the extra ones). */
  verificationUrls: string[];
  /** The same processes' ops servers (/metrics, /healthz), in the same order. */
  verificationOpsUrls: string[];
  /** The platform's outgoing e-mail (its own SMTP catcher on free ports). */
  mail: MailCatcher;
  /** Waits for an e-mail to `to` whose text matches `re` and returns the match in the newest such e-mail. */
  mailMatch(to: string, re: RegExp): Promise<RegExpMatchArray>;
  /** Moves every service's application clock (TEST_CLOCK) to now + offsetMs; 0 puts it back. */
  setClockOffset(offsetMs: number): Promise<void>;
  /**
   * Signs up a new user with a new organization (the owner is `owner-<slug>@example.com`) and
   * confirms the owner's address from its e-mail unless `confirm` is false; returns the
   * organization's id and the owner's session token.
   */
  signUpOrganization(slug: string, options?: { confirm?: boolean }): Promise<{ orgId: string; token: string; userId: string }>;
  /** Confirms an address from the newest confirmation e-mail sent to it. */
  confirmAddress(email: string): Promise<void>;
  stop(): Promise<void>;
}

/** The last lines of a platform log that say something went wrong (warnings and errors). */
export function logTail(logFile: string, lines = 30): string {
  let text: string;
  try {
    text = readFileSync(logFile, 'utf8');
  } catch {
    return '';
  }
  return text
    .split('\n')
    .filter((line) => /"level":"(warn|error|fatal)"|exited unexpectedly/.test(line))
    .slice(-lines)
    .join('\n');
}

/**
 * Runs one step of a test file's top-level setup (the platform, an organization, a badge).
 * A top-level rejection would reach only stderr, and the runner would print "no tests found";
 * a failed step is reported instead as a failed assertion with its message and the platform's
 * last warnings, and the file ends there: its teardowns run, no test starts.
 */
export async function setupStep<T>(what: string, step: () => Promise<T>, logFile?: string): Promise<T> {
  try {
    return await step();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    t.fail(`setup failed: ${what}: ${message}`, logFile ? { serviceLog: logTail(logFile) } : {});
    t.end();
    return new Promise<T>(() => undefined);
  }
}

/**
 * The whole platform as separate processes, exactly as `pnpm start` runs it, on fresh
 * ports with its own database, exchange and Redis prefix, and fresh secrets.
 */
export async function startTestPlatform(
  label: string,
  /**
   * Settings over the defaults; REDIS_URL and AMQP_URL point the platform at a Redis or a broker
   * of the test's own (test/chaos/infra.ts) that it may stop (test/e2e/degraded.test.ts).
   */
  extraEnv: Record<string, string> = {},
  /** Verification processes behind the gateway's one origin (default 1). */
  options: {
    verificationReplicas?: number;
    /** More processes start slower on a busy machine. */
    readyTimeoutMs?: number;
    /** A second port per service, for rolling restarts (RunningPlatform.rollService). */
    surge?: boolean;
    /** How many e-mails the catcher keeps (default 200, the newest). */
    mailLimit?: number;
  } = {},
): Promise<TestPlatform> {
  const isolation = await createIsolation(label, { migrated: true });
  const mail = await startMailCatcher({ smtpPort: 0, httpPort: 0, ...(options.mailLimit ? { limit: options.mailLimit } : {}) });
  await migrateAll(isolation.databaseUrl);
  const secrets = platformSecrets();
  const adminToken = secrets.PLATFORM_ADMIN_TOKEN;
  const launch = async () => {
    const ports = await allocatePorts();
    // Clients reach the platform as under `pnpm start`: through the launcher's edge (ADR 0009).
    const originPort = await freePort();
    const surgePorts = options.surge ? await allocatePorts() : undefined;
    const verificationReplicas: ReplicaPorts[] = [];
    for (let i = 1; i < (options.verificationReplicas ?? 1); i++) {
      verificationReplicas.push({ grpc: await freePort(), ops: await freePort(), http: await freePort() });
    }
    const logFile = join(mkdtempSync(join(tmpdir(), `e2e-${label}-`)), 'platform.log');
    const env: Record<string, string> = {
      ...isolationEnv(isolation),
      BASE_URL: `http://localhost:${originPort}`,
      ...secrets,
      TEST_CLOCK: 'true',
      // End-to-end tests drive many calls from one address; the limits have their own tests.
      RATE_LIMIT_IP_PER_MINUTE: '100000',
      RATE_LIMIT_AUTH_PER_15_MINUTES: '100000',
      RATE_LIMIT_LOGIN_PER_ACCOUNT_PER_MINUTE: '100000',
      RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE: '100000',
      LOG_LEVEL: 'info',
      SMTP_URL: mail.smtpUrl,
      ...extraEnv,
    };
    try {
      return {
        platform: await launchPlatform({
          ports,
          originPort,
          env,
          output: { kind: 'file', path: logFile },
          readyTimeoutMs: options.readyTimeoutMs ?? 90000,
          verificationReplicas,
          ...(surgePorts ? { surgePorts } : {}),
        }),
        verificationReplicas,
        env,
        logFile,
      };
    } catch (err) {
      if (err instanceof PortTakenError) throw err;
      throw new Error(`${err instanceof Error ? err.message : String(err)} (service logs: ${logFile})\n${logTail(logFile)}`);
    }
  };
  // A port found free can still be taken by another process before its service binds it: that
  // start is thrown away and the platform started again on other ports; any other failure is final.
  let launched: Awaited<ReturnType<typeof launch>>;
  try {
    launched = await retryWhenPortTaken(launch);
  } catch (err) {
    await isolation.cleanup();
    await mail.close();
    throw err;
  }
  const { platform, env, logFile, verificationReplicas } = launched;
  const api = async (method: string, path: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${platform.originUrl}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, body: json, headers: res.headers, text };
  };
  /** Waits for an e-mail to `to` whose text matches `re`; answers the match in the newest one. */
  const mailMatch = (to: string, re: RegExp) =>
    waitFor(`e-mail to ${to} matching ${re}`, async () => {
      for (const m of [...mail.messages()].reverse()) {
        if (!m.envelope.to.includes(to)) continue;
        const found = m.text.match(re);
        if (found) return found;
      }
      return undefined;
    });
  /** Follows the newest confirmation link e-mailed to `email`. */
  const confirmAddress = async (email: string) => {
    const [, token] = await mailMatch(email, /\/verify-email\?token=([A-Za-z0-9_-]+)/);
    const r = await api('POST', '/api/auth/verify-email', { token });
    if (r.status !== 200) throw new Error(`confirming ${email} failed: ${r.status} ${r.text}`);
  };
  return {
    platform,
    api,
    confirmAddress,
    /**
     * Signs up an owner and their organization and, unless `confirm` is false, confirms the
     * owner's address from the e-mail as a person would (issuing needs a confirmed address).
     */
    async signUpOrganization(slug: string, options: { confirm?: boolean } = {}) {
      const r = await api('POST', '/api/auth/signup', {
        email: `owner-${slug}@example.com`,
        password: 'correct horse battery staple',
        name: `Owner of ${slug}`,
        organization: { name: `Org ${slug}`, slug },
      });
      if (r.status !== 201) throw new Error(`sign-up failed: ${r.status} ${r.text}`);
      if (options.confirm !== false) await confirmAddress(`owner-${slug}@example.com`);
      return { orgId: String(r.body.organization.id), token: String(r.body.token), userId: String(r.body.user.id) };
    },
    async setClockOffset(offsetMs: number) {
      await Promise.all(
        [...Object.entries(platform.ports), ...verificationReplicas.map((p, i) => [`verification-${i + 2}`, p] as const)].map(
          async ([name, p]) => {
            const r = await fetch(`http://127.0.0.1:${(p as { ops: number }).ops}/testing/clock`, {
              method: 'PUT',
              body: JSON.stringify({ offsetMs }),
            });
            if (r.status !== 200) throw new Error(`${name}: PUT /testing/clock answered ${r.status}`);
          },
        ),
      );
    },
    mailMatch,
    isolation,
    verificationUrls: [platform.ports.verification.http!, ...verificationReplicas.map((r) => r.http)].map(
      (port) => `http://127.0.0.1:${port}`,
    ),
    verificationOpsUrls: [platform.ports.verification.ops, ...verificationReplicas.map((r) => r.ops)].map(
      (port) => `http://127.0.0.1:${port}`,
    ),
    baseUrl: platform.originUrl,
    adminToken,
    logFile,
    env,
    mail,
    async stop() {
      await platform.stop();
      await isolation.cleanup();
      await mail.close();
    },
  };
}
