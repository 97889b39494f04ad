import { requireActorPermission } from '../app/actor-permission.js';
import type { ServerUnaryCall } from '@grpc/grpc-js';
import type { UnaryHandlers } from '@cred/grpc';
import type { IssuanceServiceDefinition } from '@cred/proto';
import type { CallMeta, IssuanceContext } from '../app/context.js';
import {
  createBulkIssuance,
  getBulkIssuance,
  listBulkIssuances,
  previewBulkIssuance,
  recordReportDownload,
  type BulkJob,
  type BulkRow,
} from '../app/bulk-issuance.js';

type Call = Pick<ServerUnaryCall<unknown, unknown>, 'metadata'>;
type BulkRpc = 'CreateBulkIssuance' | 'PreviewBulkIssuance' | 'GetBulkIssuance' | 'ListBulkIssuances';

function metaOf(call: Call): CallMeta {
  const v = call.metadata.get('x-request-id')[0];
  return typeof v === 'string' ? { requestId: v } : {};
}

/** The request id and who acts (`x-actor`), for an audit entry. */
function actingMetaOf(call: Call): CallMeta {
  const actor = call.metadata.get('x-actor')[0];
  return { ...metaOf(call), ...(typeof actor === 'string' ? { actor } : {}) };
}

const instant = <K extends string>(key: K, d: Date | null): Partial<Record<K, string>> =>
  d === null ? {} : ({ [key]: d.toISOString() } as Record<K, string>);

/** Domain job -> proto BulkIssuance (null timestamps left out: proto3 `optional`). */
export function bulkJobToProto(job: BulkJob, rows: BulkRow[] = [], page: { limit: number; offset: number } = { limit: 0, offset: 0 }) {
  return {
    id: job.id,
    organization_id: job.organizationId,
    badge_id: job.badgeId,
    status: job.status,
    total: job.total,
    processed: job.processed,
    issued: job.issued,
    renewed: job.renewed,
    conflicts: job.conflicts,
    invalid: job.invalid,
    failed: job.failed,
    created_at: job.createdAt.toISOString(),
    ...instant('started_at', job.startedAt),
    ...instant('completed_at', job.completedAt),
    rows: rows.map(bulkRowToProto),
    rows_limit: page.limit,
    rows_offset: page.offset,
    idempotent_replay: false,
  };
}

export function bulkRowToProto(r: BulkRow) {
  return {
    row: r.row,
    name: r.name,
    email: r.email,
    result: r.result,
    ...(r.reason === null ? {} : { reason: r.reason }),
    ...(r.credentialUuid === null ? {} : { credential_uuid: r.credentialUuid }),
    ...(r.credentialId === null ? {} : { credential_id: r.credentialId }),
  };
}

/** Bulk issuance RPCs (CreateBulkIssuance, PreviewBulkIssuance, GetBulkIssuance, ListBulkIssuances). */
export function bulkHandlers(ctx: IssuanceContext): Pick<UnaryHandlers<IssuanceServiceDefinition>, BulkRpc> {
  return {
    CreateBulkIssuance: async (req, call) => {
      await requireActorPermission(ctx, req.organization_id, req.requested_by, 'credentials.issue', metaOf(call));
      const job = await createBulkIssuance(
        ctx,
        req.organization_id,
        {
          badgeId: req.badge_id,
          csv: Buffer.from(req.csv ?? []),
          requestedBy: req.requested_by,
          idempotencyKey: req.idempotency_key ?? '',
        },
        metaOf(call),
      );
      return { ...bulkJobToProto(job), idempotent_replay: job.idempotentReplay === true };
    },

    PreviewBulkIssuance: async (req, call) => {
      const p = await previewBulkIssuance(ctx, req.organization_id, { badgeId: req.badge_id, csv: Buffer.from(req.csv ?? []) }, metaOf(call));
      return {
        badge_id: p.badgeId,
        total: p.total,
        ...p.counts,
        rows: p.rows.map((r) => ({ row: r.row, name: r.name, email: r.email, outcome: r.outcome, ...(r.reason === null ? {} : { reason: r.reason }) })),
        quota: { plan: p.quota.plan, limit: p.quota.limit, used: p.quota.used, month: p.quota.month, resets_at: p.quota.resetsAt.toISOString() },
      };
    },

    GetBulkIssuance: async (req, call) => {
      const r = await getBulkIssuance(ctx, req.organization_id, req.bulk_issuance_id, {
        limit: req.rows_limit,
        offset: req.rows_offset,
        ...(req.result === undefined ? {} : { result: req.result }),
      });
      if (req.report_download) await recordReportDownload(ctx, r.job, actingMetaOf(call));
      // rows_total is not in the message: a client derives it from the counters (see the gateway).
      return bulkJobToProto(r.job, r.rows, { limit: r.limit, offset: r.offset });
    },

    ListBulkIssuances: async (req) => {
      const r = await listBulkIssuances(ctx, req.organization_id, { limit: req.limit, offset: req.offset });
      return { bulk_issuances: r.items.map((j) => bulkJobToProto(j)), limit: r.limit, offset: r.offset, total: r.total };
    },
  };
}
