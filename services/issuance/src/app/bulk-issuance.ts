import { createHash } from 'node:crypto';
import { writeOutbox, type DomainEvent } from '@cred/events';
import { newEvent, type EventInput } from '@cred/event-contracts';
import { AppError, BackgroundLoop, Counter, doublingDelay, Gauge, Histogram, newUuid, type Clock, type Logger, type Registry } from '@cred/runtime';
import { badgeStore } from '../db/badge-store.js';
import {
  bulkStore,
  ROW_RESULTS,
  type BulkJob,
  type BulkRow,
  type FinalResult,
  type LeasedRow,
  type NewBulkRow,
  type RecordedOutcome,
  type RowResult,
} from '../db/bulk-store.js';
import { signingKeyStore } from '../db/signing-key-store.js';
import { issueStore } from '../db/issue-store.js';
import type { Badge } from '../domain/badge.js';
import { checkRecipientRecord, parseRecipientsCsv, type RecipientRow } from '../domain/csv.js';
import { previewBulkRows, type PreviewOutcome, type PreviewRow } from '../domain/lifecycle.js';
import { checkPage, PAGE_MAX_OFFSET } from '../domain/page.js';
import { checkUuid } from '../domain/text.js';
import type { CallMeta, IssuanceContext } from './context.js';
import { audit, auditActor } from './audit.js';
import { issueCredential } from './issue-credential.js';

export type { BulkJob, BulkRow } from '../db/bulk-store.js';

/** GetBulkIssuance: at most this many rows per page (0 = progress only). */
export const BULK_ROWS_MAX_LIMIT = 1000;

// ---------------------------------------------------------------------------------------
// Events

export type BulkIssuanceCompletedData = EventInput<'bulk_issuance.completed'>;

/** `bulk_issuance.completed` v1 (docs/events.md): written with the job's last result. */
export function bulkIssuanceCompleted(job: BulkJob, clock: Clock): DomainEvent<BulkIssuanceCompletedData> {
  return newEvent(
    'bulk_issuance.completed',
    {
      bulkIssuanceId: job.id,
      organizationId: job.organizationId,
      badgeId: job.badgeId,
      status: 'completed',
      total: job.total,
      issued: job.issued,
      renewed: job.renewed,
      conflicts: job.conflicts,
      invalid: job.invalid,
      failed: job.failed,
      completedAt: (job.completedAt ?? clock.now()).toISOString(),
    },
    { producer: 'issuance', clock },
  );
}

// ---------------------------------------------------------------------------------------
// Use cases

export interface CreateBulkRequest {
  badgeId: string;
  csv: Uint8Array;
  requestedBy: string;
  /** Idempotency-Key, already scoped by the caller; '' or undefined for none. */
  idempotencyKey?: string;
}

/** How long an upload's Idempotency-Key binds its job (as the single issue's). */
export const BULK_IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
const IDEMPOTENCY_INDEX = 'bulk_issuances_idempotency_idx';

/** What a repeated key must match: the badge and the file's exact bytes. */
function uploadHash(badgeId: string, csv: Uint8Array): string {
  const file = createHash('sha256').update(csv).digest('base64url');
  return createHash('sha256')
    .update(JSON.stringify([badgeId, file]))
    .digest('base64url');
}

/** The job a key still binds (marked as a replay), 422 if it came with another upload, or undefined. */
async function bulkReplay(
  ctx: IssuanceContext,
  orgId: string,
  idem: { key: string; requestHash: string },
): Promise<(BulkJob & { idempotentReplay: true }) | undefined> {
  const since = new Date(ctx.clock.now().getTime() - BULK_IDEMPOTENCY_RETENTION_MS);
  const bound = await bulkStore.findByIdempotencyKey(ctx.db, orgId, idem.key, since);
  if (!bound) return undefined;
  if (bound.requestHash !== idem.requestHash) {
    throw new AppError('UNPROCESSABLE', 'This Idempotency-Key was already used with a different upload', { field: 'Idempotency-Key' });
  }
  return { ...bound.job, idempotentReplay: true };
}

/**
 * What would refuse a whole upload, checked as a single issue checks it: badgeId (400), the
 * file (400/413 naming `file`), an unknown badge (404), a deactivated one (400 `badgeId`), an
 * organization without signing keys or not approved (403). Then each row gets the single-issue
 * field checks (csv.ts); a malformed row is not an error here, it carries its reason.
 */
