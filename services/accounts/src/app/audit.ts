import type { Knex } from '@cred/db';
import { isAuditActor, recordAudit, type AuditRecord } from '@cred/db/audit';
import type { AccountsContext } from './context.js';

/**
 * Who a call acts for and its request id, from the caller's gRPC metadata (`x-actor`,
 * `x-request-id`): the gateway sends the member or API key, the operator console `operator`,
 * billing `provider:stripe`. A call without a well-formed actor is the platform's own (`system`).
 */
export interface Acting {
  actor: string;
  requestId?: string;
}

export const SYSTEM: Acting = { actor: 'system' };

export function acting(meta: { actor?: string; requestId?: string }, fallbackActor?: string): Acting {
  const actor = [meta.actor, fallbackActor].find((a): a is string => typeof a === 'string' && isAuditActor(a)) ?? 'system';
  return { actor, ...(meta.requestId ? { requestId: meta.requestId } : {}) };
}

/**
 * Records accounts' audit entries in the caller's transaction (`@cred/db/audit`): API keys,
 * organization settings, operator actions, plan changes and memberships. The member and
 * invitation operations call this too, with `member.*` / `invitation.*` actions.
 */
export async function audit(
  ctx: Pick<AccountsContext, 'schema' | 'clock'>,
  trx: Knex.Transaction,
  by: Acting,
  record: Omit<AuditRecord, 'actor' | 'occurredAt' | 'requestId'> & { occurredAt?: Date },
): Promise<void> {
  await recordAudit(trx, ctx.schema, {
    ...record,
    occurredAt: record.occurredAt ?? ctx.clock.now(),
    actor: by.actor,
    requestId: by.requestId,
  });
}
