import { AppError } from '@cred/runtime';

export const PAGE_MAX_LIMIT = 100;
/** Offsets beyond this are refused rather than scanned (a keyset API would be the answer there). */
export const PAGE_MAX_OFFSET = 1_000_000;

export interface Page {
  limit: number;
  offset: number;
}

/** docs/contract.md "Requests and bodies": limit 1-100 and offset >= 0, integers; no silent clamping. */
export function checkPage(limit: unknown, offset: unknown): Page {
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > PAGE_MAX_LIMIT) {
    throw AppError.validation('limit', `limit must be an integer from 1 to ${PAGE_MAX_LIMIT}`);
  }
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0 || offset > PAGE_MAX_OFFSET) {
    throw AppError.validation('offset', `offset must be an integer from 0 to ${PAGE_MAX_OFFSET}`);
  }
  return { limit, offset };
}
