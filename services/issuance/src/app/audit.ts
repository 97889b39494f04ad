import type { Knex } from '@cred/db';
import { isAuditActor, recordAudit, type AuditRecord } from '@cred/db/audit';
import type { CallMeta } from './context.js';

/**
 * The first of the candidates that names an actor the audit log accepts (a `revoked_by` or
 * `requested_by` field of the request, then the caller's `x-actor` metadata); `system` when none
 * does (the expiry sweeper, a bulk job's worker: the job's own entry names who started it).
 */
export function auditActor(...candidates: Array<string | null | undefined>): string {
  for (const c of candidates) if (c && isAuditActor(c)) return c;
  return 'system';
}

/** Records issuance's audit entries in the action's transaction (`@cred/db/audit`). */
export async function audit(
  trx: Knex.Transaction,
  schema: string,
  meta: CallMeta,
  records: Omit<AuditRecord, 'requestId'> | ReadonlyArray<Omit<AuditRecord, 'requestId'>>,
): Promise<void> {
  const list = Array.isArray(records) ? records : [records as Omit<AuditRecord, 'requestId'>];
  await recordAudit(
    trx,
    schema,
    list.map((r) => ({ ...r, requestId: meta.requestId })),
  );
}
