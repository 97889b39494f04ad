import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { AppError, type Clock } from '@cred/runtime';
import { assertCsrf, cookieHeader, deriveKey, hmacBase64url, markerCookieHeader, originOf, readCookie, safeEqual, type CookieOptions } from './csrf.js';

/**
 * `__Host-`: a browser keeps it only when set Secure, for Path=/ and without Domain, so neither a
 * subdomain nor a plain-http page of the host can plant or overwrite it (docs/decisions.md
 * "Browser sessions and CSRF").
 */
export const ADMIN_SESSION_COOKIE = '__Host-admin_session';
/** Its readable marker for the console page (auth/csrf.ts, markerCookieHeader). */
export const ADMIN_SIGNED_IN_COOKIE = 'admin_signed_in';
export const ADMIN_SESSION_TTL_SECONDS = 60 * 60;

/** `<exp seconds>.<nonce>.<mac>`: nothing in it is secret, and nothing in it can be forged. */
const VALUE = /^(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** One platform operator: a name the audit log shows, and the token only they hold. */
export interface Operator {
  name: string;
  token: string;
}

/** Who an operator is in the audit log: `operator` for PLATFORM_ADMIN_TOKEN's, `operator:<name>` for a named one. */
export function operatorActor(name: string): string {
  return name === 'operator' ? 'operator' : `operator:${name}`;
}

export interface AdminSessionDeps {
  operators: readonly Operator[];
  clock: Clock;
  baseUrl: string;
  /** Where ended sessions are remembered until their expiry (the gateway's Redis, its prefix applied). */
  redis: Redis;
}

/** The Redis key that marks one cookie session (by its nonce) as ended before its expiry. */
const endedKey = (nonce: string) => `admin-session:ended:${nonce}`;

/**
 * The platform operator console's cookie session. The cookie holds a short-lived value signed
 * with a key derived from the operator's own token (HKDF, own label), never the token itself, so
 * a leaked cookie is worth one hour, changing a token ends every session of that operator, and
 * the key that verifies a cookie tells whose session it is. Signing out
 * (DELETE) also ends it server-side: the session's nonce is remembered in Redis until the cookie
 * would have expired, so a copy of the value is refused on every gateway replica. Redis
 * unreachable: the cookie is not accepted (503), since an ended session cannot be told apart.
 */
export function createAdminSessions(deps: AdminSessionDeps) {
  const keys = deps.operators.map((o) => ({
    operator: o,
    macKey: deriveKey(o.token, 'admin-session:v1'),
    csrfKey: deriveKey(o.token, 'admin-csrf:v1'),
  }));
  const ownOrigin = originOf(deps.baseUrl);
  // Secure always: `__Host-` requires it, and browsers keep Secure cookies from http://localhost too.
  const cookie: CookieOptions = { sameSite: 'Strict', path: '/', secure: true };
  type Keys = (typeof keys)[number];
  const mac = (k: Keys, exp: string, nonce: string) => hmacBase64url(k.macKey, `admin-session:${exp}.${nonce}`);
  const csrfToken = (k: Keys, nonce: string) => hmacBase64url(k.csrfKey, `csrf:${nonce}`);
  const nowSeconds = () => Math.floor(deps.clock.now().getTime() / 1000);

  interface CookieSession {
    nonce: string;
    expiresAt: Date;
    keys: Keys;
  }
  /** The cookie's session if it is well-formed, authentic (by one operator's key) and unexpired (application clock). */
  const signedSession = (req: Request): CookieSession | undefined => {
    const value = readCookie(req, ADMIN_SESSION_COOKIE);
    const m = value ? VALUE.exec(value) : null;
    if (!m) return undefined;
    const [, exp, nonce, given] = m as unknown as [string, string, string, string];
    // Every operator's key is tried, whichever matches, so the time taken does not tell whose it is.
    let found: Keys | undefined;
    for (const k of keys) if (safeEqual(given, mac(k, exp, nonce)) && !found) found = k;
    if (!found || Number(exp) <= nowSeconds()) return undefined;
    return { nonce, expiresAt: new Date(Number(exp) * 1000), keys: found };
  };
  /** As signedSession, and not ended by a sign-out. */
  const fromCookie = async (req: Request): Promise<CookieSession | undefined> => {
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
    /**
     * The operator whose token this is, or undefined. Constant time: every token is compared
     * (both sides hashed first, so lengths do not leak either), whichever matches.
     */
    operatorFor(presented: string): Operator | undefined {
      let found: Operator | undefined;
      for (const k of keys) if (safeEqual(presented, k.operator.token) && !found) found = k.operator;
      return found;
    },
    /** A new session of `operator`: the cookie is set on `res`; the answer carries its expiry and CSRF token. */
    start(res: Response, operator: Operator): { expiresAt: string; csrfToken: string } {
      const k = keys.find((x) => x.operator === operator);
      if (!k) throw new Error('not an operator of this gateway');
      const exp = String(nowSeconds() + ADMIN_SESSION_TTL_SECONDS);
      const nonce = randomBytes(16).toString('base64url');
      res.append('Set-Cookie', cookieHeader(ADMIN_SESSION_COOKIE, `${exp}.${nonce}.${mac(k, exp, nonce)}`, ADMIN_SESSION_TTL_SECONDS, cookie));
      res.append('Set-Cookie', markerCookieHeader(ADMIN_SIGNED_IN_COOKIE, true, ADMIN_SESSION_TTL_SECONDS, cookie));
      return { expiresAt: new Date(Number(exp) * 1000).toISOString(), csrfToken: csrfToken(k, nonce) };
    },
    /** The cookie session's expiry and CSRF token, or undefined (GET /api/admin/session). */
    async describe(req: Request): Promise<{ expiresAt: string; csrfToken: string } | undefined> {
      const s = await fromCookie(req);
      return s ? { expiresAt: s.expiresAt.toISOString(), csrfToken: csrfToken(s.keys, s.nonce) } : undefined;
    },
    /**
     * The operator of a valid cookie session, with the session's id (its nonce: not secret, it
     * authenticates nothing alone), or undefined; a CSRF failure on an unsafe method throws 403.
     */
    async authenticateCookie(req: Request): Promise<{ operator: Operator; sessionId: string } | undefined> {
      const s = await fromCookie(req);
      if (!s) return undefined;
      assertCsrf(req, csrfToken(s.keys, s.nonce), ownOrigin);
      return { operator: s.keys.operator, sessionId: s.nonce };
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
