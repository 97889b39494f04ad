import http from 'node:http';
import type { RequestHandler } from 'express';
import { AppError, discardRequestBody } from '@cred/runtime';
import { bodyLimitFor, payloadTooLarge } from './body-limits.js';

/** Public, unauthenticated paths served by the verification service (SPEC.md "Other public locations"). */
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
]);

/**
 * Streams public verification requests to the verification service. In Kubernetes an
 * ingress can route these paths straight to verification; on one machine the gateway is
 * the single port. Only the upstream's status, content headers and body are passed back.
 *
 * Bodies over the route's limit (body-limits.ts) are refused here with 413 and never proxied:
 * on the declared Content-Length before anything is sent, and for chunked bodies as soon as
 * they pass it (unless verification has already answered). The rest of a refused body is
 * discarded within a budget, so the client reads the 413 instead of a reset (verification
 * refusing a huge body while the proxy was still sending used to surface as a 503).
 */
export function publicProxy(targetBase: string): RequestHandler {
  const target = new URL(targetBase);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  return (req, res, next) => {
    // A client gone while an earlier middleware awaited (the rate limit's Redis call): its
    // 'close' has already fired, so an upstream request opened now would never be ended.
    if (req.destroyed) return;
    // A declared length over the limit was refused before (declaredBodyLimit in app.ts).
    const limit = bodyLimitFor(req.method, req.path);
    let finished = false;
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.originalUrl,
        agent,
        timeout: 15000,
        headers: Object.fromEntries(Object.entries(req.headers).filter(([k]) => !HOP_BY_HOP.has(k.toLowerCase()))),
      },
      (up) => {
        const headers: Record<string, string | string[]> = {};
        for (const [k, v] of Object.entries(up.headers)) {
          if (v !== undefined && !HOP_BY_HOP.has(k.toLowerCase())) headers[k] = v;
        }
        res.writeHead(up.statusCode ?? 502, headers);
        up.pipe(res);
      },
    );
    const stop = (err: AppError | undefined) => {
      if (finished) return;
      finished = true;
      req.unpipe(upstream);
      upstream.destroy();
      discardRequestBody(req);
      if (err && !res.headersSent) next(err);
    };
    // Chunked bodies declare no length: count them.
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit.maxBodyBytes && !res.headersSent) stop(payloadTooLarge(limit));
    });
    // A client that goes away mid-request: nothing to answer, nothing to keep open upstream.
    req.on('close', () => {
      if (!req.complete) stop(undefined);
    });
    // Or mid-response: the upstream socket goes back (destroyed) instead of waiting for its timeout.
    res.on('close', () => {
      if (res.writableFinished) return;
      finished = true; // nobody is left to answer: the upstream error this causes is not reported
      upstream.destroy();
    });
    upstream.on('timeout', () => upstream.destroy(new Error('upstream timeout')));
    upstream.on('error', () => {
      if (finished) return;
      finished = true;
      // The rest of the request body is read and dropped, so the connection stays usable.
      req.unpipe(upstream);
      discardRequestBody(req);
      if (!res.headersSent) next(new AppError('UNAVAILABLE', 'Verification is temporarily unavailable'));
      else res.destroy();
    });
    req.pipe(upstream);
  };
}
