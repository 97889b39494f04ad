import type http from 'node:http';

export interface DrainBudget {
  /** Body bytes still read (and thrown away) after the early response; beyond it the connection is dropped. */
  maxBytes: number;
  /** How long the rest of the body may take; beyond it the connection is dropped. */
  maxMs: number;
}

/** Generous enough for every upload limit of DECISIONS.md section 1 (5 MiB), small enough to bound the waste. */
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

/** The declared Content-Length, or undefined when absent or not a plain decimal number. */
export function declaredLength(req: http.IncomingMessage): number | undefined {
  const raw = req.headers['content-length'];
  if (raw === undefined || !/^\d{1,16}$/.test(raw.trim())) return undefined;
  return Number(raw);
}
