import type { RequestHandler } from 'express';
import { AppError } from '@cred/runtime';

/**
 * Headers that decide who is calling or how the body is read. Node keeps the first of a
 * repeated Authorization or Content-Type and drops the rest, while a proxy in front (or an
 * upstream) may keep the last or join them: two components could then disagree on the caller
 * or on the body. A repeat is refused instead (like Idempotency-Key, idempotency.ts).
 */
export const SINGLE_HEADERS = ['Authorization', 'Content-Type', 'Host'] as const;

/** How many times `name` (case-insensitive) was sent; req.headers has already merged repeats. */
export function headerCount(rawHeaders: readonly string[], name: string): number {
  const wanted = name.toLowerCase();
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() === wanted) count++;
  }
  return count;
}

/**
 * 400 VALIDATION_ERROR (details.field = the header) when a SINGLE_HEADERS header is repeated, or
 * when an HTTP/1.1 request has no Host (RFC 9112 3.2; node's own check answers with an empty
 * body, so the server is created without it and the check is here).
 */
export function singleHeaders(names: readonly string[] = SINGLE_HEADERS): RequestHandler {
  return (req, _res, next) => {
    if (req.httpVersion === '1.1' && headerCount(req.rawHeaders, 'Host') === 0) {
      next(AppError.validation('Host', 'An HTTP/1.1 request must carry a Host header'));
      return;
    }
    for (const name of names) {
      const count = headerCount(req.rawHeaders, name);
      if (count > 1) {
        next(AppError.validation(name, `Send one ${name} header, not ${count}`));
        return;
      }
    }
    next();
  };
}
