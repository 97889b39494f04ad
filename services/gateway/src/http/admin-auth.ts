import type { RequestHandler } from 'express';
import { AppError, clientKey } from '@cred/runtime';
import { operatorActor, type AdminSessions, type Operator } from '../auth/admin-session.js';
import type { failedAttemptLimit } from './rate-limit.js';

/** The Redis key of a client's failed operator tokens: console sign-ins and Bearer tokens count together. */
export const operatorAttemptsKey = (ip: string | undefined) => `admin-session:${clientKey(ip)}`;

/**
 * Platform operators: `Authorization: Bearer <token>`, one of the operators' tokens
 * (PLATFORM_ADMIN_TOKEN, PLATFORM_ADMIN_TOKENS; compared in constant time), or, only when there
 * is no Authorization header, the console's `__Host-admin_session` cookie (with the CSRF checks
 * on unsafe methods: 403). Anything else is 401. A wrong Bearer token counts against the
 * client's failed-attempt limit in Redis (shared by the replicas, with the console's sign-in):
 * past the limit, 429 whatever the token. Who acted goes to the services' audit logs as
 * `res.locals.actor` (`operator`, `operator:<name>`).
 */
export function requirePlatformAdmin(admin: AdminSessions, limited: ReturnType<typeof failedAttemptLimit>): RequestHandler {
  const signedIn = (res: Parameters<RequestHandler>[1], operator: Operator) => {
    res.locals.operator = operator.name;
    res.locals.actor = operatorActor(operator.name);
  };
  return (req, res, next) => {
    const header = req.get('authorization');
    if (header !== undefined) {
      const match = /^Bearer (.+)$/.exec(header);
      limited(res, operatorAttemptsKey(req.ip), async () => {
        const operator = match ? admin.operatorFor(match[1]!) : undefined;
        if (!operator) throw AppError.unauthorized();
        return operator;
      }).then(
        (operator) => {
          signedIn(res, operator);
          next();
        },
        (err: unknown) => next(err),
      );
      return;
    }
    admin.authenticateCookie(req).then(
      (session) => {
        if (!session) {
          next(AppError.unauthorized());
          return;
        }
        signedIn(res, session.operator);
        res.locals.operatorSession = session.sessionId;
        next();
      },
      (err: unknown) => next(err),
    );
  };
}