async function checkBulkUpload(
  ctx: IssuanceContext,
  orgId: string,
  request: { badgeId: string; csv: Uint8Array },
  meta: CallMeta,
): Promise<{ badgeId: string; badge: Badge; rows: RecipientRow[] }> {
  if (!request.badgeId) throw AppError.validation('badgeId', 'badgeId is required');
  const badgeId = checkUuid(request.badgeId, 'badgeId');
  if (request.csv.length === 0) throw AppError.validation('file', 'file is required (a CSV with the header name,email)');
  const records = parseRecipientsCsv(request.csv);

  const [badge, key, cachedOrg] = await Promise.all([
    badgeStore.find(ctx.db, orgId, badgeId),
    signingKeyStore.find(ctx.db, orgId),
    ctx.organizations.get(ctx, orgId, meta),
  ]);
  if (!badge) throw AppError.notFound('Badge not found');
  if (!badge.isActive) throw AppError.validation('badgeId', 'The badge is deactivated; no new credentials can be issued from it');
  if (!key) throw AppError.forbidden('Signing keys have not been generated for this organization');
  // As for one issue: an approval a moment ago counts at once, not when the cached copy expires.
  const org = cachedOrg.status === 'approved' ? cachedOrg : await ctx.organizations.refresh(ctx, orgId, meta);
  if (org.status !== 'approved') throw AppError.forbidden('The organization is not approved');
  return { badgeId, badge, rows: records.map(checkRecipientRecord) };
}

/**
 * Queues a bulk issuance (docs/contract.md "Authentication and access"). What would refuse every row is refused
 * up front, as a single issue would be: an unknown badge (404), a deactivated one (400
 * `badgeId`), an organization without signing keys or not approved (403). The CSV is
 * checked as a whole (400/413 naming `file`); a row whose name or e-mail is malformed does not
 * reject the upload, it is stored as `invalid` with its reason. Job and rows are written in one
 * transaction; the workers issue the rest.
 */
export async function createBulkIssuance(
  ctx: IssuanceContext,
  organizationId: string,
  request: CreateBulkRequest,
  meta: CallMeta,
): Promise<BulkJob & { idempotentReplay?: boolean }> {
  const orgId = checkUuid(organizationId, 'organization_id', true);
  let idem: { key: string; requestHash: string } | undefined;
  if (request.idempotencyKey) {
    if (request.idempotencyKey.length > 512) throw AppError.validation('idempotency_key', 'idempotency_key is too long');
    idem = { key: request.idempotencyKey, requestHash: uploadHash(request.badgeId, request.csv) };
    // A key that binds a job answers with it, whatever changed since (the badge, the quota...).
    const replay = await bulkReplay(ctx, orgId, idem);
    if (replay) return replay;
  }
  const { badgeId, rows: checked } = await checkBulkUpload(ctx, orgId, request, meta);
  const rows: NewBulkRow[] = checked.map((r) => ({
    row: r.row,
    name: r.name,
    email: r.email,
    emailKey: r.invalidReason === null ? r.email : null,
    invalidReason: r.invalidReason,
  }));
  const invalid = rows.filter((r) => r.invalidReason !== null).length;
  const now = ctx.clock.now();
  const done = invalid === rows.length;
  const job: BulkJob = {
    id: newUuid(),
    organizationId: orgId,
    badgeId,
    status: done ? 'completed' : 'queued',
    total: rows.length,
    processed: invalid,
    issued: 0,
    renewed: 0,
    conflicts: 0,
    invalid,
    failed: 0,
    requestedBy: request.requestedBy || null,
    createdAt: now,
    startedAt: done ? now : null,
    completedAt: done ? now : null,
  };
  try {
    await ctx.db.transaction(async (trx) => {
      if (idem) await bulkStore.releaseIdempotencyKey(trx, orgId, idem.key, new Date(now.getTime() - BULK_IDEMPOTENCY_RETENTION_MS));
      await bulkStore.insertJob(trx, job, rows, now, idem);
      await audit(trx, ctx.schema, meta, {
        organizationId: orgId,
        occurredAt: now,
        actor: auditActor(request.requestedBy, meta.actor),
        action: 'bulk_issuance.started',
        targetType: 'bulk_issuance',
        targetId: job.id,
        details: { badgeId, rows: job.total, invalid },
      });
      if (done) await writeOutbox(trx, ctx.schema, bulkIssuanceCompleted(job, ctx.clock));
    });
  } catch (err) {
    // The same key committed by a concurrent request first: answer with its job (or 422).
    const e = err as { code?: string; constraint?: string };
    if (idem && e?.code === '23505' && e.constraint === IDEMPOTENCY_INDEX) {
      const replay = await bulkReplay(ctx, orgId, idem);
      if (replay) return replay;
    }
    throw err;
  }
  if (done) ctx.wakeRelay();
  ctx.logger.info({ bulkIssuanceId: job.id, organizationId: orgId, badgeId, total: job.total, invalid }, 'bulk issuance queued');
  return job;
}

