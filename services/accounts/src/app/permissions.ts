import { AppError } from '@cred/runtime';
import type { Knex } from '@cred/db';
import { can, type Permission } from '@cred/proto/roles';
import { organizationStore } from '../db/organization-store.js';
import type { Membership } from '../domain/model.js';
import * as v from '../domain/validation.js';

/**
 * The acting member's membership, checked against the permission table (@cred/proto/roles).
 * The gateway checks the same table before it calls; this is the owning service's own check,
 * read from its own rows, so a role change counts here at once too. Not a member (or no such
 * organization) is NOT_FOUND, as on every member route; a role without the permission FORBIDDEN.
 */
export async function requirePermission(db: Knex, organizationId: string, actorUserId: unknown, permission: Permission): Promise<Membership> {
  const m = v.isUuid(organizationId) && v.isUuid(actorUserId) ? await organizationStore.findMembership(db, actorUserId.toLowerCase(), organizationId.toLowerCase()) : undefined;
  if (!m) throw AppError.notFound('Organization not found');
  if (!can(m.role, permission)) throw AppError.forbidden(`Your role (${m.role}) does not allow this`, { role: m.role, permission });
  return m;
}

/** Serialises changes to an organization's team (role changes, removals, invitations, accepts) in `trx`. */
export async function lockTeam(trx: Knex.Transaction, organizationId: string): Promise<void> {
  await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`team:${organizationId}`]);
}

/**
 * Serialises the invitations of one inviter (across their organizations) in `trx`, so the
 * per-inviter limit holds under concurrent invitations. Always taken after lockTeam.
 */
export async function lockInviter(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`inviter:${userId}`]);
}
