import { rowCodec, type Knex, type RowOf } from '@cred/db';
import { BULK_ROW_RESULTS, type BulkRowResult } from '@cred/proto/bulk-results';

export type BulkStatus = 'queued' | 'running' | 'completed';
export type RowResult = BulkRowResult;
export type FinalResult = Exclude<RowResult, 'pending'>;
export const ROW_RESULTS: readonly RowResult[] = BULK_ROW_RESULTS;

/** A bulk-issuance job with its progress (counters are exact: they move with each row's result). */
export interface BulkJob {
  id: string;
  organizationId: string;
  badgeId: string;
  status: BulkStatus;
  total: number;
  processed: number;
  issued: number;
  renewed: number;
  conflicts: number;
  invalid: number;
  failed: number;
  requestedBy: string | null;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
}

/** One CSV data row and its result. */
export interface BulkRow {
  row: number;
  name: string;
  email: string;
  result: RowResult;
  reason: string | null;
  credentialUuid: string | null;
  credentialId: string | null;
}

/** A row leased by a worker: what it needs to issue it, and the attempt that owns the lease. */
export interface LeasedRow {
  jobId: string;
  organizationId: string;
  badgeId: string;
  row: number;
  name: string;
  email: string;
  /** The attempt number this lease counted; results are only recorded for the current one. */
  attempt: number;
  /** The credential an earlier attempt already issued for this row (found by its mark), if any. */
  earlier: EarlierCredential | null;
  /** Who started the job (`user:<id>` for a member; the job stops when they may no longer issue). */
  requestedBy: string | null;
  /** Until when the lease holds (application clock), as leased or last renewed. */
  leasedUntil: Date;
}

export interface NewBulkRow {
  row: number;
  name: string;
  email: string;
  /** Null for a row that is invalid from the start (it is stored with its final result). */
  emailKey: string | null;
  invalidReason: string | null;
}

/** The job's columns are its fields (packages/db rows.ts). */
const jobColumns = rowCodec<BulkJob>()([
  'id',
  'organizationId',
  'badgeId',
  'status',
  'total',
  'processed',
  'issued',
  'renewed',
  'conflicts',
  'invalid',
  'failed',
  'requestedBy',
  'createdAt',
  'startedAt',
  'completedAt',
]);
type JobRow = RowOf<BulkJob> & {
  updated_at: Date;
  idempotency_key?: string | null;
  idempotency_request_hash?: string | null;
};
const toJob = (r: JobRow): BulkJob => jobColumns.fromRow(r);

interface RowRow {
  job_id: string;
  row_no: number;
  name: string;
  email: string;
  email_key: string | null;
  result: RowResult;
  reason: string | null;
  credential_uuid: string | null;
  credential_id: string | null;
  attempts: number;
  next_attempt_at: Date;
  leased_until: Date | null;
  last_error: string | null;
  processed_at: Date | null;
}

function toRow(r: Pick<RowRow, 'row_no' | 'name' | 'email' | 'result' | 'reason' | 'credential_uuid' | 'credential_id'>): BulkRow {
  return {
    row: r.row_no,
    name: r.name,
    email: r.email,
    result: r.result,
    reason: r.reason,
    credentialUuid: r.credential_uuid,
    credentialId: r.credential_id,
  };
}

/** The counter column each final result moves. */
const COUNTER: Record<FinalResult, 'issued' | 'renewed' | 'conflicts' | 'invalid' | 'failed'> = {
  issued: 'issued',
  renewed: 'renewed',
  conflict: 'conflicts',
  invalid: 'invalid',
  failed: 'failed',
};

/** Rows per INSERT statement (9 parameters each, well under PostgreSQL's 65,535). */
const INSERT_CHUNK = 1000;
const REASON_MAX = 500;
/** Uploads of at least this many rows refresh the rows table's statistics (insertJob). */
const ANALYZE_AFTER_ROWS = 1000;

/** A credential a bulk row already issued (found by its mark). */
export interface EarlierCredential {
  id: string;
  credentialId: string;
  supersedesCredentialId: string | null;
}

