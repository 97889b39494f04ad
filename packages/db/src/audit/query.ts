import { AUDIT_ACTIONS, isAuditActor } from './entry.js';

/** The filters and page of a read, the same at the gateway (from the query string) and in each service (from gRPC). */
export interface AuditQuery {
  organizationId: string;
  /** An action (`credential.revoked`) or a prefix ending in a dot (`credential.`). */
  action?: string;
  actor?: string;
  targetId?: string;
  /** Entries at or after this instant. */
  from?: Date;
  /** Entries before this instant. */
  to?: Date;
  /** Entries strictly older than this position (keyset: occurred_at desc, id desc). */
  after?: AuditPosition;
  limit: number;
}

export interface AuditPosition {
  occurredAt: Date;
  id: string;
}

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 100;

/** A problem with a filter, named by its query parameter (the edges turn it into 400 VALIDATION_ERROR). */
export class AuditQueryError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'AuditQueryError';
  }
}

const ACTION_PREFIXES: ReadonlySet<string> = new Set(AUDIT_ACTIONS.map((a) => `${a.slice(0, a.indexOf('.'))}.`));
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TARGET_RE = /^[A-Za-z0-9._:-]{1,200}$/;
const ISO_RE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

export function checkAuditAction(value: string): string {
  if ((AUDIT_ACTIONS as readonly string[]).includes(value) || ACTION_PREFIXES.has(value)) return value;
  throw new AuditQueryError('action', 'action must be a known action (credential.revoked) or a prefix ending in a dot (credential.)');
}

export function checkAuditActor(value: string): string {
  if (isAuditActor(value)) return value;
  throw new AuditQueryError('actor', 'actor must be user:<id>, api_key:<id>, operator, system or provider:<name>');
}

export function checkAuditTargetId(value: string): string {
  if (TARGET_RE.test(value)) return value;
  throw new AuditQueryError('targetId', 'targetId must be an identifier');
}

/** A date (`2026-01-31`, midnight UTC) or a date-time with a time zone. */
export function checkAuditInstant(value: string, field: string): Date {
  const t = ISO_RE.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(t)) throw new AuditQueryError(field, `${field} must be an ISO 8601 date or date-time with a time zone`);
  return new Date(t);
}

export function checkAuditLimit(value: number): number {
  if (!Number.isSafeInteger(value) || value < 1 || value > AUDIT_PAGE_MAX)
    throw new AuditQueryError('limit', `limit must be an integer from 1 to ${AUDIT_PAGE_MAX}`);
  return value;
}

export function checkAuditOrganization(value: string): string {
  if (UUID_RE.test(value)) return value;
  throw new AuditQueryError('organization_id', 'organization_id must be a UUID');
}

/** The opaque cursor of the next page: base64url of the last entry's position. */
export function encodeAuditCursor(position: AuditPosition): string {
  return Buffer.from(JSON.stringify([position.occurredAt.toISOString(), position.id]), 'utf8').toString('base64url');
}

export function decodeAuditCursor(cursor: string): AuditPosition {
  const bad = () => new AuditQueryError('cursor', 'cursor is not one this API returned');
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw bad();
  const [at, id] = parsed as unknown[];
  if (typeof at !== 'string' || typeof id !== 'string' || !UUID_RE.test(id)) throw bad();
  const t = Date.parse(at);
  if (Number.isNaN(t) || new Date(t).toISOString() !== at) throw bad();
  return { occurredAt: new Date(t), id };
}

/** Newest first: occurred_at descending, then id descending (the order every page and the merge use). */
export function compareAuditNewestFirst(a: AuditPosition, b: AuditPosition): number {
  const dt = b.occurredAt.getTime() - a.occurredAt.getTime();
  if (dt !== 0) return dt;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
