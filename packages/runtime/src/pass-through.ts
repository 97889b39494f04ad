import http from 'node:http';
import { appendForwardedFor } from './client-ip.js';
import { AppError } from './errors.js';
import { discardRequestBody } from './http-drain.js';
import { Counter, type Registry } from './metrics.js';

/**
 * Public, unauthenticated paths served by the verification service (docs/contract.md
 * "Identifiers and URLs"). The gateway's pass-through, verification's own hand-over of the rest
 * to the gateway, and the launcher's edge (scripts/edge.ts) route by this one list.
 */
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

const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

/** How one service passes a request it does not serve to another service's HTTP listener. */
export interface PassThroughOptions {
  /** The listeners, tried in turn (a rollout's surge slot is one more address). */
  targets: readonly string[];
  metrics: Registry;
  /** Counter of requests answered 503 because no target could be reached. */
  errorMetric: { name: string; help: string };
  /** Message of that 503 (the error shape's). */
  unavailable: string;
  /** Answers an error in the error shape. */
  sendError(res: http.ServerResponse, error: AppError): void;
  /**
   * Keep the client's Host header (the receiving service sees what the client sent) instead of
   * the target's address. Default false.
   */
  keepHost?: boolean;
  /**
   * Pass `Expect: 100-continue` on and relay the target's 100 Continue (the target decides
   * whether the body is welcome). Default false: the caller has answered it already.
   */
  forwardExpect?: boolean;
}

/** A body's size limit: counted while streaming, answered with `tooLarge()` past it (unless answered already). */
export interface BodyLimit {
  bytes: number;
  tooLarge(): AppError;
}

export interface PassThrough {
  (req: http.IncomingMessage, res: http.ServerResponse, limit?: BodyLimit): void;
  close(): void;
}

/**
 * A request streamed to another service's listener through a keep-alive agent per target
 * (round robin). A target that is gone (restarted, scaled in, or a rollout's empty surge slot)
 * costs no request: one that refuses the connection is skipped for a second and the request
 * goes to the next one, whatever its method (its body is sent only once the connection is up,
 * so nothing of it was spent); a GET or HEAD whose kept-alive connection the target closed as it
 * was reused (a target draining) is sent again too. X-Forwarded-For is what arrived plus the
 * peer this service saw, so the target, trusting one proxy more (scripts/platform.ts), derives
 * the same client address. Only the target's status, content headers and body are passed back.
 */
export function passThrough(options: PassThroughOptions): PassThrough {
  const targets = options.targets.map((u) => {
    const url = new URL(u);
    return {
      host: url.hostname,
      port: url.port || '80',
      agent: new http.Agent({ keepAlive: true, maxSockets: 256, scheduling: 'lifo' }),
      /** Refused a connection until then (performance.now()): skipped while another is not. */
      downUntil: 0,
    };
  });
  if (targets.length === 0) throw new Error('no pass-through target');
  const upstreamErrors = new Counter({ ...options.errorMetric, registers: [options.metrics] });
  const dropped = new Set([
    ...HOP_BY_HOP,
    'x-forwarded-for',
    ...(options.keepHost ? [] : ['host']),
    ...(options.forwardExpect ? [] : ['expect']),
  ]);
  const droppedAnswer = new Set([...HOP_BY_HOP, 'x-forwarded-for', 'host', 'expect']);
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

  const handle = ((req: http.IncomingMessage, res: http.ServerResponse, limit?: BodyLimit): void => {
    const url = req.url ?? '/';
    const method = req.method ?? 'GET';
    const headers: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !dropped.has(k)) headers[k] = v;
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
      if (!res.headersSent) options.sendError(res, err);
      else res.destroy();
    };
    let bodyStarted = false;
    let received = 0;
    /** The body goes to the first upstream that accepted the connection, and only to it. */
    const startBody = () => {
      if (bodyStarted || finished) return;
      bodyStarted = true;
      if (limit) {
        // Chunked bodies declare no length: count them.
        req.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > limit.bytes && !res.headersSent) fail(limit.tooLarge());
        });
      }
      req.pipe(upstream);
    };
    const send = (attempt: number) => {
      const target = pick();
      const up = http.request(
        { host: target.host, port: target.port, method, path: url, agent: target.agent, timeout: 15000, headers },
        (answer) => {
          const out: http.OutgoingHttpHeaders = {};
          for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined && !droppedAnswer.has(k)) out[k] = v;
          res.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(res);
        },
      );
      upstream = up;
      if (options.forwardExpect) up.on('continue', () => res.writeContinue());
      up.on('timeout', () => up.destroy(new Error('upstream timeout')));
      up.on('error', (err: NodeJS.ErrnoException) => {
        if (finished || up !== upstream) return;
        if (err.code === 'ECONNREFUSED') target.downUntil = performance.now() + 1000;
        // Nothing reached a target: one that is gone (restart, scale-in) refused the connection
        // before any of the body was read, or a reused idle connection was closed by a draining
        // target under a request without a body.
        const unsent =
          !res.headersSent &&
          ((err.code === 'ECONNREFUSED' && !bodyStarted) ||
            (retryable && up.reusedSocket && (err.code === 'ECONNRESET' || err.message === 'socket hang up')));
        if (unsent && attempt + 1 < targets.length + 1) {
          send(attempt + 1);
          return;
        }
        upstreamErrors.inc();
        fail(new AppError('UNAVAILABLE', options.unavailable));
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
  }) as PassThrough;
  handle.close = () => {
    for (const t of targets) t.agent.destroy();
  };
  return handle;
}
