import { createHash } from 'node:crypto';
import { canonicalJson } from '@cred/runtime';
import type { Knex } from 'knex';

/**
 * The audit log's hash chain (docs/decisions.md "Tamper-evident audit log"). Every row of a
 * service's `audit_log` has its place in the table's one chain (`seq`, 1, 2, 3...) and `hash`:
 * the SHA-256 of the previous row's hash and the row's own canonical content. A row changed,
 * removed or inserted afterwards in SQL no longer yields the hash the next row was chained to,
 * so `verifyAuditChain` finds the first row where the stored chain and the content part ways.
 *
 * Writers append under a transaction-scoped advisory lock of the table (`lockAuditChain`), so
 * two transactions never chain to the same previous row: the chain stays one line, in commit
 * order of the audit writes.
 */

/** The hash the first row is chained to. */
export const AUDIT_CHAIN_START = '0'.repeat(64);

/** A row's content as it is chained: every column but `seq`'s neighbours and `hash` itself. */
export interface ChainedAuditContent {
  seq: number;
  id: string;
  organization_id: string;
  occurred_at: Date;
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  details: unknown;
  request_id: string | null;
}

/** hash(n) = SHA-256(hash(n-1) | canonical content of row n), hex. */
export function auditChainHash(previousHash: string, row: ChainedAuditContent): string {
  const content = canonicalJson([
    Number(row.seq),
    row.id,
    row.organization_id,
    new Date(row.occurred_at).toISOString(),
    row.actor,
    row.action,
    row.target_type,
    row.target_id,
    row.details,
    row.request_id,
  ]);
  return createHash('sha256').update(previousHash, 'utf8').update('\n', 'utf8').update(content, 'utf8').digest('hex');
}

/**
 * Takes the schema's audit chain for the rest of the transaction (released at commit or
 * rollback) and answers where the chain ends: the last row's place and hash.
 */
export async function lockAuditChain(trx: Knex.Transaction, schema: string): Promise<{ seq: number; hash: string }> {
  await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0)) as audit_chain_lock', [`audit_log chain:${schema}`]);
  const last = (await trx.withSchema(schema).table('audit_log').orderBy('seq', 'desc').first('seq', 'hash')) as
    | { seq: string | number; hash: string }
    | undefined;
  return last ? { seq: Number(last.seq), hash: last.hash } : { seq: 0, hash: AUDIT_CHAIN_START };
}

/** The outcome of checking a chain: every row, or the first row that does not hold. */
export type AuditChainCheck =
  | { ok: true; rows: number }
  | { ok: false; rows: number; broken: { seq: number; id: string; reason: 'hash' | 'seq' } };

const VERIFY_PAGE = 1000;

/**
 * Walks the schema's audit log in chain order, recomputing each hash from the previous one.
 * Reports the first row whose stored hash is not what its content and its predecessor give
 * (`hash`: the row, or one before it, was changed, or a row before it was removed or added), or
 * whose place is not the next one (`seq`: a row was removed or put in between). `rows` counts the
 * rows that held. What it cannot see: the newest rows removed together, with nothing after them
 * (docs/decisions.md).
 */
export async function verifyAuditChain(db: Knex, schema: string): Promise<AuditChainCheck> {
  let previous = AUDIT_CHAIN_START;
  let expectedSeq = 1;
  let rows = 0;
  for (;;) {
    const page = (await db
      .withSchema(schema)
      .table('audit_log')
      .where('seq', '>=', expectedSeq)
      .orderBy('seq', 'asc')
      .limit(VERIFY_PAGE)
      .select('*')) as Array<ChainedAuditContent & { seq: string | number; hash: string | null }>;
    for (const row of page) {
      const seq = Number(row.seq);
      if (seq !== expectedSeq) return { ok: false, rows, broken: { seq, id: row.id, reason: 'seq' } };
      const hash = auditChainHash(previous, { ...row, seq });
      if (row.hash !== hash) return { ok: false, rows, broken: { seq, id: row.id, reason: 'hash' } };
      previous = hash;
      expectedSeq++;
      rows++;
    }
    if (page.length < VERIFY_PAGE) return { ok: true, rows };
  }
}

/**
 * Gives an existing `audit_log` its chain (a service's migration): adds `seq` and `hash`, chains
 * the rows already there in the order they were written (occurred_at, then id: the ids of one
 * process sort in writing order), then makes both columns required and `seq` unique.
 */
export const auditChainMigration = {
  async up(knex: Knex, schema: string): Promise<void> {
    await knex.schema.withSchema(schema).alterTable('audit_log', (t) => {
      t.bigInteger('seq').nullable();
      t.text('hash').nullable();
    });
    let previous = AUDIT_CHAIN_START;
    let seq = 0;
    let after: { occurredAt: Date; id: string } | undefined;
    for (;;) {
      const q = knex.withSchema(schema).table('audit_log');
      if (after) q.whereRaw('(occurred_at, id) > (?, ?::uuid)', [after.occurredAt, after.id]);
      const page = (await q
        .orderBy([
          { column: 'occurred_at', order: 'asc' },
          { column: 'id', order: 'asc' },
        ])
        .limit(VERIFY_PAGE)
        .select('*')) as ChainedAuditContent[];
      for (const row of page) {
        seq++;
        previous = auditChainHash(previous, { ...row, seq });
        await knex.withSchema(schema).table('audit_log').where('id', row.id).update({ seq, hash: previous });
      }
      if (page.length < VERIFY_PAGE) break;
      const last = page[page.length - 1]!;
      after = { occurredAt: last.occurred_at, id: last.id };
    }
    await knex.schema.withSchema(schema).alterTable('audit_log', (t) => {
      t.dropNullable('seq');
      t.dropNullable('hash');
      t.unique(['seq'], { indexName: 'audit_log_seq_key' });
    });
  },
};
