import { AppError, newUuid } from '@cred/runtime';
import type { Knex } from '@cred/db';
import { checkIdempotencyRequest, claimKey, storeAnswer, type IdempotencyRequest } from '@cred/idempotency';
import { canAssignRole, canRemoveMember, can, isRole, ROLES, type Role } from '@cred/proto/roles';
import { apiKeyStore } from '../db/api-key-store.js';
import { invitationStore } from '../db/invitation-store.js';
import { organizationStore } from '../db/organization-store.js';
import { userStore } from '../db/user-store.js';
import {
  INVITATION_LIMITS,
  INVITATION_TTL_MS,
  MAX_PENDING_INVITATIONS,
  invitationStatus,
  type Invitation,
  type InvitationAnswer,
  type Member,
  type Membership,
  type Organization,
  type User,
} from '../domain/model.js';
import { newOneTimeToken, sha256Hex } from '../domain/tokens.js';
import * as v from '../domain/validation.js';
import { emit, EVENTS, type AccountsContext } from './context.js';
import { apiKeyEventView } from './views.js';
import { audit, type Acting } from './audit.js';

/** The answer of `invite`, marked when an earlier call with the same Idempotency-Key created it. */
type CreatedInvitation = InvitationAnswer & { idempotentReplay?: true };

function invitationAnswer(i: Invitation): InvitationAnswer {
  return {
    id: i.id,
    organizationId: i.organizationId,
    email: i.email,
    role: i.role,
    invitedByUserId: i.invitedByUserId,
    createdAt: i.createdAt,
    expiresAt: i.expiresAt,
  };
}

/**
 * The Idempotency-Key of an invitation as the shared records take it (@cred/idempotency,
 * docs/decisions.md "Idempotency-Key"): the caller's scoped key and fingerprint, among this
 * organization's invitations only.
 */
function invitationIdempotency(organizationId: string, given: { key: string; fingerprint: string }): IdempotencyRequest {
  return checkIdempotencyRequest({ scope: `invitations.create:${organizationId}`, key: given.key, fingerprint: given.fingerprint });
}

/** The stored answer (JSON: dates as ISO strings) as `invite` returned it, marked replayed. */
function replayedInvitation(stored: unknown): CreatedInvitation {
  const i = stored as Record<string, unknown>;
  return {
    ...(i as unknown as InvitationAnswer),
    createdAt: new Date(String(i.createdAt)),
    expiresAt: new Date(String(i.expiresAt)),
    idempotentReplay: true,
  };
}

/** A member acting through a session (the gateway passes their id): the audit actor `user:<id>`. */
/** The member who acts, with the request id the call carried (the audit log links the two). */
const asUser = (userId: string, requestId?: string): Acting => ({ actor: `user:${userId}`, ...(requestId ? { requestId } : {}) });
import { lockInviter, lockTeam, requirePermission } from './permissions.js';

function role(value: unknown): Role {
  if (!isRole(value)) throw AppError.validation('role', `role must be one of ${ROLES.join(', ')}`);
  return value;
}

function uuidOr404(value: unknown, what: string): string {
  if (!v.isUuid(value)) throw AppError.notFound(`${what} not found`);
  return value.toLowerCase();
}

/** Why an invitation's token no longer works, in the error shape of docs/contract.md "Errors" (409 CONFLICT). */
function notPending(status: string): AppError {
  const text: Record<string, string> = {
    accepted: 'This invitation has already been accepted',
    revoked: 'This invitation was withdrawn',
    expired: 'This invitation has expired; ask for a new one',
  };
  return AppError.conflict(text[status] ?? 'This invitation is no longer valid', { invitationStatus: status });
}

const INVALID_TOKEN = 'Invitation not found';

/**
 * Who may make the platform send an invitation e-mail (docs/decisions.md, "Invitation e-mail"):
 * an inviter whose own address is confirmed, for an organization an operator approved and has
 * not suspended. 403 FORBIDDEN with `details.reason` otherwise.
 */
