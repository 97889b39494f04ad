import type { IssuanceContext } from '../app/context.js';

/** Bulk issuance RPCs (CreateBulkIssuance, GetBulkIssuance, ListBulkIssuances). */
export function bulkHandlers(_ctx: IssuanceContext): Record<string, (req: never, call: never) => Promise<unknown>> {
  return {};
}
