import { z } from 'zod';
import { anyText, count, credentialShortId, email, httpUrl, instant, jsonObject, personName, text, uuid } from './fields.js';

// Every domain event of the platform: its data, version, producer and consumers, defined once.
// Producers build events through `newEvent` (typed and checked against these schemas), consumers
// read them through `readEvent` (a breach is a contract error: retried, then dead-lettered), and
// docs/events.md's catalogue is generated from this file (`pnpm events:doc`).

const organization = z.object({
  id: uuid,
  name: text(500),
  slug: text(200),
  domain: z.string().max(253).nullish(),
  domainVerified: z.boolean(),
  status: z.enum(['pending_approval', 'approved', 'suspended']),
  plan: text(50),
  subscriptionStatus: text(50),
  emailNotificationsEnabled: z.boolean().optional(),
  recipientNameInCredentials: z.boolean().optional(),
  signingKeysGenerated: z.boolean(),
  createdAt: instant,
});

const apiKey = z.object({
  id: uuid,
  organizationId: uuid,
  name: text(200),
  prefix: text(64),
  rateLimitPerMinute: z.number().int().min(1),
  revokedAt: instant.nullable(),
});

const signingKey = z.object({
  organizationId: uuid,
  organizationSlug: text(200),
  keyId: text(500),
  sequence: z.number().int().min(1),
  publicKeyMultibase: text(200),
  createdAt: instant,
});

const alignment = z.object({
  targetName: text(),
  targetUrl: text(),
  targetFramework: z.string().nullish(),
  targetCode: z.string().nullish(),
});

const resultDescription = z.object({
  id: text(),
  name: text(),
  resultType: text(200),
  allowedValues: z.array(z.string()).nullish(),
  requiredValue: z.string().nullish(),
  valueMin: z.string().nullish(),
  valueMax: z.string().nullish(),
});

const badge = z.object({
  id: uuid,
  organizationId: uuid,
  organizationSlug: text(200),
  slug: text(200),
  name: text(),
  description: anyText(),
  criteria: anyText(),
  imageUrl: z.string().max(4096).nullable(),
  expiresInDays: z.number().int().min(1).nullable(),
  tags: z.array(z.string()),
  isActive: z.boolean(),
  /** Added in issue 14 as optional fields of v1: absent means none. */
  achievementType: z.string().nullish(),
  alignments: z.array(alignment).nullish(),
  resultDescriptions: z.array(resultDescription).nullish(),
  createdAt: instant,
  updatedAt: instant.optional(),
  publicUrl: z.string().max(4096).optional(),
  achievementUrl: z.string().max(4096).optional(),
});

/** What every credential event carries (the webhook payload's fields plus the organization for routing). */
const credentialRef = z.object({
  credentialId: credentialShortId,
  credentialUuid: uuid,
  badgeId: uuid,
  organizationId: uuid,
  recipientEmail: email,
});

const credentialIssued = credentialRef.extend({
  organizationSlug: text(200),
  recipientName: personName(200),
  issuanceDate: instant,
  expirationDate: instant.nullable(),
  status: z.literal('pending'),
  isPublic: z.boolean(),
  supersedesCredentialId: uuid.nullable(),
  /** The signed OB3 credential exactly as stored. */
  ob3Credential: jsonObject,
});

const credentialRenewed = credentialIssued.extend({
  supersedesCredentialId: uuid,
  supersedesCredentialShortId: credentialShortId,
  priorStatus: z.enum(['expired', 'revoked']),
});

