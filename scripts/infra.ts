// Where `npm start` and `npm test` find PostgreSQL, Redis and RabbitMQ. For each: the server the
// user configured, else the one on its standard loopback port, when it answers and lets us in;
// else (npm start) our own kept server from an earlier run that still answers; else a server of
// our own started from the binaries installed here (free port, data under .data/); else
// `docker compose` when Docker runs; else a message saying exactly what to install. Only what this
// command started is stopped when it ends (by pid, or the containers it started); a server that
// runs but does not answer is left alone.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { LOCAL_DEFAULTS } from '@cred/runtime';
import { freePort } from './launcher.js';
import {
  amqpAnswers,
  installedServers,
  redisAnswers,
  startPostgres,
  startRabbit,
  startRedis,
  writeRabbitmqctlShim,
  type Instance,
} from './servers.js';

export const SERVERS = ['postgres', 'redis', 'rabbitmq'] as const;
export type ServerKind = (typeof SERVERS)[number];
export const LABELS: Record<ServerKind, string> = { postgres: 'PostgreSQL', redis: 'Redis', rabbitmq: 'RabbitMQ' };
/** Debian/Ubuntu packages with the server binaries (they need not run: we start our own). */
export const DEBIAN_PACKAGES: Record<ServerKind, string> = { postgres: 'postgresql', redis: 'redis-server', rabbitmq: 'rabbitmq-server' };

// ---------------------------------------------------------------- the decision (pure)

export interface ServerFacts {
  /** The variable the user set for this server (e.g. DATABASE_URL), when one is set. */
  configured?: string;
  /** host:port of the server asked (for messages; never credentials). */
  address?: string;
  /** The configured server, or the default one on its standard port, answers and lets us in. */
  usable: boolean;
  /** Our own server kept from an earlier `npm start` (data under .data/) still runs and answers. */
  keptRunning?: boolean;
  /** The binaries to start a server of our own are installed. */
  installed: boolean;
}

export interface Facts {
  servers: Record<ServerKind, ServerFacts>;
  /** `docker` is installed and its daemon answers (only asked when a server is missing). */
  docker: boolean;
}

export type Decision =
  /** The configured or default server. */
  | { action: 'use' }
  /** Our kept server from an earlier run: used, not stopped at the end (this run did not start it). */
  | { action: 'use-kept' }
  /** Start a server of our own; stopped when the command ends. */
  | { action: 'own' }
  /** Start it with docker compose; stopped when the command ends, unless it already ran. */
  | { action: 'compose' }
  /** The user's own setting does not answer: we do not replace what they chose. */
  | { action: 'refuse' }
  /** Neither running, nor installed, nor Docker. */
  | { action: 'missing' };

export interface Plan {
  decisions: Record<ServerKind, Decision>;
  /** False when the command cannot go on; `message` says why and what to do. */
  ok: boolean;
  message?: string;
}