export interface BulkPreview {
  badgeId: string;
  total: number;
  counts: Record<PreviewOutcome, number>;
  rows: PreviewRow[];
}

/**
 * POST .../bulk-issuances/preview: what createBulkIssuance would do with the same badge and
 * file, row by row, writing nothing. The same refusals of the whole upload (checkBulkUpload),
 * the same row checks, and the transitions table applied to each recipient's prior credential
 * of the badge as it is now, rows for one address in file order (domain/lifecycle.ts
 * previewBulkRows). Reads only: no job, no credential, no quota count, no event.
 */
export async function previewBulkIssuance(
  ctx: IssuanceContext,
  organizationId: string,
  request: { badgeId: string; csv: Uint8Array },
  meta: CallMeta,
): Promise<BulkPreview> {
  const orgId = checkUuid(organizationId, 'organization_id', true);
  const { badgeId, badge, rows } = await checkBulkUpload(ctx, orgId, request, meta);
  const emails = [...new Set(rows.filter((r) => r.invalidReason === null).map((r) => r.email))];
  const priors = await issueStore.priorsOf(ctx.db, orgId, badgeId, emails);
  const preview = previewBulkRows(rows, priors, badge.expiresInDays, ctx.clock.now());
  const counts: Record<PreviewOutcome, number> = { issue: 0, renew: 0, conflict: 0, invalid: 0 };
  for (const r of preview) counts[r.outcome]++;
  return { badgeId, total: preview.length, counts, rows: preview };
}

export interface BulkRowsQuery {
  limit: number;
  offset: number;
  result?: string;
}

/** A job with a page of its rows; `rowsTotal` counts the rows matching the filter (from the exact counters). */
export async function getBulkIssuance(
  ctx: IssuanceContext,
  organizationId: string,
  id: string,
  q: BulkRowsQuery,
): Promise<{ job: BulkJob; rows: BulkRow[]; rowsTotal: number; limit: number; offset: number }> {
  const orgId = checkUuid(organizationId, 'organization_id', true);
  const jobId = checkUuid(id, 'bulk_issuance_id', true);
  if (!Number.isInteger(q.limit) || q.limit < 0 || q.limit > BULK_ROWS_MAX_LIMIT) {
    throw AppError.validation('limit', `limit must be an integer from 0 to ${BULK_ROWS_MAX_LIMIT}`);
  }
  if (!Number.isInteger(q.offset) || q.offset < 0 || q.offset > PAGE_MAX_OFFSET)
    throw AppError.validation('offset', `offset must be an integer from 0 to ${PAGE_MAX_OFFSET}`);
  let result: RowResult | undefined;
  if (q.result !== undefined && q.result !== '') {
    if (!(ROW_RESULTS as readonly string[]).includes(q.result))
      throw AppError.validation('result', `result must be one of ${ROW_RESULTS.join(', ')}`);
    result = q.result as RowResult;
  }
  const job = await bulkStore.findJob(ctx.db, orgId, jobId);
  if (!job) throw AppError.notFound('Bulk issuance not found');
  const rows = await bulkStore.listRows(ctx.db, job.id, { limit: q.limit, offset: q.offset, ...(result ? { result } : {}) });
  return { job, rows, rowsTotal: rowsMatching(job, result), limit: q.limit, offset: q.offset };
}

function rowsMatching(job: BulkJob, result: RowResult | undefined): number {
  switch (result) {
    case undefined:
      return job.total;
    case 'pending':
      return job.total - job.processed;
    case 'issued':
      return job.issued;
    case 'renewed':
      return job.renewed;
    case 'conflict':
      return job.conflicts;
    case 'invalid':
      return job.invalid;
    case 'failed':
      return job.failed;
  }
}

/** The organization's jobs, newest first, without rows. */
export async function listBulkIssuances(ctx: IssuanceContext, organizationId: string, query: { limit: number; offset: number }) {
  const orgId = checkUuid(organizationId, 'organization_id', true);
  const page = checkPage(query.limit, query.offset);
  const { items, total } = await bulkStore.listJobs(ctx.db, orgId, page);
  return { items, total, ...page };
}

