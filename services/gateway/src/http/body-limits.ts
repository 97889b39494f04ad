import type http from 'node:http';
import type { RequestHandler } from 'express';
import { AppError, declaredLength, discardRequestBody } from '@cred/runtime';
import { MAX_BADGE_IMAGE_BYTES } from './badge-routes.js';
import { MAX_BULK_CSV_BYTES } from './bulk-routes.js';
import { STRIPE_BODY_LIMIT_BYTES } from './stripe-route.js';

/** docs/contract.md "Requests and bodies": JSON bodies 64 KiB. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;
/** Uploaded baked badges (verification's POST /api/verify/baked and /verify-lookup): 5 MiB. */
export const MAX_BAKED_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Multipart framing and small fields around an uploaded file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export interface BodyLimit {
  /** The limit as the error names it (`details.limitBytes`). */
  limitBytes: number;
  /** The largest body the route reads (the limit plus multipart framing where the route takes multipart). */
  maxBodyBytes: number;
}

const json: BodyLimit = { limitBytes: MAX_JSON_BODY_BYTES, maxBodyBytes: MAX_JSON_BODY_BYTES };
const upload = (limitBytes: number): BodyLimit => ({ limitBytes, maxBodyBytes: limitBytes + MULTIPART_OVERHEAD_BYTES });

const BADGE_IMAGE = /^\/api\/(?:v1|organizations\/[^/]+)\/badges\/[^/]+\/image$/;
const BULK_ISSUANCES = /^\/api\/(?:v1|organizations\/[^/]+)\/bulk-issuances(?:\/preview)?$/;

/**
 * The largest request body a gateway route can accept, by method and path (query excluded).
 * A declared Content-Length beyond it is refused with 413 before anything is read or proxied.
 * Routes without a larger limit get the JSON limit: bodies of GET requests or of unknown routes
 * are never read, so there is no reason to receive more.
 */
export function bodyLimitFor(method: string, path: string): BodyLimit {
  if (method === 'POST') {
    if (path === '/api/verify/baked' || path === '/verify-lookup') return upload(MAX_BAKED_UPLOAD_BYTES);
    if (BADGE_IMAGE.test(path)) return upload(MAX_BADGE_IMAGE_BYTES);
    if (BULK_ISSUANCES.test(path)) return upload(MAX_BULK_CSV_BYTES);
    if (path === '/api/webhooks/stripe') return { limitBytes: STRIPE_BODY_LIMIT_BYTES, maxBodyBytes: STRIPE_BODY_LIMIT_BYTES };
  }
  return json;
}

export function payloadTooLarge(limit: BodyLimit): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `The request body must be at most ${limit.limitBytes} bytes`, { limitBytes: limit.limitBytes });
}

/** The 413 for a request whose declared Content-Length is over its route's limit, else undefined. */
export function declaredTooLarge(req: http.IncomingMessage, limit: BodyLimit): AppError | undefined {
  const declared = declaredLength(req);
  return declared !== undefined && declared > limit.maxBodyBytes ? payloadTooLarge(limit) : undefined;
}

/**
 * Refuses, before any route reads a byte, a request whose declared Content-Length is over its
 * route's limit: 413 at once instead of waiting for (or reading) a body that will be refused.
 * What is sent anyway is read and dropped in the background (bounded), so the client reads the
 * answer instead of a reset. Chunked bodies are counted by each reader against the same limit.
 */
export function declaredBodyLimit(): RequestHandler {
  return (req, _res, next) => {
    const refused = declaredTooLarge(req, bodyLimitFor(req.method, req.path));
    if (!refused) {
      next();
      return;
    }
    discardRequestBody(req);
    next(refused);
  };
}
