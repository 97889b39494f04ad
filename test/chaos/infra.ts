// The chaos suite's own PostgreSQL cluster, Redis and RabbitMQ node: the servers of
// scripts/servers.ts (the ones `npm start` and `npm test` start when the machine's do not answer),
// each on a free port with its data in one temporary directory per run, in a process group of its
// own. Faults and shutdown signal that process group only (by pid, never by name), so the
// machine's shared servers on 5432, 6379 and 5672 are never touched.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export { startPostgres, startRabbit, startRedis } from '../../scripts/servers.js';
export type { PostgresInstance, RabbitInstance, RedisInstance } from '../../scripts/servers.js';

/** A temporary directory for one run's instances (readable by the postgres user). */
export function chaosRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'chaos-'));
  spawnSync('chmod', ['755', root]);
  return root;
}
