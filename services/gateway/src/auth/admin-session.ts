import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { AppError, type Clock } from '@cred/runtime';
import { assertCsrf, cookieHeader, deriveKey, hmacBase64url, markerCookieHeader, originOf, readCookie, safeEqual, type CookieOptions } from './csrf.js';

export const ADMIN_SESSION_COOKIE = 'admin_session';
/** Its readable marker for the console page (auth/csrf.ts, markerCookieHeader). */
export const ADMIN_SIGNED_IN_COOKIE = 'admin_signed_in';
export const ADMIN_SESSION_TTL_SECONDS = 60 * 60;

/** `<exp seconds>.<nonce>.<mac>`: nothing in it is secret, and nothing in it can be forged. */
const VALUE = /^(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export interface AdminSessionDeps {
  adminToken: string;
  clock: Clock;
  baseUrl: string;
  /** Where ended sessions are remembered until their expiry (the gateway's Redis, its prefix applied). */
  redis: Redis;
}

/** The Redis key that marks one cookie session (by its nonce) as ended before its expiry. */
const endedKey = (nonce: string) => `admin-session:ended:${nonce}`;

/**
 * The platform operator console's cookie session. The cookie holds a short-lived value signed
 * with a key derived from PLATFORM_ADMIN_TOKEN (HKDF, own label), never the token itself, so a
 * leaked cookie is worth one hour and changing the token ends every such session. Signing out
 * (DELETE) also ends it server-side: the session's nonce is remembered in Redis until the cookie
 * would have expired, so a copy of the value is refused on every gateway replica. Redis
 * unreachable: the cookie is not accepted (503), since an ended session cannot be told apart.
 */
export function createAdminSessions(deps: AdminSessionDeps) {
  const macKey = deriveKey(deps.adminToken, 'admin-session:v1');
  const csrfKey = deriveKey(deps.adminToken, 'admin-csrf:v1');
  const ownOrigin = originOf(deps.baseUrl);
  const cookie: CookieOptions = { sameSite: 'Strict', path: '/api/admin', secure: new URL(deps.baseUrl).protocol === 'https:' };
  const mac = (exp: string, nonce: string) => hmacBase64url(macKey, `admin-session:${exp}.${nonce}`);
  const csrfToken = (nonce: string) => hmacBase64url(csrfKey, `csrf:${nonce}`);
  const nowSeconds = () => Math.floor(deps.clock.now().getTime() / 1000);

  /** The cookie's session if it is well-formed, authentic and unexpired (application clock). */
  const signedSession = (req: Request): { nonce: string; expiresAt: Date } | undefined => {
    const value = readCookie(req, ADMIN_SESSION_COOKIE);
    const m = value ? VALUE.exec(value) : null;
    if (!m) return undefined;
    const [, exp, nonce, given] = m as unknown as [string, string, string, string];
    if (!safeEqual(given, mac(exp, nonce)) || Number(exp) <= nowSeconds()) return undefined;
    return { nonce, expiresAt: new Date(Number(exp) * 1000) };
  };
  /** As signedSession, and not ended by a sign-out. */
  const fromCookie = async (req: Request): Promise<{ nonce: string; expiresAt: Date } | undefined> => {
    const s = signedSession(req);
    if (!s) return undefined;
    let ended: number;
    try {
      ended = await deps.redis.exists(endedKey(s.nonce));
    } catch {
      throw new AppError('UNAVAILABLE', 'The operator session cannot be checked right now; try again shortly');
    }
    return ended ? undefined : s;
  };

  return {
    /** Constant time (both sides hashed first, so the length does not leak either). */
    tokenMatches: (presented: string) => safeEqual(presented, deps.adminToken),
    /** A new session: the cookie is set on `res`; the answer carries its expiry and CSRF token. */
    start(res: Response): { expiresAt: string; csrfToken: string } {
      const exp = String(nowSeconds() + ADMIN_SESSION_TTL_SECONDS);
      const nonce = randomBytes(16).toString('base64url');
      res.append('Set-Cookie', cookieHeader(ADMIN_SESSION_COOKIE, `${exp}.${nonce}.${mac(exp, nonce)}`, ADMIN_SESSION_TTL_SECONDS, cookie));
      res.append('Set-Cookie', markerCookieHeader(ADMIN_SIGNED_IN_COOKIE, true, ADMIN_SESSION_TTL_SECONDS, cookie));
      return { expiresAt: new Date(Number(exp) * 1000).toISOString(), csrfToken: csrfToken(nonce) };
    },
    /** The cookie session's expiry and CSRF token, or undefined (GET /api/admin/session). */
    async describe(req: Request): Promise<{ expiresAt: string; csrfToken: string } | undefined> {
      const s = await fromCookie(req);
      return s ? { expiresAt: s.expiresAt.toISOString(), csrfToken: csrfToken(s.nonce) } : undefined;
    },
    /** True for a valid cookie session; a CSRF failure on an unsafe method throws 403. */
    async authenticateCookie(req: Request): Promise<boolean> {
      const s = await fromCookie(req);
      if (!s) return false;
      assertCsrf(req, csrfToken(s.nonce), ownOrigin);
      return true;
    },
    /**
     * Signs out: the request's cookie session (if any) is ended for good, kept in Redis until it
     * would have expired, and the browser's cookie is cleared.
     */
    async end(req: Request, res: Response): Promise<void> {
      const s = signedSession(req);
      if (s) {
        const remainingMs = s.expiresAt.getTime() - deps.clock.now().getTime();
        try {
          if (remainingMs > 0) await deps.redis.set(endedKey(s.nonce), '1', 'PX', remainingMs);
        } catch {
          throw new AppError('UNAVAILABLE', 'The operator session cannot be ended right now; try again shortly');
        }
      }
      res.append('Set-Cookie', cookieHeader(ADMIN_SESSION_COOKIE, '', 0, cookie));
      res.append('Set-Cookie', markerCookieHeader(ADMIN_SIGNED_IN_COOKIE, false, 0, cookie));
    },
  };
}

export type AdminSessions = ReturnType<typeof createAdminSessions>;