function requireMaySendInvitations(inviter: User, org: Organization): void {
  if (!inviter.emailVerifiedAt) {
    throw AppError.forbidden('Confirm your e-mail address before inviting anyone: use the link we sent you, or ask for a new one', {
      reason: 'email_not_verified',
    });
  }
  if (org.status !== 'approved') {
    throw AppError.forbidden('Invitations can be sent once the organization is approved, and not while it is suspended', {
      reason: 'organization_not_approved',
      status: org.status,
    });
  }
}

/**
 * The invitation limits (INVITATION_LIMITS): every invitation created in the window counts,
 * withdrawn ones included. 429 RATE_LIMITED with the limit, the window and `retryAfter`
 * (seconds until the oldest counted invitation leaves the window).
 */
async function requireWithinInvitationLimits(trx: Knex.Transaction, organizationId: string, inviterId: string, now: Date): Promise<void> {
  for (const rule of INVITATION_LIMITS) {
    const since = new Date(now.getTime() - rule.windowSeconds * 1000);
    const by = rule.scope === 'organization' ? { organizationId } : { invitedByUserId: inviterId };
    const { count, oldest } = await invitationStore.createdSince(trx, by, since);
    if (count < rule.limit) continue;
    const leaves = oldest ? oldest.getTime() + rule.windowSeconds * 1000 - now.getTime() : rule.windowSeconds * 1000;
    const who = rule.scope === 'organization' ? 'An organization' : 'One member';
    const window = rule.windowSeconds === 3600 ? 'hour' : `${rule.windowSeconds / 3600} hours`;
    throw new AppError('RATE_LIMITED', `${who} can send at most ${rule.limit} invitations per ${window}; try again later`, {
      scope: rule.scope,
      limit: rule.limit,
      windowSeconds: rule.windowSeconds,
      retryAfter: Math.max(1, Math.ceil(leaves / 1000)),
    });
  }
}

export interface InvitationSummary {
  organization: Organization;
  invitation: Invitation;
}

/**
 * An organization's team: members and their roles, invitations. Every change names the acting
 * member and checks their role here (requirePermission), and runs under the team's lock, so the
 * last-owner rule holds under concurrent changes.
 */
export class MemberService {
  constructor(private readonly ctx: AccountsContext) {}

  async list(organizationId: string, actorUserId: unknown): Promise<Member[]> {
    await requirePermission(this.ctx.db, organizationId, actorUserId, 'members.read');
    return organizationStore.listMembers(this.ctx.db, organizationId.toLowerCase());
  }

  async changeRole(organizationId: string, actorUserId: unknown, userIdInput: unknown, roleInput: unknown, requestId?: string): Promise<Member> {
    const next = role(roleInput);
    const userId = uuidOr404(userIdInput, 'Member');
    const orgId = organizationId.toLowerCase();
    return this.ctx.db.transaction(async (trx) => {
      await lockTeam(trx, orgId);
      const actor = await requirePermission(trx, orgId, actorUserId, 'members.manage');
      const target = await organizationStore.findMember(trx, orgId, userId);
      if (!target) throw AppError.notFound('Member not found');
      if (!canAssignRole(actor.role, target.role, next)) {
        throw AppError.forbidden('Only an owner can make someone an owner or change an owner\'s role', { role: actor.role, permission: 'owners.manage' });
      }
      if (target.role === next) return target;
      if (target.role === 'owner' && (await organizationStore.countOwners(trx, orgId)) <= 1) {
        throw AppError.conflict('The last owner cannot be demoted; make someone else an owner first', { reason: 'last_owner' });
      }
      await organizationStore.setRole(trx, orgId, userId, next);
      await audit(this.ctx, trx, asUser(actor.userId, requestId), {
        organizationId: orgId,
        action: 'member.role_changed',
        targetType: 'membership',
        targetId: userId,
        details: { from: target.role, to: next },
      });
      await this.withdrawCreatedBy(trx, orgId, userId, next, asUser(actor.userId, requestId), 'member_role_changed');
      return { ...target, role: next };
    });
  }

