#!/usr/bin/env node
// Generates TypeScript types for every .proto under proto/credentials with
// proto-loader-gen-types. With --check, generates into a temporary folder and fails if the
// committed types in proto/src/generated differ (they drifted from the protos).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../proto/', import.meta.url));
const check = process.argv.includes('--check');

function walk(dir, ext) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p, ext));
    else if (p.endsWith(ext)) out.push(p);
  }
  return out;
}

const protos = walk(join(root, 'credentials'), '.proto').map((p) => relative(root, p));
const target = check ? mkdtempSync(join(tmpdir(), 'proto-gen-')) : join(root, 'src/generated');
if (!check) rmSync(target, { recursive: true, force: true });

const bin = join(root, 'node_modules/.bin/proto-loader-gen-types');
execFileSync(
  bin,
  ['--keepCase', '--longs=String', '--enums=String', '--defaults', '--oneofs', '--grpcLib=@grpc/grpc-js', '--includeDirs=.', `--outDir=${target}`, ...protos],
  { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
);

if (check) {
  const committed = join(root, 'src/generated');
  const a = existsSync(committed) ? walk(committed, '.ts').map((p) => relative(committed, p)) : [];
  const b = walk(target, '.ts').map((p) => relative(target, p));
  const problems = [];
  for (const f of new Set([...a, ...b])) {
    if (!a.includes(f)) problems.push(`missing from proto/src/generated: ${f}`);
    else if (!b.includes(f)) problems.push(`stale file in proto/src/generated: ${f}`);
    else if (readFileSync(join(committed, f), 'utf8') !== readFileSync(join(target, f), 'utf8')) problems.push(`differs: ${f}`);
  }
  rmSync(target, { recursive: true, force: true });
  if (problems.length) {
    console.error(`Generated gRPC types drifted from the protos (run pnpm proto:gen):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`generated types match ${protos.length} proto files`);
} else {
  console.log(`generated types for ${protos.length} proto files`);
}