/** The whole catalogue. `consumers` name the services that subscribe (docs only). */
export const EVENT_CATALOG = {
  'accounts.organization.created': {
    version: 1,
    producer: 'accounts',
    consumers: ['verification', 'notification'],
    summary: 'An organization signed up (pending approval, free plan). Carries the whole organization.',
    data: z.object({ organization, ownerUserId: uuid.optional() }),
  },
  'accounts.organization.updated': {
    version: 1,
    producer: 'accounts',
    consumers: ['verification', 'notification'],
    summary:
      'Any change to an organization (approval, suspension, plan, settings). Carries the whole organization as it is now; the newest event (by createdAt) wins.',
    data: z.object({ organization, changed: z.array(z.string()).optional() }),
  },
  'accounts.user.email_verification_requested': {
    version: 1,
    producer: 'accounts',
    consumers: ['notification'],
    summary: 'A confirmation link for a user address; the link is the only copy of its token.',
    data: z.object({ userId: uuid, email, name: personName(200), verificationUrl: httpUrl, expiresAt: instant }),
  },
  'accounts.user.password_reset_requested': {
    version: 1,
    producer: 'accounts',
    consumers: ['notification'],
    summary: 'A password reset link; the link is the only copy of its token.',
    data: z.object({ userId: uuid, email, name: personName(200), resetUrl: httpUrl, expiresAt: instant }),
  },
  'accounts.user.sign_up_attempted': {
    version: 1,
    producer: 'accounts',
    consumers: ['notification'],
    summary:
      'Someone tried to sign up with the address of an existing account (the sign-up was answered as if it had worked); the owner is told by e-mail. No token: the links are the sign-in and forgotten-password pages.',
    data: z.object({ userId: uuid, email, name: personName(200), signInUrl: httpUrl, resetUrl: httpUrl }),
  },
  'accounts.invitation.created': {
    version: 1,
    producer: 'accounts',
    consumers: ['notification'],
    summary: 'An owner or admin invited a colleague; the accept link is the only copy of its token.',
    data: z.object({
      invitationId: uuid,
      organizationId: uuid,
      organizationName: text(500),
      email,
      role: z.enum(['owner', 'admin', 'issuer', 'viewer']),
      invitedByName: personName(200),
      acceptUrl: httpUrl,
      expiresAt: instant,
    }),
  },
  'accounts.api_key.created': {
    version: 1,
    producer: 'accounts',
    consumers: [],
    summary: 'An API key was created (never its secret or hash).',
    data: apiKey,
  },
  'accounts.api_key.updated': {
    version: 1,
    producer: 'accounts',
    consumers: [],
    summary: "An API key's name or rate limit changed.",
    data: apiKey,
  },
  'accounts.api_key.revoked': {
    version: 1,
    producer: 'accounts',
    consumers: [],
    summary: 'An API key was revoked.',
    data: apiKey,
  },
  'signing.key.created': {
    version: 1,
    producer: 'signing',
    consumers: ['verification'],
    summary: "A new signing key of an issuer; its public key joins the issuer's did.json.",
    data: signingKey,
  },
  'signing.key.compromised': {
    version: 1,
    producer: 'signing',
    consumers: ['verification'],
    summary:
      'A key was reported compromised: proofs it made at or after compromisedAt fail; the key stays published. Sent again when reported again.',
    data: signingKey.extend({ compromisedAt: instant }),
  },
  'organization.signing_keys.generated': {
    version: 1,
    producer: 'issuance',
    consumers: ['notification'],
    summary: "An organization's first signing key was generated (operator notice).",
    data: z.object({ organizationId: uuid, organizationSlug: text(200), keyId: text(500), requestedBy: z.string().max(200).nullish() }),
  },
  'issuance.badge.upserted': {
    version: 1,
    producer: 'issuance',
    consumers: ['verification'],
    summary:
      'A badge template was created or changed (patch, deactivation, image). Carries the whole badge; the newest (by updatedAt) wins.',
    data: z.object({ badge }),
  },
  'issuance.badge.deleted': {
    version: 1,
    producer: 'issuance',
    consumers: [],
    summary: 'A badge without credentials was deleted (a badge with credentials is deactivated instead).',
    data: z.object({ badgeId: uuid, organizationId: uuid, organizationSlug: text(200), slug: text(200) }),
  },
  'issuance.badge.image_set': {
    version: 1,
    producer: 'issuance',
    consumers: ['verification'],
    summary: "A badge's image bytes (at most 2 MiB), so verification bakes PNGs without calling issuance.",
    data: z.object({
      badgeId: uuid,
      organizationId: uuid,
      contentType: text(100),
      contentHash: z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be a sha256 hex digest'),
      bytesBase64: z.string().min(1).max(Math.ceil((2 * 1024 * 1024) / 3) * 4),
    }),
  },
  'credential.issued': {
    version: 1,
    producer: 'issuance',
    consumers: ['verification', 'notification'],
    summary: 'A first issue (a renewal is announced as credential.renewed only).',
    data: credentialIssued,
  },
  'credential.renewed': {
    version: 1,
    producer: 'issuance',
    consumers: ['verification', 'notification'],
    summary:
      "An issue that superseded the recipient's prior credential of the badge; the prior's own credential.revoked or credential.expired comes earlier in the same transaction when it changed.",
    data: credentialRenewed,
  },
  'credential.revoked': {
    version: 1,
    producer: 'issuance',
    consumers: ['verification', 'notification'],
    summary: 'Revoked by a member or superseded by a renewal; once per credential.',
    data: credentialRef.extend({ revokedAt: instant, revocationReason: z.string().max(2000).nullable(), supersededByCredentialId: uuid.nullish() }),
  },
  'credential.claimed': {
    version: 1,
    producer: 'issuance',
    consumers: ['verification', 'notification'],
    summary: 'The recipient claimed the credential (pending to valid); once.',
    data: credentialRef.extend({ claimedAt: instant }),
  },
  'credential.expired': {
    version: 1,
    producer: 'issuance',
    consumers: ['verification', 'notification'],
    summary: 'The expiry was persisted (by the sweeper or a renewal, whichever came first); once.',
    data: credentialRef.extend({ expiredAt: instant, expirationDate: instant }),
  },
  'credential.visibility_changed': {
    version: 1,
    producer: 'issuance',
    consumers: ['verification'],
    summary: 'The recipient made the credential public or private; only when the value changes.',
    data: credentialRef.extend({ isPublic: z.boolean() }),
  },
  'bulk_issuance.completed': {
    version: 1,
    producer: 'issuance',
    consumers: ['notification'],
    summary: "A bulk job's last row has a result; the counts add up to total. Once per job.",
    data: z.object({
      bulkIssuanceId: uuid,
      organizationId: uuid,
      badgeId: uuid,
      status: z.literal('completed'),
      total: count,
      issued: count,
      renewed: count,
      conflicts: count,
      invalid: count,
      failed: count,
      completedAt: instant,
    }),
  },
  'notification.claim_token.issued': {
    version: 1,
    producer: 'notification (until the previous release; deprecated)',
    consumers: ['issuance'],
    summary:
      'Deprecated: claim-token hashes now go over RegisterClaimTokens before the e-mail is sent. Still consumed for one release so that events of a previous release are not lost.',
    data: z.object({
      credentialUuid: uuid,
      credentialId: z.string().max(64).optional(),
      organizationId: uuid.optional(),
      tokenHash: z.string().regex(/^[0-9a-f]{64}$/, 'must be a lower-case sha256 hex digest'),
      expiresAt: instant,
      sourceEventId: z.string().max(100).optional(),
    }),
  },
} as const;
