import http from 'node:http';
import type { RequestHandler } from 'express';
import { AppError } from '@cred/runtime';

/** Public, unauthenticated paths served by the verification service (SPEC.md "Other public locations"). */
export const PUBLIC_VERIFICATION_PREFIXES = ['/issuers/', '/achievements/', '/credentials/', '/verify', '/verify-lookup', '/o/', '/claim/', '/api/verify', '/api/credentials/'];

/**
 * Under /api/credentials/ only reads are verification's (the baked PNG); the recipient's
 * claim (POST .../claim) and visibility change (PATCH) are handled by the gateway. Likewise
 * the claim page (GET /claim/{id}) is verification's and its form post the gateway's.
 */
export function isPublicVerificationRequest(method: string, path: string): boolean {
  if (!PUBLIC_VERIFICATION_PREFIXES.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`) || path === p.replace(/\/$/, ''))) return false;
  // The claim page's form posts to the gateway (POST /claim/{id}), which claims through issuance.
  if (path.startsWith('/api/credentials/') || path.startsWith('/claim/')) return method === 'GET' || method === 'HEAD';
  return true;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);

/**
 * Streams public verification requests to the verification service. In Kubernetes an
 * ingress can route these paths straight to verification; on one machine the gateway is
 * the single port. Only the upstream's status, content headers and body are passed back.
 */
export function publicProxy(targetBase: string): RequestHandler {
  const target = new URL(targetBase);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  return (req, res, next) => {
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.originalUrl,
        agent,
        timeout: 15000,
        headers: Object.fromEntries(
          Object.entries(req.headers).filter(([k]) => !HOP_BY_HOP.has(k.toLowerCase())),
        ),
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
    upstream.on('timeout', () => upstream.destroy(new Error('upstream timeout')));
    upstream.on('error', () => {
      if (!res.headersSent) next(new AppError('UNAVAILABLE', 'Verification is temporarily unavailable'));
      else res.destroy();
    });
    req.pipe(upstream);
  };
}
