import type { Clock, SessionTokenInput } from '@cred/runtime';
import { newUuid } from '@cred/runtime';
import type { Knex } from '@cred/db';
import { sessionStore } from '../db/session-store.js';
import { SESSION_TTL_SECONDS } from '../domain/model.js';

/** Signs a session token with accounts' private key (createSessionTokenSigner in @cred/runtime). */
export type SessionTokenSigner = (input: SessionTokenInput) => Promise<string>;

export interface Session {
  token: string;
  expiresAt: Date;
}

/**
 * Starts a session: a `sessions` row whose id is the token's `jti`, then the signed token. The token
 * carries only who (`sub`), which session (`jti`) and its CSRF token: the e-mail, whether it is
 * verified and the memberships change during a session, so consumers ask GetSession for them
 * instead of trusting claims fixed at issue time (and GetSession also says whether the session was
 * ended).
 */
export async function startSession(db: Knex, sign: SessionTokenSigner, clock: Clock, userId: string): Promise<Session> {
  const nowSeconds = Math.floor(clock.now().getTime() / 1000);
  const exp = nowSeconds + SESSION_TTL_SECONDS;
  const id = newUuid();
  const expiresAt = new Date(exp * 1000);
  await sessionStore.insert(db, { id, userId, createdAt: clock.now(), expiresAt, endedAt: null });
  const token = await sign({ userId, sessionId: id, issuedAt: nowSeconds, expiresAt: exp });
  return { token, expiresAt };
}

/**
 * A signed token exactly like startSession's, of a session that is never stored: the answer to a
 * sign-up with an address that already has an account (AuthService.signUp). Every use of it is
 * the 401 of an unknown session.
 */
export async function phantomSession(sign: SessionTokenSigner, clock: Clock, userId: string): Promise<Session> {
  const nowSeconds = Math.floor(clock.now().getTime() / 1000);
  const exp = nowSeconds + SESSION_TTL_SECONDS;
  const token = await sign({ userId, sessionId: newUuid(), issuedAt: nowSeconds, expiresAt: exp });
  return { token, expiresAt: new Date(exp * 1000) };
}
