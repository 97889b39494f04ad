import type { IncomingMessage } from 'node:http';
import type { Response } from 'express';
import type { CallOptions } from '@cred/grpc';
import { actingCall } from './acting-call.js';
import { AppError, readMultipart } from '@cred/runtime';
import type { Upstreams } from '../upstream/clients.js';
import { pathId, requestIdOf } from './body.js';
import { csvLine } from './csv.js';
import { REPLAYED_HEADER, scopedIdempotencyKey } from './idempotency.js';
import { requireConfirmedAddress } from './confirmed-address.js';
import { scopeOf } from './org-scope.js';
import { validateQuery } from './validate.js';
import { BULK_ROWS_MAX_LIMIT as ROWS_MAX_LIMIT, BulkListQuery, BulkRowsQuery, NoQuery } from '../openapi/schemas/queries.js';
import { documentedRouter, type DocumentedRouter } from './routes-kit.js';
import { quotaJson } from './credential-routes.js';
import { BulkIssuancePreview, bulkPreviewOutcome } from '../openapi/schemas/credentials.js';
import type { Static } from '@sinclair/typebox';

/** docs/contract.md "Requests and bodies": a bulk CSV is at most 5 MiB (and 10,000 rows, checked by issuance). */
export const MAX_BULK_CSV_BYTES = 5 * 1024 * 1024;
/** Multipart framing and the badgeId field around the file; beyond this the upload is cut off unread. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

type IssuanceClient = Upstreams['issuance'];
type BulkMessage = Awaited<ReturnType<IssuanceClient['GetBulkIssuance']>>;
type BulkRowMessage = NonNullable<BulkMessage['rows']>[number];

const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', 'The CSV file must be at most 5 MiB', { field: 'file', limitBytes: MAX_BULK_CSV_BYTES });
const onlyFields = (field: string) => AppError.validation(field, 'The multipart fields are "badgeId" (text) and "file" (the CSV file)');

/** A job as clients see it (without rows). */
export function bulkJobJson(j: BulkMessage) {
  return {
    id: j.id,
    badgeId: j.badge_id,
    status: j.status,
    total: j.total,
    processed: j.processed,
    issued: j.issued,
    renewed: j.renewed,
    conflicts: j.conflicts,
    invalid: j.invalid,
    failed: j.failed,
    createdAt: j.created_at,
    startedAt: j.started_at ?? null,
    completedAt: j.completed_at ?? null,
  };
}

/** One row's result: `credentialId` is the CRD- id, `credentialUuid` the credential's id, for issued and renewed rows. */
export function bulkRowJson(r: BulkRowMessage) {
  return {
    row: r.row,
    name: r.name,
    email: r.email,
    result: r.result,
    reason: r.reason ?? null,
    credentialId: r.credential_id ?? null,
    credentialUuid: r.credential_uuid ?? null,
  };
}

/** A preview row (POST .../bulk-issuances/preview). */
type PreviewMessage = Awaited<ReturnType<IssuanceClient['PreviewBulkIssuance']>>;

export function bulkPreviewJson(p: PreviewMessage): Static<typeof BulkIssuancePreview> {
  if (!p.quota) throw new Error('PreviewBulkIssuance answered without the quota');
  return {
    badgeId: p.badge_id,
    total: p.total,
    counts: { issue: p.issue, renew: p.renew, conflict: p.conflict, invalid: p.invalid, over_quota: p.over_quota },
    rows: (p.rows ?? []).map((r) => ({ row: r.row, name: r.name, email: r.email, outcome: bulkPreviewOutcome(r.outcome), reason: r.reason ?? null })),
    quota: quotaJson(p.quota),
  };
}

export const REPORT_HEADER = ['row', 'name', 'email', 'outcome', 'credentialId', 'reason'];

