// PostgreSQL, Redis and RabbitMQ servers of our own: each started here from the binaries installed
// on this machine, on its own port with its data in a directory we name, in a process group of its
// own. Stopping, faults and clean-up signal that process group only (by pid, never by name), so
// the machine's shared servers on 5432, 6379 and 5672 are never touched. Used by `npm start` and
// `npm test` when a server they need does not answer (scripts/infra.ts) and by the chaos suite.
import { spawn, spawnSync, execFile, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, createWriteStream, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './launcher.js';

const run = promisify(execFile);

export interface Instance {
  readonly name: string;
  readonly port: number;
  /** Where its data and log live. */
  readonly dir: string;
  /** The pid of the running server (its process group leader), or undefined while it is down. */
  pid(): number | undefined;
  /** Starts the server (again) on the same port and data directory; resolves once it answers. */
  start(): Promise<void>;
  /** SIGKILL to the server's whole process group; resolves when the leader has exited. */
  kill9(): Promise<void>;
  /** SIGSTOP / SIGCONT to the process group (the server hangs without closing its sockets). */
  pause(): void;
  resume(): void;
  /** SIGTERM (then SIGKILL after a while) and wait. */
  stop(): Promise<void>;
  /** Stops the server if it runs and removes its directory unless it was started to keep its data. */
  cleanup(): Promise<void>;
}

export interface ServerOptions {
  /** The port to listen on (default: a free one). */
  port?: number;
  /**
   * Keep the data between runs (`npm start`): an existing data directory is used as it is and
   * cleanup() leaves it. Otherwise the directory is removed by cleanup().
   */
  persistent?: boolean;
}

// ---------------------------------------------------------------- probes

function probe(
  host: string,
  port: number,
  timeoutMs: number,
  talk: (socket: net.Socket, answer: (ok: boolean) => void) => void,
): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let settled = false;
    const answer = (ok: boolean) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => answer(false));
    socket.once('error', () => answer(false));
    socket.once('close', () => answer(false));
    socket.once('connect', () => talk(socket, answer));
  });
}

/** True when something accepts TCP connections on host:port. */
export function accepts(port: number, host = '127.0.0.1'): Promise<boolean> {
  return probe(host, port, 2000, (_socket, answer) => answer(true));
}

/** Answers the AMQP protocol header with anything: the broker is really up, not only listening. */
export function amqpAnswers(port: number, host = '127.0.0.1', timeoutMs = 5000): Promise<boolean> {
  return probe(host, port, timeoutMs, (socket, answer) => {
    socket.once('data', () => answer(true));
    socket.write(Buffer.from('AMQP\x00\x00\x09\x01', 'latin1'));
  });
}

/** Answers PING with PONG (after AUTH when the URL has a password). */
export function redisAnswers(url: string, timeoutMs = 3000): Promise<boolean> {
  const u = new URL(url);
  return probe(u.hostname, Number(u.port || 6379), timeoutMs, (socket, answer) => {
    let seen = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      seen += chunk;
      if (seen.includes('+PONG')) answer(true);
      else if (/^-/m.test(seen)) answer(false);
    });
    const password = decodeURIComponent(u.password);
    const user = decodeURIComponent(u.username);
    const command = (...args: string[]) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
    if (password) socket.write(user ? command('AUTH', user, password) : command('AUTH', password));
    socket.write(command('PING'));
  });
}

/**
 * Answers the PostgreSQL SSL request ('S' or 'N'): a PostgreSQL server, not only a listening port.
 * Whether it lets us in is checked with a real connection (scripts/infra.ts).
 */
export function postgresAnswers(port: number, host = '127.0.0.1', timeoutMs = 3000): Promise<boolean> {
  return probe(host, port, timeoutMs, (socket, answer) => {
    socket.once('data', (data: Buffer) => answer(data.length >= 1 && (data[0] === 0x53 || data[0] === 0x4e)));
    const request = Buffer.alloc(8);
    request.writeInt32BE(8, 0);
    request.writeInt32BE(80877103, 4);
    socket.write(request);
  });
}

// ---------------------------------------------------------------- processes

