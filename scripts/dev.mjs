#!/usr/bin/env node
// Entry point of `npm start` / `npm test` / `npm run test:unit` (and the pnpm equivalents) on a
// fresh machine: gets the pinned pnpm through npx, installs the workspace if needed, then runs the
// command (scripts/dev-run.ts).
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

const command = process.argv[2];
const rest = process.argv.slice(3);
if (!['start', 'test', 'test:unit'].includes(command)) {
  console.error('usage: node scripts/dev.mjs start|test|test:unit [arguments]');
  process.exit(2);
}
// The rest is TypeScript (scripts/dev-run.ts): PostgreSQL, Redis and RabbitMQ found or started
// (scripts/infra.ts), then the platform or the tests.
const { register } = await import('tsx/esm/api');
register();
const { runDevCommand } = await import('./dev-run.ts');
process.exitCode = await runDevCommand(command, rest);
