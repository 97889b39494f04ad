import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { AppError } from '@cred/runtime';

/**
 * Cookie sessions and CSRF (docs/decisions.md, "Browser sessions and CSRF"). A browser sends
 * cookies with requests other sites make it send, so a cookie alone never authorizes a change:
 * unsafe methods also need `X-CSRF-Token` (which another origin cannot read or set) and, when
 * the browser says where the request comes from (`Origin`), it must be our own origin.
 */

/** Methods that change nothing; every other method is unsafe and needs the CSRF checks. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A 32-byte key for one purpose, derived from a secret with HKDF-SHA256. Each purpose has its own
 * label, so a value computed for one (a CSRF token) is useless for another (a session MAC), and
 * the secret itself is never used as a MAC key directly.
 */
export function deriveKey(secret: string, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', `credentials:gateway:${label}`, 32));
}

export function hmacBase64url(key: Buffer, message: string): string {
  return createHmac('sha256', key).update(message, 'utf8').digest('base64url');
}

/** Constant-time string comparison (hashes first, so lengths do not leak either). */
export function safeEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/** The origin (`scheme://host[:port]`) of BASE_URL, as browsers write it in `Origin`. */
export function originOf(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

export function csrfRefused(message: string): AppError {
  return AppError.forbidden(message);
}

/**
 * For a cookie-authenticated request: nothing to check on a safe method; on an unsafe one, a
 * present `Origin` must be ours and `X-CSRF-Token` must equal `expected`. Otherwise 403.
 */
export function assertCsrf(req: Request, expected: string, ownOrigin: string): void {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.get('origin');
  if (origin !== undefined && origin !== ownOrigin) throw csrfRefused('Cross-origin request refused (CSRF protection of cookie sessions)');
  const given = req.get('x-csrf-token');
  if (given === undefined || given === '' || !safeEqual(given, expected)) {
    throw csrfRefused('Missing or invalid X-CSRF-Token header (CSRF protection of cookie sessions)');
  }
}

/**
 * The value of one cookie. Undefined when absent; `null` when the request carries it more than
 * once (another site or subdomain may have planted one): ambiguous, so it authenticates nobody.
 */
export function readCookie(req: Request, name: string): string | undefined | null {
  const header = req.headers.cookie;
  if (!header) return undefined;
  let found: string | undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    if (found !== undefined) return null;
    found = part.slice(eq + 1).trim();
  }
  return found;
}

export interface CookieOptions {
  sameSite: 'Lax' | 'Strict';
  path: string;
  secure: boolean;
}

/** A Set-Cookie value: HttpOnly always (scripts never see session cookies), Max-Age in seconds. */
export function cookieHeader(name: string, value: string, maxAgeSeconds: number, o: CookieOptions): string {
  return `${name}=${value}; HttpOnly; ${cookieAttributes(maxAgeSeconds, o)}`;
}

/**
 * The readable companion of a session cookie: `<name>=1` (or cleared), with the session's
 * lifetime and `Path=/`, but not HttpOnly. It holds nothing secret and authenticates nothing;
 * it only tells the web application whether asking "who is signed in?" can answer anything but
 * 401, so a signed-out visitor's page makes no request that must fail (docs/decisions.md,
 * "Browser sessions and CSRF").
 */
export function markerCookieHeader(name: string, present: boolean, maxAgeSeconds: number, o: CookieOptions): string {
  return `${name}=${present ? '1' : ''}; ${cookieAttributes(present ? maxAgeSeconds : 0, { ...o, path: '/' })}`;
}

function cookieAttributes(maxAgeSeconds: number, o: CookieOptions): string {
  return `SameSite=${o.sameSite}; Path=${o.path}; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}${o.secure ? '; Secure' : ''}`;
}