async function until(what: string, ready: () => Promise<boolean>, timeoutMs: number, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`${what}: the process exited during start-up`);
    if (await ready().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what}: not ready after ${timeoutMs} ms`);
}

function exitedPromise(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

function signalGroup(child: ChildProcess | undefined, signal: NodeJS.Signals): void {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal); // the process group we created (detached spawn)
  } catch {
    // already gone
  }
}

interface ProcessSpec {
  name: string;
  port: number;
  dir: string;
  persistent: boolean;
  command: string;
  args: string[];
  env?: Record<string, string>;
  ready: () => Promise<boolean>;
  readyTimeoutMs: number;
  /** Removes stale state (pid files) before a restart after SIGKILL. */
  beforeRestart?: () => void;
}

/** One server process in its own process group, restartable on the same port and data. */
function managed(spec: ProcessSpec): Instance {
  let child: ChildProcess | undefined;
  let started = false;
  let exited: Promise<void> = Promise.resolve();
  const log = createWriteStream(join(spec.dir, `${spec.name}.log`), { flags: 'a' });
  const alive = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  const instance: Instance = {
    name: spec.name,
    port: spec.port,
    dir: spec.dir,
    pid: () => (alive() ? child!.pid : undefined),
    async start() {
      if (alive()) return;
      if (started) spec.beforeRestart?.();
      started = true;
      const c = spawn(spec.command, spec.args, {
        cwd: spec.dir,
        env: { ...process.env, ...spec.env },
        detached: true, // its own process group: Ctrl-C in the terminal does not reach it; we stop it
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      c.stdout?.pipe(log, { end: false });
      c.stderr?.pipe(log, { end: false });
      c.once('error', (err) => log.write(`spawn error: ${err.message}\n`));
      child = c;
      exited = exitedPromise(c);
      try {
        await until(spec.name, spec.ready, spec.readyTimeoutMs, () => !alive());
      } catch (err) {
        await instance.stop();
        throw new Error(`${err instanceof Error ? err.message : String(err)} (log: ${join(spec.dir, `${spec.name}.log`)})`);
      }
    },
    async kill9() {
      signalGroup(child, 'SIGCONT');
      signalGroup(child, 'SIGKILL');
      await exited;
      // Children that left the group (none expected) are not ours to chase.
    },
    pause() {
      signalGroup(child, 'SIGSTOP');
    },
    resume() {
      signalGroup(child, 'SIGCONT');
    },
    async stop() {
      if (!alive()) return;
      signalGroup(child, 'SIGCONT');
      signalGroup(child, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 15000);
      await exited;
      clearTimeout(timer);
      // Anything left in the group (a server's workers) goes too.
      signalGroup(child, 'SIGKILL');
    },
    async cleanup() {
      await instance.stop().catch(() => undefined);
      if (child?.pid) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // group empty
        }
      }
      await new Promise<void>((resolve) => log.end(() => resolve()));
      if (!spec.persistent) rmSync(spec.dir, { recursive: true, force: true });
    },
  };
  return instance;
}

// ---------------------------------------------------------------- binaries

function pathDirs(): string[] {
  return (process.env.PATH ?? '').split(delimiter).filter(Boolean);
}

function listPgBinDirs(): string[] {
  try {
    return readdirSync('/usr/lib/postgresql')
      .sort((a, b) => Number(b) - Number(a))
      .map((v) => `/usr/lib/postgresql/${v}/bin`);
  } catch {
    return [];
  }
}

function findIn(dirs: string[], name: string): string | undefined {
  for (const dir of dirs) {
    const p = join(dir, name);
    if (existsSync(p)) return p;
  }
  return undefined;
}

/** A PostgreSQL server binary (initdb, postgres, pg_isready): the newest Debian version first, then PATH. */
export function postgresBinary(name: string): string | undefined {
  return findIn([...listPgBinDirs(), '/usr/local/bin', ...pathDirs()], name);
}

export function redisBinary(): string | undefined {
  return findIn([...pathDirs(), '/usr/bin', '/usr/local/bin'], 'redis-server');
}

/** RabbitMQ's own scripts (Debian's /usr/sbin ones switch user and log elsewhere). */
export function rabbitBinary(name: 'rabbitmq-server' | 'rabbitmqctl'): string | undefined {
  return findIn(['/usr/lib/rabbitmq/bin', ...pathDirs(), '/usr/sbin', '/usr/local/sbin'], name);
}

/** Which servers this machine can run for us. */
export function installedServers(): { postgres: boolean; redis: boolean; rabbitmq: boolean } {
  return {
    postgres: postgresBinary('initdb') !== undefined && postgresBinary('postgres') !== undefined,
    redis: redisBinary() !== undefined,
    rabbitmq: rabbitBinary('rabbitmq-server') !== undefined && rabbitBinary('rabbitmqctl') !== undefined,
  };
}

function required(found: string | undefined, what: string): string {
  if (!found) throw new Error(`${what} is not installed`);
  return found;
}

// ---------------------------------------------------------------- PostgreSQL

/** PostgreSQL refuses to run as root: run its binaries as the `postgres` user when we are root. */
function asPostgres(command: string, args: string[]): { command: string; args: string[] } {
  if (process.getuid?.() !== 0) return { command, args };
  return { command: 'setpriv', args: ['--reuid=postgres', '--regid=postgres', '--init-groups', '--reset-env', command, ...args] };
}

function idOf(flag: '-u' | '-g', user: string): number {
  return Number(spawnSync('id', [flag, user], { encoding: 'utf8' }).stdout.trim());
}

export interface PostgresInstance extends Instance {
  /** postgres://postgres@127.0.0.1:<port>/<database> (trust authentication, loopback only). */
  url(database: string): string;
}

export async function startPostgres(root: string, options: ServerOptions & { fsync?: boolean } = {}): Promise<PostgresInstance> {
  const dir = join(root, 'postgres');
  mkdirSync(dir, { recursive: true });
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, idOf('-u', 'postgres'), idOf('-g', 'postgres'));
  if (!existsSync(join(data, 'PG_VERSION'))) {
    const init = asPostgres(required(postgresBinary('initdb'), 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
      '--locale=C',
    ]);
    const r = spawnSync(init.command, init.args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`initdb failed: ${r.stderr || r.stdout}`);
  }
  const port = options.port ?? (await freePort());
  const pg = asPostgres(required(postgresBinary('postgres'), 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=', // TCP only: a socket path under a deep checkout can exceed the limit
    '-c',
    'max_connections=300',
    '-c',
    'shared_buffers=64MB',
    '-c',
    `fsync=${options.fsync === false ? 'off' : 'on'}`,
  ]);
  const isReady = postgresBinary('pg_isready');
  const inst = managed({
    name: 'postgres',
    port,
    dir,
    persistent: options.persistent ?? false,
    command: pg.command,
    args: pg.args,
    readyTimeoutMs: 60000,
    ready: async () => {
      if (!isReady) return postgresAnswers(port);
      // pg_isready says "no" while the server still starts up (it accepts and refuses then).
      const { stdout } = await run(isReady, ['-h', '127.0.0.1', '-p', String(port), '-q']).catch(() => ({ stdout: 'no' }));
      return stdout === '' && (await accepts(port));
    },
    // After our own SIGKILL the lock file names a dead pid; the restart must not trip on it.
    beforeRestart: () => rmSync(join(data, 'postmaster.pid'), { force: true }),
  });
  await inst.start();
  return { ...inst, url: (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}` };
}