/**
 * Every row of a job as the per-row CSV report: one line per row in row order with its result
 * as the job has it now (pending until the worker gets to it), read in pages of the largest
 * GetBulkIssuance page. A job has at most 10,000 rows, so the report is built whole before
 * anything is sent: an error on any page is still an ordinary error response. The download is
 * in the organization's audit log (bulk_issuance.report_downloaded: who, which job).
 */
async function bulkReportCsv(issuance: IssuanceClient, organizationId: string, id: string, acting: CallOptions): Promise<string> {
  const lines = [csvLine(REPORT_HEADER)];
  for (let offset = 0; ; offset += ROWS_MAX_LIMIT) {
    // The first page records the download in the audit log, under who asks (issuance).
    const j = await issuance.GetBulkIssuance(
      { organization_id: organizationId, bulk_issuance_id: id, rows_limit: ROWS_MAX_LIMIT, rows_offset: offset, report_download: offset === 0 },
      offset === 0 ? acting : { requestId: acting.requestId ?? '' },
    );
    const rows = j.rows ?? [];
    for (const r of rows) lines.push(csvLine([r.row, r.name, r.email, r.result, r.credential_id ?? null, r.reason ?? null]));
    if (rows.length < ROWS_MAX_LIMIT || offset + rows.length >= j.total) return lines.join('');
  }
}

/** How many rows match a result filter, from the job's exact counters. */
function rowsMatching(j: BulkMessage, result: string | undefined): number {
  switch (result) {
    case 'pending':
      return j.total - j.processed;
    case 'issued':
      return j.issued;
    case 'renewed':
      return j.renewed;
    case 'conflict':
      return j.conflicts;
    case 'invalid':
      return j.invalid;
    case 'failed':
      return j.failed;
    default:
      return j.total;
  }
}

interface BulkUpload {
  badgeId: string;
  csv: Buffer;
}

/**
 * Reads the multipart body of a bulk upload: the text field `badgeId` and the file `file` (at
 * most 5 MiB; 413 beyond, without reading the rest). The file's declared type is not trusted:
 * issuance decides whether the bytes are a CSV text. A truncated, malformed or aborted upload is
 * a 400 (@cred/runtime readMultipart), so no job is ever created from part of a file.
 */
export async function readBulkUpload(req: IncomingMessage): Promise<BulkUpload> {
  const form = await readMultipart(req, {
    field: 'file',
    maxFileBytes: MAX_BULK_CSV_BYTES,
    overheadBytes: MULTIPART_OVERHEAD_BYTES,
    limits: { files: 1, fields: 2, fieldSize: 256, fieldNameSize: 64, parts: 3, headerPairs: 20 },
    onFile: (name) => (name === 'file' ? 'keep' : onlyFields(name.slice(0, 64) || 'file')),
    onField: (name, _value, info) => {
      if (name !== 'badgeId') return onlyFields(name.slice(0, 64) || 'badgeId');
      if (info.valueTruncated) return AppError.validation('badgeId', 'badgeId must be a UUID');
      return true;
    },
    errors: {
      tooLarge,
      noBoundary: () =>
        new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be multipart/form-data with the fields "badgeId" and "file"'),
      tooManyFields: () => onlyFields('badgeId'),
      tooManyFiles: () => AppError.validation('file', 'Upload one CSV file only'),
      tooManyParts: () => onlyFields('file'),
    },
  });
  const badgeId = form.fields['badgeId']?.trim();
  if (!badgeId) throw AppError.validation('badgeId', 'badgeId is required (multipart text field "badgeId")');
  const file = form.files[0];
  if (!file) throw AppError.validation('file', 'file is required (multipart file field "file": a CSV with the header name,email)');
  return { badgeId, csv: file.bytes };
}

/**
 * Bulk issuance (docs/contract.md "Authentication and access") for members under `/api/organizations/:orgId` and for
 * API keys under `/api/v1`, mounted after the authentication that sets the organization scope
 * (./org-scope.ts). The upload reads its own multipart body (app.ts lets multipart through on
 * this path only).
 */
