/**
 * The audit log's one definition: what an entry is, which actions exist and who may be named
 * as the actor. Every owning service records through `recordAudit` (store.ts) in the same
 * transaction as the action; the gateway reads the services' pages and merges them.
 */

/** Every action the platform records, grouped by the service that owns it (docs/architecture.md, Audit log). */
export const AUDIT_ACTIONS = [
  // issuance
  'credential.issued',
  'credential.renewed',
  'credential.revoked',
  'bulk_issuance.started',
  'bulk_issuance.stopped',
  'bulk_issuance.report_downloaded',
  'badge.created',
  'badge.updated',
  'badge.deleted',
  'badge.deactivated',
  'badge.image_changed',
  // issuance, as the service that asks signing for keys and records them (signing has no reader at the edge)
  'signing_key.generated',
  'signing_key.rotated',
  'signing_key.compromised',
  // accounts
  'api_key.created',
  'api_key.updated',
  'api_key.revoked',
  'organization.created',
  'organization.updated',
  'organization.approved',
  'organization.suspended',
  'organization.reinstated',
  'organization.plan_changed',
  'organization.subscription_changed',
  'member.added',
  'member.role_changed',
  'member.removed',
  'invitation.created',
  'invitation.accepted',
  'invitation.revoked',
  // accounts: signing up and signing in, in the log of each organization the person belongs to
  'user.signed_up',
  'user.sign_up_attempted',
  'user.signed_in',
  'user.sign_in_failed',
  // notification
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const ACTION_SET: ReadonlySet<string> = new Set(AUDIT_ACTIONS);

export function isAuditAction(value: string): value is AuditAction {
  return ACTION_SET.has(value);
}

/** What an entry is about: one of these kinds, with its id. */
export const AUDIT_TARGET_TYPES = [
  'credential',
  'bulk_issuance',
  'badge',
  'signing_key',
  'api_key',
  'organization',
  'membership',
  'invitation',
  'webhook',
  'user',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/**
 * Who acted: a member (`user:<id>`), an API key (`api_key:<id>`), a platform operator (`operator`
 * for PLATFORM_ADMIN_TOKEN's, `operator:<name>` for one of PLATFORM_ADMIN_TOKENS), the platform itself (`system`: expiry, a bulk job's worker) or a payment provider
 * (`provider:stripe`).
 */
export const ACTOR_RE = new RegExp(`^(?:user:${UUID}|api_key:${UUID}|operator(?::[a-z][a-z0-9_-]{0,31})?|system|provider:[a-z][a-z0-9_-]{0,31})$`);

export function isAuditActor(value: string): boolean {
  return ACTOR_RE.test(value);
}

/** One recorded action. `details` is small and never holds a secret (assertNoSecrets). */
export interface AuditEntry {
  id: string;
  organizationId: string;
  occurredAt: Date;
  actor: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  details: Record<string, AuditDetailValue>;
  requestId: string | null;
}

/** Details are flat facts: short strings, numbers, booleans, null, or lists of short strings. */
export type AuditDetailValue = string | number | boolean | null | readonly string[];

/**
 * Names that mean a secret or something derived from one. A details object with such a key is
 * refused outright, so a later change cannot put a secret in the log by accident (the tests of
 * each service also read the stored rows for the secrets they handed out).
 */
const SECRET_KEY_RE =
  /secret|token|password|passphrase|private|hash|authorization|cookie|credential_?json|signature|^key$|^keys$|apikey$|api_key$|seal|kek|dek/i;

export const MAX_DETAILS_BYTES = 2048;

export function assertNoSecrets(details: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(details)) {
    if (SECRET_KEY_RE.test(key)) throw new Error(`audit details must not carry secrets: "${key}"`);
    const ok =
      value === null ||
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      (Array.isArray(value) && value.every((v) => typeof v === 'string'));
    if (!ok) throw new Error(`audit detail "${key}" must be a string, number, boolean, null or list of strings`);
  }
  if (Buffer.byteLength(JSON.stringify(details)) > MAX_DETAILS_BYTES) throw new Error('audit details are too large');
}
