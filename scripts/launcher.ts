import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, createWriteStream, mkdirSync, openSync, readFileSync, unlinkSync, writeSync, type WriteStream } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { EXIT_ADDRESS_IN_USE } from '@cred/runtime';
import { EdgeTargets, startEdge, type Edge } from './edge.js';
import {
  defaultPorts,
  defaultReplicaPorts,
  ONLY_FOR,
  SERVICE_NAMES,
  serviceEnv,
  type PortMap,
  type ReplicaPorts,
  type ServiceName,
} from './platform.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface LaunchOptions {
  ports: PortMap;
  /** Settings shared by every service (database, broker, secrets...). */
  env: Record<string, string>;
  /** Where service output goes: a terminal with prefixes, or a file (tests). */
  output: { kind: 'terminal' } | { kind: 'file'; path: string };
  /** How long to wait for the gateway's /healthz to say 200. */
  readyTimeoutMs?: number;
  /** Extra node options for every service process (the benchmark's BENCH_NODE_ARGS, e.g. --cpu-prof). */
  nodeArgs?: readonly string[];
  /**
   * Verification replicas beyond the first, each its own process on these ports (same database,
   * queues and Redis); the gateway passes public requests to all of them in turn.
   */
  verificationReplicas?: readonly ReplicaPorts[];
  /**
   * A second set of ports per service (a surge slot, as Kubernetes' maxSurge 1 gives a rollout
   * room for one more pod): every caller is given both addresses, and rollService starts a
   * service's next process there before it stops the current one.
   */
  surgePorts?: PortMap;
  /**
   * The public port, owned by the launcher's edge (scripts/edge.ts, ADR 0009), which hands each
   * connection to verification or the gateway by its first request's path. Unset: the gateway's
   * own listener (ports.gateway.http) is the public port.
   */
  originPort?: number;
}

/** One step of a rolling restart, as `rollService` reports it. */
export interface RollResult {
  /** The slot the service ran in (0: `ports`, 1: `surgePorts`) and the one it runs in now. */
  from: 0 | 1;
  to: 0 | 1;
  oldPid: number | undefined;
  newPid: number | undefined;
  /** From spawning the new process to its readiness. */
  startMs: number;
  /** From SIGTERM to the old process's exit. */
  drainMs: number;
  /** How the old process ended: code 0 after a graceful drain. */
  exitCode: number | null;
  exitSignal: NodeJS.Signals | null;
}

export interface RollHooks {
  /** The new process is ready (an ingress adds it to its rotation). */
  onReady?(slot: 0 | 1): void | Promise<void>;
  /** The old process is about to get SIGTERM (an ingress takes it out of its rotation). */
  onRetire?(slot: 0 | 1): void | Promise<void>;
  /**
   * Between the two: how long callers get to connect to the new process before the old one
   * stops (Kubernetes' endpoint propagation, covered there by the preStop sleep). Default 2000:
   * gRPC clients retry an address at least every second (packages/grpc, channelTarget).
   */
  propagationMs?: number;
  readyTimeoutMs?: number;
}

export interface RunningPlatform {
  readonly ports: PortMap;
  readonly surgePorts: PortMap | undefined;
  /** The gateway's own listener. */
  readonly gatewayUrl: string;
  /** Where clients go: the edge's public port, or the gateway's listener when there is no edge. */
  readonly originUrl: string;
  /** The edge, when the launcher owns the public port. */
  readonly edge: Edge | undefined;
  readonly processes: Map<ServiceName, ChildProcess>;
  /** The extra verification replicas' processes (`verification-2`, ...), in order. */
  readonly replicas: Map<string, ChildProcess>;
  /** The ports of the slot a service runs in now. */
  portsOf(name: ServiceName): PortMap[ServiceName];
  /** Stops one service with SIGTERM (or SIGKILL) and waits for its exit. */
  stopService(name: ServiceName, signal?: NodeJS.Signals): Promise<void>;
  /** Starts a stopped service again with the same environment. */
  startService(name: ServiceName): void;
  /**
   * A rolling restart of one service (needs `surgePorts`): its next process starts in the other
   * slot; once that one is ready, and callers had `propagationMs` to find it, the current one
   * gets SIGTERM and drains. Rejects if the new process is not ready in time (it is stopped, the
   * old one keeps running).
   */
  rollService(name: ServiceName, hooks?: RollHooks): Promise<RollResult>;
  /** SIGTERM to every service, in reverse start order; waits for all to exit. */
  stop(): Promise<void>;
}