export function bulkRoutes(upstreams: Pick<Upstreams, 'issuance'>): DocumentedRouter {
  const router = documentedRouter(['/api/organizations/{orgId}', '/api/v1']);
  const issuance = upstreams.issuance;
  const orgOf = (res: Response) => scopeOf(res).organizationId;

  router.post('/bulk-issuances', requireConfirmedAddress, async (req, res) => {
    const scope = scopeOf(res);
    const organizationId = scope.organizationId;
    if (!req.is('multipart/form-data'))
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be multipart/form-data with the fields "badgeId" and "file"');
    // Idempotency-Key (optional): a repeated upload within 24 h answers with the first job. Issuance
    // stores the key with the job, so a retry after a lost response cannot queue the file twice
    // (which would renew every credential the first job issued).
    const idempotencyKey = scopedIdempotencyKey(req, scope.actor, 'bulk-issuances.create');
    const upload = await readBulkUpload(req);
    const job = await issuance.CreateBulkIssuance(
      {
        organization_id: organizationId,
        badge_id: upload.badgeId,
        csv: upload.csv,
        requested_by: scope.actor,
        idempotency_key: idempotencyKey ?? '',
      },
      { requestId: requestIdOf(res), deadlineMs: 60_000 },
    );
    if (job.idempotent_replay) res.set(REPLAYED_HEADER, 'true');
    res
      .status(202)
      .location(`${scope.basePath}/bulk-issuances/${job.id}`)
      .json({ id: job.id, status: job.status, total: job.total });
  });

  // The same multipart body as the upload; nothing is written. 200 with each row's outcome.
  router.post('/bulk-issuances/preview', async (req, res) => {
    const organizationId = orgOf(res);
    if (!req.is('multipart/form-data'))
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be multipart/form-data with the fields "badgeId" and "file"');
    const upload = await readBulkUpload(req);
    const preview = await issuance.PreviewBulkIssuance(
      { organization_id: organizationId, badge_id: upload.badgeId, csv: upload.csv },
      { requestId: requestIdOf(res), deadlineMs: 60_000 },
    );
    res.status(200).json(bulkPreviewJson(preview));
  });

  router.get('/bulk-issuances', async (req, res) => {
    const { limit, offset } = validateQuery(BulkListQuery, req.query);
    const r = await issuance.ListBulkIssuances({ organization_id: orgOf(res), limit, offset }, { requestId: requestIdOf(res) });
    res
      .status(200)
      .json({ data: (r.bulk_issuances ?? []).map(bulkJobJson), pagination: { limit: r.limit, offset: r.offset, total: r.total } });
  });

  router.get('/bulk-issuances/{bulkIssuanceId}', async (req, res) => {
    const id = pathId(req, 'bulkIssuanceId');
    const { limit, offset, result } = validateQuery(BulkRowsQuery, req.query);
    const j = await issuance.GetBulkIssuance(
      {
        organization_id: orgOf(res),
        bulk_issuance_id: id,
        rows_limit: limit,
        rows_offset: offset,
        ...(result === undefined ? {} : { result }),
      },
      { requestId: requestIdOf(res) },
    );
    res.status(200).json({
      ...bulkJobJson(j),
      rows: (j.rows ?? []).map(bulkRowJson),
      pagination: { limit, offset, total: rowsMatching(j, result) },
    });
  });

  router.get('/bulk-issuances/{bulkIssuanceId}/report.csv', async (req, res) => {
    const id = pathId(req, 'bulkIssuanceId');
    validateQuery(NoQuery, req.query);
    const csv = await bulkReportCsv(issuance, orgOf(res), id, actingCall(res));
    res
      .status(200)
      .set('Content-Type', 'text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="bulk-${id}.csv"`)
      .set('Cache-Control', 'no-store')
      .send(csv);
  });

  return router;
}
