/** Domain types of the accounts service; stores return these, the gRPC edge maps them. */
import type { Role } from '@cred/proto/roles';

export const ORGANIZATION_STATUSES = ['pending_approval', 'approved', 'suspended'] as const;
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];

export const PLANS = ['free', 'professional', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/** The payment provider's subscription states, plus `none` for an organization that never subscribed. */
export const SUBSCRIPTION_STATUSES = ['none', 'active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface Organization {
  id: string;
  name: string;
  slug: string;
  domain: string | null;
  domainVerified: boolean;
  status: OrganizationStatus;
  plan: Plan;
  subscriptionStatus: SubscriptionStatus;
  emailNotificationsEnabled: boolean;
  /** Credentials carry the recipient's name in plain text (issue 14); off by default for privacy. */
  recipientNameInCredentials: boolean;
  signingKeysGenerated: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** owner | admin | issuer | viewer: the permission table is @cred/proto/roles (docs/roles.md). */
export type MembershipRole = Role;

export interface Membership {
  organizationId: string;
  userId: string;
  role: MembershipRole;
  createdAt: Date;
}

export interface User {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  emailVerifiedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A member as listed to the team: the membership with the user's name and address. */
export interface Member {
  userId: string;
  email: string;
  name: string;
  role: MembershipRole;
  joinedAt: Date;
}

export type InvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

/** An invitation to join an organization; only the SHA-256 of its token is kept. */
export interface Invitation {
  id: string;
  organizationId: string;
  /** Lower-cased, like users' addresses. */
  email: string;
  role: MembershipRole;
  tokenHash: string;
  invitedByUserId: string;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  acceptedByUserId: string | null;
  revokedAt: Date | null;
}

/** What an invitation's creator and its list see: never the token (only in the e-mail) nor its hash. */
export type InvitationAnswer = Pick<Invitation, 'id' | 'organizationId' | 'email' | 'role' | 'invitedByUserId' | 'createdAt' | 'expiresAt'>;

export function invitationStatus(i: Invitation, now: Date): InvitationStatus {
  if (i.acceptedAt) return 'accepted';
  if (i.revokedAt) return 'revoked';
  return i.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Pending invitations per organization: a bound on the e-mail one session can make us send. */
export const MAX_PENDING_INVITATIONS = 100;

/**
 * How many invitations may be sent, counted over sliding windows (docs/decisions.md, "Invitation
 * e-mail"). Every invitation created counts, whatever became of it since (withdrawn, accepted,
 * expired), so inviting and withdrawing in a loop cannot send more. Per organization (all its
 * members together) and per inviter (all their organizations together).
 */
export const INVITATION_LIMITS = [
  { scope: 'organization', windowSeconds: 60 * 60, limit: 20 },
  { scope: 'organization', windowSeconds: 24 * 60 * 60, limit: 100 },
  { scope: 'inviter', windowSeconds: 60 * 60, limit: 20 },
  { scope: 'inviter', windowSeconds: 24 * 60 * 60, limit: 100 },
] as const;

export type TokenPurpose = 'email_verification' | 'password_reset';

export interface ApiKey {
  id: string;
  organizationId: string;
  name: string;
  prefix: string;
  keyHash: string;
  rateLimitPerMinute: number;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 60;
export const MAX_RATE_LIMIT_PER_MINUTE = 10_000;
/** Active keys per organization; a bound on what one compromised session can mint. */
export const MAX_ACTIVE_API_KEYS = 100;

export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const SESSION_TTL_SECONDS = 60 * 60;