  /** Removes a member; a member removing themselves leaves (any role may), unless they are the last owner. */
  async remove(organizationId: string, actorUserId: unknown, userIdInput: unknown, requestId?: string): Promise<void> {
    const userId = uuidOr404(userIdInput, 'Member');
    const orgId = organizationId.toLowerCase();
    await this.ctx.db.transaction(async (trx) => {
      await lockTeam(trx, orgId);
      const leaving = v.isUuid(actorUserId) && actorUserId.toLowerCase() === userId;
      const actor = await requirePermission(trx, orgId, actorUserId, leaving ? 'organization.read' : 'members.manage');
      const target = await organizationStore.findMember(trx, orgId, userId);
      if (!target) throw AppError.notFound('Member not found');
      if (!leaving && !canRemoveMember(actor.role, target.role)) {
        throw AppError.forbidden('Only an owner can remove an owner', { role: actor.role, permission: 'owners.manage' });
      }
      if (target.role === 'owner' && (await organizationStore.countOwners(trx, orgId)) <= 1) {
        throw AppError.conflict(
          leaving ? 'The last owner cannot leave; make someone else an owner first' : 'The last owner cannot be removed',
          { reason: 'last_owner' },
        );
      }
      await organizationStore.removeMembership(trx, orgId, userId);
      await audit(this.ctx, trx, asUser(actor.userId, requestId), {
        organizationId: orgId,
        action: 'member.removed',
        targetType: 'membership',
        targetId: userId,
        details: { role: target.role, left: leaving },
      });
      await this.withdrawCreatedBy(trx, orgId, userId, null, asUser(actor.userId, requestId), leaving ? 'member_left' : 'member_removed');
    });
  }

  /**
   * What a member created under a right they no longer hold stops working (issue 39), in the
   * transaction of their removal or role change, with an audit entry for each thing withdrawn
   * (the acting member as actor, `details.reason` saying why): the API keys they created (they
   * saw each secret once) when they no longer hold `api_keys.manage`, and their pending
   * invitations to a role they could no longer invite to. `role` is the new role, null when they
   * are no longer a member. Webhooks stay (the organization's; docs/decisions.md, issue 39); their
   * running bulk jobs stop in issuance, whose worker asks for the member's role (GetMembership).
   */
  private async withdrawCreatedBy(
    trx: Knex.Transaction,
    orgId: string,
    userId: string,
    role: Role | null,
    by: Acting,
    reason: 'member_removed' | 'member_left' | 'member_role_changed',
  ): Promise<void> {
    const now = this.ctx.clock.now();
    if (!can(role ?? undefined, 'api_keys.manage')) {
      for (const key of await apiKeyStore.revokeCreatedBy(trx, orgId, userId, now)) {
        await emit(this.ctx, trx, EVENTS.apiKeyRevoked, apiKeyEventView(key));
        await audit(this.ctx, trx, by, {
          organizationId: orgId,
          action: 'api_key.revoked',
          targetType: 'api_key',
          targetId: key.id,
          details: { name: key.name, prefix: key.prefix, reason, createdBy: userId },
        });
      }
    }
    const couldNoLongerInvite = (invited: string) => role === null || !isRole(invited) || !canAssignRole(role, undefined, invited);
    for (const invitation of await invitationStore.revokeSentBy(trx, orgId, userId, now, couldNoLongerInvite)) {
      await audit(this.ctx, trx, by, {
        organizationId: orgId,
        action: 'invitation.revoked',
        targetType: 'invitation',
        targetId: invitation.id,
        details: { email: invitation.email, role: invitation.role, reason, invitedBy: userId },
      });
    }
  }

