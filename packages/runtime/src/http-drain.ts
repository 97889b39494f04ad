import type http from 'node:http';
import { AppError } from './errors.js';

export interface DrainBudget {
  /** Body bytes still read (and thrown away) after the early response; beyond it the connection is dropped. */
  maxBytes: number;
  /** How long the rest of the body may take; beyond it the connection is dropped. */
  maxMs: number;
}

/** Generous enough for every upload limit of docs/contract.md "Requests and bodies" (5 MiB), small enough to bound the waste. */
export const DEFAULT_DRAIN_BUDGET: DrainBudget = { maxBytes: 32 * 1024 * 1024, maxMs: 10_000 };

const draining = new WeakSet<http.IncomingMessage>();

/**
 * Called when a request is answered (typically 413 or 400) before its body was read to the end.
 * Closing the socket at once would make the kernel answer the bytes still arriving with a reset,
 * and a client (or the gateway's proxy) that is still sending often loses the response with it
 * (the 503 instead of 413 of a 20 MiB upload). So the rest of the body is read and discarded,
 * within `budget`: when it ends in time, the connection stays usable like after any request;
 * when it does not, the socket is destroyed (the response has long been written by then).
 *
 * Any earlier `data` listeners of the request (a body reader that gave up) are removed. Safe to
 * call more than once; a no-op for a request that is complete.
 */
export function discardRequestBody(req: http.IncomingMessage, budget: DrainBudget = DEFAULT_DRAIN_BUDGET): void {
  if (req.complete || req.destroyed || draining.has(req)) return;
  draining.add(req);
  req.removeAllListeners('data');
  let seen = 0;
  const drop = () => {
    clear();
    req.socket?.destroy();
  };
  const timer = setTimeout(drop, budget.maxMs);
  timer.unref();
  const clear = () => clearTimeout(timer);
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > budget.maxBytes) drop();
  });
  req.once('end', clear);
  req.once('close', clear);
  // Errors of an aborted request have nothing left to answer.
  req.on('error', clear);
  req.resume();
}

/**
 * Sends the last bytes of a response that closes the connection (`Connection: close`, e.g. a
 * final 413 to `Expect: 100-continue`) but ends it, and so the connection, only once the
 * request's body has been read to its end (and thrown away, within `budget`) or the client has
 * gone. Node closes such a connection as soon as the answer is written; a client that sends its
 * body without waiting for `100 Continue` (RFC 9110 allows it) then meets a reset while still
 * writing, often before it reads the answer. A client that waited reads the whole answer (its
 * length is declared) and closes; one that never does is dropped with the budget.
 */
export function endAfterRequestBody(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  last: string | Buffer,
  budget: DrainBudget = DEFAULT_DRAIN_BUDGET,
): void {
  if (req.complete || req.destroyed) {
    res.end(last);
    return;
  }
  res.write(last);
  const end = () => {
    if (!res.writableEnded) res.end();
  };
  req.once('end', end);
  req.once('close', end);
  discardRequestBody(req, budget);
}

/** The declared Content-Length, or undefined when absent or not a plain decimal number. */
export function declaredLength(req: http.IncomingMessage): number | undefined {
  const raw = req.headers['content-length'];
  if (raw === undefined || !/^\d{1,16}$/.test(raw.trim())) return undefined;
  return Number(raw);
}

/**
 * The whole request body, at most `limit` bytes: `tooLarge()` is rejected as soon as the declared
 * Content-Length or the bytes received pass the limit (the caller discards the rest with
 * discardRequestBody), a 400 naming `body` when the client aborts, also before this was called.
 */
export function readLimitedBody(req: http.IncomingMessage, limit: number, tooLarge: () => Error): Promise<Buffer> {
  const declared = declaredLength(req);
  if (declared !== undefined && declared > limit) return Promise.reject(tooLarge());
  // Already aborted (while earlier middleware awaited): its 'close' has fired and will not again.
  if (req.destroyed && !req.complete) return Promise.reject(AppError.validation('body', 'The request body was not received completely'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      chunks.length = 0;
      reject(err);
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) fail(tooLarge());
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks, size));
    });
    req.on('error', () => fail(AppError.validation('body', 'The request body could not be read')));
    req.on('close', () => {
      if (!req.complete) fail(AppError.validation('body', 'The request body was not received completely'));
    });
  });
}
