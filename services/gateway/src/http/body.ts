import type { Request } from 'express';
import { AppError } from '@cred/runtime';

/**
 * The JSON body as a plain object with only the allowed top-level fields (unknown fields are a
 * 400, so no protected property can be mass-assigned). A missing body reads as {}.
 */
export function bodyOf(req: Request, allowed: readonly string[]): Record<string, unknown> {
  const body: unknown = req.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw AppError.validation('body', 'The body must be a JSON object');
  for (const key of Object.keys(body)) {
    if (!allowed.includes(key)) throw AppError.validation(key, `Unknown field: ${key.slice(0, 64)}`);
  }
  return body as Record<string, unknown>;
}

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
