import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { AppError } from '@cred/runtime';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Platform operators: `Authorization: Bearer <PLATFORM_ADMIN_TOKEN>`, compared in constant time. */
export function requirePlatformAdmin(adminToken: string): RequestHandler {
  const expected = digest(adminToken);
  return (req, _res, next) => {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer (.+)$/.exec(header);
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      next(AppError.unauthorized());
      return;
    }
    next();
  };
}
