import type { RequestHandler } from 'express';
import { AppError } from '@cred/runtime';
import type { AuthenticatedSession, SessionVerifier } from '../auth/session-verifier.js';
import type { Upstreams } from '../upstream/clients.js';
import { pathId, requestIdOf } from './body.js';

/**
 * A session (Bearer JWT, or the `session` cookie with its CSRF checks), checked against accounts
 * on every request. Sets `res.locals.userId`, `res.locals.user` ({id, email, emailVerified,
 * memberships}) as accounts has them now, and `res.locals.session`.
 */
export function requireSession(verify: SessionVerifier): RequestHandler {
  return async (req, res, next) => {
    const session = await verify.authenticate(req, requestIdOf(res));
    if (!session) throw AppError.unauthorized('Missing or invalid session');
    res.locals.userId = session.userId;
    res.locals.user = session.user;
    res.locals.session = session;
    next();
  };
}

/**
 * The signed-in user must belong to the organization in the path. Not a member and no such
 * organization are the same 404, so one organization cannot learn about another's ids. The
 * memberships come with the session (fresh from accounts on this request); without them
 * (a router mounted without requireSession) accounts is asked.
 */
export function requireMembership(upstreams: Upstreams): RequestHandler {
  return async (req, res, next) => {
    const orgId = pathId(req, 'orgId');
    const session = res.locals.session as AuthenticatedSession | undefined;
    let role: string;
    if (session) {
      const membership = session.user.memberships.find((m) => m.organizationId.toLowerCase() === orgId);
      if (!membership) throw AppError.notFound('Organization not found');
      role = membership.role;
    } else {
      const membership = await upstreams.accounts.GetMembership(
        { user_id: String(res.locals.userId), organization_id: orgId },
        { requestId: requestIdOf(res) },
      );
      role = membership.role;
    }
    res.locals.orgId = orgId;
    res.locals.role = role;
    next();
  };
}
