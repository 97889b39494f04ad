import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from './errors.js';

interface ProtocolError {
  status: number;
  error: ErrorCode;
  message: string;
  details: Record<string, unknown>;
}

/** The JSON error (docs/contract.md "Errors") for a request node's HTTP parser refused, by node's error code. */
export function protocolError(code: string | undefined, maxHeaderSize = http.maxHeaderSize): ProtocolError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        error: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
        message: 'The request line and headers are too large',
        details: { limitBytes: maxHeaderSize },
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, error: 'PAYLOAD_TOO_LARGE', message: 'The chunk extensions are too large', details: {} };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, error: 'REQUEST_TIMEOUT', message: 'The request was not received in time', details: {} };
    default:
      return { status: 400, error: 'VALIDATION_ERROR', message: 'Malformed HTTP request', details: { field: 'request' } };
  }
}

/** How long a refused connection is still read (and discarded) so that the client can read the answer before the close. */
const LINGER_MS = 2000;

const answered = new WeakSet<Duplex>();

/**
 * Answers requests that node's HTTP parser refuses (bad chunked encoding, conflicting
 * Content-Length, control characters in a header, headers or URL over the limit, a request
 * that times out) with the platform's JSON error shape instead of node's bare status line, then
 * closes the connection (`Connection: close`). Nothing is written when a response of the
 * connection has already started or the socket is gone; such a connection is just destroyed.
 */
export function installClientErrorHandler(server: http.Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (answered.has(socket)) return; // the parser reports again while the rest is discarded
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    answered.add(socket);
    const e = protocolError(err.code);
    const body = JSON.stringify({ error: e.error, message: e.message, details: e.details });
    socket.end(
      `HTTP/1.1 ${e.status} ${http.STATUS_CODES[e.status] ?? 'Error'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
    // Read what the client is still sending for a moment (an immediate close would reset the
    // connection and could take the answer with it), then drop the connection.
    socket.on('error', () => socket.destroy());
    socket.resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
}
