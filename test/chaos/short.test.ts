// The short chaos run inside `npm test` (docs/reliability.md "Faults under load"): the whole
// platform as separate processes on a PostgreSQL, Redis and RabbitMQ of the run's own, under
// continuous load (issue, renew, revoke, claim, bulk, verify) while the broker, issuance,
// PostgreSQL, notification, Redis and the gateway fail in turn. The suite (test/chaos/run.ts)
// reconciles what the client saw acknowledged with what was stored, sent and published; this
// file runs it as a child process and checks its verdict row by row from the JSON summary it
// writes. `npm run chaos` is the long run with every service and the broker five times.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import type { ChaosSummary } from './run.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// Starting three servers and the platform takes two to three minutes on two loaded cores, the
// load about three more, the drain and the reconciliation one or two.
t.setTimeout(20 * 60_000);

const dir = mkdtempSync(join(tmpdir(), 'chaos-short-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
const summaryFile = join(dir, 'summary.json');

const output: string[] = [];
const code = await new Promise<number | null>((resolve, reject) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/chaos/run.ts', '--short'], {
    cwd: ROOT,
    env: { ...process.env, CHAOS_SUMMARY: summaryFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    // The run's own log lines (one per fault, the table) are worth seeing in a failed CI run.
    process.stderr.write(chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.once('error', reject);
  child.once('exit', (c) => resolve(c));
  // tap's timeout ends this process: stop the run first, so that it stops its servers by pid.
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });
});

const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as ChaosSummary;

t.test('the short run injected its faults while the load ran', async (t) => {
  t.equal(summary.mode, 'short');
  t.ok(summary.loadSeconds > 0, `load ran ${summary.loadSeconds} s at ${summary.rate} requests/s`);
  const kinds = summary.faults.map((f) => f.fault);
  t.equal(kinds.length, 6, `six faults: ${kinds.join(', ')}`);
  for (const what of ['RabbitMQ', 'issuance', 'PostgreSQL', 'notification', 'Redis', 'gateway'])
    t.ok(
      kinds.some((k) => k.toLowerCase().includes(what.toLowerCase())),
      `a fault of ${what} is listed`,
    );
  t.ok(summary.drained, 'the backlog drained');
});

t.test('lost 0, unexpected 0, and every reconciliation row passes', async (t) => {
  t.equal(summary.lost, 0, 'no acknowledged effect is missing');
  t.equal(summary.unexpected, 0, 'nothing was stored that no request asked for');
  t.ok(summary.rows.length >= 8, `${summary.rows.length} checks reconciled`);
  for (const row of summary.rows) t.ok(row.ok, `${row.check}: ${row.value}${row.note ? ` (${row.note})` : ''}`);
  t.same(summary.failures, [], 'no failure listed');
  t.equal(code, 0, 'the suite exits 0');
  t.match(output.join(''), /Verdict: lost 0, unexpected 0; every check passed/, 'the printed verdict agrees');
});