// ---------------------------------------------------------------- Redis

export interface RedisInstance extends Instance {
  url: string;
}

export async function startRedis(root: string, options: ServerOptions = {}): Promise<RedisInstance> {
  const dir = join(root, 'redis');
  mkdirSync(dir, { recursive: true });
  const port = options.port ?? (await freePort());
  // Kept data is saved to dump.rdb on the way down (Redis' default save points); test data is not.
  const persistence = options.persistent ? [] : ['--save', '', '--appendonly', 'no'];
  const inst = managed({
    name: 'redis',
    port,
    dir,
    persistent: options.persistent ?? false,
    command: required(redisBinary(), 'redis-server'),
    args: ['--port', String(port), '--bind', '127.0.0.1', ...persistence, '--dir', dir, '--daemonize', 'no'],
    readyTimeoutMs: 20000,
    ready: () => redisAnswers(`redis://127.0.0.1:${port}`),
  });
  await inst.start();
  return { ...inst, url: `redis://127.0.0.1:${port}/0` };
}

// ---------------------------------------------------------------- RabbitMQ

export interface RabbitInstance extends Instance {
  url: string;
  nodename: string;
  /** The environment rabbitmqctl needs to reach this node (its name and its Erlang cookie). */
  ctlEnv: Record<string, string>;
  /** rabbitmqctl against this node only (its own nodename and cookie). */
  ctl(args: string[], timeoutMs?: number): Promise<string>;
}

