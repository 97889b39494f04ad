import { SignJWT } from 'jose';
import type { Clock } from '@cred/runtime';
import { newUuid } from '@cred/runtime';
import type { Knex } from '@cred/db';
import { sessionStore } from '../db/session-store.js';
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
 * Starts a session: a `sessions` row whose id is the JWT's `jti`, then the signed JWT. The token
 * carries only who (`sub`) and which session (`jti`): the e-mail, whether it is verified and the
 * memberships change during a session, so consumers ask GetSession for them instead of trusting
 * claims fixed at issue time (and GetSession also says whether the session was ended).
 */
export async function startSession(db: Knex, secret: string, clock: Clock, userId: string): Promise<Session> {
  const nowSeconds = Math.floor(clock.now().getTime() / 1000);
  const exp = nowSeconds + SESSION_TTL_SECONDS;
  const id = newUuid();
  const expiresAt = new Date(exp * 1000);
  await sessionStore.insert(db, { id, userId, createdAt: clock.now(), expiresAt, endedAt: null });
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: SESSION_JWT.alg, typ: SESSION_JWT.typ })
    .setSubject(userId)
    .setIssuer(SESSION_JWT.issuer)
    .setAudience(SESSION_JWT.audience)
    .setIssuedAt(nowSeconds)
    .setNotBefore(nowSeconds)
    .setExpirationTime(exp)
    .setJti(id)
    .sign(new TextEncoder().encode(secret));
  return { token, expiresAt };
}