/** A row's final result as recorded. */
export interface RecordedOutcome {
  result: FinalResult;
  reason: string | null;
  credentialUuid: string | null;
  credentialId: string | null;
}

/**
 * The statement of leaseRows (below). Each leased row's credential, if a crash left one behind,
 * is looked up by its mark in `credentials_bulk_row_idx` (the literal `LIKE` is that index's
 * predicate). `LATERAL` with `LIMIT 1` makes it one lookup per leased row: as a plain join, with
 * statistics taken before the job's credentials existed (as between automatic analyses during a
 * job), PostgreSQL planned it as a read of every bulk credential per leased row, a cost that grew
 * with the job (ADR 0005). Exported with its bindings for the plan test.
 */
export const LEASE_ROWS_SQL = `WITH picked AS (
         SELECT r.job_id, r.row_no FROM bulk_issuance_rows r
         WHERE r.result = 'pending' AND r.next_attempt_at <= ? AND (r.leased_until IS NULL OR r.leased_until < ?)
           AND NOT EXISTS (
             SELECT 1 FROM bulk_issuance_rows p
             WHERE p.job_id = r.job_id AND p.email_key = r.email_key AND p.row_no < r.row_no AND p.result = 'pending')
         ORDER BY r.row_no, r.job_id
         LIMIT ?
         FOR UPDATE OF r SKIP LOCKED
       ), leased AS (
         UPDATE bulk_issuance_rows r SET leased_until = ?, attempts = r.attempts + 1
         FROM picked WHERE r.job_id = picked.job_id AND r.row_no = picked.row_no
         RETURNING r.job_id, r.row_no, r.name, r.email, r.attempts
       ), started AS (
         UPDATE bulk_issuances j SET status = 'running', started_at = ?, updated_at = ?
         WHERE j.id IN (SELECT job_id FROM leased) AND j.status = 'queued'
       )
       SELECT l.*, j.organization_id, j.badge_id, j.requested_by,
              c.id AS earlier_id, c.credential_id AS earlier_credential_id, c.supersedes_credential_id AS earlier_supersedes
         FROM leased l JOIN bulk_issuances j ON j.id = l.job_id
         LEFT JOIN LATERAL (
           SELECT c.id, c.credential_id, c.supersedes_credential_id FROM credentials c
           WHERE c.issued_by = 'bulk:' || l.job_id || ':' || l.row_no AND c.issued_by LIKE 'bulk:%'
           LIMIT 1) c ON true
       ORDER BY l.row_no, l.job_id`;

export function leaseRowsBindings(now: Date, until: Date, limit: number): Knex.RawBinding[] {
  return [now, now, limit, until, now, now];
}

