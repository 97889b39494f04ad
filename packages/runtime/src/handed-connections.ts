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
 * `{ type: 'cred:connection', head }` (head: the bytes it read, base64) with the socket.
 */
export const HANDED_CONNECTION = 'cred:connection';
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
  process.on('message', (message: unknown, socket: unknown) => {
    if (!isConnectionMessage(message) || !(socket instanceof net.Socket)) return;
    handed.add(socket);
    // The bytes the edge read (the first request line, at least) come first: the socket was
    // just made from the handle and has read nothing yet in this tick.
    if (message.head) socket.unshift(Buffer.from(message.head, 'base64'));
    server.emit('connection', socket);
  });
  const announce = (type: string) => {
    if (process.connected) send({ type }, undefined, {}, () => undefined);
  };
  announce(ACCEPTING);
  return { enabled: true, stopAccepting: () => announce(NOT_ACCEPTING) };
}

function isConnectionMessage(m: unknown): m is { type: string; head?: string } {
  return typeof m === 'object' && m !== null && (m as { type?: unknown }).type === HANDED_CONNECTION;
}

/**
 * Variables only the launcher sets (scripts/platform.ts), for the edge of one machine: Kubernetes
 * and compose route with their ingress or the gateway and leave them unset.
 */
export const LAUNCHER_ONLY_ENV: readonly string[] = ['HANDED_CONNECTIONS', 'HANDED_TRUST_PROXY', 'GATEWAY_HTTP_URL'];