// ---------------------------------------------------------------------------------------
// The worker

export interface BulkWorkerOptions {
  /** Rows in flight in this process (BULK_ISSUANCE_CONCURRENCY). */
  concurrency: number;
  /** How often an idle worker looks for work. */
  pollIntervalMs?: number;
  /** How long a leased row is reserved (application clock) before another worker may take it. */
  leaseMs?: number;
  /** Attempts of a row that keeps failing transiently before it is marked failed. */
  maxAttempts?: number;
  /**
   * Issues one row: issueCredential, the single issue, unless a caller passes it wrapped (the
   * crash tests stop a row's process there). The row's mark `bulk:<job>:<row>` is `issuedBy`.
   */
  issue?: typeof issueCredential;
  /** Registers the worker's metrics (issuance_bulk_*) here. */
  metrics?: Registry;
}

/** What an operator watches of bulk issuance: throughput by result, retries, time per row, backlog. */
class BulkMetrics {
  readonly rows: Counter<'result'>;
  readonly retries: Counter<string>;
  readonly jobsCompleted: Counter<string>;
  readonly rowSeconds: Histogram<string>;

  constructor(registry: Registry, inFlight: () => number, pending: () => Promise<number>) {
    this.rows = new Counter({
      name: 'issuance_bulk_rows_total',
      help: 'Bulk issuance rows finished by this process, by result (issued, renewed, conflict, invalid, failed)',
      labelNames: ['result'],
      registers: [registry],
    });
    this.retries = new Counter({
      name: 'issuance_bulk_row_retries_total',
      help: 'Bulk rows that failed transiently and were scheduled again',
      registers: [registry],
    });
    this.jobsCompleted = new Counter({
      name: 'issuance_bulk_jobs_completed_total',
      help: 'Bulk issuance jobs completed by this process (their last row)',
      registers: [registry],
    });
    this.rowSeconds = new Histogram({
      name: 'issuance_bulk_row_seconds',
      help: 'Time to issue one bulk row, from lease to recorded result',
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    new Gauge({
      name: 'issuance_bulk_rows_in_flight',
      help: 'Bulk rows being issued by this process now (at most BULK_ISSUANCE_CONCURRENCY)',
      registers: [registry],
      collect() {
        this.set(inFlight());
      },
    });
    new Gauge({
      name: 'issuance_bulk_rows_pending',
      help: 'Bulk rows of every job still waiting to be issued (the backlog shared by all replicas)',
      registers: [registry],
      async collect() {
        this.set(await pending());
      },
    });
  }
}

type Outcome =
  | { kind: 'final'; result: FinalResult; reason: string | null; credentialUuid?: string; credentialId?: string }
  | { kind: 'retry'; reason: string; detail: string };

/**
 * How a row's failure in issueCredential maps to its result. The rule outcomes of a single
 * issue are final: 409 -> conflict, 400 -> invalid, 403 (quota, organization, keys) and 404
 * (badge deleted meanwhile) -> failed. A deactivated badge (400 `badgeId`) is not the row's
 * fault: failed. A 409 without an existing credential is the race "another issue to the same
 * recipient committed first": trying again applies the rules to the new state (a renewal or a
 * conflict), so it is retried. Everything else (signing or accounts unavailable, a database
 * error) is transient and retried with backoff.
 */
export function classifyFailure(err: unknown): Outcome {
  if (err instanceof AppError) {
    switch (err.code) {
      case 'CONFLICT':
        if (err.details.existingCredentialId !== undefined) return { kind: 'final', result: 'conflict', reason: err.message };
        return { kind: 'retry', reason: err.message, detail: err.message };
      case 'VALIDATION_ERROR':
        return { kind: 'final', result: err.details.field === 'badgeId' ? 'failed' : 'invalid', reason: err.message };
      case 'FORBIDDEN':
      case 'NOT_FOUND':
        return { kind: 'final', result: 'failed', reason: err.message };
      default:
        return { kind: 'retry', reason: err.code === 'INTERNAL_ERROR' ? 'Internal error' : err.message, detail: describe(err) };
    }
  }
  return { kind: 'retry', reason: 'Internal error', detail: describe(err) };
}

function describe(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  const cause = e?.cause instanceof Error ? ` (${e.cause.message})` : '';
  return `${typeof e?.code === 'string' ? `${e.code}: ` : ''}${typeof e?.message === 'string' ? e.message : String(err)}${cause}`.slice(
    0,
    500,
  );
}

/** Results recorded in one transaction at most (the rows in flight bound it first). */
const RECORD_BATCH_MAX = 64;

/** Backoff of a row's transient failures: 5 s, 10 s, 20 s ... capped at 10 minutes. */
export function retryDelayMs(attempt: number): number {
  return doublingDelay(attempt, 5000, 10 * 60 * 1000);
}

/**
 * Issues the rows of queued jobs in the background, at most `concurrency` at a time in this
 * process, so API traffic keeps its share of the database pool and of the signing service.
 *
 * Rows are leased (bulk-store leaseRows: FOR UPDATE SKIP LOCKED, so replicas share jobs) and
 * each goes through issueCredential exactly like a single issue, marked `issuedBy =
 * bulk:<job>:<row>`. The result and the job's counters are recorded in one transaction; the
 * job's last result also completes it and writes `bulk_issuance.completed` to the outbox.
 *
 * Exactly once: issueCredential commits on its own, so a crash can fall between the credential
 * and the row's result. The lease then lapses and the row is leased again; the lease statement
 * also returns any credential already marked with the row, and the worker records that one. A
 * unique index on the mark guarantees the same when two workers hold the row at once (a lease
 * that lapsed while the first was still working): the second insert fails and is retried.
 */
export class BulkWorker {
  private readonly loop: BackgroundLoop;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly log: Logger;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly metrics: BulkMetrics | undefined;
  private readonly issue: typeof issueCredential;
  /** Results waiting for the next recording transaction (record()). */
  private readonly toRecord: Array<{ row: LeasedRow; outcome: RecordedOutcome; resolve(recorded: boolean): void; reject(err: unknown): void }> =
    [];
  private recording = false;

  constructor(
    readonly ctx: IssuanceContext,
    private readonly o: BulkWorkerOptions,
  ) {
    this.log = ctx.logger.child({ component: 'bulk-worker' });
    this.metrics = o.metrics
      ? new BulkMetrics(
          o.metrics,
          () => this.inFlight.size,
          () => bulkStore.pendingRowCount(ctx.db),
        )
      : undefined;
    this.leaseMs = o.leaseMs ?? 120_000;
    this.maxAttempts = o.maxAttempts ?? 12;
    this.issue = o.issue ?? issueCredential;
    // A pass leases as many rows as there are free slots and starts them; each finished row
    // wakes the loop to lease again, so rows flow without waiting for the poll.
    this.loop = new BackgroundLoop({
      name: 'bulk row lease',
      logger: this.log,
      intervalMs: o.pollIntervalMs ?? 1000,
      pass: () => this.leaseAndStart(),
    });
  }

  get concurrency(): number {
    return this.o.concurrency;
  }

  start(): void {
    if (this.o.concurrency < 1) return;
    this.loop.start();
  }

  /** Stops leasing; rows in flight finish (their issue and result) before it resolves. */
  async stop(): Promise<void> {
    await this.loop.stop();
    await Promise.allSettled([...this.inFlight]);
  }

  /** Looks for work now rather than at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  /** Leases rows for the free slots and starts them; true when every slot could be filled (more may wait). */
  private async leaseAndStart(): Promise<boolean> {
    const free = this.o.concurrency - this.inFlight.size;
    if (free <= 0) return false;
    const leased = await bulkStore.leaseRows(this.ctx.db, this.ctx.clock.now(), this.leaseMs, free);
    if (leased.length === 0) return false;
    for (const row of leased) {
      const p: Promise<void> = this.process(row).finally(() => {
        this.inFlight.delete(p);
        this.wake();
      });
      this.inFlight.add(p);
    }
    return leased.length > 0 && this.inFlight.size < this.o.concurrency;
  }

  private async process(row: LeasedRow): Promise<void> {
    const issuedBy = bulkMark(row);
    const log = this.log.child({ bulkIssuanceId: row.jobId, row: row.row, attempt: row.attempt });
    const endTimer = this.metrics?.rowSeconds.startTimer();
    let outcome: Outcome;
    try {
      // A credential a crash left behind (the lease found it by the row's mark): recorded, not issued again.
      const earlier = row.earlier;
      if (earlier) {
        log.info({ credentialUuid: earlier.id }, 'bulk row was issued before a crash; recording it');
        outcome = resultOf(earlier.id, earlier.credentialId, earlier.supersedesCredentialId);
      } else {
        const c = await this.issue(
          this.ctx,
          row.organizationId,
          { badgeId: row.badgeId, recipientName: row.name, recipientEmail: row.email, issuedBy },
          { requestId: `bulk-${row.jobId}-${row.row}` },
        );
        outcome = resultOf(c.id, c.credentialId, c.supersedesCredentialId);
      }
    } catch (err) {
      outcome = classifyFailure(err);
    }
    try {
      if (outcome.kind === 'retry' && row.attempt < this.maxAttempts) {
        const at = new Date(this.ctx.clock.now().getTime() + retryDelayMs(row.attempt));
        await bulkStore.scheduleRetry(this.ctx.db, row, at, outcome.detail);
        this.metrics?.retries.inc();
        log.warn({ error: outcome.detail, retryAt: at.toISOString() }, 'bulk row not issued; will retry');
        return;
      }
      const final =
        outcome.kind === 'final'
          ? outcome
          : {
              result: 'failed' as const,
              reason: `${outcome.reason} (gave up after ${row.attempt} attempts)`,
              credentialUuid: undefined,
              credentialId: undefined,
            };
      await this.record(
        row,
        {
          result: final.result,
          reason: final.reason,
          credentialUuid: final.credentialUuid ?? null,
          credentialId: final.credentialId ?? null,
        },
        log,
      );
      endTimer?.();
    } catch (err) {
      // Nothing recorded: the lease lapses and the row is taken again (and found issued, if it was).
      log.error({ err }, 'could not record the bulk row result');
    }
  }

  /**
   * Records a row's result. Results that finish while a recording transaction runs are
   * recorded together in the next one (one statement for their rows, one per job: the job's
   * counter row is locked once per batch, not once per row). A batch that fails is recorded
   * row by row, so each row's failure stays its own (its lease lapses and it is taken again).
   */
  private async record(row: LeasedRow, outcome: RecordedOutcome, log: Logger): Promise<void> {
    const recorded = await new Promise<boolean>((resolve, reject) => {
      this.toRecord.push({ row, outcome, resolve, reject });
      if (!this.recording) void this.recordQueued();
    });
    if (!recorded) {
      log.warn('bulk row lease was taken over; result not recorded by this worker');
      return;
    }
    this.metrics?.rows.inc({ result: outcome.result });
    log.debug({ result: outcome.result }, 'bulk row done');
  }

  private async recordQueued(): Promise<void> {
    this.recording = true;
    try {
      while (this.toRecord.length > 0) {
        const batch = this.toRecord.splice(0, RECORD_BATCH_MAX);
        try {
          const recorded = await this.recordBatch(batch);
          batch.forEach((r, i) => r.resolve(recorded[i]!));
        } catch (err) {
          if (batch.length === 1) batch[0]!.reject(err);
          else {
            for (const r of batch) await this.recordBatch([r]).then((rec) => r.resolve(rec[0]!), r.reject);
          }
        }
      }
    } finally {
      // No await between the empty queue and this line: a later record() starts a new pass.
      this.recording = false;
    }
  }

  private async recordBatch(batch: ReadonlyArray<{ row: LeasedRow; outcome: RecordedOutcome }>): Promise<boolean[]> {
    const now = this.ctx.clock.now();
    const { recorded, jobs } = await this.ctx.db.transaction(async (trx) => {
      const r = await bulkStore.recordResults(trx, batch, now);
      for (const job of r.jobs) {
        if (job.status === 'completed') await writeOutbox(trx, this.ctx.schema, bulkIssuanceCompleted(job, this.ctx.clock));
      }
      return r;
    });
    for (const job of jobs.filter((j) => j.status === 'completed')) {
      this.metrics?.jobsCompleted.inc();
      this.ctx.wakeRelay();
      this.log.info(
        {
          bulkIssuanceId: job.id,
          total: job.total,
          issued: job.issued,
          renewed: job.renewed,
          conflicts: job.conflicts,
          invalid: job.invalid,
          failed: job.failed,
        },
        'bulk issuance completed',
      );
    }
    return recorded;
  }
}

/** The mark a bulk row's credential carries as `issuedBy` (unique: credentials_bulk_row_idx). */
function bulkMark(row: Pick<LeasedRow, 'jobId' | 'row'>): string {
  return `bulk:${row.jobId}:${row.row}`;
}

function resultOf(credentialUuid: string, credentialId: string, supersedes: string | null): Outcome {
  return { kind: 'final', result: supersedes === null ? 'issued' : 'renewed', reason: null, credentialUuid, credentialId };
}
