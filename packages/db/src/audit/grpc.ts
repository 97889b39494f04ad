import type { Knex } from 'knex';
import type { AuditEntry } from './entry.js';
import { listAudit } from './store.js';
import {
  AuditQueryError,
  checkAuditAction,
  checkAuditActor,
  checkAuditInstant,
  checkAuditLimit,
  checkAuditOrganization,
  checkAuditTargetId,
  type AuditQuery,
} from './query.js';

/** credentials.audit.v1.AuditEntry as the loader hands it over (keepCase, no generated import: this package knows no proto). */
export interface AuditEntryMessage {
  id: string;
  organization_id: string;
  occurred_at: string;
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  details_json: string;
  request_id: string;
}

export interface ListAuditEntriesMessage {
  organization_id: string;
  action: string;
  actor: string;
  target_id: string;
  from: string;
  to: string;
  after_occurred_at: string;
  after_id: string;
  limit: number;
}

export function auditEntryToMessage(e: AuditEntry): AuditEntryMessage {
  return {
    id: e.id,
    organization_id: e.organizationId,
    occurred_at: e.occurredAt.toISOString(),
    actor: e.actor,
    action: e.action,
    target_type: e.targetType,
    target_id: e.targetId,
    details_json: JSON.stringify(e.details),
    request_id: e.requestId ?? '',
  };
}

/** The query a ListAuditEntries request asks for, checked again here (the gateway is not the only possible caller). */
export function auditQueryFromMessage(m: ListAuditEntriesMessage): AuditQuery {
  const q: AuditQuery = { organizationId: checkAuditOrganization(m.organization_id), limit: checkAuditLimit(m.limit) };
  if (m.action) q.action = checkAuditAction(m.action);
  if (m.actor) q.actor = checkAuditActor(m.actor);
  if (m.target_id) q.targetId = checkAuditTargetId(m.target_id);
  if (m.from) q.from = checkAuditInstant(m.from, 'from');
  if (m.to) q.to = checkAuditInstant(m.to, 'to');
  if (m.after_occurred_at || m.after_id) {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(m.after_id))
      throw new AuditQueryError('cursor', 'after_id must be a UUID');
    q.after = { occurredAt: checkAuditInstant(m.after_occurred_at, 'cursor'), id: m.after_id };
  }
  return q;
}

/**
 * The ListAuditEntries handler of a service that keeps an audit log in `schema`. `toError` turns
 * a bad filter into the service's validation error (AppError lives in @cred/runtime, which this
 * package does not know about).
 */
export function listAuditEntriesHandler(db: Knex, schema: string, toError: (field: string, message: string) => Error) {
  return async (request: ListAuditEntriesMessage): Promise<{ entries: AuditEntryMessage[]; has_more: boolean }> => {
    let query: AuditQuery;
    try {
      query = auditQueryFromMessage(request);
    } catch (err) {
      if (err instanceof AuditQueryError) throw toError(err.field, err.message);
      throw err;
    }
    const page = await listAudit(db, schema, query);
    return { entries: page.entries.map(auditEntryToMessage), has_more: page.hasMore };
  };
}

/** The request id and actor a caller sent as gRPC metadata (`x-request-id`, `x-actor`; @cred/grpc's client sets both). */
export function auditCallMeta(call: { metadata: { get(key: string): unknown[] } } | undefined): { requestId?: string; actor?: string } {
  if (!call) return {};
  const requestId = call.metadata.get('x-request-id')[0];
  const actor = call.metadata.get('x-actor')[0];
  return {
    ...(typeof requestId === 'string' ? { requestId } : {}),
    ...(typeof actor === 'string' ? { actor } : {}),
  };
}
