import type { Knex } from 'knex';
import {
  assertNoSecrets,
  isAuditAction,
  isAuditActor,
  type AuditAction,
  type AuditDetailValue,
  type AuditEntry,
  type AuditTargetType,
} from './entry.js';
import type { AuditQuery } from './query.js';
import { newAuditEntryId } from './entry-id.js';
import { auditChainHash, lockAuditChain } from './chain.js';

/**
 * Creates `audit_log` in a service's own schema; the service calls it from one of its migrations.
 * Reads are always one organization's newest entries, so the index leads with the organization
 * and keeps the keyset order.
 */
export const auditMigration = {
  async up(knex: Knex, schema: string): Promise<void> {
    await knex.schema.withSchema(schema).createTable('audit_log', (t) => {
      t.uuid('id').primary();
      t.uuid('organization_id').notNullable();
      t.timestamp('occurred_at', { useTz: true }).notNullable();
      t.text('actor').notNullable();
      t.text('action').notNullable();
      t.text('target_type').notNullable();
      t.text('target_id').notNullable();
      t.jsonb('details').notNullable();
      t.text('request_id').nullable();
    });
    await knex.raw('create index audit_log_org_order_idx on ??.audit_log (organization_id, occurred_at desc, id desc)', [schema]);
  },
};

/** An entry to record: the entry without its id, details and request id optional. */
export interface AuditRecord extends Omit<AuditEntry, 'id' | 'details' | 'requestId'> {
  details?: Record<string, AuditDetailValue>;
  requestId?: string | undefined;
}

const REQUEST_ID_RE = /^[\x21-\x7e]{1,200}$/;

/**
 * Records entries inside the caller's transaction, so an action and its entries commit or roll
 * back together, each chained to the log's previous entry (chain.ts: the chain's lock is held
 * until the transaction ends, so audit writes of one service follow each other). Refuses (throws, rolling the action back) an unknown action, a malformed actor
 * or details that look like a secret: a wrong entry is a bug to find in tests, not to store.
 */
export async function recordAudit(
  trx: Knex.Transaction,
  schema: string,
  records: AuditRecord | readonly AuditRecord[],
): Promise<AuditEntry[]> {
  const list = Array.isArray(records) ? (records as readonly AuditRecord[]) : [records as AuditRecord];
  if (list.length === 0) return [];
  const entries = list.map((r): AuditEntry => {
    if (!isAuditAction(r.action)) throw new Error(`unknown audit action: ${String(r.action)}`);
    if (!isAuditActor(r.actor)) throw new Error(`malformed audit actor: ${r.actor}`);
    const details = r.details ?? {};
    assertNoSecrets(details);
    return {
      id: newAuditEntryId(),
      organizationId: r.organizationId,
      occurredAt: r.occurredAt,
      actor: r.actor,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      details,
      requestId: r.requestId && REQUEST_ID_RE.test(r.requestId) ? r.requestId : null,
    };
  });
  // Each entry is chained to the one before it (chain.ts), under the chain's lock until commit.
  let { seq, hash } = await lockAuditChain(trx, schema);
  const rows = entries.map((e) => {
    const row = {
      seq: ++seq,
      id: e.id,
      organization_id: e.organizationId,
      occurred_at: e.occurredAt,
      actor: e.actor,
      action: e.action,
      target_type: e.targetType,
      target_id: e.targetId,
      details: e.details,
      request_id: e.requestId,
    };
    hash = auditChainHash(hash, row);
    return { ...row, details: JSON.stringify(e.details), hash };
  });
  await trx.withSchema(schema).table('audit_log').insert(rows);
  return entries;
}

/** An entry as the `audit_log` table holds it. */
export interface AuditRow {
  id: string;
  organization_id: string;
  occurred_at: Date;
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  details: Record<string, AuditDetailValue>;
  request_id: string | null;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** One organization's entries, newest first, matching the filters; `limit` plus whether more exist. */
export async function listAudit(db: Knex, schema: string, q: AuditQuery): Promise<{ entries: AuditEntry[]; hasMore: boolean }> {
  const query = db.withSchema(schema).table('audit_log').where('organization_id', q.organizationId);
  if (q.action !== undefined) {
    if (q.action.endsWith('.')) query.whereRaw("action like ? escape '\\'", [`${escapeLike(q.action)}%`]);
    else query.where('action', q.action);
  }
  if (q.actor !== undefined) query.where('actor', q.actor);
  if (q.targetId !== undefined) query.where('target_id', q.targetId);
  if (q.from !== undefined) query.where('occurred_at', '>=', q.from);
  if (q.to !== undefined) query.where('occurred_at', '<', q.to);
  if (q.after !== undefined) query.whereRaw('(occurred_at, id) < (?, ?::uuid)', [q.after.occurredAt, q.after.id]);
  const rows = (await query
    .orderBy([
      { column: 'occurred_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(q.limit + 1)
    .select('*')) as AuditRow[];
  const entries = rows.slice(0, q.limit).map((r): AuditEntry => ({
    id: r.id,
    organizationId: r.organization_id,
    occurredAt: r.occurred_at,
    actor: r.actor,
    action: r.action as AuditAction,
    targetType: r.target_type as AuditTargetType,
    targetId: r.target_id,
    details: r.details,
    requestId: r.request_id,
  }));
  return { entries, hasMore: rows.length > q.limit };
}
