import type { RequestHandler } from 'express';
import { SINGLE_HEADERS, singleHeaderProblem } from '@cred/runtime';

/** The express form of @cred/runtime's singleHeaderProblem (repeated Authorization, Content-Type or Host; no Host). */
export function singleHeaders(names: readonly string[] = SINGLE_HEADERS): RequestHandler {
  return (req, _res, next) => {
    next(singleHeaderProblem(req, names));
  };
}
