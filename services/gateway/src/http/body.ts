import type { Request } from 'express';
import { AppError } from '@cred/runtime';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not a UUID names nothing: 404, like any id of another organization. */
export function pathId(req: Request, name: string): string {
  const v = String(req.params[name] ?? '');
  if (!UUID.test(v)) throw AppError.notFound('Resource not found');
  return v.toLowerCase();
}

export function requestIdOf(res: { locals: Record<string, unknown> }): string {
  return String(res.locals.requestId ?? '');
}