function list(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** What to do for each server, from what answers and what is installed. */
export function planInfrastructure(facts: Facts): Plan {
  const decisions = {} as Record<ServerKind, Decision>;
  for (const kind of SERVERS) {
    const f = facts.servers[kind];
    if (f.usable) decisions[kind] = { action: 'use' };
    else if (f.configured) decisions[kind] = { action: 'refuse' };
    else if (f.keptRunning) decisions[kind] = { action: 'use-kept' };
    else if (f.installed) decisions[kind] = { action: 'own' };
    else if (facts.docker) decisions[kind] = { action: 'compose' };
    else decisions[kind] = { action: 'missing' };
  }
  const refused = SERVERS.filter((k) => decisions[k].action === 'refuse');
  const missing = SERVERS.filter((k) => decisions[k].action === 'missing');
  const lines: string[] = [];
  for (const kind of refused) {
    const { configured: variable, address } = facts.servers[kind];
    lines.push(
      `${variable} is set, but that ${LABELS[kind]}${address ? ` (${address})` : ''} does not answer or does not let us in: start it, fix ${variable}, or unset it to use a local one.`,
    );
  }
  if (missing.length > 0) {
    const names = list(missing.map((k) => LABELS[k]));
    lines.push(
      `${names} ${missing.length > 1 ? 'are' : 'is'} not running here and not installed. Install ${missing.length > 1 ? 'them' : 'it'} (they need not run: we start our own, with data under .data/):`,
      `  sudo apt-get install ${missing.map((k) => DEBIAN_PACKAGES[k]).join(' ')}`,
      `or install Docker, and ${missing.length > 1 ? 'they are' : 'it is'} started with docker compose.`,
    );
  }
  return { decisions, ok: lines.length === 0, ...(lines.length > 0 ? { message: lines.join('\n') } : {}) };
}

// ---------------------------------------------------------------- the two commands' settings

export type Mode = 'start' | 'test';

/** The variables each command reads for each server, and their values when unset. */
export const VARIABLES: Record<Mode, Record<ServerKind, { name: string; fallback: string }>> = {
  start: {
    postgres: { name: 'DATABASE_URL', fallback: LOCAL_DEFAULTS.DATABASE_URL },
    redis: { name: 'REDIS_URL', fallback: LOCAL_DEFAULTS.REDIS_URL },
    rabbitmq: { name: 'AMQP_URL', fallback: LOCAL_DEFAULTS.AMQP_URL },
  },
  test: {
    // packages/testing/src/isolation.ts: each test file makes its own database on this server.
    postgres: { name: 'TEST_DATABASE_BASE_URL', fallback: 'postgres://postgres@127.0.0.1:5432' },
    redis: { name: 'TEST_REDIS_URL', fallback: 'redis://127.0.0.1:6379/0' },
    rabbitmq: { name: 'TEST_AMQP_URL', fallback: 'amqp://guest:guest@127.0.0.1:5672' },
  },
};

/** A server's URL in the shape `mode` expects it (npm start: the `credentials` database). */
export function serverUrl(mode: Mode, kind: ServerKind, base: { host: string; port: number; user?: string; password?: string }): string {
  const auth = base.user ? `${encodeURIComponent(base.user)}${base.password ? `:${encodeURIComponent(base.password)}` : ''}@` : '';
  const hostPort = `${base.host}:${base.port}`;
  if (kind === 'postgres') return `postgres://${auth || 'postgres@'}${hostPort}${mode === 'start' ? '/credentials' : ''}`;
  if (kind === 'redis') return `redis://${auth}${hostPort}/0`;
  return `amqp://${auth || 'guest:guest@'}${hostPort}`;
}

/** host:port of a URL, never its credentials (for messages). */
export function where(url: string): string {
  try {
    const u = new URL(url);
    return u.host;
  } catch {
    return 'an unreadable URL';
  }
}

// ---------------------------------------------------------------- probes with real clients

async function postgresUsable(url: string): Promise<boolean> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000, query_timeout: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function usable(kind: ServerKind, url: string): Promise<boolean> {
  try {
    if (kind === 'postgres') return await postgresUsable(url);
    if (kind === 'redis') return await redisAnswers(url);
    const u = new URL(url);
    return await amqpAnswers(Number(u.port || 5672), u.hostname);
  } catch {
    return false;
  }
}

function dockerRuns(): boolean {
  const r = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { stdio: 'ignore', timeout: 15000 });
  return r.status === 0;
}

// ---------------------------------------------------------------- kept servers (npm start)