/**
 * Node options of every service process, as in the Dockerfile's CMD: GC on the event-loop thread
 * only. Seven services share few cores (two here, one per pod in k8s), where V8's parallel GC
 * helper threads mostly compete with the other processes: ~10% less CPU per request (ADR 0005).
 */
export const SERVICE_NODE_ARGS = ['--single-threaded-gc'] as const;

const LEVEL_NAMES: Record<string, string> = { trace: 'TRACE', debug: 'DEBUG', info: 'INFO', warn: 'WARN', error: 'ERROR', fatal: 'FATAL' };

/** One JSON log line made readable: `[service] LEVEL message key=value`. */
function humanLine(service: string, line: string): string {
  try {
    const o = JSON.parse(line) as Record<string, unknown>;
    const { level, time: _t, service: _s, msg, pid: _p, hostname: _h, ...rest } = o;
    const extra = Object.entries(rest)
      .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join(' ');
    return `[${service.padEnd(12)}] ${(LEVEL_NAMES[String(level)] ?? String(level)).padEnd(5)} ${String(msg ?? '')}${extra ? ` ${extra}` : ''}`;
  } catch {
    return `[${service.padEnd(12)}] ${line}`;
  }
}

/** The kernel's range for outgoing connections' local ports (`ip_local_port_range`). */
function ephemeralRange(): [number, number] {
  try {
    const [lo, hi] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (lo && hi && lo > 1024 && hi >= lo) return [lo, hi];
  } catch {
    // not Linux: the IANA dynamic range
  }
  return [49152, 65535];
}

const handedOut = new Set<number>();

/**
 * Ports handed out by any process of this machine (tests run two at a time, each allocating
 * dozens of ports it may bind only minutes later: a rolling restart's surge slots, which every
 * caller already dials). A port is leased by creating `<dir>/<port>` exclusively with the
 * holder's pid; another process skips it while that pid lives and takes it over after. Leases
 * are removed when the process exits; a killed process's are reclaimed by the pid check.
 */
export const LEASE_DIR = join(tmpdir(), 'cred-port-leases');
const leased: number[] = [];

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function leasePort(port: number): boolean {
  const file = join(LEASE_DIR, String(port));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      mkdirSync(LEASE_DIR, { recursive: true });
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      if (leased.length === 0) process.once('exit', releaseLeases);
      leased.push(port);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return true; // no lease directory: the listen check alone
      let holder = NaN;
      try {
        holder = Number(readFileSync(file, 'utf8'));
      } catch {
        // removed meanwhile: try again
      }
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) return false;
      try {
        unlinkSync(file);
      } catch {
        // another process reclaimed it first
      }
    }
  }
  return false;
}

function releaseLeases(): void {
  for (const port of leased.splice(0)) {
    try {
      unlinkSync(join(LEASE_DIR, String(port)));
    } catch {
      // already gone
    }
  }
}

/** Whether a listen on the port (all interfaces) succeeds now: nothing else listens there. */
export function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '0.0.0.0', () => srv.close(() => resolve(true)));
  });
}

/**
 * A port that is free now, for a service to listen on shortly. Chosen at random below the
 * ephemeral range: a port the kernel handed out for a listen(0) can be given next to any
 * outgoing connection (to PostgreSQL, Redis, RabbitMQ... of every test running beside), which
 * then makes the service's listen fail with EADDRINUSE. Never the same port twice per process,
 * nor a port another live process of this machine was handed (`leasePort`).
 */
export async function freePort(): Promise<number> {
  const [ephemeralLow] = ephemeralRange();
  const low = 10_000;
  const high = Math.min(ephemeralLow - 1, 65_535);
  if (high - low > 1000) {
    for (let i = 0; i < 200; i++) {
      const port = low + Math.floor(Math.random() * (high - low + 1));
      if (handedOut.has(port)) continue;
      if ((await listensOn(port)) && leasePort(port)) {
        handedOut.add(port);
        return port;
      }
    }
  }
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      handedOut.add(port);
      srv.close(() => resolve(port));
    });
  });
}