  /**
   * Invites an address with a role. The token (256 random bits) leaves this service only in the
   * `accounts.invitation.created` event, which notification turns into the e-mail; only its
   * SHA-256 is stored. 403 when the inviter's address is unconfirmed or the organization is not
   * approved; 429 past the invitation limits (withdrawn invitations count); 409 when the address
   * already belongs to a member or has a pending invitation (revoke it to send a new one).
   */
  async invite(
    organizationId: string,
    actorUserId: unknown,
    input: { email: unknown; role: unknown },
    requestId?: string,
    idempotency?: { key: string; fingerprint: string },
  ): Promise<CreatedInvitation> {
    const email = v.normalizeEmail(input.email);
    const wanted = role(input.role);
    const orgId = organizationId.toLowerCase();
    const now = this.ctx.clock.now();
    const keyed = idempotency?.key ? invitationIdempotency(orgId, idempotency) : undefined;
    return this.ctx.db.transaction(async (trx) => {
      // The Idempotency-Key first (docs/decisions.md "Idempotency-Key"): a key that binds answers
      // the invitation it created, and nothing is invited or e-mailed again; in flight: 409.
      if (keyed) {
        const stored = await claimKey(trx, keyed, now);
        if (stored !== undefined) return replayedInvitation(stored);
      }
      await lockTeam(trx, orgId);
      const actor = await requirePermission(trx, orgId, actorUserId, 'members.manage');
      if (!canAssignRole(actor.role, undefined, wanted)) {
        throw AppError.forbidden('Only an owner can invite an owner', { role: actor.role, permission: 'owners.manage' });
      }
      const org = await organizationStore.findById(trx, orgId);
      const inviter = await userStore.findById(trx, actor.userId);
      if (!org || !inviter) throw AppError.notFound('Organization not found');
      requireMaySendInvitations(inviter, org);
      await lockInviter(trx, actor.userId);
      await requireWithinInvitationLimits(trx, orgId, actor.userId, now);
      const existing = await userStore.findByEmail(trx, email);
      if (existing && (await organizationStore.findMembership(trx, existing.id, orgId))) {
        throw AppError.conflict('This address belongs to a member of the organization already', { field: 'email' });
      }
      if (await invitationStore.findPendingFor(trx, orgId, email, now)) {
        throw AppError.conflict('This address has a pending invitation; revoke it to send a new one', { field: 'email' });
      }
      if ((await invitationStore.countPending(trx, orgId, now)) >= MAX_PENDING_INVITATIONS) {
        throw AppError.conflict(`An organization can have at most ${MAX_PENDING_INVITATIONS} pending invitations`, { limit: MAX_PENDING_INVITATIONS });
      }
      const { token, hash } = newOneTimeToken();
      const invitation: Invitation = {
        id: newUuid(),
        organizationId: orgId,
        email,
        role: wanted,
        tokenHash: hash,
        invitedByUserId: actor.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        acceptedAt: null,
        acceptedByUserId: null,
        revokedAt: null,
      };
      await invitationStore.insert(trx, invitation);
      await audit(this.ctx, trx, asUser(actor.userId, requestId), {
        organizationId: orgId,
        action: 'invitation.created',
        targetType: 'invitation',
        targetId: invitation.id,
        details: { email, role: wanted },
      });
      const base = this.ctx.baseUrl.replace(/\/$/, '');
      await emit(this.ctx, trx, EVENTS.invitationCreated, {
        invitationId: invitation.id,
        organizationId: orgId,
        organizationName: org.name,
        email,
        role: wanted,
        invitedByName: inviter.name,
        acceptUrl: `${base}/invitations/accept?token=${token}`,
        expiresAt: invitation.expiresAt.toISOString(),
      });
      const answer = invitationAnswer(invitation);
      if (keyed) await storeAnswer(trx, keyed, answer, now);
      return answer;
    });
  }

  async listInvitations(organizationId: string, actorUserId: unknown): Promise<Invitation[]> {
    await requirePermission(this.ctx.db, organizationId, actorUserId, 'members.manage');
    return invitationStore.listPending(this.ctx.db, organizationId.toLowerCase(), this.ctx.clock.now());
  }

  /** Withdraws a pending invitation (its link stops working); an owner's invitation only by an owner. */
  async revokeInvitation(organizationId: string, actorUserId: unknown, invitationIdInput: unknown, requestId?: string): Promise<Invitation> {
    const id = uuidOr404(invitationIdInput, 'Invitation');
    const orgId = organizationId.toLowerCase();
    const now = this.ctx.clock.now();
    return this.ctx.db.transaction(async (trx) => {
      await lockTeam(trx, orgId);
      const actor = await requirePermission(trx, orgId, actorUserId, 'members.manage');
      const invitation = await invitationStore.find(trx, orgId, id);
      if (!invitation) throw AppError.notFound('Invitation not found');
      if (invitation.role === 'owner' && !can(actor.role, 'owners.manage')) {
        throw AppError.forbidden('Only an owner can withdraw an invitation to become owner', { role: actor.role, permission: 'owners.manage' });
      }
      const status = invitationStatus(invitation, now);
      if (status !== 'pending') throw notPending(status);
      const revoked = await invitationStore.revoke(trx, orgId, id, now);
      if (!revoked) throw notPending(invitationStatus(invitation, this.ctx.clock.now()));
      await audit(this.ctx, trx, asUser(actor.userId, requestId), {
        organizationId: orgId,
        action: 'invitation.revoked',
        targetType: 'invitation',
        targetId: id,
        details: { email: invitation.email, role: invitation.role },
      });
      return revoked;
    });
  }