/** .data/<server>/server.json: the port our kept server last used, and its pid while it runs. */
interface KeptRecord {
  pid?: number;
  port: number;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readKept(dir: string): KeptRecord | undefined {
  try {
    const r = JSON.parse(readFileSync(join(dir, 'server.json'), 'utf8')) as KeptRecord;
    return Number.isInteger(r.port) && (r.pid === undefined || Number.isInteger(r.pid)) ? r : undefined;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- docker compose

export const COMPOSE_PROJECT = 'credentials-dev-servers';
const COMPOSE_PORT_VARIABLES: Record<ServerKind, string> = {
  postgres: 'CRED_POSTGRES_PORT',
  redis: 'CRED_REDIS_PORT',
  rabbitmq: 'CRED_RABBITMQ_PORT',
};
const CONTAINER_PORTS: Record<ServerKind, number> = { postgres: 5432, redis: 6379, rabbitmq: 5672 };

/** The docker compose command line for our servers (docker-compose.yml plus the loopback ports of infra/docker/dev-servers.yml). */
export function composeArgs(root: string, ...rest: string[]): string[] {
  return [
    'compose',
    '-p',
    COMPOSE_PROJECT,
    '-f',
    join(root, 'docker-compose.yml'),
    '-f',
    join(root, 'infra/docker/dev-servers.yml'),
    ...rest,
  ];
}

// ---------------------------------------------------------------- resolution

export interface Resolved {
  /** Each server's URL as the command reads it (without a test run's vhost). */
  urls: Record<ServerKind, string>;
  /** The servers the user chose by a variable (its name), which the command must use as they are. */
  configured: Partial<Record<ServerKind, string>>;
  /** The variables to give the command (the servers' URLs; PATH with our rabbitmqctl when the broker is ours). */
  env: Record<string, string>;
  /** One line per server: where it is and whose it is. */
  summary: string[];
  /** Stops what this run started (our servers by pid, the containers it started), nothing else. */
  stop(): Promise<void>;
}

export interface ResolveOptions {
  mode: Mode;
  /** The repository: .data/ and the compose files live here. */
  root: string;
  env: Record<string, string | undefined>;
  say: (line: string) => void;
  /** Where each server is looked for when its variable is unset (default: VARIABLES' standard ports). */
  fallbacks?: Partial<Record<ServerKind, string>>;
}

export class InfrastructureError extends Error {
  override name = 'InfrastructureError';
}

/**
 * Finds or starts the three servers for `npm start` or `npm test`. Throws InfrastructureError
 * with the plan's message when it cannot (a configured server that does not answer, a missing one).
 */
export async function resolveInfrastructure(options: ResolveOptions): Promise<Resolved> {
  const { mode, root, env, say } = options;
  const dataRoot = join(root, '.data');
  const vars = VARIABLES[mode];
  const urls = {} as Record<ServerKind, string>;
  const facts: Facts = { servers: {} as Record<ServerKind, ServerFacts>, docker: false };
  const kept = {} as Record<ServerKind, KeptRecord | undefined>;
  const installed = installedServers();
  await Promise.all(
    SERVERS.map(async (kind) => {
      const v = vars[kind];
      let configured = env[v.name] ? v.name : undefined;
      let url = env[v.name] || options.fallbacks?.[kind] || v.fallback;
      // .ci/run used to name its own broker's port this way.
      if (kind === 'rabbitmq' && mode === 'test' && !configured && env.TEST_AMQP_PORT) {
        configured = 'TEST_AMQP_PORT';
        url = serverUrl('test', 'rabbitmq', { host: '127.0.0.1', port: Number(env.TEST_AMQP_PORT) });
      }
      urls[kind] = url;
      const ok = await usable(kind, url);
      let keptRunning = false;
      if (!ok && !configured && mode === 'start') {
        const record = readKept(join(dataRoot, kind));
        if (record?.pid !== undefined && pidAlive(record.pid)) {
          const keptUrl = serverUrl('start', kind, { host: '127.0.0.1', port: record.port });
          if (await usable(kind, keptUrl)) {
            keptRunning = true;
            kept[kind] = record;
            urls[kind] = keptUrl;
          }
        }
      }
      facts.servers[kind] = {
        ...(configured ? { configured } : {}),
        address: where(url),
        usable: ok,
        keptRunning,
        installed: installed[kind],
      };
    }),
  );
  if (
    SERVERS.some(
      (k) => !facts.servers[k].usable && !facts.servers[k].configured && !facts.servers[k].keptRunning && !facts.servers[k].installed,
    )
  ) {
    facts.docker = dockerRuns();
  }
  const plan = planInfrastructure(facts);
  if (!plan.ok) throw new InfrastructureError(plan.message);

  const own: Instance[] = [];
  const ownDirs: string[] = [];
  const composeStarted: ServerKind[] = [];
  const summary: string[] = [];
  const out: Record<string, string> = {};
  const runRoot = mode === 'start' ? dataRoot : join(dataRoot, `test-${process.pid}-${Date.now().toString(36)}`);

  const stop = async () => {
    for (const instance of own.reverse()) {
      say(`Stopping our ${instance.name} (pid ${instance.pid() ?? 'gone'})...`);
      await instance.cleanup().catch(() => undefined);
      // A kept server's next start takes the same port again when it is free.
      if (mode === 'start') writeFileSync(join(instance.dir, 'server.json'), `${JSON.stringify({ port: instance.port })}\n`);
    }
    own.length = 0;
    if (composeStarted.length > 0) {
      say(`Stopping the containers this run started (${composeStarted.join(', ')})...`);
      spawnSync('docker', composeArgs(root, 'stop', ...composeStarted), { stdio: 'ignore', timeout: 120000 });
      composeStarted.length = 0;
    }
    for (const dir of ownDirs) rmSync(dir, { recursive: true, force: true });
    ownDirs.length = 0;
  };

  try {
    const ownKinds = SERVERS.filter((k) => plan.decisions[k].action === 'own');
    if (ownKinds.length > 0) {
      mkdirSync(runRoot, { recursive: true, mode: 0o755 });
      ensureIgnored(root);
      if (mode === 'test') ownDirs.push(runRoot);
    }
    for (const kind of SERVERS) {
      const decision = plan.decisions[kind];
      const variable = vars[kind].name;
      if (decision.action === 'use') {
        summary.push(
          `${LABELS[kind]}: ${where(urls[kind])}${facts.servers[kind].configured ? ` (${facts.servers[kind].configured})` : ''}`,
        );
      } else if (decision.action === 'use-kept') {
        out[variable] = urls[kind];
        summary.push(`${LABELS[kind]}: ${where(urls[kind])} (ours from an earlier run, pid ${kept[kind]!.pid}; left running)`);
      }
    }
    if (ownKinds.length > 0) {
      say(
        `Starting ${list(ownKinds.map((k) => LABELS[k]))} of our own (the default ${ownKinds.length > 1 ? 'ones do' : 'one does'} not answer; data under ${runRoot})...`,
      );
    }
    // One after the other: RabbitMQ alone needs most of a core for its first seconds.
    for (const kind of ownKinds) {
      const persistent = mode === 'start';
      const previous = persistent ? readKept(join(runRoot, kind)) : undefined;
      const port = previous && (await portFree(previous.port)) ? previous.port : undefined;
      const common = { persistent, ...(port ? { port } : {}) };
      let instance: Instance;
      if (kind === 'postgres') {
        const p = await startPostgres(runRoot, { ...common, fsync: persistent });
        out[vars.postgres.name] = serverUrl(mode, 'postgres', { host: '127.0.0.1', port: p.port });
        instance = p;
      } else if (kind === 'redis') {
        const r = await startRedis(runRoot, common);
        out[vars.redis.name] = r.url;
        instance = r;
      } else {
        const r = await startRabbit(runRoot, common);
        out[vars.rabbitmq.name] = r.url;
        // Scripts and tests call rabbitmqctl by name (vhosts, queue listings): reach this node.
        const bin = join(runRoot, 'bin');
        writeRabbitmqctlShim(bin, r);
        out.PATH = `${bin}:${env.PATH ?? ''}`;
        instance = r;
      }
      own.push(instance);
      writeFileSync(join(instance.dir, 'server.json'), `${JSON.stringify({ pid: instance.pid(), port: instance.port })}\n`);
      summary.push(
        `${LABELS[kind]}: 127.0.0.1:${instance.port} (ours, pid ${instance.pid()}, data in ${instance.dir}; stopped at the end)`,
      );
    }
    const composeKinds = SERVERS.filter((k) => plan.decisions[k].action === 'compose');
    if (composeKinds.length > 0) await startWithCompose(composeKinds);
  } catch (err) {
    await stop();
    throw err;
  }
  for (const kind of SERVERS) if (out[vars[kind].name]) urls[kind] = out[vars[kind].name]!;
  const configured = Object.fromEntries(SERVERS.filter((k) => facts.servers[k].configured).map((k) => [k, facts.servers[k].configured!]));
  return { env: out, urls, configured, summary, stop };

  async function startWithCompose(kinds: ServerKind[]): Promise<void> {
    const ports = {} as Record<ServerKind, number>;
    const toStart: ServerKind[] = [];
    for (const kind of kinds) {
      const running = spawnSync('docker', composeArgs(root, 'ps', '--status', 'running', '-q', kind), { encoding: 'utf8', timeout: 60000 });
      const published = running.stdout.trim()
        ? spawnSync('docker', composeArgs(root, 'port', kind, String(CONTAINER_PORTS[kind])), { encoding: 'utf8', timeout: 60000 })
        : undefined;
      const port = Number(/:(\d+)\s*$/.exec(published?.stdout ?? '')?.[1]);
      if (Number.isInteger(port) && port > 0) ports[kind] = port;
      else {
        ports[kind] = await freePort();
        toStart.push(kind);
      }
    }
    if (toStart.length > 0) {
      say(`Starting ${list(toStart.map((k) => LABELS[k]))} with docker compose (not installed here)...`);
      const portEnv = Object.fromEntries(toStart.map((k) => [COMPOSE_PORT_VARIABLES[k], String(ports[k])]));
      const up = spawnSync('docker', composeArgs(root, 'up', '-d', '--wait', ...toStart), {
        stdio: 'inherit',
        env: { ...process.env, ...portEnv },
        timeout: 600000,
      });
      composeStarted.push(...toStart);
      if (up.status !== 0) throw new InfrastructureError(`docker compose could not start ${list(toStart.map((k) => LABELS[k]))}`);
    }
    for (const kind of kinds) {
      const base = { host: '127.0.0.1', port: ports[kind] };
      const url =
        kind === 'postgres' ? serverUrl(mode, kind, { ...base, user: 'postgres', password: 'postgres' }) : serverUrl(mode, kind, base);
      out[vars[kind].name] = url;
      summary.push(
        `${LABELS[kind]}: 127.0.0.1:${ports[kind]} (docker compose project ${COMPOSE_PROJECT}${toStart.includes(kind) ? '; stopped at the end' : '; already running, left running'})`,
      );
      if (kind === 'rabbitmq') {
        const bin = join(runRoot, 'bin');
        mkdirSync(bin, { recursive: true });
        const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
        writeFileSync(
          join(bin, 'rabbitmqctl'),
          `#!/bin/sh\nexec docker ${composeArgs(root, 'exec', '-T', 'rabbitmq', 'rabbitmqctl').map(q).join(' ')} "$@"\n`,
          { mode: 0o755 },
        );
        out.PATH = `${bin}:${env.PATH ?? ''}`;
        if (mode === 'test') ownDirs.push(runRoot);
      }
    }
  }
}

function portFree(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** .data/ holds servers' data: never committed (a checkout from before it was in .gitignore too). */
function ensureIgnored(root: string): void {
  const file = join(root, '.data', '.gitignore');
  if (!existsSync(file)) writeFileSync(file, '*\n');
}

/** rabbitmqctl with the command's environment (our shim first on PATH when the broker is ours). */
export async function rabbitmqctl(args: string[], env: Record<string, string | undefined>, timeoutMs = 60000): Promise<boolean> {
  try {
    await promisify(execFile)('rabbitmqctl', ['-q', ...args], { env: env as NodeJS.ProcessEnv, timeout: timeoutMs });
    return true;
  } catch {
    return false;
  }
}
