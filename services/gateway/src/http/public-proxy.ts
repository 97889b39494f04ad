import http from 'node:http';
import { AppError, appendForwardedFor, Counter, discardRequestBody, singleHeaderProblem, type Registry } from '@cred/runtime';
import { bodyLimitFor, declaredTooLarge, payloadTooLarge } from './body-limits.js';
import { sendRawError } from './errors.js';

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
 * VERIFICATION_HTTP_URL's list). A replica that is gone (restarted, scaled in, or a rollout's
 * empty surge slot) costs no request: one that refuses the connection is skipped for a second,
 * and the request goes to the next one, whatever its method (its body is sent only once the
 * connection is up, so nothing of it was spent); a GET or HEAD whose kept-alive connection the
 * replica closed as it was reused (a replica draining) is sent again too. X-Forwarded-For is what arrived plus the peer this gateway saw, so verification,
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
    return {
      host: url.hostname,
      port: url.port || '80',
      agent: new http.Agent({ keepAlive: true, maxSockets: 256, scheduling: 'lifo' }),
      /** Refused a connection until then (performance.now()): skipped while another is not. */
      downUntil: 0,
    };
  });
  if (targets.length === 0) throw new Error('no verification HTTP target');
  const upstreamErrors = new Counter({
    name: 'gateway_public_upstream_errors_total',
    help: 'Public verification requests whose verification replica could not be reached (503)',
    registers: [metrics],
  });
  let next = 0;
  /** The next target in turn, skipping those that refused a connection within the last second. */
  const pick = () => {
    const now = performance.now();
    for (let i = 0; i < targets.length; i++) {
      const target = targets[next++ % targets.length]!;
      if (target.downUntil <= now) return target;
    }
    return targets[next++ % targets.length]!;
  };

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
      sendRawError(res, refused);
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
      if (!res.headersSent) sendRawError(res, err);
      else res.destroy();
    };
    let bodyStarted = false;
    /** The body goes to the first upstream that accepted the connection, and only to it. */
    const startBody = () => {
      if (bodyStarted || finished) return;
      bodyStarted = true;
      // Chunked bodies declare no length: count them.
      req.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > limit.maxBodyBytes && !res.headersSent) fail(payloadTooLarge(limit));
      });
      req.pipe(upstream);
    };
    let received = 0;
    const send = (attempt: number) => {
      const target = pick();
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
        if (err.code === 'ECONNREFUSED') target.downUntil = performance.now() + 1000;
        // Nothing reached a replica: one that is gone (restart, scale-in) refused the connection
        // before any of the body was read, or a reused idle connection was closed by a draining
        // replica under a request without a body.
        const unsent =
          !res.headersSent &&
          ((err.code === 'ECONNREFUSED' && !bodyStarted) ||
            (retryable && up.reusedSocket && (err.code === 'ECONNRESET' || err.message === 'socket hang up')));
        if (unsent && attempt + 1 < targets.length + 1) {
          send(attempt + 1);
          return;
        }
        upstreamErrors.inc();
        fail(new AppError('UNAVAILABLE', 'Verification is temporarily unavailable'));
      });
      if (retryable) {
        up.end();
        return;
      }
      up.once('socket', (socket) => {
        if (up !== upstream) return;
        if (socket.connecting) socket.once('connect', () => up === upstream && startBody());
        else startBody();
      });
    };
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
