import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { AppError, appendForwardedFor, Counter, discardRequestBody, singleHeaderProblem, type Registry } from '@cred/runtime';
import { bodyLimitFor, declaredTooLarge, payloadTooLarge } from './body-limits.js';

/** Public, unauthenticated paths served by the verification service (docs/contract.md "Identifiers and URLs"). */
export const PUBLIC_VERIFICATION_PREFIXES = [
  '/issuers/',
  '/achievements/',
  '/credentials/',
  '/verify',
  '/verify-lookup',
  '/o/',
  '/claim/',
  '/api/verify',
  '/api/credentials/',
];

/**
 * Under /api/credentials/ only reads are verification's (the baked PNG); the recipient's
 * claim (POST .../claim) and visibility change (PATCH) are handled by the gateway. Likewise
 * the claim page (GET /claim/{id}) is verification's and its form post the gateway's.
 */
export function isPublicVerificationRequest(method: string, path: string): boolean {
  if (
    !PUBLIC_VERIFICATION_PREFIXES.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`) || path === p.replace(/\/$/, ''))
  )
    return false;
  // The claim page's form posts to the gateway (POST /claim/{id}), which claims through issuance.
  if (path.startsWith('/api/credentials/') || path.startsWith('/claim/')) return method === 'GET' || method === 'HEAD';
  return true;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  // Answered here (expect-continue.ts) before the request reaches this handler.
  'expect',
  // Replaced by what arrived plus the peer this gateway saw.
  'x-forwarded-for',
]);

function sendError(res: http.ServerResponse, error: AppError): void {
  const body = JSON.stringify(error.toJSON());
  res.writeHead(error.httpStatus, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-request-id': randomUUID(),
  });
  res.end(body);
}

export interface PublicPassThrough {
  /** Handles the request and returns true when it is a public verification request; else false. */
  (req: http.IncomingMessage, res: http.ServerResponse): boolean;
  close(): void;
}

/**
 * The public verification surfaces, passed to verification's replicas at the very top of the
 * gateway's node:http server, before express (ADR 0009): none of the API's middleware (request
 * log line, per-IP limit round trip to Redis, body parsers) runs for them. Verification counts
 * them against the same per-IP budget itself, in the same Redis keys, and logs them aggregated.
 *
 * The request streams through a keep-alive agent per replica (round robin over
 * VERIFICATION_HTTP_URL's list; a GET or HEAD whose replica refuses the connection is tried on
 * the next one). X-Forwarded-For is what arrived plus the peer this gateway saw, so verification,
 * trusting one proxy more than the gateway's TRUST_PROXY (scripts/platform.ts), derives the same
 * client address the gateway would. Only the upstream's status, content headers and body are
 * passed back.
 *
 * Bodies over the route's limit (body-limits.ts) are refused here with 413 and never proxied:
 * on the declared Content-Length before anything is sent, and for chunked bodies as soon as
 * they pass it (unless verification has already answered). The rest of a refused body is
 * discarded within a budget, so the client reads the 413 instead of a reset.
 */
export function publicPassThrough(targetUrls: readonly string[], metrics: Registry): PublicPassThrough {
  const targets = targetUrls.map((u) => {
    const url = new URL(u);
    return { host: url.hostname, port: url.port || '80', agent: new http.Agent({ keepAlive: true, maxSockets: 256, scheduling: 'lifo' }) };
  });
  if (targets.length === 0) throw new Error('no verification HTTP target');
  const upstreamErrors = new Counter({
    name: 'gateway_public_upstream_errors_total',
    help: 'Public verification requests whose verification replica could not be reached (503)',
    registers: [metrics],
  });
  let next = 0;

  const handle = ((req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    const url = req.url ?? '/';
    if (url.charCodeAt(0) !== 47 /* '/' */) return false; // absolute-form targets: express decides
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const method = req.method ?? 'GET';
    if (!isPublicVerificationRequest(method, path)) return false;

    const limit = bodyLimitFor(method, path);
    // A missing or repeated Host/Authorization/Content-Type, as for the API (single-headers.ts).
    const refused = singleHeaderProblem(req) ?? declaredTooLarge(req, limit);
    if (refused) {
      discardRequestBody(req);
      sendError(res, refused);
      return true;
    }
    const headers: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
    const forwarded = appendForwardedFor(req.headers['x-forwarded-for'], req.socket.remoteAddress);
    if (forwarded !== undefined) headers['x-forwarded-for'] = forwarded;
    const retryable = method === 'GET' || method === 'HEAD';

    let finished = false;
    let upstream: http.ClientRequest;
    const fail = (err: AppError | undefined) => {
      if (finished) return;
      finished = true;
      req.unpipe(upstream);
      upstream.destroy();
      discardRequestBody(req);
      if (!err) return;
      if (!res.headersSent) sendError(res, err);
      else res.destroy();
    };
    const send = (attempt: number) => {
      const target = targets[next++ % targets.length]!;
      const up = http.request(
        { host: target.host, port: target.port, method, path: url, agent: target.agent, timeout: 15000, headers },
        (answer) => {
          const out: http.OutgoingHttpHeaders = {};
          for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
          res.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(res);
        },
      );
      upstream = up;
      up.on('timeout', () => up.destroy(new Error('upstream timeout')));
      up.on('error', (err: NodeJS.ErrnoException) => {
        if (finished || up !== upstream) return;
        // A replica that is gone (restart, scale-in) before anything was sent: the next one.
        if (retryable && err.code === 'ECONNREFUSED' && attempt + 1 < targets.length && !res.headersSent) {
          send(attempt + 1);
          return;
        }
        upstreamErrors.inc();
        fail(new AppError('UNAVAILABLE', 'Verification is temporarily unavailable'));
      });
      if (retryable) up.end();
      else req.pipe(up);
    };
    // Chunked bodies declare no length: count them.
    if (!retryable) {
      let received = 0;
      req.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > limit.maxBodyBytes && !res.headersSent) fail(payloadTooLarge(limit));
      });
    }
    // A client that goes away mid-request: nothing to answer, nothing to keep open upstream.
    req.on('close', () => {
      if (!req.complete) fail(undefined);
    });
    // Or mid-response: the upstream socket goes back (destroyed) instead of waiting for its timeout.
    res.on('close', () => {
      if (res.writableFinished || finished) return;
      finished = true;
      upstream.destroy();
    });
    send(0);
    if (retryable) req.resume();
    return true;
  }) as PublicPassThrough;
  handle.close = () => {
    for (const t of targets) t.agent.destroy();
  };
  return handle;
}
