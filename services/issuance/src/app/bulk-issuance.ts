import { isUniqueViolation } from '@cred/db';
import { createHash } from 'node:crypto';
import { writeOutbox, type DomainEvent } from '@cred/events';
import { newEvent, type EventInput } from '@cred/event-contracts';
import {
  AppError,
  BackgroundLoop,
  Counter,
  doublingDelay,
  Gauge,
  Histogram,
  newUuid,
  type Clock,
  type Logger,
  type Registry,
} from '@cred/runtime';
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
import { quotaStore } from '../db/quota-store.js';
import { quotaExceeded, quotaLimitFor, quotaMonth, quotaResetsAt } from '../domain/quota.js';
import type { Badge } from '../domain/badge.js';
import { checkRecipientRecord, parseRecipientsCsv, type RecipientRow } from '../domain/csv.js';
import { previewBulkRows, type PreviewOutcome, type PreviewRow } from '../domain/lifecycle.js';
import { checkPage, PAGE_MAX_OFFSET } from '../domain/page.js';
import { checkUuid } from '../domain/text.js';
import type { CallMeta, IssuanceContext } from './context.js';
import { requireActorPermission } from './actor-permission.js';
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
    if (idem && isUniqueViolation(err, IDEMPOTENCY_INDEX)) {
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
  /** The monthly recipient quota before this file: what the `over_quota` rows were measured against. */
  quota: PreviewQuota;
}

export interface PreviewQuota {
  plan: string;
  limit: number;
  used: number;
  month: string;
  resetsAt: Date;
}

/**
 * POST .../bulk-issuances/preview: what createBulkIssuance would do with the same badge and
 * file, row by row, writing nothing. The same refusals of the whole upload (checkBulkUpload),
 * the same row checks, and the transitions table applied to each recipient's prior credential
 * of the badge as it is now, rows for one address in file order (domain/lifecycle.ts
 * previewBulkRows), then the monthly recipient quota as it stands. Reads only: no job, no
 * credential, no quota count, no event.
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
  const now = ctx.clock.now();
  const month = quotaMonth(now);
  // Accounts' current plan, as a refusal on the issue path reads it (an upgrade counts at once).
  const [priors, counted, used, org] = await Promise.all([
    issueStore.priorsOf(ctx.db, orgId, badgeId, emails),
    quotaStore.countedOf(ctx.db, orgId, month, emails),
    quotaStore.used(ctx.db, orgId, month),
    ctx.organizations.refresh(ctx, orgId, meta),
  ]);
  const limit = quotaLimitFor(ctx.quotaLimits, org.plan);
  const quota: PreviewQuota = { plan: org.plan, limit, used, month, resetsAt: quotaResetsAt(now) };
  const refusal = quotaExceeded(org.plan, limit, used, now).message;
  const preview = previewBulkRows(rows, priors, badge.expiresInDays, now, { remaining: limit - used, counted, refusal });
  const counts: Record<PreviewOutcome, number> = { issue: 0, renew: 0, conflict: 0, invalid: 0, over_quota: 0 };
  for (const r of preview) counts[r.outcome]++;
  return { badgeId, total: preview.length, counts, rows: preview, quota };
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

/**
 * A download of a job's report (the gateway's report.csv asks with its first page): who took the
 * job's names and addresses is recorded, in the audit log of the job's organization.
 */
