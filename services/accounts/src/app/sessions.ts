import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Clock } from '@cred/runtime';
import { SESSION_TTL_SECONDS } from '../domain/model.js';

/**
 * Session JWT claims, shared by contract with the gateway's verifier (RFC 8725: explicit
 * algorithm, typ, issuer and audience, so no other JWT can pass for a session).
 */
export const SESSION_JWT = {
  alg: 'HS256',
  typ: 'session+jwt',
  issuer: 'credentials:accounts',
  audience: 'credentials:gateway',
} as const;

export interface Session {
  token: string;
  expiresAt: Date;
}

/**
 * The e-mail and whether it is verified travel in the session, so services that answer
 * recipients (a private credential's owner) can match them without calling accounts. An
 * unverified address proves nothing: consumers must require `email_verified: true`.
 */
export interface SessionSubject {
  userId: string;
  email: string;
  emailVerified: boolean;
}

export async function issueSession(secret: string, clock: Clock, subject: SessionSubject): Promise<Session> {
  const nowSeconds = Math.floor(clock.now().getTime() / 1000);
  const exp = nowSeconds + SESSION_TTL_SECONDS;
  const token = await new SignJWT({ email: subject.email, email_verified: subject.emailVerified })
    .setProtectedHeader({ alg: SESSION_JWT.alg, typ: SESSION_JWT.typ })
    .setSubject(subject.userId)
    .setIssuer(SESSION_JWT.issuer)
    .setAudience(SESSION_JWT.audience)
    .setIssuedAt(nowSeconds)
    .setNotBefore(nowSeconds)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(secret));
  return { token, expiresAt: new Date(exp * 1000) };
}
