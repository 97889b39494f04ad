import type { Request } from 'express';
import { AppError } from '@cred/runtime';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  AuditQueryError,
  checkAuditAction,
  checkAuditActor,
  checkAuditInstant,
  checkAuditTargetId,
  compareAuditNewestFirst,
  decodeAuditCursor,
  encodeAuditCursor,
  type AuditEntryMessage,
  type AuditPosition,
} from '@cred/db/audit';
import { can } from '@cred/proto/roles';
import type { Upstreams } from '../upstream/clients.js';
import { requestIdOf } from './body.js';
import { scopeOf } from './org-scope.js';
import { validateQuery } from './validate.js';
import { AuditLogQuery } from '../openapi/schemas/queries.js';
import { documentedRouter, type DocumentedRouter } from './routes-kit.js';
import { AuditEntry } from '../openapi/schemas/audit.js';
import { listed } from '../openapi/kit.js';
import type { Static } from '@sinclair/typebox';

/** The services that keep audit entries, each serving ListAuditEntries for its own. */
const SOURCES = ['accounts', 'issuance', 'notification'] as const;

interface AuditListQuery {
  limit: number;
  after?: AuditPosition;
  action?: string;
  actor?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
}

/** The query string of GET .../audit-log, every problem a 400 naming its parameter. */
export function parseAuditListQuery(req: Request): AuditListQuery {
  const raw = validateQuery(AuditLogQuery, req.query);
  try {
    const q: AuditListQuery = { limit: raw.limit };
    if (raw.cursor !== undefined) q.after = decodeAuditCursor(raw.cursor);
    if (raw.action !== undefined) q.action = checkAuditAction(raw.action);
    if (raw.actor !== undefined) q.actor = checkAuditActor(raw.actor);
    if (raw.targetId !== undefined) q.targetId = checkAuditTargetId(raw.targetId);
    if (raw.from !== undefined) q.from = checkAuditInstant(raw.from, 'from');
    if (raw.to !== undefined) q.to = checkAuditInstant(raw.to, 'to');
    if (q.from && q.to && q.from.getTime() > q.to.getTime()) throw new AuditQueryError('to', 'to must not be before from');
    return q;
  } catch (err) {
    if (err instanceof AuditQueryError) throw AppError.validation(err.field, err.message);
    throw err;
  }
}

function entryJson(e: AuditEntryMessage, names: ReadonlyMap<string, string>): Static<typeof AuditEntry> {
  // The owning services write a JSON object of facts; anything else reads as no details.
  let details: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(e.details_json || '{}');
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) details = parsed as Record<string, unknown>;
  } catch {
    details = {};
  }
  return {
    id: e.id,
    occurredAt: e.occurred_at,
    actor: e.actor,
    actorName: names.get(e.actor) ?? null,
    action: listed(AUDIT_ACTIONS, e.action, 'audit action'),
    targetType: listed(AUDIT_TARGET_TYPES, e.target_type, 'audit target type'),
    targetId: e.target_id,
    details,
    requestId: e.request_id || null,
  };
}

/**
 * The names of the page's `user:` actors, keyed by actor, from accounts (people who have left the
 * organization are still users). Only ids read from the organization's own entries are asked.
 */
async function actorNames(upstreams: Upstreams, page: readonly AuditEntryMessage[], requestId: string): Promise<Map<string, string>> {
  const ids = [...new Set(page.filter((e) => e.actor.startsWith('user:')).map((e) => e.actor.slice('user:'.length)))];
  if (ids.length === 0) return new Map();
  const r = await upstreams.accounts.GetUserNames({ user_ids: ids }, { requestId });
  return new Map((r.users ?? []).map((u) => [`user:${u.user_id}`, u.name]));
}

const positionOf = (e: AuditEntryMessage): AuditPosition => ({ occurredAt: new Date(e.occurred_at), id: e.id });

/**
 * GET /api/organizations/{orgId}/audit-log: owners and admins read what was done in the
 * organization. Each owning service answers its newest `limit` entries after the cursor; the
 * merge of those lists, cut at `limit`, is exactly the next page of the whole log (keyset on
 * occurred_at, id), and the cursor is the last entry shown. All services answer or the request
 * is 503: a page missing one service's entries would skip them for good once the cursor moved.
 */
export function auditRoutes(upstreams: Upstreams): DocumentedRouter {
  const router = documentedRouter(['/api/organizations/{orgId}']);
  router.get('/audit-log', async (req, res) => {
    const scope = scopeOf(res);
    // enforceRole has checked `audit.read` already (role-permissions.ts); checked again here so
    // that mounting this router elsewhere cannot open the log.
    if (!can(String(res.locals.role ?? ''), 'audit.read')) throw AppError.forbidden('Only owners and admins of the organization can read its audit log');
    const q = parseAuditListQuery(req);
    const request = {
      organization_id: scope.organizationId,
      action: q.action ?? '',
      actor: q.actor ?? '',
      target_id: q.targetId ?? '',
      from: q.from?.toISOString() ?? '',
      to: q.to?.toISOString() ?? '',
      after_occurred_at: q.after?.occurredAt.toISOString() ?? '',
      after_id: q.after?.id ?? '',
      limit: q.limit,
    };
    const requestId = requestIdOf(res);
    const pages = await Promise.all(SOURCES.map((s) => upstreams[s].ListAuditEntries(request, { requestId })));
    const merged = pages
      .flatMap((p) => (p.entries ?? []) as AuditEntryMessage[])
      .sort((a, b) => compareAuditNewestFirst(positionOf(a), positionOf(b)));
    const page = merged.slice(0, q.limit);
    const more = merged.length > q.limit || pages.some((p) => p.has_more);
    const last = page[page.length - 1];
    const names = await actorNames(upstreams, page, requestId);
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).json({
      data: page.map((e) => entryJson(e, names)),
      pagination: { limit: q.limit, nextCursor: more && last ? encodeAuditCursor(positionOf(last)) : null },
    });
  });
  return router;
}
