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

export async function issueSession(secret: string, clock: Clock, userId: string): Promise<Session> {
  const nowSeconds = Math.floor(clock.now().getTime() / 1000);
  const exp = nowSeconds + SESSION_TTL_SECONDS;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: SESSION_JWT.alg, typ: SESSION_JWT.typ })
    .setSubject(userId)
    .setIssuer(SESSION_JWT.issuer)
    .setAudience(SESSION_JWT.audience)
    .setIssuedAt(nowSeconds)
    .setNotBefore(nowSeconds)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(secret));
  return { token, expiresAt: new Date(exp * 1000) };
}
