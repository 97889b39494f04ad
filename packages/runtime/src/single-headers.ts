import { AppError } from './errors.js';

/**
 * Headers that decide who is calling or how the body is read. Node keeps the first of a
 * repeated Authorization or Content-Type and drops the rest, while a proxy in front (or an
 * upstream) may keep the last or join them: two components could then disagree on the caller
 * or on the body. A repeat is refused instead (like Idempotency-Key). Shared by every HTTP edge
 * (the gateway's app and its public pass-through, verification's public server).
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
 * body, so servers are created without it and the check is here); else undefined.
 */
export function singleHeaderProblem(
  req: { httpVersion: string; rawHeaders: readonly string[] },
  names: readonly string[] = SINGLE_HEADERS,
): AppError | undefined {
  if (req.httpVersion === '1.1' && headerCount(req.rawHeaders, 'Host') === 0) {
    return AppError.validation('Host', 'An HTTP/1.1 request must carry a Host header');
  }
  for (const name of names) {
    const count = headerCount(req.rawHeaders, name);
    if (count > 1) return AppError.validation(name, `Send one ${name} header, not ${count}`);
  }
  return undefined;
}
