import type { ApiKey, InvitationAnswer, Member, Membership, Organization, User } from '../domain/model.js';
import type { Session } from '../app/sessions.js';

const iso = (d: Date | null): string => (d ? d.toISOString() : '');

export function organizationToProto(o: Organization) {
  return {
    id: o.id,
    name: o.name,
    slug: o.slug,
    domain: o.domain ?? '',
    domain_verified: o.domainVerified,
    status: o.status,
    plan: o.plan,
    subscription_status: o.subscriptionStatus,
    email_notifications_enabled: o.emailNotificationsEnabled,
    recipient_name_in_credentials: o.recipientNameInCredentials,
    signing_keys_generated: o.signingKeysGenerated,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
  };
}

export function membershipToProto(m: Membership) {
  return { organization_id: m.organizationId, user_id: m.userId, role: m.role, created_at: m.createdAt.toISOString() };
}

/** Never the password hash. */
export function userToProto(u: User, memberships: Membership[]) {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    email_verified: u.emailVerifiedAt !== null,
    created_at: u.createdAt.toISOString(),
    memberships: memberships.map(membershipToProto),
  };
}

export function sessionToProto(s: Session) {
  return { token: s.token, expires_at: s.expiresAt.toISOString() };
}

/** Never the key hash. */
export function apiKeyToProto(k: ApiKey) {
  return {
    id: k.id,
    organization_id: k.organizationId,
    name: k.name,
    prefix: k.prefix,
    rate_limit_per_minute: k.rateLimitPerMinute,
    created_at: k.createdAt.toISOString(),
    last_used_at: iso(k.lastUsedAt),
    revoked_at: iso(k.revokedAt),
  };
}

export function memberToProto(m: Member) {
  return { user_id: m.userId, email: m.email, name: m.name, role: m.role, joined_at: m.joinedAt.toISOString() };
}

/** Never the token hash. `idempotentReplay`: CreateInvitation answered from its Idempotency-Key record. */
export function invitationToProto(i: InvitationAnswer & { idempotentReplay?: true }) {
  return {
    id: i.id,
    organization_id: i.organizationId,
    email: i.email,
    role: i.role,
    invited_by_user_id: i.invitedByUserId,
    created_at: i.createdAt.toISOString(),
    expires_at: i.expiresAt.toISOString(),
    idempotent_replay: i.idempotentReplay === true,
  };
}