export async function startRabbit(root: string, options: ServerOptions = {}): Promise<RabbitInstance> {
  const dir = join(root, 'rabbitmq');
  mkdirSync(dir, { recursive: true });
  const port = options.port ?? (await freePort());
  const distPort = await freePort();
  // A kept node has a name of its own directory (its data lives under that name); a throwaway one
  // a name of its process and port. Either way, never the machine's `rabbit@<host>`.
  const nodename = options.persistent
    ? `cred${createHash('sha256').update(dir).digest('hex').slice(0, 10)}@localhost`
    : `own${process.pid}x${port}@localhost`;
  writeFileSync(join(dir, 'rabbitmq.conf'), `listeners.tcp.local = 127.0.0.1:${port}\nloopback_users.guest = true\n`);
  writeFileSync(join(dir, 'enabled_plugins'), '[].\n');
  const env: Record<string, string> = {
    HOME: dir, // the Erlang cookie lives here, and rabbitmqctl below reads the same one
    RABBITMQ_NODENAME: nodename,
    RABBITMQ_CONFIG_FILE: join(dir, 'rabbitmq.conf'),
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_MNESIA_BASE: join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: join(dir, 'log'),
    RABBITMQ_PID_FILE: join(dir, 'pid'),
    RABBITMQ_ENABLED_PLUGINS_FILE: join(dir, 'enabled_plugins'),
  };
  const server = required(rabbitBinary('rabbitmq-server'), 'rabbitmq-server');
  const ctlBinary = required(rabbitBinary('rabbitmqctl'), 'rabbitmqctl');
  // Quorum queues hold many file descriptors: raise the limit as far as this shell may.
  const script = `ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0"`;
  const inst = managed({
    name: 'rabbitmq',
    port,
    dir,
    persistent: options.persistent ?? false,
    command: '/bin/sh',
    args: ['-c', script, server],
    env,
    readyTimeoutMs: 180000,
    ready: () => amqpAnswers(port),
    beforeRestart: () => rmSync(join(dir, 'pid'), { force: true }),
  });
  await inst.start();
  const ctlEnv = { HOME: dir, RABBITMQ_NODENAME: nodename };
  return {
    ...inst,
    url: `amqp://guest:guest@127.0.0.1:${port}`,
    nodename,
    ctlEnv,
    async ctl(args: string[], timeoutMs = 60000) {
      const { stdout } = await run(ctlBinary, ['-q', '-n', nodename, ...args], {
        env: { ...process.env, ...env },
        timeout: timeoutMs,
        maxBuffer: 16 * 1024 * 1024,
      });
      return stdout;
    },
  };
}

/** rabbitmqctl for the scripts and tests that call it by name: a shim that reaches `rabbit` only. */
export function writeRabbitmqctlShim(binDir: string, rabbit: Pick<RabbitInstance, 'nodename' | 'ctlEnv'>): void {
  const ctl = required(rabbitBinary('rabbitmqctl'), 'rabbitmqctl');
  mkdirSync(binDir, { recursive: true });
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  writeFileSync(
    join(binDir, 'rabbitmqctl'),
    `#!/bin/sh\n# Written by scripts/servers.ts: rabbitmqctl for this run's own node only.\nHOME=${quote(rabbit.ctlEnv.HOME!)} RABBITMQ_NODENAME=${quote(rabbit.nodename)} exec ${quote(ctl)} -n ${quote(rabbit.nodename)} "$@"\n`,
    { mode: 0o755 },
  );
}
