import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { ACCEPTING, AppError, HANDED_CONNECTION, isPublicVerificationRequest, NOT_ACCEPTING } from '@cred/runtime';

/**
 * The public origin of `pnpm start` (ADR 0009): the launcher owns the public port, reads each
 * connection's first request line, and hands the connection itself to a verification replica
 * (public paths) or to the gateway (everything else), with the bytes it read, over the IPC
 * channel it opened to them. The chosen process reads the rest of the connection straight from
 * the kernel, so neither public nor API requests pay a proxy hop. A later request on the same
 * kept-alive connection that belongs to the other service is passed on by the one holding it
 * (the gateway's public pass-through, verification's pass-through to the gateway).
 *
 * Reading stops before the hand-over: whatever the client sends next (a body, a pipelined
 * request) stays in the kernel for the new owner. Node has no public call for that; the edge uses
 * the socket handle's readStop(), and where that is missing `edgeSupported()` says so and the
 * launcher puts the gateway itself on the public port, as before the edge.
 */

/** Longest first line read before the connection goes to the gateway as is (its parser answers 414/400). */
const MAX_LINE = 8192;
/** A connection that sends no complete first line in this time is closed (the gateway's header timeout is 66 s). */
const FIRST_LINE_TIMEOUT_MS = 65_000;

type Handle = { readStop(): number; reading: boolean };
const handleOf = (socket: net.Socket): Handle | undefined => (socket as unknown as { _handle?: Handle })._handle;

/** Can this Node stop a socket's reading before a hand-over? Checked on a loopback connection. */
export async function edgeSupported(): Promise<boolean> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve));
    const client = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
    client.on('error', () => undefined);
    const socket = await accepted;
    const ok = typeof handleOf(socket)?.readStop === 'function';
    socket.destroy();
    client.destroy();
    return ok;
  } finally {
    server.close();
  }
}

export type Upstream = 'gateway' | 'verification';

/** The processes that take connections, as the launcher knows them. */
export class EdgeTargets {
  private readonly accepting = { gateway: [] as ChildProcess[], verification: [] as ChildProcess[] };
  private turn = 0;
  /** Retired by the launcher: a late `accepting` from them does not bring them back. */
  private readonly retired = new WeakSet<ChildProcess>();

  /** Follows a child's announcements (it accepts / it drains) and its exit. */
  track(kind: Upstream, child: ChildProcess): void {
    const list = this.accepting[kind];
    const remove = () => {
      const i = list.indexOf(child);
      if (i !== -1) list.splice(i, 1);
    };
    child.on('message', (m: unknown) => {
      const type = typeof m === 'object' && m !== null ? (m as { type?: unknown }).type : undefined;
      if (type === ACCEPTING && !list.includes(child) && !this.retired.has(child)) list.push(child);
      if (type === NOT_ACCEPTING) remove();
    });
    child.once('exit', remove);
    child.once('disconnect', remove);
  }

  /** No more connections to this one (it is about to be stopped). */
  retire(child: ChildProcess): void {
    this.retired.add(child);
    for (const list of Object.values(this.accepting)) {
      const i = list.indexOf(child);
      if (i !== -1) list.splice(i, 1);
    }
  }

  /** Where a connection whose first request is for `kind` goes: a process of that kind, else one of the other (which passes the request on). */
  pick(kind: Upstream): { child: ChildProcess; kind: Upstream } | undefined {
    const other: Upstream = kind === 'gateway' ? 'verification' : 'gateway';
    for (const k of [kind, other]) {
      const live = this.accepting[k].filter((c) => c.connected);
      if (live.length) return { child: live[this.turn++ % live.length]!, kind: k };
    }
    return undefined;
  }
}

/** Which service the request line names: verification for its public paths, the gateway otherwise. */
export function upstreamFor(line: string): Upstream {
  const sp = line.indexOf(' ');
  if (sp <= 0) return 'gateway';
  const method = line.slice(0, sp);
  const end = line.indexOf(' ', sp + 1);
  const target = line.slice(sp + 1, end === -1 ? undefined : end);
  if (target.charCodeAt(0) !== 47 /* '/' */) return 'gateway';
  const q = target.indexOf('?');
  return isPublicVerificationRequest(method, q === -1 ? target : target.slice(0, q)) ? 'verification' : 'gateway';
}

const UNAVAILABLE = (() => {
  const body = JSON.stringify(new AppError('UNAVAILABLE', 'The platform is starting or stopping; retry shortly').toJSON());
  return (
    'HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json; charset=utf-8\r\n' +
    `content-length: ${Buffer.byteLength(body)}\r\ncache-control: no-store\r\nretry-after: 1\r\nconnection: close\r\n\r\n${body}`
  );
})();

export interface Edge {
  readonly port: number;
  /** Connections handed over so far, by upstream (for the launcher's log and tests). */
  readonly handed: Record<Upstream, number>;
  close(): Promise<void>;
}

/** Listens on `port` and hands every connection to a process of `targets`. */
export async function startEdge(port: number, host: string, targets: EdgeTargets): Promise<Edge> {
  const handed: Record<Upstream, number> = { gateway: 0, verification: 0 };
  const open = new Set<net.Socket>();
  const server = net.createServer({ noDelay: true }, (socket) => {
    open.add(socket);
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => socket.destroy(), FIRST_LINE_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      open.delete(socket);
      socket.off('data', onData);
    };
    socket.on('error', () => socket.destroy());
    socket.once('close', done);
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (chunk.indexOf(10) === -1 && size < MAX_LINE) return;
      done();
      const head = chunks.length === 1 ? chunk : Buffer.concat(chunks, size);
      const nl = head.indexOf(10);
      const kind = nl === -1 ? 'gateway' : upstreamFor(head.toString('latin1', 0, nl));
      handOver(socket, head, kind);
    };
    socket.on('data', onData);
  });

  const handOver = (socket: net.Socket, head: Buffer, kind: Upstream) => {
    const to = targets.pick(kind);
    if (!to) {
      // Nobody to take it (starting or stopping): read and drop the request, answer, close.
      socket.resume();
      socket.end(UNAVAILABLE);
      return;
    }
    // Stop reading now: what arrives from here on is read by the process the socket goes to.
    socket.pause();
    const handle = handleOf(socket);
    if (!handle || typeof handle.readStop !== 'function') {
      socket.destroy(); // edgeSupported() said otherwise: the launcher does not start the edge on such a Node
      return;
    }
    handle.reading = false;
    handle.readStop();
    to.child.send({ type: HANDED_CONNECTION, head: head.toString('base64') }, socket, {}, (err) => {
      if (err) socket.destroy();
    });
    handed[to.kind]++;
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    handed,
    async close() {
      // Connections already handed over belong to their processes; only those still being read here are closed.
      for (const s of open) s.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // net.Server waits for the sockets it handed over to close in their new processes; those
        // end with the processes, which the launcher stops next.
        setTimeout(resolve, 500).unref();
      });
    },
  };
}
