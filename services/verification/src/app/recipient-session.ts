import { jwtVerify } from 'jose';
import type { Clock } from '@cred/runtime';

/**
 * The session JWT contract of accounts (services/accounts/src/app/sessions.ts, SESSION_JWT),
 * restated here because services never import each other.
 */
const SESSION_JWT = {
  alg: 'HS256',
  typ: 'session+jwt',
  issuer: 'credentials:accounts',
  audience: 'credentials:gateway',
} as const;

export interface RecipientSession {
  userId: string;
  /** Lower-cased, and only ever from a session whose address accounts has verified. */
  email: string;
}

export type RecipientSessionReader = (authorization: string | undefined) => Promise<RecipientSession | null>;

/**
 * Who is asking for a private credential (DECISIONS.md section 4). A recipient owns a credential
 * when their session carries the credential's e-mail. Only a verified address counts
 * (`email_verified: true`), otherwise anyone could sign up with a recipient's address and read
 * their private credentials. A missing, malformed, expired or foreign token is simply "nobody":
 * public surfaces answer 403 for private credentials, never 401.
 */
export function createRecipientSessionReader(secret: string, clock: Clock): RecipientSessionReader {
  const key = new TextEncoder().encode(secret);
  return async (authorization) => {
    if (!authorization) return null;
    const m = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(authorization);
    if (!m || m[1]!.length > 4096) return null;
    try {
      const { payload } = await jwtVerify(m[1]!, key, {
        algorithms: [SESSION_JWT.alg],
        typ: SESSION_JWT.typ,
        issuer: SESSION_JWT.issuer,
        audience: SESSION_JWT.audience,
        requiredClaims: ['exp', 'iat', 'sub', 'email'],
        currentDate: clock.now(),
        clockTolerance: 5,
      });
      if (typeof payload.sub !== 'string' || payload.sub === '') return null;
      if (typeof payload['email'] !== 'string' || payload['email_verified'] !== true) return null;
      return { userId: payload.sub, email: payload['email'].trim().toLowerCase() };
    } catch {
      return null;
    }
  };
}
