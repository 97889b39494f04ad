import type { Request, Response } from 'express';
import { AppError, createSessionTokenVerifier, type Clock, type SessionClaims } from '@cred/runtime';
import type { PromiseClient } from '@cred/grpc';
import type { AccountsServiceClient } from '@cred/proto';
import { looksLikeApiKey } from './api-key-format.js';
import { assertCsrf, cookieHeader, markerCookieHeader, originOf, readCookie, type CookieOptions } from './csrf.js';

const INVALID = () => AppError.unauthorized('Invalid or expired session');

/**
 * The browser's session cookie (the JWT itself, HttpOnly). `__Host-`: kept by a browser only when
 * Secure, Path=/ and without Domain, so a subdomain or a plain-http page cannot plant one.
 */
export const SESSION_COOKIE = '__Host-session';
/** Its readable marker: present while the browser holds a session cookie (auth/csrf.ts, markerCookieHeader). */
export const SIGNED_IN_COOKIE = 'signed_in';

/** The signed-in user as accounts knows them now (never claims frozen in the token). */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  memberships: Array<{ organizationId: string; role: string }>;
}

export interface AuthenticatedSession extends SessionClaims {
  via: 'bearer' | 'cookie';
  user: SessionUser;
  /** The proto User of GetSession, for views. */
  record: Awaited<ReturnType<PromiseClient<AccountsServiceClient>['GetSession']>>;
}

export interface SessionVerifierDeps {
  /** Accounts' session public keys (SESSION_PUBLIC_KEYS): this service can check sessions, never mint one. */
  publicKeys: string;
  clock: Clock;
  accounts: Pick<PromiseClient<AccountsServiceClient>, 'GetSession'>;
  baseUrl: string;
}

/**
 * Who a request is signed in as. A session is presented as `Authorization: Bearer <JWT>` (API
 * clients) or, only when there is no Authorization header, as the `__Host-session` cookie (browsers).
 * The JWT's signature is checked here, then accounts is asked (GetSession) on every request, with
 * no cache: an ended session, a verified address or a new membership is true at once on every
 * replica. A cookie on an unsafe method must also pass the CSRF checks (auth/csrf.ts).
 */
export function createSessionVerifier(deps: SessionVerifierDeps) {
  const checkToken = createSessionTokenVerifier(deps.publicKeys, deps.clock);
  const verifyToken = async (token: string): Promise<SessionClaims> => {
    try {
      return await checkToken(token);
    } catch {
      throw INVALID();
    }
  };
  const ownOrigin = originOf(deps.baseUrl);
  // Secure always: `__Host-` requires it, and browsers keep Secure cookies from http://localhost too.
  const cookie: CookieOptions = { sameSite: 'Lax', path: '/', secure: true };

  /** The presented token and how; undefined when the request presents none. */
  const presented = (req: Request): { token: string; via: 'bearer' | 'cookie' } | undefined => {
    const header = req.get('authorization');
    if (header !== undefined) {
      const m = /^Bearer ([\x21-\x7e]{1,4096})$/.exec(header);
      if (!m) return undefined;
      if (looksLikeApiKey(m[1]!)) throw AppError.unauthorized('An API key is not a session');
      return { token: m[1]!, via: 'bearer' };
    }
    const value = readCookie(req, SESSION_COOKIE);
    if (value === null) throw INVALID();
    if (value === undefined || value === '') return undefined;
    if (value.length > 4096) throw INVALID();
    return { token: value, via: 'cookie' };
  };

  return {
    /** The request's session, or undefined when it presents none; 401 when invalid, 403 on a CSRF failure. */
    async authenticate(req: Request, requestId: string): Promise<AuthenticatedSession | undefined> {
      const p = presented(req);
      if (!p) return undefined;
      const claims = await verifyToken(p.token);
      if (p.via === 'cookie') assertCsrf(req, claims.csrf, ownOrigin);
      const record = await deps.accounts.GetSession({ session_id: claims.sessionId, user_id: claims.userId }, { requestId });
      const user: SessionUser = {
        id: record.id,
        email: record.email,
        emailVerified: record.email_verified === true,
        memberships: (record.memberships ?? []).map((m) => ({ organizationId: m.organization_id, role: m.role })),
      };
      return { ...claims, via: p.via, user, record };
    },
    /** Only the JWT check (a token accounts has just issued, whose jti is needed). */
    claimsOf: verifyToken,
    /** The CSRF token of a session: a random value accounts signed into its token (`csrf`). */
    csrfToken: (claims: SessionClaims) => claims.csrf,
    /** Sets the session cookie for a new session (Max-Age: the session's remaining life). */
    setCookie(res: Response, token: string, expiresAt: Date): void {
      const seconds = (expiresAt.getTime() - deps.clock.now().getTime()) / 1000;
      res.append('Set-Cookie', cookieHeader(SESSION_COOKIE, token, seconds, cookie));
      res.append('Set-Cookie', markerCookieHeader(SIGNED_IN_COOKIE, true, seconds, cookie));
    },
    clearCookie(res: Response): void {
      res.append('Set-Cookie', cookieHeader(SESSION_COOKIE, '', 0, cookie));
      res.append('Set-Cookie', markerCookieHeader(SIGNED_IN_COOKIE, false, 0, cookie));
    },
  };
}

export type SessionVerifier = ReturnType<typeof createSessionVerifier>;
