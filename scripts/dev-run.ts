// The commands behind `npm start`, `npm test` and `npm run test:unit` (scripts/dev.mjs installs
// the workspace, then hands over here). Start and test first find or start PostgreSQL, Redis and
// RabbitMQ (scripts/infra.ts), run the platform or the tests against them, and stop afterwards
// only the servers this command started.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabase } from '@cred/db';
import { InfrastructureError, rabbitmqctl, resolveInfrastructure, type Mode, type Resolved } from './infra.js';
import { migrateAll } from './migrate-all.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const say = (line: string) => process.stdout.write(`${line}\n`);

/** The first lines of a unit test file carry this tag (docs/testing.md). */
export const UNIT_TAG = /^\/\/ @unit\b/m;

/** Where test files live (the include globs of .taprc, written out). */
const TEST_DIRS = ['packages/*/test', 'services/*/test', 'proto/test', 'test'];

function walk(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : walk(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

function expand(pattern: string): string[] {
  const [first, star, ...rest] = pattern.split('/');
  if (star !== '*') return [join(ROOT, pattern)];
  let names: string[] = [];
  try {
    names = readdirSync(join(ROOT, first!));
  } catch {
    return [];
  }
  return names.map((n) => join(ROOT, first!, n, ...rest));
}

/** Every test file tagged `// @unit` (it needs no PostgreSQL, Redis, RabbitMQ or service process). */
export function unitTestFiles(): string[] {
  const files = new Set<string>();
  for (const dir of TEST_DIRS.flatMap(expand)) {
    for (const file of walk(dir)) {
      const head = readFileSync(file, 'utf8').split('\n').slice(0, 30).join('\n');
      if (UNIT_TAG.test(head)) files.add(relative(ROOT, file));
    }
  }
  return [...files].sort();
}

/**
 * A unit run has no servers: their variables point at a port that refuses at once, so a file
 * tagged by mistake fails instead of quietly using the machine's servers.
 */
export const NO_SERVERS: Record<string, string> = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
  REDIS_URL: 'redis://127.0.0.1:1/0',
  AMQP_URL: 'amqp://guest:guest@127.0.0.1:1',
  TEST_DATABASE_BASE_URL: 'postgres://postgres@127.0.0.1:1',
  TEST_REDIS_URL: 'redis://127.0.0.1:1/0',
  TEST_AMQP_URL: 'amqp://guest:guest@127.0.0.1:1',
};

/** Runs `command` with inherited output; resolves with its exit code (128 + n after a signal). */
function runChild(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
  hold: { child?: ReturnType<typeof spawn> },
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: env as NodeJS.ProcessEnv });
    hold.child = child;
    child.once('error', (err) => {
      say(`${command}: ${err.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 + (signalNumber(signal) ?? 1) : 1)));
  });
}

function signalNumber(signal: NodeJS.Signals): number | undefined {
  return ({ SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 } as Record<string, number>)[signal];
}

export async function runDevCommand(command: string, args: string[]): Promise<number> {
  if (command === 'test:unit') {
    const files = args.length > 0 ? args : unitTestFiles();
    say(`Unit tests: ${files.length} files tagged // @unit (no PostgreSQL, Redis, RabbitMQ or service process).`);
    return runChild(join(ROOT, 'node_modules/.bin/tap'), files, { ...process.env, ...NO_SERVERS }, {});
  }
  const mode: Mode = command === 'start' ? 'start' : 'test';

  // Ctrl-C reaches the whole foreground process group (the platform or tap among them): we only
  // remember it, wait for the child to finish and then stop our servers. A signal sent to this
  // process alone (no terminal) is passed on.
  const hold: { child?: ReturnType<typeof spawn> } = {};
  let interrupted: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    interrupted ??= signal;
    if (hold.child && hold.child.exitCode === null && (signal !== 'SIGINT' || !process.stdin.isTTY)) hold.child.kill(signal);
  };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const s of signals) process.on(s, onSignal);

  let infra: Resolved;
  try {
    infra = await resolveInfrastructure({ mode, root: ROOT, env: process.env, say });
  } catch (err) {
    if (err instanceof InfrastructureError) {
      say(err.message);
      return 1;
    }
    throw err;
  }
  let vhost: string | undefined;
  let template: string | undefined;
  try {
    for (const line of infra.summary) say(`  ${line}`);
    if (interrupted) return 130;
    const env: Record<string, string | undefined> = { ...process.env, ...infra.env };
    if (mode === 'start') return await runChild(process.execPath, ['--import', 'tsx', 'scripts/start.ts', ...args], env, hold);

    // Each test run gets a RabbitMQ vhost of its own (deleted afterwards, with every queue the run
    // declared), so runs never see each other's events and leave no queues behind. Inside the
    // run, each test file still uses its own exchange and queue names. The name carries the pid
    // and the time, so .ci/run removes only vhosts of runs long gone.
    if (infra.configured.rabbitmq !== 'TEST_AMQP_URL') {
      const candidate = `test_run_p${process.pid}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
      if (
        (await rabbitmqctl(['add_vhost', candidate], env)) &&
        (await rabbitmqctl(['set_permissions', '-p', candidate, 'guest', '.*', '.*', '.*'], env))
      ) {
        vhost = candidate;
        env.TEST_AMQP_URL = `${infra.urls.rabbitmq.replace(/\/$/, '')}/${vhost}`;
      } else {
        say('rabbitmqctl unavailable: tests share the default vhost (queues are still named per test)');
      }
    }
    // One migrated template database per run: the files that migrate every service's schema
    // start from a copy of it (packages/testing createIsolation, `migrated: true`).
    const base = (env.TEST_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
    const candidateTemplate = `test_template_p${process.pid}_${Date.now().toString(36)}`;
    await migrateAll(`${base}/${candidateTemplate}`);
    template = `${base}/${candidateTemplate}`;
    env.TEST_DATABASE_TEMPLATE = candidateTemplate;
    return await runChild(join(ROOT, 'node_modules/.bin/tap'), args, env, hold);
  } finally {
    if (template) await dropDatabase(template).catch(() => undefined);
    if (vhost) await rabbitmqctl(['delete_vhost', vhost], { ...process.env, ...infra.env });
    await infra.stop();
    for (const s of signals) process.off(s, onSignal);
  }
}
