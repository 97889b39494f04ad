import { AppError, createSessionTokenVerifier, type Clock } from '@cred/runtime';
import type { PromiseClient } from '@cred/grpc';
import type { AccountsServiceClient } from '@cred/proto';

const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export interface RecipientSession {
  userId: string;
  /** Lower-cased, and only ever an address accounts says is verified, now. */
  email: string;
}

/** The request headers a session can come in (node's IncomingHttpHeaders fits). */
export interface SessionHeaders {
  authorization?: string | undefined;
  cookie?: string | undefined;
}

export type RecipientSessionReader = (headers: SessionHeaders) => Promise<RecipientSession | null>;

/** The gateway's session cookie (services/gateway/src/auth/session-verifier.ts SESSION_COOKIE). */
const SESSION_COOKIE = '__Host-session';

/**
 * The session token of a request: `Authorization: Bearer <JWT>`, or, only when there is no
 * Authorization header, the browser's `__Host-session` cookie (the gateway's rule). A cookie sent more
 * than once is ambiguous and counts as none.
 */
function presentedToken(headers: SessionHeaders): string | undefined {
  if (headers.authorization !== undefined) {
    const m = /^Bearer (\S+)$/.exec(headers.authorization);
    return m?.[1];
  }
  let found: string | undefined;
  for (const part of (headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    if (found !== undefined) return undefined;
    found = part.slice(eq + 1).trim();
  }
  return found;
}

/**
 * Who is asking for a private credential (docs/contract.md "Recipients and privacy"). A recipient owns a credential
 * when their session's account has the credential's e-mail, verified: otherwise anyone could sign
 * up with a recipient's address and read their private credentials. After the JWT's signature,
 * accounts is asked (GetSession) for the account as it is now, so an ended session stops working
 * and a newly verified address starts working at once. A missing, malformed, expired, ended or
 * foreign session is simply "nobody": public surfaces answer 403 for private credentials, never
 * 401. Accounts unreachable is not "nobody": the error (503) goes to the caller.
 */
export function createRecipientSessionReader(
  publicKeys: string,
  clock: Clock,
  accounts: Pick<PromiseClient<AccountsServiceClient>, 'GetSession'>,
): RecipientSessionReader {
  const verifyToken = createSessionTokenVerifier(publicKeys, clock);
  return async (headers) => {
    const token = presentedToken(headers);
    if (!token || token.length > 4096 || !JWT.test(token)) return null;
    let userId: string;
    let sessionId: string;
    try {
      ({ userId, sessionId } = await verifyToken(token));
    } catch {
      return null;
    }
    let user;
    try {
      user = await accounts.GetSession({ session_id: sessionId, user_id: userId });
    } catch (err) {
      if (err instanceof AppError && err.code === 'UNAUTHORIZED') return null;
      throw err;
    }
    if (user.email_verified !== true || typeof user.email !== 'string' || user.email === '') return null;
    return { userId, email: user.email.trim().toLowerCase() };
  };
}
