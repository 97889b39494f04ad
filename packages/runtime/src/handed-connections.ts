import type http from 'node:http';
import net from 'node:net';

/**
 * Connections handed over by the launcher's edge (scripts/edge.ts) under `pnpm start`: the edge
 * owns the public port, reads each connection's first request line, and passes the connection
 * itself (the file descriptor, over the IPC channel the launcher opened) with the bytes it read
 * to the service that serves that path. The service reads the rest from the kernel: no proxy hop.
 *
 * The protocol on the IPC channel: the service says `{ type: 'cred:accepting' }` once it takes
 * connections and `{ type: 'cred:not-accepting' }` when it starts to drain; the edge sends
 * `{ type: 'cred:connection', id }` with the socket, and once the socket has left the edge,
 * `{ type: 'cred:connection-head', id, head }` (head: every byte the edge read from it, base64).
 * The edge reads on until the socket leaves (Node sends one handle at a time per channel), so
 * only the second message knows them all; the service serves the connection once it has both.
 */
export const HANDED_CONNECTION = 'cred:connection';
export const HANDED_HEAD = 'cred:connection-head';
/** A socket whose head does not follow (or a head whose socket does not) is dropped after this long. */
const PAIRING_TIMEOUT_MS = 10_000;
export const ACCEPTING = 'cred:accepting';
export const NOT_ACCEPTING = 'cred:not-accepting';

const handed = new WeakSet<object>();

/** Was this connection handed over by the edge (its peer is the client itself), not accepted on the service's own port? */
export function isHandedConnection(socket: object): boolean {
  return handed.has(socket);
}

export interface HandedConnections {
  /** Whether this process has an edge to announce itself to (it was started with an IPC channel). */
  readonly enabled: boolean;
  /** Tells the edge to send no more connections (the server drains); those already sent are served. */
  stopAccepting(): void;
}

/**
 * Serves connections the edge hands over on `server` (as if it had accepted them), and tells the
 * edge it accepts them. `enabled` is the service's HANDED_CONNECTIONS, which the launcher sets;
 * without it, or without an IPC channel (Kubernetes, compose), it does nothing.
 */
export function acceptHandedConnections(server: http.Server, enabled: boolean): HandedConnections {
  const send = process.send?.bind(process);
  if (!enabled || !send || !process.connected) return { enabled: false, stopAccepting: () => undefined };
  /** Handed sockets waiting for their head, or heads for their socket, by the edge's id. */
  const waiting = new Map<number, { socket?: net.Socket; head?: Buffer; timer: NodeJS.Timeout }>();
  // A client may reset its connection before the server has it: not an uncaught error.
  const ignore = () => undefined;
  const meet = (id: number, part: { socket?: net.Socket; head?: Buffer }) => {
    const entry = waiting.get(id);
    if (!entry) {
      const timer = setTimeout(() => {
        waiting.get(id)?.socket?.destroy();
        waiting.delete(id);
      }, PAIRING_TIMEOUT_MS);
      timer.unref();
      part.socket?.on('error', ignore);
      waiting.set(id, { ...part, timer });
      return;
    }
    waiting.delete(id);
    clearTimeout(entry.timer);
    const socket = part.socket ?? entry.socket;
    const head = part.head ?? entry.head;
    if (!socket || !head) return; // the same part twice: not from the edge
    socket.off('error', ignore);
    if (socket.destroyed) return;
    handed.add(socket);
    // What the edge read comes first: this process has read from the socket since it arrived,
    // but none of that was consumed (nothing listens before the server does).
    if (head.length) socket.unshift(head);
    server.emit('connection', socket);
  };
  process.on('message', (message: unknown, socket: unknown) => {
    if (typeof message !== 'object' || message === null) return;
    const m = message as { type?: unknown; id?: unknown; head?: unknown };
    if (typeof m.id !== 'number') return;
    if (m.type === HANDED_CONNECTION && socket instanceof net.Socket) meet(m.id, { socket });
    else if (m.type === HANDED_HEAD && typeof m.head === 'string') meet(m.id, { head: Buffer.from(m.head, 'base64') });
  });
  const announce = (type: string) => {
    if (process.connected) send({ type }, undefined, {}, () => undefined);
  };
  announce(ACCEPTING);
  return { enabled: true, stopAccepting: () => announce(NOT_ACCEPTING) };
}

/**
 * Variables only the launcher sets (scripts/platform.ts), for the edge of one machine: Kubernetes
 * and compose route with their ingress or the gateway and leave them unset.
 */
export const LAUNCHER_ONLY_ENV: readonly string[] = ['HANDED_CONNECTIONS', 'HANDED_TRUST_PROXY', 'GATEWAY_HTTP_URL'];
