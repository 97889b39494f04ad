import { AppError } from '@cred/runtime';
import { can, type Permission } from '@cred/proto/roles';
import { callOptions, type CallMeta, type IssuanceContext } from './context.js';

const USER_ACTOR = /^user:([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;

/**
 * Issuance's own check of a member's role (docs/roles.md, "Who checks"). The gateway names the
 * actor of every change (`issued_by`, `revoked_by`, `requested_by`; for badge changes the call's
 * `x-actor` metadata); when it is a member
 * (`user:<id>`), the role is asked of accounts (GetMembership, on this call: a role change counts
 * at once) and checked against the same permission table as the gateway's. Other actors are not
 * members and have no role: `api_key:<id>` acts as its organization (issuer level, as before),
 * `platform-admin` is the operator, `bulk:<job>:<row>` is a job a member already started. A
 * `user:` actor that is not a user id is refused.
 *
 * This guards against a gateway route that forgot its check, not against a forged actor: only
 * the gateway (and, for signing keys, the operator routes) call these RPCs.
 */
export async function requireActorPermission(
  ctx: IssuanceContext,
  organizationId: string,
  actor: string | undefined,
  permission: Permission,
  meta: CallMeta,
): Promise<void> {
  if (!actor || !actor.startsWith('user:')) return;
  const m = USER_ACTOR.exec(actor);
  if (!m) throw AppError.forbidden('The acting user is not a member of the organization');
  const membership = await ctx.accounts.GetMembership({ user_id: m[1]!.toLowerCase(), organization_id: organizationId }, callOptions(meta));
  if (!can(membership.role, permission)) {
    throw AppError.forbidden(`Your role (${membership.role}) does not allow this`, { role: membership.role, permission });
  }
}
