// `pnpm start`: the whole platform on one machine. Migrates, starts the seven services as
// separate processes with prefixed logs (and a mail catcher unless SMTP_URL is set), waits
// until the gateway says every service is ready, and stops them all cleanly on Ctrl-C.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LOCAL_DEFAULTS, newSessionKeyPair, sessionPublicKeyOf } from '@cred/runtime';
import { newRpcIdentityKey, RPC_CALLERS, rpcIdentityKeyVariable, rpcPublicKeysOf } from '@cred/grpc';
import { checkPublicPort, launchPlatform, retryWhenPortTaken, startPorts } from './launcher.js';
import { startDevMail, type DevMail } from './mail-catcher.js';
import { migrateAll } from './migrate-all.js';

const SECRETS_FILE = fileURLToPath(new URL('../.dev-secrets.json', import.meta.url));
// Each service that calls another has its own identity seed (ADR 0014), RPC_IDENTITY_KEY_<SERVICE>.
const RPC_IDENTITY_KEYS = RPC_CALLERS.map(rpcIdentityKeyVariable);
const SECRET_NAMES = [
  'SESSION_SIGNING_KEY',
  'PLATFORM_ADMIN_TOKEN',
  'KEY_ENCRYPTION_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'WEBHOOK_SECRET_KEY',
  ...RPC_IDENTITY_KEYS,
];
type SecretName = string;
const GENERATE: Record<SecretName, () => string> = {
  SESSION_SIGNING_KEY: () => newSessionKeyPair().SESSION_SIGNING_KEY,
  PLATFORM_ADMIN_TOKEN: () => `adm_${randomBytes(24).toString('base64url')}`,
  KEY_ENCRYPTION_KEY: () => randomBytes(32).toString('hex'),
  STRIPE_WEBHOOK_SECRET: () => `whsec_${randomBytes(24).toString('base64url')}`,
  WEBHOOK_SECRET_KEY: () => randomBytes(32).toString('hex'),
  ...Object.fromEntries(RPC_IDENTITY_KEYS.map((name) => [name, newRpcIdentityKey])),
};

/**
 * Development secrets: generated once, kept in an ignored file, never printed except the admin
 * token hint. A file from an older checkout gets the secrets it lacks; existing ones are kept
 * (a new KEY_ENCRYPTION_KEY would make the stored signing keys unreadable).
 */