/** The only SQL on bulk_issuances and bulk_issuance_rows (and the bulk rows' credentials lookup). */
export const bulkStore = {
  /** The job an Idempotency-Key binds (created at or after `since`), with the hash of its request. */
  async findByIdempotencyKey(
    db: Knex,
    organizationId: string,
    key: string,
    since: Date,
  ): Promise<{ job: BulkJob; requestHash: string } | undefined> {
    const r = await db<JobRow>('bulk_issuances')
      .where({ organization_id: organizationId, idempotency_key: key })
      .where('created_at', '>=', since)
      .first();
    return r ? { job: toJob(r as JobRow), requestHash: String(r.idempotency_request_hash ?? '') } : undefined;
  },

  /** Unbinds a key from a job older than the retention, so a new upload can take it. */
  async releaseIdempotencyKey(trx: Knex.Transaction, organizationId: string, key: string, createdBefore: Date): Promise<void> {
    await trx<JobRow>('bulk_issuances')
      .where({ organization_id: organizationId, idempotency_key: key })
      .where('created_at', '<', createdBefore)
      .update({ idempotency_key: null });
  },

  /**
   * Stores a job and all its rows in the caller's transaction. Rows found invalid on upload are
   * stored with their final result and counted; if that is every row the job is complete at once.
   */
  async insertJob(
    trx: Knex.Transaction,
    job: BulkJob,
    rows: readonly NewBulkRow[],
    now: Date,
    idempotency?: { key: string; requestHash: string },
  ): Promise<void> {
    await trx<JobRow>('bulk_issuances').insert({
      ...jobColumns.toRow(job),
      ...(idempotency ? { idempotency_key: idempotency.key, idempotency_request_hash: idempotency.requestHash } : {}),
      updated_at: now,
    });
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await trx<RowRow>('bulk_issuance_rows').insert(
        rows.slice(i, i + INSERT_CHUNK).map((r) => ({
          job_id: job.id,
          row_no: r.row,
          name: r.name,
          email: r.email,
          email_key: r.invalidReason === null ? r.emailKey : null,
          result: r.invalidReason === null ? 'pending' : 'invalid',
          reason: r.invalidReason === null ? null : r.invalidReason.slice(0, REASON_MAX),
          next_attempt_at: now,
          processed_at: r.invalidReason === null ? null : now,
        })),
      );
    }
    // A large upload changes the table at once. Planned on statistics that predate it, the
    // lease's probe for an earlier pending row of the same recipient went through
    // bulk_issuance_rows_result_idx and read every pending row of the job for each row leased
    // (a minute per lease at 10,000 rows, until autovacuum came by). ANALYZE in this transaction
    // counts the new rows, and the statistics commit with them, before any worker sees them.
    if (rows.length >= ANALYZE_AFTER_ROWS) await trx.raw('ANALYZE bulk_issuance_rows');
  },

  async findJob(db: Knex, organizationId: string, id: string): Promise<BulkJob | undefined> {
    const r = await db<JobRow>('bulk_issuances').where({ id, organization_id: organizationId }).first();
    return r ? toJob(r as JobRow) : undefined;
  },

  /** Newest first (created_at, then id, descending). */
  async listJobs(db: Knex, organizationId: string, page: { limit: number; offset: number }): Promise<{ items: BulkJob[]; total: number }> {
    const [rows, count] = await Promise.all([
      db<JobRow>('bulk_issuances')
        .where({ organization_id: organizationId })
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(page.limit)
        .offset(page.offset),
      db('bulk_issuances').where({ organization_id: organizationId }).count<{ count: number }[]>({ count: '*' }),
    ]);
    return { items: (rows as JobRow[]).map(toJob), total: Number(count[0]?.count ?? 0) };
  },

  /** A page of a job's rows in CSV order, optionally only those with one result. */
  async listRows(db: Knex, jobId: string, q: { limit: number; offset: number; result?: RowResult }): Promise<BulkRow[]> {
    if (q.limit === 0) return [];
    let query = db<RowRow>('bulk_issuance_rows')
      .where({ job_id: jobId })
      .orderBy('row_no', 'asc')
      .limit(q.limit)
      .offset(q.offset)
      .select('row_no', 'name', 'email', 'result', 'reason', 'credential_uuid', 'credential_id');
    if (q.result) query = query.andWhere({ result: q.result });
    return ((await query) as RowRow[]).map(toRow);
  },

  /** Rows of every job still waiting to be issued (the partial pending index answers it). */
  async pendingRowCount(db: Knex): Promise<number> {
    const r = await db('bulk_issuance_rows').where({ result: 'pending' }).count<{ n: string | number }[]>('* as n');
    return Number(r[0]?.n ?? 0);
  },

  /**
   * Leases up to `limit` due pending rows for `leaseMs` (FOR UPDATE SKIP LOCKED: replicas share
   * the work without waiting on each other) and counts the attempt. Rows go in row order across
   * jobs, so concurrent jobs advance side by side. A row whose recipient has an earlier row of
   * the same job still pending waits for it: duplicates are issued in CSV order, each under the
   * rules as they stand after the previous one. Jobs of the leased rows become `running`.
   *
   * Each row comes with the credential an earlier attempt already issued for it (its mark
   * `bulk:<job>:<row>` as `issued_by`), so that after a crash between the issue and the
   * recording of its result the row is recorded, not issued again. The repeated
   * `LIKE 'bulk:%'` (a literal) is the predicate of the partial index credentials_bulk_row_idx:
   * without it PostgreSQL cannot tell that the lookup stays within that index and reads every
   * credential of the table (12.7 ms per lease at 7,000 credentials).
   */
  async leaseRows(db: Knex, now: Date, leaseMs: number, limit: number): Promise<LeasedRow[]> {
    const until = new Date(now.getTime() + leaseMs);
    const r = await db.raw<{
      rows: Array<{
        job_id: string;
        row_no: number;
        name: string;
        email: string;
        attempts: number;
        organization_id: string;
        badge_id: string;
        requested_by: string | null;
        earlier_id: string | null;
        earlier_credential_id: string | null;
        earlier_supersedes: string | null;
      }>;
    }>(LEASE_ROWS_SQL, leaseRowsBindings(now, until, limit));
    return r.rows.map((x) => ({
      jobId: x.job_id,
      organizationId: x.organization_id,
      badgeId: x.badge_id,
      row: x.row_no,
      name: x.name,
      email: x.email,
      attempt: x.attempts,
      leasedUntil: until,
      requestedBy: x.requested_by,
      earlier:
        x.earlier_id === null
          ? null
          : { id: x.earlier_id, credentialId: x.earlier_credential_id!, supersedesCredentialId: x.earlier_supersedes },
    }));
  },

  /**
   * Records leased rows' final results and moves their jobs' counters, in the caller's
   * transaction: one statement for the rows and one per job, whatever their number. Only a
   * lease's own attempt may record (a lapsed lease taken over by another worker records
   * nothing). Returns, in the order given, whether each was recorded, and every job that moved
   * after the change (`completed` when its last row was among these).
   */
  async recordResults(
    trx: Knex.Transaction,
    results: ReadonlyArray<{ row: Pick<LeasedRow, 'jobId' | 'row' | 'attempt'>; outcome: RecordedOutcome }>,
    now: Date,
  ): Promise<{ recorded: boolean[]; jobs: BulkJob[] }> {
    if (results.length === 0) return { recorded: [], jobs: [] };
    // unnest of arrays, not a JSON record set: the planner knows how many rows unnest gives (a
    // record set counts as 100) and so looks each one up by the primary key; on the guess of 100
    // it hashed them and read every pending row of the table per batch (1.6 ms at 5,000 pending).
    const column = <T>(f: (r: (typeof results)[number]) => T) => results.map(f);
    // pg sends a null element as NULL; knex's binding types only know arrays without nulls.
    const nullable = (f: (r: (typeof results)[number]) => string | null) => column(f) as string[];
    const updated = await trx.raw<{ rows: Array<{ job_id: string; row_no: number; result: FinalResult }> }>(
      `UPDATE bulk_issuance_rows r SET
         result = v.result, reason = v.reason, credential_uuid = v.credential_uuid, credential_id = v.credential_id,
         leased_until = NULL, processed_at = ?
       FROM unnest(?::uuid[], ?::integer[], ?::integer[], ?::text[], ?::text[], ?::uuid[], ?::text[])
         AS v(job_id, row_no, attempts, result, reason, credential_uuid, credential_id)
       WHERE r.job_id = v.job_id AND r.row_no = v.row_no AND r.result = 'pending' AND r.attempts = v.attempts
       RETURNING r.job_id, r.row_no, r.result`,
      [
        now,
        column((x) => x.row.jobId),
        column((x) => x.row.row),
        column((x) => x.row.attempt),
        column((x) => x.outcome.result),
        nullable((x) => (x.outcome.reason === null ? null : x.outcome.reason.slice(0, REASON_MAX))),
        nullable((x) => x.outcome.credentialUuid),
        nullable((x) => x.outcome.credentialId),
      ],
    );
    const done = new Set(updated.rows.map((r) => `${r.job_id}:${r.row_no}`));
    const moves = new Map<string, Record<(typeof COUNTER)[FinalResult], number>>();
    for (const r of updated.rows) {
      const m = moves.get(r.job_id) ?? { issued: 0, renewed: 0, conflicts: 0, invalid: 0, failed: 0 };
      m[COUNTER[r.result]] += 1;
      moves.set(r.job_id, m);
    }
    const jobs: BulkJob[] = [];
    for (const [jobId, m] of [...moves].sort(([a], [b]) => a.localeCompare(b))) {
      const n = m.issued + m.renewed + m.conflicts + m.invalid + m.failed;
      const r = await trx.raw<{ rows: JobRow[] }>(
        `UPDATE bulk_issuances SET
           processed = processed + ?,
           issued = issued + ?, renewed = renewed + ?, conflicts = conflicts + ?, invalid = invalid + ?, failed = failed + ?,
           status = CASE WHEN processed + ? = total THEN 'completed' ELSE status END,
           completed_at = CASE WHEN processed + ? = total THEN ? ELSE completed_at END,
           started_at = COALESCE(started_at, ?),
           updated_at = ?
         WHERE id = ? RETURNING *`,
        [n, m.issued, m.renewed, m.conflicts, m.invalid, m.failed, n, n, now, now, now, jobId],
      );
      jobs.push(toJob(r.rows[0]!));
    }
    return { recorded: results.map(({ row }) => done.has(`${row.jobId}:${row.row}`)), jobs };
  },

  /**
   * Extends the leases a worker still holds (each row's own attempt, still pending) to `until`,
   * in one statement; returns the keys `<job>:<row>` it extended. A row missing from the answer
   * was recorded, or its lease lapsed and another worker took it: the caller lets it go.
   */
  async renewLeases(db: Knex, rows: ReadonlyArray<Pick<LeasedRow, 'jobId' | 'row' | 'attempt'>>, until: Date): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const r = await db.raw<{ rows: Array<{ job_id: string; row_no: number }> }>(
      `UPDATE bulk_issuance_rows r SET leased_until = ?
       FROM unnest(?::uuid[], ?::integer[], ?::integer[]) AS v(job_id, row_no, attempts)
       WHERE r.job_id = v.job_id AND r.row_no = v.row_no AND r.result = 'pending' AND r.attempts = v.attempts
       RETURNING r.job_id, r.row_no`,
      [until, rows.map((x) => x.jobId), rows.map((x) => x.row), rows.map((x) => x.attempt)],
    );
    return new Set(r.rows.map((x) => `${x.job_id}:${x.row_no}`));
  },

  /**
   * Gives back leased rows a worker never started (it is stopping): the lease ends now and the
   * attempt it counted is taken back, since nothing was tried. Only the lease's own attempt of a
   * pending row is released. Returns how many were.
   */
  async releaseRows(db: Knex, rows: ReadonlyArray<Pick<LeasedRow, 'jobId' | 'row' | 'attempt'>>): Promise<number> {
    if (rows.length === 0) return 0;
    const r = await db.raw<{ rowCount: number }>(
      `UPDATE bulk_issuance_rows r SET leased_until = NULL, attempts = r.attempts - 1
       FROM unnest(?::uuid[], ?::integer[], ?::integer[]) AS v(job_id, row_no, attempts)
       WHERE r.job_id = v.job_id AND r.row_no = v.row_no AND r.result = 'pending' AND r.attempts = v.attempts`,
      [rows.map((x) => x.jobId), rows.map((x) => x.row), rows.map((x) => x.attempt)],
    );
    return r.rowCount;
  },

  /** A transient failure: the row waits until `at` (the lease is released). */
  async scheduleRetry(db: Knex, row: Pick<LeasedRow, 'jobId' | 'row' | 'attempt'>, at: Date, error: string): Promise<boolean> {
    const n = await db<RowRow>('bulk_issuance_rows')
      .where({ job_id: row.jobId, row_no: row.row, result: 'pending', attempts: row.attempt })
      .update({ next_attempt_at: at, leased_until: null, last_error: error.slice(0, REASON_MAX) });
    return n > 0;
  },
};
