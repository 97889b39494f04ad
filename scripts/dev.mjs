#!/usr/bin/env node
// Entry point of `npm start` / `npm test` (and the pnpm equivalents) on a fresh machine:
// gets the pinned pnpm through npx, installs the workspace if needed, then runs the command.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpmSpec = pkg.packageManager; // pnpm@x.y.z

function run(cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

function installed() {
  const marker = join(root, 'node_modules/.modules.yaml');
  if (!existsSync(marker)) return false;
  return statSync(marker).mtimeMs >= statSync(join(root, 'pnpm-lock.yaml')).mtimeMs;
}

if (!installed()) {
  console.log(`Installing dependencies with ${pnpmSpec}...`);
  const code = run('npx', ['-y', pnpmSpec, 'install', '--frozen-lockfile'], { COREPACK_ENABLE_DOWNLOAD_PROMPT: '0' });
  if (code !== 0) process.exit(code);
}

function rabbitmqctl(args) {
  const r = spawnSync('rabbitmqctl', ['-q', ...args], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  return r.status === 0;
}

/**
 * Each test run gets a RabbitMQ vhost of its own (deleted afterwards, with every queue the
 * run declared), so runs never see each other's events and leave no queues behind. Inside
 * the run, each test file still uses its own exchange and queue names.
 */
function runTests(args) {
  let vhost;
  const env = {};
  if (!process.env.TEST_AMQP_URL) {
    const candidate = `test_run_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    if (rabbitmqctl(['add_vhost', candidate]) && rabbitmqctl(['set_permissions', '-p', candidate, 'guest', '.*', '.*', '.*'])) {
      vhost = candidate;
      // TEST_AMQP_PORT: a broker of the run's own (.ci/run starts one when the machine's does not answer).
      env.TEST_AMQP_URL = `amqp://guest:guest@127.0.0.1:${process.env.TEST_AMQP_PORT || '5672'}/${vhost}`;
    } else {
      console.warn('rabbitmqctl unavailable: tests share the default vhost (queues are still named per test)');
    }
  }
  try {
    return run(join(root, 'node_modules/.bin/tap'), args, env);
  } finally {
    if (vhost) rabbitmqctl(['delete_vhost', vhost]);
  }
}

const command = process.argv[2];
const rest = process.argv.slice(3);
if (command === 'start') {
  process.exit(run(process.execPath, ['--import', 'tsx', 'scripts/start.ts', ...rest]));
} else if (command === 'test') {
  process.exit(runTests(rest));
} else {
  console.error('usage: node scripts/dev.mjs start|test');
  process.exit(2);
}
