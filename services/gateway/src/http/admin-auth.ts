import type { RequestHandler } from 'express';
import { AppError } from '@cred/runtime';
import type { AdminSessions } from '../auth/admin-session.js';

/**
 * Platform operators: `Authorization: Bearer <PLATFORM_ADMIN_TOKEN>` (compared in constant time),
 * or, only when there is no Authorization header, the console's `admin_session` cookie (with the
 * CSRF checks on unsafe methods: 403). Anything else is 401.
 */
export function requirePlatformAdmin(admin: AdminSessions): RequestHandler {
  return (req, _res, next) => {
    const header = req.get('authorization');
    if (header !== undefined) {
      const match = /^Bearer (.+)$/.exec(header);
      next(match && admin.tokenMatches(match[1]!) ? undefined : AppError.unauthorized());
      return;
    }
    admin.authenticateCookie(req).then(
      (ok) => next(ok ? undefined : AppError.unauthorized()),
      (err: unknown) => next(err),
    );
  };
}