/** Fresh free ports for every service (tests run beside a developer's platform). */
export async function allocatePorts(): Promise<PortMap> {
  const p = async () => freePort();
  return {
    signing: { grpc: await p(), ops: await p() },
    accounts: { grpc: await p(), ops: await p() },
    issuance: { grpc: await p(), ops: await p() },
    verification: { grpc: await p(), ops: await p(), http: await p() },
    notification: { grpc: await p(), ops: await p() },
    billing: { grpc: await p(), ops: await p() },
    gateway: { ops: await p(), http: await p() },
  };
}

/** The gateway's listener under `pnpm start`, behind the edge on PORT (if free; else another). */
export const GATEWAY_BEHIND_EDGE_PORT = 8088;

export interface StartPorts {
  ports: PortMap;
  replicas: ReplicaPorts[];
  /** The default ports that were taken (or equal to PORT), with where each endpoint went instead (reported when it was not PORT's). */
  moved: string[];
}

/** Refuses a PORT something already listens on, with the message `npm start` prints. */
export async function checkPublicPort(publicPort: number): Promise<void> {
  if (!(await listensOn(publicPort))) throw new Error(`port ${publicPort} is in use: stop what listens there or choose another PORT`);
}

/**
 * The ports of `npm start`: the public origin on `publicPort` (PORT, 8080 by default), which must be
 * free; every internal endpoint on its default port (packages/runtime DEFAULT_PORTS) unless that
 * port is PORT itself, another endpoint's, or taken (another platform on this machine, say), in
 * which case on a free one. The defaults lie in the range the kernel gives outgoing connections
 * their local ports from, so one found free can be taken before its service listens: call this just
 * before launching, and again on PortTakenError (retryWhenPortTaken).
 */
export async function startPorts(publicPort: number, verificationReplicas = 1, edge = false): Promise<StartPorts> {
  await checkPublicPort(publicPort);
  const ports = defaultPorts();
  const replicas = defaultReplicaPorts(verificationReplicas);
  const used = new Set<number>([publicPort]);
  const moved: string[] = [];
  const place = async (label: string, wanted: number): Promise<number> => {
    if (!used.has(wanted) && (await listensOn(wanted))) {
      used.add(wanted);
      return wanted;
    }
    let port = await freePort();
    while (used.has(port)) port = await freePort();
    used.add(port);
    moved.push(`${label} ${wanted} -> ${port}`);
    return port;
  };
  // With the edge on PORT, the gateway listens on a port of its own behind it.
  ports.gateway.http = edge ? GATEWAY_BEHIND_EDGE_PORT : publicPort;
  for (const name of SERVICE_NAMES) {
    const own = ports[name];
    for (const kind of ['grpc', 'http', 'ops'] as const) {
      if (name === 'gateway' && kind === 'http' && !edge) continue;
      const wanted = own[kind];
      if (wanted !== undefined) own[kind] = await place(`${name} ${kind}`, wanted);
    }
  }
  for (const [i, r] of replicas.entries()) {
    for (const kind of ['grpc', 'http', 'ops'] as const) r[kind] = await place(`verification-${i + 2} ${kind}`, r[kind]);
  }
  return { ports, replicas, moved };
}

