/** Domain types of the verification read model; stores return these, routes map them to JSON. */
import type { BadgeAlignment, BadgeResultDescription } from '@cred/ob3';

export const ORGANIZATION_STATUSES = ['pending_approval', 'approved', 'suspended'] as const;
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];

/** What verification knows of an organization (from `accounts.organization.*`). */
export interface Organization {
  id: string;
  name: string;
  slug: string;
  domain: string | null;
  domainVerified: boolean;
  status: OrganizationStatus;
  plan: string;
  subscriptionStatus: string;
  emailNotificationsEnabled: boolean;
  signingKeysGenerated: boolean;
  createdAt: Date;
}

/** A badge template as published by issuance (`issuance.badge.upserted`). */
export interface Badge {
  id: string;
  organizationId: string;
  organizationSlug: string;
  slug: string;
  name: string;
  description: string;
  criteria: string;
  imageUrl: string | null;
  expiresInDays: number | null;
  tags: string[];
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
  publicUrl: string | null;
  achievementUrl: string | null;
  /** OB 3.0 content (issue 14); null and empty for badges without it and for older events. */
  achievementType: string | null;
  alignments: BadgeAlignment[];
  resultDescriptions: BadgeResultDescription[];
}


/** An issued credential with everything the lifecycle events told us about it. */
export interface CredentialRecord {
  /** The credential UUID (`id` in docs/contract.md). */
  uuid: string;
  /** `CRD-` + 12 Crockford base32 characters. */
  credentialId: string;
  badgeId: string;
  organizationId: string;
  organizationSlug: string;
  /** Stored lower-cased; used only to recognize the owner's session, never shown in full. */
  recipientEmail: string;
  recipientName: string;
  issuanceDate: Date;
  expirationDate: Date | null;
  claimedAt: Date | null;
  revokedAt: Date | null;
  revocationReason: string | null;
  /** Set by `credential.expired`; expiry is otherwise computed from expirationDate and the clock. */
  expiredAt: Date | null;
  isPublic: boolean;
  supersedesCredentialId: string | null;
  supersededByCredentialId: string | null;
  /** The signed OB3 credential, byte for byte as received (its hash keys the signature cache). */
  ob3Json: string;
}

export type CredentialStatus = 'valid' | 'pending' | 'expired' | 'revoked';

export type VerificationChannel = 'api' | 'page' | 'ob3' | 'baked';

export type { BadgeAlignment, BadgeResultDescription };
