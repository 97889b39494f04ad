import { AppError } from '@cred/runtime';
import type { Knex } from '@cred/db';
import { organizationStore, type OrganizationChanges } from '../db/organization-store.js';
import { ORGANIZATION_STATUSES, type Membership, type Organization, type OrganizationStatus, type Plan } from '../domain/model.js';
import { nextStatus, type AdminAction } from '../domain/organization-rules.js';
import * as v from '../domain/validation.js';
import { emit, EVENTS, type AccountsContext } from './context.js';
import { organizationEventView } from './views.js';
import { audit, SYSTEM, type Acting } from './audit.js';
import type { AuditAction } from '@cred/db/audit';
import { requirePermission } from './permissions.js';

export interface OrganizationPatch {
  name?: unknown;
  domain?: unknown;
  emailNotificationsEnabled?: unknown;
  recipientNameInCredentials?: unknown;
  /** The member making the change (needs organization.manage); absent for platform operators and services. */
  actorUserId?: string | undefined;
}

/** Organizations: reads, member edits, operator actions, and plan changes from billing. */
export class OrganizationService {
  constructor(private readonly ctx: AccountsContext) {}

  async get(id: string): Promise<Organization> {
    const org = v.isUuid(id) ? await organizationStore.findById(this.ctx.db, id) : undefined;
    if (!org) throw AppError.notFound('Organization not found');
    return org;
  }

  /** Not a member and no such organization look the same (404), so ids cannot be probed. */
  async membership(userId: string, organizationId: string): Promise<Membership> {
    const m = v.isUuid(userId) && v.isUuid(organizationId) ? await organizationStore.findMembership(this.ctx.db, userId, organizationId) : undefined;
    if (!m) throw AppError.notFound('Organization not found');
    return m;
  }

  async update(id: string, patch: OrganizationPatch, by: Acting = SYSTEM): Promise<Organization> {
    if (patch.actorUserId) await requirePermission(this.ctx.db, id, patch.actorUserId, 'organization.manage');
    const changes: OrganizationChanges = {};
    if (patch.name !== undefined) changes.name = v.displayName(patch.name, 'name');
    if (patch.domain !== undefined) changes.domain = v.domain(patch.domain);
    if (patch.emailNotificationsEnabled !== undefined) {
      if (typeof patch.emailNotificationsEnabled !== 'boolean') throw AppError.validation('emailNotificationsEnabled', 'emailNotificationsEnabled must be a boolean');
      changes.emailNotificationsEnabled = patch.emailNotificationsEnabled;
    }
    if (patch.recipientNameInCredentials !== undefined) {
      if (typeof patch.recipientNameInCredentials !== 'boolean')
        throw AppError.validation('recipientNameInCredentials', 'recipientNameInCredentials must be a boolean');
      changes.recipientNameInCredentials = patch.recipientNameInCredentials;
    }
    return this.change(
      id,
      (current) => {
        // A new domain has to be verified again (domain verification itself is not built yet).
        if (changes.domain !== undefined && changes.domain !== current.domain) changes.domainVerified = false;
        return changes;
      },
      { by, action: 'organization.updated' },
    );
  }

  async list(filter: { status?: string; limit?: number; offset?: number }): Promise<{ items: Organization[]; total: number }> {
    let status: OrganizationStatus | undefined;
    if (filter.status) {
      if (!(ORGANIZATION_STATUSES as readonly string[]).includes(filter.status)) {
        throw AppError.validation('status', `status must be one of ${ORGANIZATION_STATUSES.join(', ')}`);
      }
      status = filter.status as OrganizationStatus;
    }
    const limit = filter.limit || 50;
    const offset = filter.offset ?? 0;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw AppError.validation('limit', 'limit must be an integer from 1 to 100');
    if (!Number.isInteger(offset) || offset < 0) throw AppError.validation('offset', 'offset must be a non-negative integer');
    return organizationStore.list(this.ctx.db, { ...(status ? { status } : {}), limit, offset });
  }

  async adminAction(id: string, action: AdminAction, by: Acting = SYSTEM): Promise<Organization> {
    const audited = ({ approve: 'organization.approved', suspend: 'organization.suspended', reinstate: 'organization.reinstated' } as const)[action];
    return this.change(
      id,
      (current) => {
        const status = nextStatus(current.status, action);
        return status ? { status } : {};
      },
      { by, action: audited },
    );
  }

  async setPlan(id: string, planInput: unknown, by: Acting = SYSTEM): Promise<Organization> {
    const plan: Plan = v.plan(planInput);
    return this.change(id, () => ({ plan }), { by, action: 'organization.plan_changed' });
  }

  async setSubscription(id: string, input: { plan?: string; subscriptionStatus: unknown }, by: Acting = SYSTEM): Promise<Organization> {
    const subscriptionStatus = v.subscriptionStatus(input.subscriptionStatus, 'subscription_status');
    const changes: OrganizationChanges = { subscriptionStatus };
    if (input.plan) changes.plan = v.plan(input.plan);
    return this.change(id, () => changes, { by, action: (fields) => (fields.includes('plan') ? 'organization.plan_changed' : 'organization.subscription_changed') });
  }

  /** Not audited here: issuance records `signing_key.generated` with the key. */
  async markSigningKeysGenerated(id: string): Promise<Organization> {
    return this.change(id, () => ({ signingKeysGenerated: true }));
  }

  /**
   * Read-modify-write under a row lock. Only fields that actually change are written, and
   * only a real change emits `accounts.organization.updated` (consumers drop cached copies).
   */
  private async change(
    id: string,
    decide: (current: Organization) => OrganizationChanges,
    audited?: { by: Acting; action: AuditAction | ((fields: string[]) => AuditAction) },
  ): Promise<Organization> {
    if (!v.isUuid(id)) throw AppError.notFound('Organization not found');
    return this.ctx.db.transaction(async (trx: Knex.Transaction) => {
      const current = await organizationStore.findForUpdate(trx, id);
      if (!current) throw AppError.notFound('Organization not found');
      const wanted = decide(current);
      const changed: OrganizationChanges = {};
      for (const [k, value] of Object.entries(wanted) as [keyof OrganizationChanges, unknown][]) {
        if (value !== undefined && current[k] !== value) (changed as Record<string, unknown>)[k] = value;
      }
      const fields = Object.keys(changed).sort();
      if (fields.length === 0) return current;
      const updated = await organizationStore.update(trx, id, changed, this.ctx.clock.now());
      await emit(this.ctx, trx, EVENTS.organizationUpdated, { organization: organizationEventView(updated), changed: fields });
      if (audited) {
        await audit(this.ctx, trx, audited.by, {
          organizationId: id,
          action: typeof audited.action === 'function' ? audited.action(fields) : audited.action,
          targetType: 'organization',
          targetId: id,
          // Every organization field is a plain setting (no secret); the values before and after.
          details: Object.fromEntries(fields.flatMap((f) => [[`${f}From`, auditValue(current[f as keyof Organization])], [f, auditValue(updated[f as keyof Organization])]])),
        });
      }
      return updated;
    });
  }
}

function auditValue(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}
