import type { RequestHandler } from 'express';
import { AppError } from '@cred/runtime';
import { looksLikeApiKey } from '../auth/api-key-format.js';
import type { SessionVerifier } from '../auth/session-verifier.js';
import type { Upstreams } from '../upstream/clients.js';
import { bearerToken } from './api-key-auth.js';
import { pathId } from './body.js';

/** `Authorization: Bearer <session JWT>`; an API key is not a session (401). */
export function requireSession(verify: SessionVerifier): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req);
    if (!token || looksLikeApiKey(token)) throw AppError.unauthorized('Missing or invalid session');
    const claims = await verify(token);
    res.locals.userId = claims.userId;
    next();
  };
}

/**
 * The signed-in user must belong to the organization in the path. Not a member and no such
 * organization are the same 404, so one organization cannot learn about another's ids.
 */
export function requireMembership(upstreams: Upstreams): RequestHandler {
  return async (req, res, next) => {
    const orgId = pathId(req, 'orgId');
    const membership = await upstreams.accounts.GetMembership(
      { user_id: String(res.locals.userId), organization_id: orgId },
      { requestId: String(res.locals.requestId ?? '') },
    );
    res.locals.orgId = orgId;
    res.locals.role = membership.role;
    next();
  };
}