async function waitForHealthy(url: string, timeoutMs: number, exited: () => string | undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    const dead = exited();
    if (dead) throw new Error(`${dead} exited during start-up`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      const body = await res.text();
      if (res.status === 200) return;
      last = `${res.status} ${body}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`platform not healthy after ${timeoutMs} ms: ${last}`);
}

/**
 * Starts the seven services as separate processes (node + tsx), exactly as `pnpm start`
 * does, and resolves once the gateway's /healthz answers 200 (every service ready).
 */
export async function launchPlatform(options: LaunchOptions): Promise<RunningPlatform> {
  const processes = new Map<ServiceName, ChildProcess>();
  const exitedUnexpectedly = new Set<string>();
  /** The processes that exited because a port of theirs was taken (EXIT_ADDRESS_IN_USE). */
  const portTaken = new Set<string>();
  const stopping = new Set<string>();
  let file: WriteStream | undefined;
  if (options.output.kind === 'file') file = createWriteStream(options.output.path, { flags: 'a' });

  const pipe = (name: string, stream: NodeJS.ReadableStream | null) => {
    if (!stream) return;
    const rl = createInterface({ input: stream });
    rl.on('line', (line) => {
      if (file) file.write(`[${name}] ${line}\n`);
      else process.stdout.write(`${humanLine(name, line)}\n`);
    });
  };

  const extra = options.verificationReplicas ?? [];
  const surge = options.surgePorts;
  const shared = { ...(process.env.TRUST_PROXY !== undefined ? { TRUST_PROXY: process.env.TRUST_PROXY } : {}), ...options.env };
  const replicas = new Map<string, ChildProcess>();
  /** The slot each service runs in (0 unless rolled). */
  const slots = new Map<ServiceName, 0 | 1>();
  /** Every process started and not exited yet, by label: stop() ends them all, mid-roll too. */
  const live = new Map<string, ChildProcess>();
  const portsIn = (name: ServiceName, slot: 0 | 1) => (slot === 0 ? options.ports[name] : surge![name]);
  const labelOf = (name: ServiceName, slot: 0 | 1) => (slot === 0 ? name : `${name}-surge`);
  /** The slot's own ports, for a process outside slot 0. */
  const ownPorts = (name: ServiceName, slot: 0 | 1): Record<string, string> => {
    if (slot === 0) return {};
    const p = portsIn(name, slot);
    const own: Record<string, string> = { OPS_PORT: String(p.ops) };
    if (p.grpc !== undefined) own.GRPC_PORT = String(p.grpc);
    if (name === 'gateway') own.PORT = String(p.http);
    if (name === 'verification') own.HTTP_PORT = String(p.http);
    return own;
  };
  const withEdge = options.originPort !== undefined;
  const edgeTargets = new EdgeTargets();
  const spawnService = (label: string, name: ServiceName, own: Record<string, string>): ChildProcess => {
    const env: Record<string, string | undefined> = { ...process.env, ...serviceEnv(name, options.ports, shared, extra, surge, withEdge), ...own };
    const takesConnections = withEdge && (name === 'gateway' || name === 'verification');
    // A variable only one service may see is withheld from the others, even when the shell set it.
    for (const [variable, owner] of Object.entries(ONLY_FOR)) if (owner !== name) delete env[variable];
    const child = spawn(
      process.execPath,
      [...SERVICE_NODE_ARGS, ...(options.nodeArgs ?? []), '--import', 'tsx', `services/${name}/src/main.ts`],
      {
        cwd: ROOT,
        env,
        // The IPC channel carries the connections the edge hands over.
        stdio: takesConnections ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
      },
    );
    if (takesConnections) edgeTargets.track(name, child);
    pipe(label, child.stdout);
    pipe(label, child.stderr);
    live.set(label, child);
    child.once('exit', (code, signal) => {
      if (live.get(label) === child) live.delete(label);
      if (!stopping.has(label)) {
        exitedUnexpectedly.add(label);
        if (code === EXIT_ADDRESS_IN_USE) portTaken.add(label);
        const line = `service exited unexpectedly (code ${code ?? 'none'}, signal ${signal ?? 'none'})`;
        if (file) file.write(`[${label}] ${line}\n`);
        else process.stdout.write(`${humanLine(label, JSON.stringify({ level: 'error', msg: line }))}\n`);
      }
    });
    return child;
  };
  const startService = (name: ServiceName) => {
    const slot = slots.get(name) ?? 0;
    processes.set(name, spawnService(labelOf(name, slot), name, ownPorts(name, slot)));
    if (name === 'verification') {
      extra.forEach((p, i) => {
        const label = `verification-${i + 2}`;
        replicas.set(label, spawnService(label, name, { GRPC_PORT: String(p.grpc), OPS_PORT: String(p.ops), HTTP_PORT: String(p.http) }));
      });
    }
  };

  const waitExit = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });

  const stopOne = async (label: string, child: ChildProcess, signal: NodeJS.Signals) => {
    stopping.add(label);
    edgeTargets.retire(child);
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 20000);
    await waitExit(child);
    clearTimeout(timer);
    stopping.delete(label);
  };
  const stopService = async (name: ServiceName, signal: NodeJS.Signals = 'SIGTERM') => {
    const child = processes.get(name);
    const own = name === 'verification' ? [...replicas] : [];
    await Promise.all([
      child ? stopOne(labelOf(name, slots.get(name) ?? 0), child, signal).then(() => processes.delete(name)) : undefined,
      ...own.map(([label, c]) => stopOne(label, c, signal).then(() => replicas.delete(label))),
    ]);
  };

  const rollService = async (name: ServiceName, hooks: RollHooks = {}): Promise<RollResult> => {
    if (!surge) throw new Error('rollService needs surgePorts');
    const old = processes.get(name);
    const from = slots.get(name) ?? 0;
    const to: 0 | 1 = from === 0 ? 1 : 0;
    const newLabel = labelOf(name, to);
    const spawnedAt = Date.now();
    const next = spawnService(newLabel, name, ownPorts(name, to));
    try {
      await waitForHealthy(`http://127.0.0.1:${portsIn(name, to).ops}/readyz`, hooks.readyTimeoutMs ?? 120000, () =>
        next.exitCode !== null || next.signalCode !== null ? newLabel : undefined,
      );
    } catch (err) {
      await stopOne(newLabel, next, 'SIGTERM');
      throw err;
    }
    const startMs = Date.now() - spawnedAt;
    processes.set(name, next);
    slots.set(name, to);
    await hooks.onReady?.(to);
    await hooks.onRetire?.(from);
    await new Promise((r) => setTimeout(r, hooks.propagationMs ?? 2000));
    const stoppingAt = Date.now();
    if (old) await stopOne(labelOf(name, from), old, 'SIGTERM');
    return {
      from,
      to,
      oldPid: old?.pid,
      newPid: next.pid,
      startMs,
      drainMs: Date.now() - stoppingAt,
      exitCode: old?.exitCode ?? null,
      exitSignal: old?.signalCode ?? null,
    };
  };

  for (const name of SERVICE_NAMES) startService(name);
  const gatewayUrl = `http://127.0.0.1:${options.ports.gateway.http}`;
  let edge: Edge | undefined;
  if (options.originPort !== undefined) {
    try {
      edge = await startEdge(options.originPort, '0.0.0.0', edgeTargets);
    } catch (err) {
      for (const [label, child] of live) await stopOne(label, child, 'SIGTERM');
      throw err;
    }
  }
  const originUrl = edge ? `http://127.0.0.1:${edge.port}` : gatewayUrl;
  let stopped: Promise<void> | undefined;
  const platform: RunningPlatform = {
    ports: options.ports,
    surgePorts: surge,
    gatewayUrl,
    originUrl,
    edge,
    processes,
    replicas,
    portsOf: (name) => portsIn(name, slots.get(name) ?? 0),
    stopService,
    startService: (name) => {
      exitedUnexpectedly.delete(labelOf(name, slots.get(name) ?? 0));
      startService(name);
    },
    rollService,
    stop() {
      stopped ??= (async () => {
        await edge?.close();
        for (const label of live.keys()) stopping.add(label);
        await Promise.all([...live].map(([label, child]) => stopOne(label, child, 'SIGTERM')));
        processes.clear();
        replicas.clear();
        await new Promise<void>((resolve) => (file ? file.end(() => resolve()) : resolve()));
      })();
      return stopped;
    },
  };
  try {
    await waitForHealthy(`${originUrl}/healthz`, options.readyTimeoutMs ?? 60000, () => [...exitedUnexpectedly][0]);
    // The gateway's health covers the first replica (its gRPC upstream); the others on their own.
    for (const p of extra)
      await waitForHealthy(`http://127.0.0.1:${p.ops}/readyz`, options.readyTimeoutMs ?? 60000, () => [...exitedUnexpectedly][0]);
  } catch (err) {
    await platform.stop();
    if (portTaken.size > 0) throw new PortTakenError([...portTaken]);
    throw err;
  }
  return platform;
}

/**
 * The platform did not start because a port was taken between the moment it was found free and
 * the service's listen (every process stopped again): placing the ports anew and launching again
 * is the remedy.
 */
export class PortTakenError extends Error {
  constructor(readonly labels: string[]) {
    super(`a port was taken before ${labels.join(', ')} could listen on it`);
    this.name = 'PortTakenError';
  }
}

/**
 * Runs `launch` (which places its ports afresh each time) again when it fails with
 * PortTakenError, at most `attempts` times in all; any other failure, or the last one, is thrown.
 */
export async function retryWhenPortTaken<T>(
  launch: () => Promise<T>,
  onRetry: (err: PortTakenError, attempt: number) => void = () => undefined,
  attempts = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch();
    } catch (err) {
      if (!(err instanceof PortTakenError) || attempt >= attempts) throw err;
      onRetry(err, attempt);
    }
  }
}
