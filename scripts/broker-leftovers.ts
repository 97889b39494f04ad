// .ci/run: removes from the machine's RabbitMQ the test vhosts and queues that runs killed before
// their clean-up left behind (quorum queues hold the broker's file descriptors; a few hundred
// leftovers once made it refuse connections). Only names made by our tests, and only those made
// more than three hours ago (the names carry the time): other people's test runs on the same
// broker, which last minutes, keep theirs. A broker that does not answer is not touched.
import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { amqpAnswers } from './servers.js';

export const MAX_AGE_MS = 3 * 60 * 60 * 1000;

/**
 * When a test vhost or queue was made, from its name: `test_run_[p<pid>_]<time>_<random>` (vhosts
 * of scripts/dev-run.ts) or `test_<label>_<time>_<hex>...` (packages/testing uniqueName), the time
 * in base 36 milliseconds. Undefined for any other name.
 */
export function madeAt(name: string): number | undefined {
  const m = /^test_run_(?:p\d+_)?([0-9a-z]{8})_[0-9a-z]+$/.exec(name) ?? /^test_[a-z0-9]*_([0-9a-z]{8})_[0-9a-f]{8}(?:[._]|$)/.exec(name);
  if (!m) return undefined;
  const ms = parseInt(m[1]!, 36);
  return Number.isSafeInteger(ms) ? ms : undefined;
}

/** A test name made more than `maxAgeMs` before `now`. */
export function isStale(name: string, now: number, maxAgeMs = MAX_AGE_MS): boolean {
  const at = madeAt(name);
  return at !== undefined && now - at > maxAgeMs;
}

const run = promisify(execFile);

async function ctl(args: string[]): Promise<string> {
  const { stdout } = await run('rabbitmqctl', ['-q', ...args], { timeout: 60000, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

async function main(): Promise<void> {
  if (!(await amqpAnswers(5672))) {
    console.log('the broker on 127.0.0.1:5672 does not answer: nothing removed (npm test uses one of its own)');
    return;
  }
  const now = Date.now();
  const lines = (s: string) =>
    s
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  const vhosts = lines(await ctl(['list_vhosts']).catch(() => '')).filter((v) => isStale(v, now));
  for (const v of vhosts) await ctl(['delete_vhost', v]).catch(() => undefined);
  const queues = lines(await ctl(['list_queues', 'name']).catch(() => '')).filter((q) => isStale(q, now));
  for (const q of queues) await ctl(['delete_queue', q]).catch(() => undefined);
  console.log(`removed ${vhosts.length} test vhosts and ${queues.length} test queues older than ${MAX_AGE_MS / 3_600_000} hours`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
