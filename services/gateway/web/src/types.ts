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

export interface Organization {
  id: string;
  name: string;
  slug: string;
  domain: string | null;
  domainVerified: boolean;
  status: OrgStatus;
  plan: Plan;
  subscriptionStatus: string;
  emailNotificationsEnabled: boolean;
  signingKeysGenerated: boolean;
  createdAt: string;
}

export interface Quota {
  plan: Plan;
  limit: number;
  used: number;
  remaining: number;
  month: string;
  resetsAt: string;
}

export interface Badge {
  id: string;
  name: string;
  slug: string;
  description: string;
  criteria: string;
  imageUrl: string | null;
  expiresInDays: number | null;
  tags: string[];
  isActive: boolean;
  createdAt: string;
  publicUrl: string;
  achievementUrl: string;
}

export type CredentialStatus = 'pending' | 'valid' | 'expired' | 'revoked';

export interface Credential {
  id: string;
  credentialId: string;
  badgeId: string;
  badgeName: string;
  recipientName: string;
  recipientEmail: string;
  status: CredentialStatus;
  issuanceDate: string;
  expirationDate: string | null;
  claimedAt: string | null;
  revokedAt: string | null;
  revocationReason: string | null;
  isPublic: boolean;
  verificationUrl: string;
  supersedesCredentialId: string | null;
  supersededByCredentialId: string | null;
}

export interface ChainLink {
  id: string;
  credentialId: string;
  status: CredentialStatus;
  issuanceDate: string;
  expirationDate: string | null;
  revokedAt: string | null;
  revocationReason: string | null;
}

export interface CredentialDetail extends Credential {
  ob3Credential: Record<string, unknown>;
  renewalChain: ChainLink[];
}

/** A credential as its recipient sees it in "my credentials". */
export interface RecipientCredential extends Credential {
  issuerName: string;
  badgeImageUrl: string | null;
}

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
