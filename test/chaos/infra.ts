// Infrastructure instances of the chaos suite's own: a PostgreSQL cluster, a Redis and a RabbitMQ
// node, each started here on a free port with its data in a temporary directory, in a process
// group of its own. Faults and shutdown signal that process group only (by pid, never by name),
// so the machine's shared servers on 5432, 6379 and 5672 are never touched.
import { spawn, spawnSync, execFile, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../scripts/launcher.js';

const run = promisify(execFile);

export interface Instance {
  readonly name: string;
  readonly port: number;
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
  /** Stops the server if it runs and removes its data directory. */
  cleanup(): Promise<void>;
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function until(what: string, probe: () => Promise<boolean>, timeoutMs: number, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`${what}: the process exited during start-up`);
    if (await probe().catch(() => false)) return;
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
    process.kill(-child.pid, signal); // the process group this suite created (detached spawn)
  } catch {
    // already gone
  }
}

interface ProcessSpec {
  name: string;
  port: number;
  dir: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  ready: () => Promise<boolean>;
  readyTimeoutMs: number;
  /** Removes stale state (pid files) before a restart after SIGKILL. */
  beforeStart?: () => void;
}

/** One server process in its own process group, restartable on the same port and data. */
function managed(spec: ProcessSpec): Instance {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const log = createWriteStream(join(spec.dir, `${spec.name}.log`), { flags: 'a' });
  const alive = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  const instance: Instance = {
    name: spec.name,
    port: spec.port,
    pid: () => (alive() ? child!.pid : undefined),
    async start() {
      if (alive()) return;
      spec.beforeStart?.();
      const c = spawn(spec.command, spec.args, {
        cwd: spec.dir,
        env: { ...process.env, ...spec.env },
        detached: true, // its own process group: faults and stop signal this group only
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      c.stdout?.pipe(log, { end: false });
      c.stderr?.pipe(log, { end: false });
      c.once('error', (err) => log.write(`spawn error: ${err.message}\n`));
      child = c;
      exited = exitedPromise(c);
      await until(spec.name, spec.ready, spec.readyTimeoutMs, () => !alive());
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
      log.end();
      rmSync(spec.dir, { recursive: true, force: true });
    },
  };
  return instance;
}

function findBinary(name: string): string {
  for (const dir of ['/usr/local/bin', ...listPgBinDirs()]) {
    const p = join(dir, name);
    if (existsSync(p)) return p;
  }
  throw new Error(`${name} not found in /usr/local/bin or /usr/lib/postgresql/*/bin`);
}

function listPgBinDirs(): string[] {
  try {
    return readdirSync('/usr/lib/postgresql')
      .sort()
      .reverse()
      .map((v) => `/usr/lib/postgresql/${v}/bin`);
  } catch {
    return [];
  }
}

/** PostgreSQL refuses to run as root: run its binaries as the `postgres` user when we are root. */
function asPostgres(command: string, args: string[]): { command: string; args: string[] } {
  if (process.getuid?.() !== 0) return { command, args };
  return { command: 'setpriv', args: ['--reuid=postgres', '--regid=postgres', '--init-groups', '--reset-env', command, ...args] };
}

export interface PostgresInstance extends Instance {
  /** postgres://postgres@127.0.0.1:<port>/<database> (trust authentication, loopback only). */
  url(database: string): string;
}

export async function startPostgres(root: string): Promise<PostgresInstance> {
  const dir = join(root, 'postgres');
  mkdirSync(dir, { recursive: true });
  const data = join(dir, 'data');
  if (process.getuid?.() === 0) chownSync(dir, uid('postgres'), gid('postgres'));
  const init = asPostgres(findBinary('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  const r = spawnSync(init.command, init.args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`initdb failed: ${r.stderr || r.stdout}`);
  const port = await freePort();
  const pg = asPostgres(findBinary('postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'max_connections=300',
    '-c',
    'shared_buffers=64MB',
    '-c',
    'fsync=on', // a crash must not lose committed rows: the point of the exercise
  ]);
  const inst = managed({
    name: 'postgres',
    port,
    dir,
    command: pg.command,
    args: pg.args,
    readyTimeoutMs: 60000,
    ready: async () => {
      const { stdout } = await run(findBinary('pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-q']).catch(() => ({ stdout: 'no' }));
      return stdout === '' && (await accepts(port));
    },
    beforeStart: () => rmSync(join(data, 'postmaster.pid'), { force: true }),
  });
  await inst.start();
  return { ...inst, url: (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}` };
}

function uid(user: string): number {
  return Number(spawnSync('id', ['-u', user], { encoding: 'utf8' }).stdout.trim());
}
function gid(user: string): number {
  return Number(spawnSync('id', ['-g', user], { encoding: 'utf8' }).stdout.trim());
}

export interface RedisInstance extends Instance {
  url: string;
}

export async function startRedis(root: string): Promise<RedisInstance> {
  const dir = join(root, 'redis');
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const inst = managed({
    name: 'redis',
    port,
    dir,
    command: 'redis-server',
    args: ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    readyTimeoutMs: 20000,
    ready: () => accepts(port),
  });
  await inst.start();
  return { ...inst, url: `redis://127.0.0.1:${port}/0` };
}

export interface RabbitInstance extends Instance {
  url: string;
  nodename: string;
  /** rabbitmqctl against this node only (its own nodename and cookie). */
  ctl(args: string[], timeoutMs?: number): Promise<string>;
}

/** Answers the AMQP protocol header with anything: the broker is really up, not only listening. */
function amqpAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(5000, () => done(false));
    socket.once('connect', () => socket.write(Buffer.from('AMQP\x00\x00\x09\x01', 'latin1')));
    socket.once('data', () => done(true));
    socket.once('error', () => done(false));
    socket.once('close', () => done(false));
  });
}

const RABBIT_BIN = '/usr/lib/rabbitmq/bin';

export async function startRabbit(root: string): Promise<RabbitInstance> {
  const dir = join(root, 'rabbitmq');
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const distPort = await freePort();
  const nodename = `chaos${process.pid}x${port}@localhost`;
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
  // Quorum queues hold many file descriptors: raise the limit as far as this shell may.
  const script = `ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec ${RABBIT_BIN}/rabbitmq-server`;
  const inst = managed({
    name: 'rabbitmq',
    port,
    dir,
    command: '/bin/sh',
    args: ['-c', script],
    env,
    readyTimeoutMs: 180000,
    ready: () => amqpAnswers(port),
    beforeStart: () => rmSync(join(dir, 'pid'), { force: true }),
  });
  await inst.start();
  return {
    ...inst,
    url: `amqp://guest:guest@127.0.0.1:${port}`,
    nodename,
    async ctl(args: string[], timeoutMs = 60000) {
      const { stdout } = await run(`${RABBIT_BIN}/rabbitmqctl`, ['-q', '-n', nodename, ...args], {
        env: { ...process.env, ...env },
        timeout: timeoutMs,
        maxBuffer: 16 * 1024 * 1024,
      });
      return stdout;
    },
  };
}

/** A temporary directory for one run's instances (readable by the postgres user). */
export function chaosRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'chaos-'));
  spawnSync('chmod', ['755', root]);
  return root;
}