export async function recordReportDownload(ctx: IssuanceContext, job: BulkJob, meta: CallMeta): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    await audit(trx, ctx.schema, meta, {
      organizationId: job.organizationId,
      occurredAt: ctx.clock.now(),
      actor: auditActor(meta.actor),
      action: 'bulk_issuance.report_downloaded',
      targetType: 'bulk_issuance',
      targetId: job.id,
      details: { badgeId: job.badgeId, rows: job.total },
    });
  });
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
  /**
   * Rows in flight while clients of this process are issuing (ctx.clientIssues): default
   * besideClients(concurrency), a quarter, at most 8.
   */
  besideClients?: number;
  /** How often an idle worker looks for work. */
  pollIntervalMs?: number;
  /**
   * How long a leased row is reserved (application clock) before another worker may take it;
   * a running worker renews the leases it holds every third of it.
   */
  leaseMs?: number;
  /** Rows held leased at most, issuing and waiting (default leaseBatchSize(concurrency)). */
  leaseBatch?: number;
  /** Attempts of a row that keeps failing transiently before it is marked failed. */
  maxAttempts?: number;
  /**
   * Issues one row: issueCredential, the single issue, unless a caller passes it wrapped (the
   * crash tests stop a row's process there). The row's mark `bulk:<job>:<row>` is `issuedBy`.
   */
  issue?: typeof issueCredential;
  /** Registers the worker's metrics (issuance_bulk_*) here. */
  metrics?: Registry;
  /**
   * How long one answer of accounts on whether a job's member may still issue is reused by the
   * job's rows (ms; default 1000): a job stops at most this long after its member was removed.
   */
  requesterCheckMs?: number;
}

/** What an operator watches of bulk issuance: throughput by result, retries, time per row, backlog. */
class BulkMetrics {
  readonly rows: Counter<'result'>;
  readonly retries: Counter<string>;
  readonly jobsCompleted: Counter<string>;
  readonly rowSeconds: Histogram<string>;

