import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { ACCEPTING, AppError, HANDED_CONNECTION, HANDED_HEAD, isPublicVerificationRequest, NOT_ACCEPTING } from '@cred/runtime';

/**
 * The public origin of `pnpm start` (ADR 0009): the launcher owns the public port, reads each
 * connection's first request line, and hands the connection itself to a verification replica
 * (public paths) or to the gateway (everything else), with the bytes it read, over the IPC
 * channel it opened to them. The chosen process reads the rest of the connection straight from
 * the kernel, so neither public nor API requests pay a proxy hop. A later request on the same
 * kept-alive connection that belongs to the other service is passed on by the one holding it
 * (the gateway's public pass-through, verification's pass-through to the gateway).
 *
 * Only public Node APIs: the socket goes with `child.send(message, socket)`. Once the first line
 * is read, the socket is paused and the bytes read are put back into its buffer, which is then over
 * its high-water mark (1 byte): by the stream's own back-pressure it reads nothing more from the
 * kernel, neither while it waits for its turn on the IPC channel (Node sends one handle at a time
 * and waits for the child's acknowledgement before the next) nor until its handle is closed here
 * after that acknowledgement. What the client sends next stays in the kernel for the new owner.
 * The hand-over is two messages: the socket (HANDED_CONNECTION, with an id), and once it has left
 * (the send's callback), every byte its buffer holds here (HANDED_HEAD, the same id). The child
 * serves the connection once it has both, those bytes put back in front of what it reads itself.
 */

/** Longest first line read before the connection goes to the gateway as is (its parser answers 414/400). */
const MAX_LINE = 8192;
/** A connection that sends no complete first line in this time is closed (the gateway's header timeout is 66 s). */
const FIRST_LINE_TIMEOUT_MS = 65_000;

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
  let sequence = 0;
  // highWaterMark 1: a paused socket holding the bytes read so far reads no more (see above).
  const server = net.createServer({ noDelay: true, highWaterMark: 1 }, (socket) => {
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
      // Back into the paused socket: its buffer is now over the high-water mark, so the read this
      // chunk came from is its last until the handle leaves.
      socket.pause();
      socket.unshift(head);
      handOver(socket, kind);
    };
    socket.on('data', onData);
  });

  const handOver = (socket: net.Socket, kind: Upstream) => {
    const to = targets.pick(kind);
    if (!to) {
      // Nobody to take it (starting or stopping): read and drop the request, answer, close.
      socket.resume();
      socket.end(UNAVAILABLE);
      return;
    }
    const id = ++sequence;
    let sent = false;
    to.child.send({ type: HANDED_CONNECTION, id }, socket, {}, (err) => {
      // Node calls back again if it sends the handle again (the child refused it once).
      if (sent) return;
      sent = true;
      if (err) {
        socket.destroy();
        return;
      }
      // The handle has left: what the buffer holds is everything this process read, in order.
      const bytes = socket.readableLength > 0 ? (socket.read(socket.readableLength) as Buffer | null) : null;
      to.child.send({ type: HANDED_HEAD, id, head: (bytes ?? Buffer.alloc(0)).toString('base64') }, undefined, {}, () => undefined);
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
