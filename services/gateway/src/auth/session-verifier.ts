import type { Request, Response } from 'express';
import { jwtVerify } from 'jose';
import { AppError, type Clock } from '@cred/runtime';
import type { PromiseClient } from '@cred/grpc';
import type { AccountsServiceClient } from '@cred/proto';
import { looksLikeApiKey } from './api-key-format.js';
import { assertCsrf, cookieHeader, deriveKey, hmacBase64url, originOf, readCookie, type CookieOptions } from './csrf.js';

/** Must match the accounts service's issuer (services/accounts/src/app/sessions.ts). */
const SESSION_JWT = { alg: 'HS256', typ: 'session+jwt', issuer: 'credentials:accounts', audience: 'credentials:gateway' } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The browser's session cookie (the JWT itself, HttpOnly). */
export const SESSION_COOKIE = 'session';

export interface SessionClaims {
  userId: string;
  /** The JWT's jti: the accounts `sessions` row. */
  sessionId: string;
  expiresAt: Date;
}

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

/**
 * Checks a session JWT (RFC 8725): HS256 only (so `none` and algorithm confusion fail), the
 * session `typ`, issuer and audience, and exp/iat/sub/jti required, against the application
 * clock. Any failure is the same 401. This is only the first half: see createSessionVerifier.
 */
export function createSessionTokenVerifier(secret: string, clock: Clock) {
  const key = new TextEncoder().encode(secret);
  return async function verifyToken(token: string): Promise<SessionClaims> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [SESSION_JWT.alg],
        typ: SESSION_JWT.typ,
        issuer: SESSION_JWT.issuer,
        audience: SESSION_JWT.audience,
        requiredClaims: ['exp', 'iat', 'sub', 'jti'],
        currentDate: clock.now(),
        clockTolerance: 5,
      });
      if (typeof payload.sub !== 'string' || !UUID.test(payload.sub)) throw new Error('bad subject');
      if (typeof payload.jti !== 'string' || !UUID.test(payload.jti)) throw new Error('bad jti');
      return { userId: payload.sub, sessionId: payload.jti, expiresAt: new Date((payload.exp ?? 0) * 1000) };
    } catch {
      throw AppError.unauthorized('Invalid or expired session');
    }
  };
}

export interface SessionVerifierDeps {
  secret: string;
  clock: Clock;
  accounts: Pick<PromiseClient<AccountsServiceClient>, 'GetSession'>;
  baseUrl: string;
}

/**
 * Who a request is signed in as. A session is presented as `Authorization: Bearer <JWT>` (API
 * clients) or, only when there is no Authorization header, as the `session` cookie (browsers).
 * The JWT's signature is checked here, then accounts is asked (GetSession) on every request, with
 * no cache: an ended session, a verified address or a new membership is true at once on every
 * replica. A cookie on an unsafe method must also pass the CSRF checks (auth/csrf.ts).
 */
export function createSessionVerifier(deps: SessionVerifierDeps) {
  const verifyToken = createSessionTokenVerifier(deps.secret, deps.clock);
  const csrfKey = deriveKey(deps.secret, 'csrf:v1');
  const ownOrigin = originOf(deps.baseUrl);
  const cookie: CookieOptions = { sameSite: 'Lax', path: '/', secure: new URL(deps.baseUrl).protocol === 'https:' };
  const csrfToken = (sessionId: string) => hmacBase64url(csrfKey, `csrf:${sessionId}`);

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
    if (value === null) throw AppError.unauthorized('Invalid or expired session');
    if (value === undefined || value === '') return undefined;
    if (value.length > 4096) throw AppError.unauthorized('Invalid or expired session');
    return { token: value, via: 'cookie' };
  };

  return {
    /** The request's session, or undefined when it presents none; 401 when invalid, 403 on a CSRF failure. */
    async authenticate(req: Request, requestId: string): Promise<AuthenticatedSession | undefined> {
      const p = presented(req);
      if (!p) return undefined;
      const claims = await verifyToken(p.token);
      if (p.via === 'cookie') assertCsrf(req, csrfToken(claims.sessionId), ownOrigin);
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
    /** The CSRF token of a session: base64url(HMAC-SHA256(HKDF(SESSION_SECRET, "csrf"), "csrf:" + jti)). */
    csrfToken,
    /** Sets the session cookie for a new session (Max-Age: the session's remaining life). */
    setCookie(res: Response, token: string, expiresAt: Date): void {
      const seconds = (expiresAt.getTime() - deps.clock.now().getTime()) / 1000;
      res.append('Set-Cookie', cookieHeader(SESSION_COOKIE, token, seconds, cookie));
    },
    clearCookie(res: Response): void {
      res.append('Set-Cookie', cookieHeader(SESSION_COOKIE, '', 0, cookie));
    },
  };
}

export type SessionVerifier = ReturnType<typeof createSessionVerifier>;