  constructor(registry: Registry, inFlight: () => number, limit: () => number, pending: () => Promise<number>) {
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
      help: 'Time to issue one bulk row, from its start to its recorded result',
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
      name: 'issuance_bulk_rows_limit',
      help: 'Bulk rows this process may have in flight now (BULK_ISSUANCE_CONCURRENCY, a quarter while clients issue)',
      registers: [registry],
      collect() {
        this.set(limit());
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

/** Results recorded in one transaction at most. */
const RECORD_BATCH_MAX = 64;
/**
 * How long a finished row's result may wait for others to share its recording transaction. It
 * delays a job's completion by as much at most, and widens by as much the window in which a
 * crash leaves a row issued but not recorded (the lease recovers it: BulkWorker).
 */
const RECORD_LINGER_MS = 50;

/**
 * Rows in flight beside clients at most, whatever the concurrency: the share docs/reliability.md
 * measured against its bound ("Single issues beside a 10,000-row bulk upload"); a larger one
 * (16, a quarter of 64) let clients' latency rise half as much again.
 */
export const BESIDE_CLIENTS_MAX = 8;

/** Rows in flight while clients issue: a quarter of the concurrency, at least 1, at most BESIDE_CLIENTS_MAX. */
export function besideClients(concurrency: number): number {
  return Math.max(1, Math.min(BESIDE_CLIENTS_MAX, Math.ceil(concurrency / 4)));
}

/** How long after a client's issue started the worker keeps to its share beside clients. */
export const CLIENT_QUIET_MS = 1000;

/** Rows a worker holds leased at most (issuing and waiting): 4 × its concurrency, at least 32. */
export function leaseBatchSize(concurrency: number): number {
  return Math.max(4 * concurrency, 32);
}

/** Backoff of a row's transient failures: 5 s, 10 s, 20 s ... capped at 10 minutes. */
export function retryDelayMs(attempt: number): number {
  return doublingDelay(attempt, 5000, 10 * 60 * 1000);
}

const keyOf = (row: Pick<LeasedRow, 'jobId' | 'row'>) => `${row.jobId}:${row.row}`;

/**
 * Issues the rows of queued jobs in the background, at most `concurrency` at a time in this
 * process, so API traffic keeps its share of the database pool and of the signing service.
 *
 * Rows are leased (bulk-store leaseRows: FOR UPDATE SKIP LOCKED, so replicas share jobs) in
 * batches ahead of the free slots (up to `leaseBatch` held, a new lease when fewer rows wait
 * than there are slots), so a row starts as soon as a slot frees, without a lease statement of
 * its own. Each goes through issueCredential exactly like a single issue, marked `issuedBy =
 * bulk:<job>:<row>`. Results of rows that finish close together (within RECORD_LINGER_MS, or a
 * group of 2 × concurrency) are recorded with the jobs' counters in one transaction; the job's
 * last result also completes it and writes `bulk_issuance.completed` to the outbox.
 *
 * Beside clients: while a client of this process (an API key, a person in the web app) has
 * started an issue within the last CLIENT_QUIET_MS, the worker starts rows only up to its share
 * beside clients (a quarter of its concurrency, at most 8), so a large job costs clients' issues little
 * latency; rows already issuing finish, and the full concurrency returns a second after the
 * last client issue. Only this process's clients count: a replica does not see another's.
 *
 * Leases held: while it runs, the worker renews every lease it holds (rows waiting, issuing or
 * not yet recorded) when a third of the lease time has passed, so rows waiting in a batch never
 * lapse under a live worker; a dead process renews nothing and its rows are leased again once
 * the lease lapses. A waiting row whose lease lapsed unrenewed (the database was unreachable) is
 * dropped, not started. stop() gives back the rows it never started (releaseRows), so another
 * worker takes them at once.
 *
 * Exactly once: issueCredential commits on its own, so a crash can fall between the credential
 * and the row's result. The lease then lapses and the row is leased again; the lease statement
 * also returns any credential already marked with the row, and the worker records that one. A
 * unique index on the mark guarantees the same when two workers hold the row at once (a lease
 * that lapsed while the first was still working): the second insert fails and is retried. Only
 * the attempt a lease counted records the row's result (recordResults).
 */
export class BulkWorker {
  private readonly loop: BackgroundLoop;
  /** Every row between its start and its recorded result (stop() waits for them). */
  private readonly inFlight = new Set<Promise<void>>();
  /** Rows being issued now (at most `concurrency`). */
  private issuing = 0;
  /** Rows leased and not started yet, in lease order. */
  private waiting: LeasedRow[] = [];
  /** Every row this worker holds a lease of, waiting or started and not yet recorded, by key. */
  private readonly held = new Map<string, LeasedRow>();
  private lastRenewal = 0;
  private stopping = false;
  private readonly log: Logger;
  private readonly leaseMs: number;
  private readonly leaseBatch: number;
  private readonly besideClients: number;
  private readonly maxAttempts: number;
  private readonly metrics: BulkMetrics | undefined;
  private readonly issue: typeof issueCredential;
  /** Results waiting for the next recording transaction (record()). */
  private readonly toRecord: Array<{
    row: LeasedRow;
    outcome: RecordedOutcome;
    resolve(recorded: boolean): void;
    reject(err: unknown): void;
  }> = [];
  private recording = false;
  private lingerTimer: NodeJS.Timeout | undefined;
  /** Per job started by a member: whether they may still issue, and until when that answer is used. */
  private readonly requesterChecks = new Map<string, { until: number; check: Promise<void> }>();

  constructor(
    readonly ctx: IssuanceContext,
    private readonly o: BulkWorkerOptions,
  ) {
    this.log = ctx.logger.child({ component: 'bulk-worker' });
    this.metrics = o.metrics
      ? new BulkMetrics(
          o.metrics,
          () => this.issuing,
          () => this.limit(),
          () => bulkStore.pendingRowCount(ctx.db),
        )
      : undefined;
    this.leaseMs = o.leaseMs ?? 120_000;
    this.leaseBatch = Math.max(o.leaseBatch ?? leaseBatchSize(o.concurrency), o.concurrency);
    this.besideClients = Math.min(o.besideClients ?? besideClients(o.concurrency), o.concurrency);
    this.maxAttempts = o.maxAttempts ?? 12;
    this.issue = o.issue ?? issueCredential;
    // A pass renews the leases held when due, leases a batch when fewer rows wait than there
    // are slots, and starts waiting rows in the free slots; each row that finishes issuing
    // wakes the loop, so rows flow without waiting for the poll.
    this.loop = new BackgroundLoop({
      name: 'bulk row lease',
      logger: this.log,
      intervalMs: o.pollIntervalMs ?? 1000,
      ...(o.metrics ? { metrics: o.metrics } : {}),
      pass: () => this.pass(),
    });
  }

  get concurrency(): number {
    return this.o.concurrency;
  }

  /** Rows it may have issuing now: its concurrency, or its share while clients issue. */
  limit(): number {
    return this.ctx.clientIssues?.within(CLIENT_QUIET_MS) ? this.besideClients : this.o.concurrency;
  }

  start(): void {
    if (this.o.concurrency < 1) return;
    this.stopping = false;
    this.loop.start();
  }

  /**
   * Stops leasing and renewing; gives back the rows leased but not started; rows being issued
   * finish (their issue and result) before it resolves.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.loop.stop();
    const unstarted = this.waiting;
    this.waiting = [];
    for (const row of unstarted) this.letGo(row);
    if (unstarted.length > 0) {
      try {
        const released = await bulkStore.releaseRows(this.ctx.db, unstarted);
        this.log.info({ released }, 'bulk rows leased but not started given back');
      } catch (err) {
        // Their leases lapse instead (no renewal after stop), and another worker takes them then.
        this.log.warn({ err, rows: unstarted.length }, 'could not give back unstarted bulk rows; their leases will lapse');
      }
    }
    this.flushSoon();
    await Promise.allSettled([...this.inFlight]);
  }

  /** Looks for work now rather than at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  private async pass(): Promise<boolean> {
    await this.renewIfDue();
    const slots = this.limit() - this.issuing;
    if (slots <= 0) return false;
    if (this.waiting.length < slots && this.toRecord.length < RECORD_BATCH_MAX) {
      const want = this.leaseBatch - this.held.size;
      if (want > 0) {
        const leased = await bulkStore.leaseRows(this.ctx.db, this.ctx.clock.now(), this.leaseMs, want);
        for (const row of leased) this.held.set(keyOf(row), row);
        this.waiting.push(...leased);
      }
    }
    this.startWaiting();
    return false;
  }

  /** Starts waiting rows in the free slots (a row whose lease lapsed unrenewed is let go). */
  private startWaiting(): void {
    const now = this.ctx.clock.now().getTime();
    const limit = this.limit();
    while (this.issuing < limit && this.waiting.length > 0 && this.toRecord.length < RECORD_BATCH_MAX) {
      const row = this.waiting.shift()!;
      if (row.leasedUntil.getTime() <= now) {
        this.letGo(row);
        this.log.warn({ bulkIssuanceId: row.jobId, row: row.row }, 'bulk row lease lapsed before it started; left for a new lease');
        continue;
      }
      this.issuing++;
      const p: Promise<void> = this.process(row).finally(() => {
        this.inFlight.delete(p);
        this.letGo(row);
      });
      this.inFlight.add(p);
    }
  }

  /** Forgets a lease (a later lease of the same row, under another attempt, stays held). */
  private letGo(row: LeasedRow): void {
    if (this.held.get(keyOf(row)) === row) this.held.delete(keyOf(row));
  }

  /** Renews the leases held once a third of the lease time has passed since the last renewal. */
  private async renewIfDue(): Promise<void> {
    const now = this.ctx.clock.now().getTime();
    if (this.held.size === 0) {
      this.lastRenewal = now;
      return;
    }
    if (now - this.lastRenewal < this.leaseMs / 3) return;
    const rows = [...this.held.values()];
    const until = new Date(now + this.leaseMs);
    const renewed = await bulkStore.renewLeases(this.ctx.db, rows, until);
    this.lastRenewal = now;
    for (const row of rows) {
      if (renewed.has(keyOf(row))) row.leasedUntil = until;
    }
    // A waiting row not renewed was taken by another worker after its lease lapsed: let it go.
    const lost = this.waiting.filter((r) => !renewed.has(keyOf(r)));
    if (lost.length > 0) {
      this.waiting = this.waiting.filter((r) => renewed.has(keyOf(r)));
      for (const r of lost) this.letGo(r);
      this.log.warn({ rows: lost.length }, 'bulk row leases lapsed while waiting and were taken over');
    }
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
        await this.requesterMayStillIssue(row);
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
    } finally {
      // The slot frees as soon as the issue is done: the next row starts while this one's result waits.
      this.issuing--;
      this.wake();
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
   * A job a member started stops when they are removed from the organization or lose
   * `credentials.issue` (issue 39): each of its remaining rows is recorded as failed with the
   * reason (FORBIDDEN is a final result), and the job completes as usual. Accounts is asked
   * (GetMembership, through requireActorPermission) at most once per `requesterCheckMs` per job,
   * the rows in flight sharing the answer. Jobs started by an API key or the platform go on.
   * Accounts not answering is a transient failure: the row is tried again later.
   */
  private requesterMayStillIssue(row: LeasedRow): Promise<void> {
    const by = row.requestedBy;
    if (!by?.startsWith('user:')) return Promise.resolve();
    const now = performance.now();
    const known = this.requesterChecks.get(row.jobId);
    if (known && known.until > now) return known.check;
    if (this.requesterChecks.size >= 1000) {
      for (const [job, c] of this.requesterChecks) if (c.until <= now) this.requesterChecks.delete(job);
    }
    const check = requireActorPermission(this.ctx, row.organizationId, by, 'credentials.issue', { requestId: `bulk-${row.jobId}` }).catch(
      async (err: unknown) => {
        if (err instanceof AppError && (err.code === 'FORBIDDEN' || err.code === 'NOT_FOUND')) {
          await this.recordStopped(row, by);
          throw AppError.forbidden('Not issued: the member who started this job was removed from the organization or may no longer issue');
        }
        this.requesterChecks.delete(row.jobId);
        throw err;
      },
    );
    this.requesterChecks.set(row.jobId, { until: now + (this.o.requesterCheckMs ?? 1000), check });
    return check;
  }

  /**
   * The audit entry of a job stopped because its member left or lost the right (once per job,
   * whichever worker sees it first: the job's lock and a look for an earlier entry).
   */
  private async recordStopped(row: LeasedRow, requestedBy: string): Promise<void> {
    try {
      await this.ctx.db.transaction(async (trx) => {
        await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`bulk-stopped:${row.jobId}`]);
        const earlier = await trx('audit_log').where({ organization_id: row.organizationId, action: 'bulk_issuance.stopped', target_id: row.jobId }).first('id');
        if (earlier) return;
        await audit(trx, this.ctx.schema, { requestId: `bulk-${row.jobId}` }, {
          organizationId: row.organizationId,
          occurredAt: this.ctx.clock.now(),
          actor: 'system',
          action: 'bulk_issuance.stopped',
          targetType: 'bulk_issuance',
          targetId: row.jobId,
          details: { reason: 'requester_may_no_longer_issue', requestedBy },
        });
      });
      this.log.info({ bulkIssuanceId: row.jobId, requestedBy }, 'bulk job stopped: the member who started it may no longer issue');
    } catch (err) {
      this.log.error({ err, bulkIssuanceId: row.jobId }, 'could not record that the bulk job stopped');
    }
  }

  /**
   * Records a row's result. Results are recorded together (one statement for their rows, one
   * per job: the job's counter row is locked once per batch, not once per row): a result waits
   * up to RECORD_LINGER_MS for others, unless 2 × concurrency are queued, nothing else is being
   * issued or waiting, or the worker is stopping. A batch that fails is recorded row by row, so
   * each row's failure stays its own (its lease lapses and it is taken again).
   */
  private async record(row: LeasedRow, outcome: RecordedOutcome, log: Logger): Promise<void> {
    const recorded = await new Promise<boolean>((resolve, reject) => {
      this.toRecord.push({ row, outcome, resolve, reject });
      if (this.toRecord.length >= 2 * this.o.concurrency || this.stopping || (this.issuing === 0 && this.waiting.length === 0))
        this.flushSoon();
      else this.lingerTimer ??= setTimeout(() => this.flushSoon(), RECORD_LINGER_MS);
    });
    if (!recorded) {
      log.warn('bulk row lease was taken over; result not recorded by this worker');
      return;
    }
    this.metrics?.rows.inc({ result: outcome.result });
    log.debug({ result: outcome.result }, 'bulk row done');
  }

  /** Records what is queued now (or right after the recording in flight). */
  private flushSoon(): void {
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = undefined;
    if (!this.recording && this.toRecord.length > 0) void this.recordQueued();
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
      if (this.lingerTimer) clearTimeout(this.lingerTimer);
      this.lingerTimer = undefined;
      // Rows held back while the queue was full may start now.
      this.wake();
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