  /** What the holder of a token sees before accepting: the organization, the role, the address. */
  async summary(token: unknown): Promise<InvitationSummary> {
    const invitation = await invitationStore.findByTokenHash(this.ctx.db, this.tokenHash(token));
    if (!invitation) throw AppError.notFound(INVALID_TOKEN);
    const status = invitationStatus(invitation, this.ctx.clock.now());
    if (status !== 'pending') throw notPending(status);
    const organization = await organizationStore.findById(this.ctx.db, invitation.organizationId);
    if (!organization) throw AppError.notFound(INVALID_TOKEN);
    return { organization, invitation };
  }

  /**
   * The signed-in user accepts. Their address must be the invited one (compared lower-cased, as
   * stored). Accepting does NOT confirm the address (docs/decisions.md, "Invitation e-mail"): a
   * link can be forwarded or leak, and a confirmed address is what lets an account claim the
   * credentials issued to it; only the confirmation link (or a password reset) confirms. One
   * transaction under the team lock and the invitation's row lock: of two concurrent accepts,
   * the second finds it accepted (409).
   */
  async accept(token: unknown, userIdInput: unknown, requestId?: string): Promise<{ member: Member; organization: Organization; membership: Membership }> {
    const hash = this.tokenHash(token);
    if (!v.isUuid(userIdInput)) throw AppError.unauthorized('Missing or invalid session');
    const userId = userIdInput.toLowerCase();
    const found = await invitationStore.findByTokenHash(this.ctx.db, hash);
    if (!found) throw AppError.notFound(INVALID_TOKEN);
    return this.ctx.db.transaction(async (trx: Knex.Transaction) => {
      await lockTeam(trx, found.organizationId);
      const invitation = await invitationStore.findByTokenHashForUpdate(trx, hash);
      if (!invitation) throw AppError.notFound(INVALID_TOKEN);
      const now = this.ctx.clock.now();
      const status = invitationStatus(invitation, now);
      if (status !== 'pending') throw notPending(status);
      const user = await userStore.findById(trx, userId);
      if (!user) throw AppError.unauthorized('Missing or invalid session');
      if (user.email !== invitation.email) {
        throw AppError.forbidden('This invitation was sent to another e-mail address; sign in with that address to accept it', { reason: 'email_mismatch' });
      }
      const membership: Membership = { organizationId: invitation.organizationId, userId, role: invitation.role, createdAt: now };
      if (!(await organizationStore.addMembershipIfNew(trx, membership))) {
        throw AppError.conflict('You are a member of this organization already', { reason: 'already_member' });
      }
      if (!(await invitationStore.accept(trx, invitation.id, userId, now))) throw notPending('accepted');
      const organization = await organizationStore.findById(trx, invitation.organizationId);
      if (!organization) throw AppError.notFound(INVALID_TOKEN);
      await audit(this.ctx, trx, asUser(userId, requestId), {
        organizationId: invitation.organizationId,
        action: 'invitation.accepted',
        targetType: 'invitation',
        targetId: invitation.id,
        details: { role: invitation.role },
      });
      await audit(this.ctx, trx, asUser(userId, requestId), {
        organizationId: invitation.organizationId,
        action: 'member.added',
        targetType: 'membership',
        targetId: userId,
        details: { role: invitation.role, invitedBy: invitation.invitedByUserId },
      });
      const member: Member = { userId, email: user.email, name: user.name, role: invitation.role, joinedAt: now };
      return { member, organization, membership };
    });
  }

  private tokenHash(token: unknown): string {
    if (typeof token !== 'string' || token.length < 16 || token.length > 256) throw AppError.notFound(INVALID_TOKEN);
    return sha256Hex(token);
  }
}
