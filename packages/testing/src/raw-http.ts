import net from 'node:net';
import http from 'node:http';

/** An HTTP response read off a raw socket (see rawRequest). */
export interface RawResponse {
  status: number;
  /** Lower-cased names; a repeated header keeps its last value. */
  headers: Record<string, string>;
  text: string;
  /** The body parsed as JSON, or undefined. */
  body: any;
}

/**
 * Writes `bytes` to 127.0.0.1:`port` as they are (requests no HTTP client would send: missing or
 * repeated headers, truncated bodies, lying lengths) and resolves with everything read until the
 * server closes the connection or `waitMs` passes.
 */
export function rawRequest(port: number, bytes: string | Buffer, waitMs = 5000): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('latin1'));
    };
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', done);
    socket.on('error', done);
    socket.write(bytes);
    setTimeout(done, waitMs).unref();
  });
}

/** Splits what rawRequest read into status, headers and body (the first response only). */
export function parseRawResponse(response: string): RawResponse {
  const head = response.slice(0, response.indexOf('\r\n\r\n'));
  const text = response.slice(head.length + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n').slice(1))
    headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]), headers, text, body };
}

/**
 * POSTs `size` zero bytes to 127.0.0.1:`port` with a declared Content-Length, writing as fast as
 * the server reads (an early answer, e.g. 413, arrives while the body is still being sent), and
 * resolves with the answer; its body parsed as JSON when it is JSON.
 */
export function postZeros(
  port: number,
  path: string,
  size: number,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path, agent: false, headers: { ...headers, 'content-length': size } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
      },
    );
    req.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

/** What sendWholeRequest saw: the answer as read, and whether writing or reading failed (an error code). */
export interface WholeRequestResult {
  response: string;
  writeError: string | undefined;
  readError: string | undefined;
}

/**
 * Sends a whole request to `host`:`port` before reading anything, as a client that looks at the
 * answer only once its upload is written: `head`, then `body` in 64 KiB writes, each waited for.
 * Then reads until the server closes or a whole answer (its Content-Length) is in, or `waitMs`
 * passes. A server that closes before reading the body shows as a write error (EPIPE,
 * ECONNRESET), often with the answer lost.
 */
export async function sendWholeRequest(port: number, head: string, body: Buffer, options: { host?: string; waitMs?: number } = {}): Promise<WholeRequestResult> {
  const socket = net.connect(port, options.host ?? '127.0.0.1');
  let response = '';
  let readError: string | undefined;
  socket.on('data', (d: Buffer) => (response += d.toString('latin1')));
  socket.on('error', (e: NodeJS.ErrnoException) => (readError ??= e.code ?? e.message));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const write = (bytes: string | Buffer) => new Promise<void>((resolve, reject) => socket.write(bytes, (e) => (e ? reject(e) : resolve())));
  let writeError: string | undefined;
  try {
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    await write(head);
    for (let at = 0; at < body.length; at += 65536) await write(body.subarray(at, at + 65536));
  } catch (err) {
    writeError = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
  }
  const complete = () => {
    const end = response.indexOf('\r\n\r\n');
    const length = /\r\ncontent-length: *(\d+)/i.exec(response.slice(0, end))?.[1];
    return end !== -1 && length !== undefined && response.length >= end + 4 + Number(length);
  };
  const timer = setTimeout(() => socket.destroy(), options.waitMs ?? 10_000);
  if (!complete()) await Promise.race([closed, new Promise<void>((resolve) => socket.on('data', () => complete() && resolve()))]);
  clearTimeout(timer);
  socket.destroy();
  return { response, writeError, readError: writeError ? undefined : readError };
}