function devSecrets(): Record<SecretName, string> {
  // Every secret given in the environment (a test, a deployment-like run): the file is not needed.
  if (SECRET_NAMES.every((name) => process.env[name]))
    return Object.fromEntries(SECRET_NAMES.map((n) => [n, process.env[n]!])) as Record<SecretName, string>;
  const kept = existsSync(SECRETS_FILE) ? (JSON.parse(readFileSync(SECRETS_FILE, 'utf8')) as Partial<Record<SecretName, string>>) : {};
  const secrets = { ...kept } as Record<SecretName, string>;
  let added = false;
  for (const name of SECRET_NAMES) {
    if (typeof secrets[name] === 'string' && secrets[name] !== '') continue;
    secrets[name] = GENERATE[name]!();
    added = true;
  }
  if (added) writeFileSync(SECRETS_FILE, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}

const say = (line: string) => process.stdout.write(`${line}\n`);

const secrets = devSecrets();
const pick = (name: string, fallback: string) => process.env[name] || fallback;

// PORT moves the platform's one HTTP origin (the launcher's edge); BASE_URL follows it unless set.
let publicPort = 8080;
if (process.env.PORT) {
  publicPort = Number(process.env.PORT);
  if (!/^\d{1,5}$/.test(process.env.PORT) || publicPort < 1 || publicPort > 65535) {
    say(`PORT must be a TCP port number (1-65535), not "${process.env.PORT.slice(0, 20)}"`);
    process.exit(1);
  }
}
// VERIFICATION_REPLICAS: how many verification processes serve the public surfaces (default 1).
const replicas = Number(process.env.VERIFICATION_REPLICAS ?? '1');
if (!Number.isInteger(replicas) || replicas < 1 || replicas > 8) {
  say('VERIFICATION_REPLICAS must be a whole number from 1 to 8');
  process.exit(1);
}
try {
  await checkPublicPort(publicPort);
} catch (err) {
  say(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
const shared: Record<string, string> = {
  DATABASE_URL: pick('DATABASE_URL', LOCAL_DEFAULTS.DATABASE_URL),
  AMQP_URL: pick('AMQP_URL', LOCAL_DEFAULTS.AMQP_URL),
  REDIS_URL: pick('REDIS_URL', LOCAL_DEFAULTS.REDIS_URL),
  BASE_URL: pick('BASE_URL', `http://localhost:${publicPort}`),
  EVENTS_EXCHANGE: pick('EVENTS_EXCHANGE', LOCAL_DEFAULTS.EVENTS_EXCHANGE),
  LOG_LEVEL: pick('LOG_LEVEL', 'info'),
};
for (const name of SECRET_NAMES) shared[name] = pick(name, secrets[name]!);
// Not a secret: what the gateway and verification check sessions with (the seed stays in accounts).
shared.SESSION_PUBLIC_KEYS = pick('SESSION_PUBLIC_KEYS', sessionPublicKeyOf(shared.SESSION_SIGNING_KEY!));
// Not secret either: the callers' identity public keys, which every gRPC server checks (ADR 0014).
shared.RPC_PUBLIC_KEYS = pick('RPC_PUBLIC_KEYS', rpcPublicKeysOf(shared));

say('Migrating the database...');
try {
  await migrateAll(shared.DATABASE_URL!, (line) => say(`  ${line}`));
} catch (err) {
  say(`Could not migrate: ${err instanceof Error ? err.message : String(err)}`);
  say(`Is PostgreSQL running at ${new URL(shared.DATABASE_URL!).host} (DATABASE_URL)?`);
  process.exit(1);
}

let mail: DevMail;
try {
  mail = await startDevMail(process.env, say);
} catch (err) {
  say(`Could not start the mail catcher: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
shared.SMTP_URL = mail.smtpUrl;

say('Starting services...');
let platform: Awaited<ReturnType<typeof launchPlatform>>;
try {
  // The ports are placed right before the services listen, and placed again if one was taken meanwhile.
  platform = await retryWhenPortTaken(
    async () => {
      const placed = await startPorts(publicPort, replicas, true);
      // Internal ports move out of the way of PORT and of whatever already listens (another platform).
      if (placed.moved.length > 0) say(`Internal ports taken, moved: ${placed.moved.join(', ')}`);
      return launchPlatform({
        ports: placed.ports,
        env: shared,
        output: { kind: 'terminal' },
        readyTimeoutMs: 90000,
        verificationReplicas: placed.replicas,
        // The launcher owns PORT and hands each connection to verification or the gateway (ADR 0009).
        originPort: publicPort,
      });
    },
    (err) => say(`${err.message} (taken by another program meanwhile): placing the ports again...`),
  );
} catch (err) {
  say(`The platform did not become ready: ${err instanceof Error ? err.message : String(err)}`);
  await mail.close();
  process.exit(1);
}

say('');
say(`The platform is up: ${shared.BASE_URL}`);
say(`  Health:        curl ${platform.originUrl}/healthz`);
say(`  E-mails:       ${mail.description}`);
say(`  Admin token:   in .dev-secrets.json (PLATFORM_ADMIN_TOKEN)`);
say('  Next:          see README.md "Try it" for signing up, approving an organization and issuing.');
say('  Stop:          Ctrl-C');
say('');

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  say(`\n${signal}: stopping every service...`);
  platform.stop().then(
    async () => {
      await mail.close();
      say('All services stopped.');
      process.exit(0);
    },
    () => process.exit(1),
  );
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
