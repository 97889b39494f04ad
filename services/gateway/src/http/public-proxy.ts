import http from 'node:http';
import { discardRequestBody, isPublicVerificationRequest, passThrough, singleHeaderProblem, type Registry } from '@cred/runtime';
import { bodyLimitFor, declaredTooLarge, payloadTooLarge } from './body-limits.js';
import { sendRawError } from './errors.js';

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
 * Under `pnpm start` the launcher's edge hands such connections to verification directly; what
 * reaches this is a public request on a connection that began with an API request.
 *
 * The streaming, retries and X-Forwarded-For are @cred/runtime's passThrough (round robin over
 * VERIFICATION_HTTP_URL's list). Bodies over the route's limit (body-limits.ts) are refused here
 * with 413 and never proxied: on the declared Content-Length before anything is sent, and for
 * chunked bodies as soon as they pass it (unless verification has already answered). The rest
 * of a refused body is discarded within a budget, so the client reads the 413 instead of a reset.
 */
export function publicPassThrough(targetUrls: readonly string[], metrics: Registry): PublicPassThrough {
  const forward = passThrough({
    targets: targetUrls,
    metrics,
    errorMetric: {
      name: 'gateway_public_upstream_errors_total',
      help: 'Public verification requests whose verification replica could not be reached (503)',
    },
    unavailable: 'Verification is temporarily unavailable',
    sendError: sendRawError,
  });
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
    forward(req, res, { bytes: limit.maxBodyBytes, tooLarge: () => payloadTooLarge(limit) });
    return true;
  }) as PublicPassThrough;
  handle.close = () => forward.close();
  return handle;
}
