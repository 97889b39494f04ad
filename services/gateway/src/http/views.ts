/**
 * gRPC messages -> the public JSON shapes. The gateway never forwards an upstream message as
 * is: each field of a response is chosen here.
 */
import type { Upstreams } from '../upstream/clients.js';
import type { ApiKeyJson, InvitationJson, InvitationSummaryJson, MemberJson, OrganizationJson, UserJson } from '../openapi/schemas/accounts.js';

type Accounts = Upstreams['accounts'];
/** What an accounts RPC answers (the generated `__Output` type). */
type AnswerOf<K extends keyof Accounts> = Accounts[K] extends (...args: never[]) => Promise<infer R> ? R : never;

const orNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * Each view returns its definition's type (src/openapi/schemas/accounts.ts); the enum fields
 * (status, plan, role) come from accounts as strings of the same lists.
 */
export function organizationView(o: AnswerOf<'GetOrganization'>): OrganizationJson {
  return {
    id: o.id,
    name: o.name,
    slug: o.slug,
    domain: orNull(o.domain),
    domainVerified: Boolean(o.domain_verified),
    status: o.status as OrganizationJson['status'],
    plan: o.plan as OrganizationJson['plan'],
    subscriptionStatus: o.subscription_status,
    emailNotificationsEnabled: Boolean(o.email_notifications_enabled),
    recipientNameInCredentials: Boolean(o.recipient_name_in_credentials),
    signingKeysGenerated: Boolean(o.signing_keys_generated),
    createdAt: o.created_at,
  };
}

export function userView(u: AnswerOf<'GetUser'>): UserJson {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    emailVerified: Boolean(u.email_verified),
    createdAt: u.created_at,
    memberships: (u.memberships ?? []).map((m) => ({ organizationId: m.organization_id, role: m.role as MemberJson['role'] })),
  };
}

export function apiKeyView(k: AnswerOf<'RevokeApiKey'>): ApiKeyJson {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    rateLimitPerMinute: k.rate_limit_per_minute,
    createdAt: k.created_at,
    lastUsedAt: orNull(k.last_used_at),
    revokedAt: orNull(k.revoked_at),
  };
}

export function memberView(m: AnswerOf<'ChangeMemberRole'>): MemberJson {
  return { userId: m.user_id, email: m.email, name: m.name, role: m.role as MemberJson['role'], joinedAt: m.joined_at };
}

/** A pending invitation as its organization's managers see it (never its token). */
export function invitationView(i: AnswerOf<'RevokeInvitation'>): InvitationJson {
  const role = i.role as MemberJson['role'];
  return { id: i.id, email: i.email, role, invitedBy: i.invited_by_user_id, createdAt: i.created_at, expiresAt: i.expires_at };
}

/** What the holder of an invitation's token sees before accepting. */
export function invitationSummaryView(s: AnswerOf<'GetInvitationByToken'>): InvitationSummaryJson {
  const role = s.role as MemberJson['role'];
  return { organization: { id: s.organization_id, name: s.organization_name }, email: s.email, role, expiresAt: s.expires_at };
}
