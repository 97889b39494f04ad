import { jwtVerify } from 'jose';
import { AppError, type Clock } from '@cred/runtime';

/** Must match the accounts service's issuer (services/accounts/src/app/sessions.ts). */
const SESSION_JWT = { alg: 'HS256', typ: 'session+jwt', issuer: 'credentials:accounts', audience: 'credentials:gateway' } as const;

export interface SessionClaims {
  userId: string;
  expiresAt: Date;
  /** The account's e-mail and whether it was verified when the session was issued (recipient routes). */
  email: string | null;
  emailVerified: boolean;
}

/**
 * Verifies a session JWT (RFC 8725): HS256 only (so `none` and algorithm confusion fail), the
 * session `typ`, issuer and audience, and exp/iat/sub required, against the application clock.
 * Any failure is the same 401.
 */
export function createSessionVerifier(secret: string, clock: Clock) {
  const key = new TextEncoder().encode(secret);
  return async function verifySession(token: string): Promise<SessionClaims> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [SESSION_JWT.alg],
        typ: SESSION_JWT.typ,
        issuer: SESSION_JWT.issuer,
        audience: SESSION_JWT.audience,
        requiredClaims: ['exp', 'iat', 'sub'],
        currentDate: clock.now(),
        clockTolerance: 5,
      });
      if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new Error('no subject');
      return {
        userId: payload.sub,
        expiresAt: new Date((payload.exp ?? 0) * 1000),
        email: typeof payload.email === 'string' ? payload.email : null,
        emailVerified: payload.email_verified === true,
      };
    } catch {
      throw AppError.unauthorized('Invalid or expired session');
    }
  };
}

export type SessionVerifier = ReturnType<typeof createSessionVerifier>;
