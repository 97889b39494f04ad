import type { Static } from '@sinclair/typebox';
import type {
  Alignment as AlignmentSchema,
  Badge as BadgeSchema,
  ResultDescription as ResultDescriptionSchema,
} from '../../src/openapi/schemas/badges.js';
import type { Organization as OrganizationSchema, SigningKeyJson } from '../../src/openapi/schemas/accounts.js';
import type {
  BulkIssuance as BulkIssuanceSchema,
  BulkIssuancePreview as BulkIssuancePreviewSchema,
  Quota as QuotaSchema,
  CREDENTIAL_STATUSES,
  Credential as CredentialSchema,
  CredentialDetail as CredentialDetailSchema,
  IssuedCredential as IssuedCredentialSchema,
  RecipientCredential as RecipientCredentialSchema,
} from '../../src/openapi/schemas/credentials.js';

/** The JSON shapes of the API as the pages read them (see the OpenAPI document at /api/v1/openapi.json). */

export interface Pagination {
  limit: number;
  offset: number;
  total: number;
}

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

export type Role = 'owner' | 'admin' | 'issuer' | 'viewer' | 'member' | string;

export interface User {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  createdAt: string;
  memberships: { organizationId: string; role: Role }[];
}

export interface SessionInfo {
  user: User;
  expiresAt: string;
  csrfToken: string;
}

export type OrgStatus = 'pending_approval' | 'approved' | 'suspended';
export type Plan = 'free' | 'professional' | 'enterprise';

export type Organization = Static<typeof OrganizationSchema>;

export type Quota = Static<typeof QuotaSchema>;

/*
 * The badge as the API answers it: derived from the gateway's OpenAPI schema (a type-only import,
 * nothing of it reaches the bundle), so the page and the contract cannot drift apart.
 */
export type Badge = Static<typeof BadgeSchema>;
export type Alignment = Static<typeof AlignmentSchema>;
export type ResultDescription = Static<typeof ResultDescriptionSchema>;

export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];
/** A credential as the API answers it, derived from the gateway's OpenAPI schema like Badge. */
export type Credential = Static<typeof CredentialSchema>;
export type CredentialDetail = Static<typeof CredentialDetailSchema>;
/** A credential as its recipient sees it in "my credentials". */
export type RecipientCredential = Static<typeof RecipientCredentialSchema>;

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  rateLimitPerMinute: number;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** `POST /api/organizations/{orgId}/api-keys`: the record plus the secret, shown once. */
export interface CreatedApiKey extends ApiKey {
  key: string;
}

/** `POST /api/auth/signup`. */
export interface SignupResult {
  user: User;
  organization: Organization | null;
}

/** `POST /api/organizations/{orgId}/signing-keys`: 201 when created, 200 when they already existed. */
export interface SigningKeysResult {
  keyId: string;
  publicKeyMultibase: string;
  created: boolean;
}

/** One signing key of the organization (GET .../signing-keys), as the gateway's schema defines it. */
export type SigningKey = SigningKeyJson;

export const WEBHOOK_EVENTS = [
  'credential.issued',
  'credential.claimed',
  'credential.revoked',
  'credential.expired',
  'credential.renewed',
  'bulk_issuance.completed',
] as const;

export interface Webhook {
  id: string;
  url: string;
  events: string[];
  createdAt: string;
}

export interface CreatedWebhook extends Webhook {
  secret: string;
}

export interface DeliveryAttempt {
  attempt: number;
  startedAt: string;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
  succeeded: boolean;
}

export interface Delivery {
  id: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  status: 'pending' | 'succeeded' | 'failed' | 'cancelled' | string;
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
  attemptLog: DeliveryAttempt[];
}

/** An e-mail the platform sent (or skipped) for an organization. */
export interface NotificationRecord {
  id: string;
  eventId: string;
  eventType: string;
  channel: string;
  kind: string | null;
  status: string;
  recipient: string | null;
  subject: string | null;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string | null;
}

/** The answer of an issue (POST /api/organizations/{orgId}/credentials). */
export type IssuedCredential = Static<typeof IssuedCredentialSchema>;

/** What a bulk upload would do (POST .../bulk-issuances/preview), nothing written. */
export type BulkPreview = Static<typeof BulkIssuancePreviewSchema>;
export type BulkOutcome = BulkPreview['rows'][number]['outcome'];

export type BulkRowResult = 'pending' | 'issued' | 'renewed' | 'conflict' | 'invalid' | 'failed';

export type BulkJob = Static<typeof BulkIssuanceSchema>;

export interface BulkRow {
  row: number;
  name: string;
  email: string;
  result: BulkRowResult;
  reason: string | null;
  /** The CRD- id, for issued and renewed rows. */
  credentialId: string | null;
  /** The credential's UUID, for issued and renewed rows. */
  credentialUuid: string | null;
}

export interface BulkJobDetail extends BulkJob {
  rows: BulkRow[];
  pagination: Pagination;
}

/** GET /api/organizations/{orgId}/analytics?from&to (days inclusive, at most 366). */
export interface Analytics {
  from: string;
  to: string;
  rows: { day: string; channel: string; badgeId: string; outcome: string; count: number }[];
  totals: { verifications: number; byChannel: Record<string, number>; byOutcome: Record<string, number> };
}

/** A member of an organization (GET /api/organizations/{orgId}/members). */
export interface Member {
  userId: string;
  email: string;
  name: string;
  role: Role;
  joinedAt: string;
}

/** A pending invitation; its token is only ever in the e-mail. */
export interface Invitation {
  id: string;
  email: string;
  role: Role;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
}

/** What an invitation's link offers (GET /api/invitations/{token}). */
export interface InvitationSummary {
  organization: { id: string; name: string };
  email: string;
  role: Role;
  expiresAt: string;
}
