// `npm start` itself (scripts/start.ts, what scripts/dev.mjs runs once the servers are found):
// PORT moves the public origin, BASE_URL is what the links in e-mails start with, the internal
// ports stay out of PORT's way, and Ctrl-C (SIGINT to the process group, as a terminal sends it)
// stops every service. The servers are this test's own database, exchange and Redis prefix.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { createIsolation, isolationEnv, platformSecrets, waitFor } from '@cred/testing';
import { freePort, listensOn, startPorts } from '../../scripts/launcher.js';
import { defaultPorts } from '../../scripts/platform.js';
import type { CaughtMessage } from '../../scripts/mail-catcher.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

t.test('startPorts: PORT on a default internal port moves that endpoint, never PORT', async (t) => {
  // PORT set to the first default internal port that is free here (verification's 8081 unless
  // another platform runs on the defaults).
  const candidates = Object.entries(defaultPorts()).flatMap(([name, p]) =>
    Object.entries(p as Record<string, number>)
      .filter(([kind]) => !(name === 'gateway' && kind === 'http'))
      .map(([kind, port]) => ({ label: `${name} ${kind}`, name, kind, port })),
  );
  let chosen: (typeof candidates)[number] | undefined;
  for (const c of candidates) if (!chosen && (await listensOn(c.port))) chosen = c;
  if (!chosen) throw new Error('every default port is taken on this machine');
  const placed = await startPorts(chosen.port);
  t.equal(placed.ports.gateway.http, chosen.port, 'the gateway listens on PORT');
  const now = (placed.ports as unknown as Record<string, Record<string, number>>)[chosen.name]![chosen.kind];
  t.not(now, chosen.port, `${chosen.label} moved off PORT`);
  t.ok(
    placed.moved.some((m) => m === `${chosen.label} ${chosen.port} -> ${now}`),
    'the move is reported',
  );
  const all = Object.values(placed.ports).flatMap((p) => Object.values(p as Record<string, number>));
  t.equal(new Set(all).size, all.length, 'no two endpoints share a port');

  // With the launcher's edge on PORT (scripts/edge.ts), the gateway gets a port of its own.
  const behindEdge = await startPorts(chosen.port, 2, true);
  const every = [...Object.values(behindEdge.ports), ...behindEdge.replicas].flatMap((p) => Object.values(p as Record<string, number>));
  t.notOk(every.includes(chosen.port), 'with the edge, no service listens on PORT');
  t.equal(new Set(every).size, every.length, 'no two endpoints share a port');
});

t.test('startPorts: a PORT that is taken is refused with a message', async (t) => {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '0.0.0.0', () => resolve()));
  const taken = (srv.address() as { port: number }).port;
  await t.rejects(startPorts(taken), new RegExp(`port ${taken} is in use`));
  await new Promise((r) => srv.close(r));
});

t.test('PORT and BASE_URL: the platform answers on PORT, e-mailed links start with BASE_URL, Ctrl-C stops it', async (t) => {
  const isolation = await createIsolation('start');
  t.teardown(() => isolation.cleanup());
  const port = await freePort();
  const mailHttp = await freePort();
  const mailSmtp = await freePort();
  // A local origin other than the default http://localhost:<PORT>, so the links prove BASE_URL is used.
  const baseUrl = `http://start-test.localhost:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    BASE_URL: baseUrl,
    ...isolationEnv(isolation),
    MAIL_CATCHER_SMTP_PORT: String(mailSmtp),
    MAIL_CATCHER_HTTP_PORT: String(mailHttp),
    LOG_LEVEL: 'warn',
    // Every secret from the environment: the checkout's .dev-secrets.json is neither read nor written.
    ...platformSecrets(),
  };
  delete env.SMTP_URL;
  delete env.SESSION_PUBLIC_KEYS;
  // A process group of its own, so SIGINT reaches start.ts and its services as Ctrl-C would.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: env as NodeJS.ProcessEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone
      }
    }
  });

  await Promise.race([
    waitFor('npm start to say the platform is up', () => output.includes(`The platform is up: ${baseUrl}`) || undefined, 150_000, 500),
    exited.then((code) => {
      throw new Error(`start.ts exited (${code}) before the platform was up:\n${output.slice(-3000)}`);
    }),
  ]);
  t.pass(`the banner names BASE_URL (${baseUrl})`);

  const health = await fetch(`http://127.0.0.1:${port}/healthz`);
  t.equal(health.status, 200, 'the public origin answers on PORT');

  const email = `start-${randomBytes(4).toString('hex')}@example.com`;
  const signup = await fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery staple', name: 'Start Test' }),
  });
  t.equal(signup.status, 201, 'sign-up through PORT');
  const message = await waitFor(
    'the confirmation e-mail in the mail catcher',
    async () => {
      const res = await fetch(`http://127.0.0.1:${mailHttp}/messages.json`);
      const { messages } = (await res.json()) as { messages: CaughtMessage[] };
      return messages.find((m) => m.envelope.to.includes(email));
    },
    60_000,
    500,
  );
  t.match(message.text, `${baseUrl}/verify-email?token=`, 'the confirmation link starts with BASE_URL');

  process.kill(-child.pid!, 'SIGINT');
  t.equal(await exited, 0, 'Ctrl-C: start.ts exits cleanly');
  t.match(output, 'All services stopped.');
  const after = await fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => 'answered',
    () => 'refused',
  );
  t.equal(after, 'refused', 'nothing listens on PORT any more');
});
