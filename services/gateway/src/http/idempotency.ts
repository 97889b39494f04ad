import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { AppError, canonicalJson } from '@cred/runtime';
import { scopeOf } from './org-scope.js';

/**
 * `Idempotency-Key` on a POST route (draft-ietf-httpapi-idempotency-key-header; the full
 * policy is in docs/decisions.md, "Idempotency-Key"). The service owning the effect keeps the
 * record in the effect's transaction (@cred/idempotency, ADR 0013); every keyed route runs
 * `forwardIdempotency` below, and the gateway keeps nothing:
 *
 * - The header is optional. Its value is 1-255 printable ASCII characters (0x20-0x7E), sent bare
 *   (`Idempotency-Key: abc`) or as the draft's structured-field string (`Idempotency-Key: "abc"`,
 *   the same key). Anything else, or the header twice: 400 VALIDATION_ERROR, field
 *   `Idempotency-Key`.
 * - Keys are scoped to (API key, route), or on a member route to (member, route); the owning
 *   service adds the organization of the call: one client can never see, replay or block
 *   another's response. The raw key never leaves the gateway (its SHA-256 does).
 * - The fingerprint is the SHA-256 of the canonical JSON body (keys sorted), or what the route
 *   says makes two requests the same (a multipart upload: its target and bytes).
 * - The owner answers a retry with the stored answer and its replayed flag (the route sets
 *   `Idempotent-Replayed: true`), 422 UNPROCESSABLE for another request, 409 CONFLICT while the
 *   key's transaction runs (this middleware adds Retry-After: 1).
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY_CHARS = /^[\x20-\x7e]+$/;
const SF_STRING = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/;
const MAX_KEY_LENGTH = 255;

/**
 * The key of an `Idempotency-Key` value: bare, or an RFC 8941 sf-string (quotes removed,
 * `\"` and `\\` unescaped). Throws 400 VALIDATION_ERROR for anything else.
 */
export function parseIdempotencyKey(value: string): string {
  const invalid = () =>
    AppError.validation(
      IDEMPOTENCY_HEADER,
      `${IDEMPOTENCY_HEADER} must be 1-${MAX_KEY_LENGTH} printable ASCII characters, bare or as a quoted string`,
    );
  let key: string;
  if (value.startsWith('"')) {
    const m = SF_STRING.exec(value);
    if (!m) throw invalid();
    key = (m[1] ?? '').replace(/\\(["\\])/g, '$1');
  } else {
    if (!KEY_CHARS.test(value)) throw invalid();
    key = value;
  }
  if (key.length < 1 || key.length > MAX_KEY_LENGTH || !KEY_CHARS.test(key)) throw invalid();
  return key;
}

/**
 * The client's key of a request as an opaque, scoped id for an upstream that stores it with
 * what it creates: `<principal>:<route>:<SHA-256 of the key>`. Undefined without the header.
 */
export function scopedIdempotencyKey(req: Request, principal: string, scope: string): string | undefined {
  const raw = headerValue(req);
  if (raw === undefined) return undefined;
  const key = parseIdempotencyKey(raw);
  return `${principal}:${scope}:${createHash('sha256').update(key).digest('base64url')}`;
}

/** The key and fingerprint a request passes to the service that owns the effect (proto: IdempotencyKey). */
export interface ForwardedIdempotency {
  key: string;
  fingerprint: string;
}

/**
 * The middleware for a route whose owning service keeps the record itself, in the effect's
 * transaction (@cred/idempotency; docs/decisions.md "Idempotency-Key"). The gateway validates
 * the header, scopes the key (organization by the call, API key or member, route) and
 * fingerprints the body (or what `options.fingerprint` says makes two requests the same, as for
 * a multipart upload); `forwardedIdempotency(res)` hands both to the handler for its call.
 * The service answers the stored answer with its replayed flag (the handler sets
 * `Idempotent-Replayed`), 422 for another body, 409 while the key is in flight; on that 409
 * this middleware adds Retry-After: 1. Nothing is kept here, so Redis plays no part.
 */
export function forwardIdempotency(scope: string, options: IdempotencyRouteOptions = {}): RequestHandler {
  return (req, res, next) => {
    const raw = headerValue(req);
    if (raw === undefined) {
      next();
      return;
    }
    const keyHash = createHash('sha256').update(parseIdempotencyKey(raw)).digest('base64url');
    const forwarded: ForwardedIdempotency = {
      key: `${scopeOf(res).idempotencyPrincipal}:${scope}:${keyHash}`,
      fingerprint: options.fingerprint ? options.fingerprint(req, res) : requestFingerprint(req.body),
    };
    res.locals.idempotency = forwarded;
    const originalJson = res.json.bind(res);
    res.json = ((body: unknown) => {
      const details = (body as { details?: { field?: unknown } } | undefined)?.details;
      if (res.statusCode === 409 && details?.field === IDEMPOTENCY_HEADER) res.set('Retry-After', '1');
      return originalJson(body);
    }) as Response['json'];
    next();
  };
}

/** The key and fingerprint `forwardIdempotency` took from this request; undefined without the header. */
export function forwardedIdempotency(res: Response): ForwardedIdempotency | undefined {
  return res.locals.idempotency as ForwardedIdempotency | undefined;
}

/** The request fingerprint: SHA-256 of the parsed body in canonical form. */
export function requestFingerprint(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('base64url');
}

/** The raw `Idempotency-Key` header, undefined when absent; 400 when sent more than once. */
export function headerValue(req: Request): string | undefined {
  let count = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]?.toLowerCase() === 'idempotency-key') count++;
  }
  if (count === 0) return undefined;
  if (count > 1) throw AppError.validation(IDEMPOTENCY_HEADER, `Send one ${IDEMPOTENCY_HEADER} header, not ${count}`);
  return req.get(IDEMPOTENCY_HEADER) ?? '';
}

/** What a route may say about its key. */
export interface IdempotencyRouteOptions {
  /**
   * What makes two requests the same request. Default: the parsed JSON body in canonical form.
   * A route whose body is not JSON (a multipart upload) reads it first and fingerprints that.
   */
  fingerprint?: (req: Request, res: Response) => string;
}
