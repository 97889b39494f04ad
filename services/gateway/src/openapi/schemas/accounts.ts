import { Type, type Static } from '@sinclair/typebox';
import { ROLES } from '@cred/proto/roles';
import { component, Nullable, Ref, StringEnum } from '../kit.js';
import { Pagination } from './common.js';

/** A member's role (docs/roles.md; the table is @cred/proto/roles). */
export const Role = StringEnum(ROLES, { description: 'owner | admin | issuer | viewer: what each may do is in docs/roles.md.' });

export const Organization = component(
  'Organization',
  Type.Object(
    {
      id: Type.String({ format: 'uuid' }),
      name: Type.String(),
      slug: Type.String(),
      domain: Nullable(Type.String()),
      domainVerified: Type.Boolean(),
      status: StringEnum(['pending_approval', 'approved', 'suspended']),
      plan: StringEnum(['free', 'professional', 'enterprise']),
      subscriptionStatus: Type.String({
        description: 'none, or the payment provider subscription state (active, past_due, canceled, ...).',
      }),
      emailNotificationsEnabled: Type.Boolean(),
      recipientNameInCredentials: Type.Boolean({
        description:
          "Credentials issued from now on carry the recipient's name in plain text (an IdentityObject with identityType name, hashed false) beside the hashed e-mail. false by default.",
      }),
      signingKeysGenerated: Type.Boolean(),
      createdAt: Type.String({ format: 'date-time' }),
    },
    { additionalProperties: false },
  ),
);
export const OrganizationList = component(
  'OrganizationList',
  Type.Object({ data: Type.Array(Ref(Organization)), pagination: Ref(Pagination) }, { additionalProperties: false }),
);
export const User = component(
  'User',
  Type.Object(
    {
      id: Type.String({ format: 'uuid' }),
      email: Type.String(),
      name: Type.String(),
      emailVerified: Type.Boolean(),
      createdAt: Type.String({ format: 'date-time' }),
      memberships: Type.Array(
        Type.Object(
          {
            organizationId: Type.String({ format: 'uuid' }),
            role: Role,
          },
          { additionalProperties: false },
        ),
      ),
    },
    { additionalProperties: false },
  ),
);
export const Member = component(
  'Member',
  Type.Object(
    {
      userId: Type.String({ format: 'uuid' }),
      email: Type.String(),
      name: Type.String(),
      role: Role,
      joinedAt: Type.String({ format: 'date-time' }),
    },
    { additionalProperties: false },
  ),
);
export const Invitation = component(
  'Invitation',
  Type.Object(
    {
      id: Type.String({ format: 'uuid' }),
      email: Type.String(),
      role: Role,
      invitedBy: Type.String({ format: 'uuid', description: 'The user who sent it.' }),
      createdAt: Type.String({ format: 'date-time' }),
      expiresAt: Type.String({ format: 'date-time', description: '7 days after createdAt.' }),
    },
    {
      additionalProperties: false,
      description: 'A pending invitation. Its token is never shown: it is only in the e-mail sent to the address.',
    },
  ),
);
export const InvitationSummary = component(
  'InvitationSummary',
  Type.Object(
    {
      organization: Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() }, { additionalProperties: false }),
      email: Type.String(),
      role: Role,
      expiresAt: Type.String({ format: 'date-time' }),
    },
    {
      additionalProperties: false,
      description:
        "What an invitation offers, for its token's holder: the organization, the role and the invited address in full (the holder got the token at that address; the address is the one to sign up or sign in with).",
    },
  ),
);
export const ApiKey = component(
  'ApiKey',
  Type.Object(
    {
      id: Type.String({ format: 'uuid' }),
      name: Type.String(),
      prefix: Type.String({ description: 'The first characters of the key, to tell keys apart.' }),
      rateLimitPerMinute: Type.Integer({ minimum: 1, maximum: 10000 }),
      createdAt: Type.String({ format: 'date-time' }),
      lastUsedAt: Nullable(Type.String({ format: 'date-time', description: 'Updated at most once a minute.' })),
      revokedAt: Nullable(Type.String({ format: 'date-time' })),
    },
    { additionalProperties: false },
  ),
);
export const ApiKeyWithSecret = component(
  'ApiKeyWithSecret',
  Type.Object(
    {
      ...ApiKey.properties,
      key: Type.String({ description: 'The secret. Shown in this response only; store it now.' }),
    },
    { additionalProperties: false },
  ),
);
export const SigningKey = component(
  'SigningKey',
  Type.Object(
    {
      keyId: Type.String({ description: 'The verification method id, `did:web:<host>:issuers:<slug>#key-<n>`.' }),
      sequence: Type.Integer({ minimum: 1, description: 'n of `#key-<n>`: the key number used in the compromise route.' }),
      publicKeyMultibase: Type.String({ description: 'The Ed25519 public key as a Multikey, published in did.json.' }),
      createdAt: Type.String({ format: 'date-time' }),
      current: Type.Boolean({ description: 'The key new credentials and revocation lists are signed with (exactly one).' }),
      compromisedAt: Nullable(
        Type.String({
          format: 'date-time',
          description:
            'Set when an owner reported the key compromised: proofs it made at or after this instant fail verification here (`key_compromised`); earlier ones still verify. The key stays in did.json, marked `revoked` with this instant (ADR 0008; docs/decisions.md "Compromised keys: what a verifier can trust").',
        }),
      ),
    },
    { additionalProperties: false },
  ),
);
export const SigningKeys = component(
  'SigningKeys',
  Type.Object(
    {
      keyId: Type.String(),
      publicKeyMultibase: Type.String({ description: 'The Ed25519 public key as a Multikey (`z6Mk...`), published in did.json.' }),
      created: Type.Boolean({ description: 'false when the organization already had its keys (nothing changed).' }),
    },
    { additionalProperties: false },
  ),
);
export const SigningKeyList = component(
  'SigningKeyList',
  Type.Object({ data: Type.Array(Ref(SigningKey), { description: 'Oldest first.' }) }, { additionalProperties: false }),
);
export const SigningKeyCompromise = component(
  'SigningKeyCompromise',
  Type.Object(
    {
      key: Ref(SigningKey),
      currentKey: Ref(SigningKey),
      rotated: Type.Boolean({ description: 'true when the reported key was current and a new key replaced it first.' }),
    },
    { additionalProperties: false },
  ),
);

/**
 * The answers as their mappers (src/http/views.ts) return them: a field added to a definition is
 * a type error there until the mapper fills it.
 */
export type OrganizationJson = Static<typeof Organization>;
export type UserJson = Static<typeof User>;
export type MemberJson = Static<typeof Member>;
export type InvitationJson = Static<typeof Invitation>;
export type InvitationSummaryJson = Static<typeof InvitationSummary>;
export type ApiKeyJson = Static<typeof ApiKey>;
export type SigningKeyJson = Static<typeof SigningKey>;

/** PATCH /api/organizations/{orgId}/members/{userId}. */
export const ChangeRoleBody = Type.Object({ role: Role }, { additionalProperties: false });
/** POST /api/organizations/{orgId}/invitations: accounts checks the address. */
export const InvitationBody = Type.Object({ email: Type.String({ maxLength: 254 }), role: Role }, { additionalProperties: false });
/** POST /api/invitations/accept: the token from the e-mail. */
export const AcceptInvitationBody = Type.Object({ token: Type.String() }, { additionalProperties: false });
/** POST /api/admin/session: the platform operator token. */
export const AdminSessionBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 4096 }) }, { additionalProperties: false });
/** PATCH /api/admin/organizations/{orgId}: the operator sets the plan. */
export const SetPlanBody = Type.Object({ plan: StringEnum(['free', 'professional', 'enterprise']) }, { additionalProperties: false });
/** PATCH /api/organizations/{orgId}: only what the members may change; accounts checks the values. */
export const UpdateOrganizationBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    domain: Type.Optional(Nullable(Type.String())),
    emailNotificationsEnabled: Type.Optional(Type.Boolean()),
    recipientNameInCredentials: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
/** POST /api/organizations/{orgId}/api-keys. */
export const CreateApiKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    rateLimitPerMinute: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, default: 60 })),
  },
  { additionalProperties: false },
);
/** PATCH /api/organizations/{orgId}/api-keys/{keyId}. */
export const UpdateApiKeyBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    rateLimitPerMinute: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  },
  { additionalProperties: false },
);
/** POST /api/organizations/{orgId}/signing-keys/{key}/compromised. */
export const SigningKeyCompromisedBody = Type.Object(
  {
    compromisedAt: Type.String({ format: 'date-time', description: 'Not in the future, and not before the key was created (its `createdAt`).' }),
    password: Type.String({
      minLength: 1,
      maxLength: 1024,
      description: 'The password of the member making the report (re-authentication; never stored or logged).',
    }),
  },
  { additionalProperties: false },
);

/**
 * The /api/auth bodies. The gateway checks their shape and the lengths below; accounts checks
 * the values (an address is an address, a password's 1024 bytes, a name's characters) and keeps
 * the last word (docs/contract.md "Authentication and access").
 */
const Email = (maxLength: number) => Type.String({ minLength: 1, maxLength });
const NewPassword = Type.String({ minLength: 12, maxLength: 1024, description: '12 characters to 1024 bytes.' });
/** An organization's slug, as accounts accepts it (services/accounts/src/domain/validation.ts). */
const Slug = Type.String({
  pattern: '^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$',
  title: '1-64 lower-case letters, digits or hyphens, not starting or ending with a hyphen',
});
/** POST /api/auth/signup: with an organization (its owner) or without (a recipient). */
export const SignUpBody = Type.Object(
  {
    email: Email(254),
    password: NewPassword,
    name: Type.String({ minLength: 1, maxLength: 200 }),
    organization: Type.Optional(
      Nullable(
        Type.Object(
          { name: Type.String({ minLength: 1, maxLength: 200 }), slug: Slug },
          { additionalProperties: false, description: 'Left out or null: an account without an organization.' },
        ),
      ),
    ),
  },
  { additionalProperties: false },
);
/** POST /api/auth/login and POST /api/auth/session. */
export const LoginBody = Type.Object(
  { email: Email(320), password: Type.String({ minLength: 1, maxLength: 4096 }) },
  { additionalProperties: false },
);
/** POST /api/auth/verify-email: the token from the verification e-mail. */
export const VerifyEmailBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 512 }) }, { additionalProperties: false });
/** POST /api/auth/resend-verification and POST /api/auth/password-reset. */
export const EmailBody = Type.Object({ email: Email(320) }, { additionalProperties: false });
/** POST /api/auth/password-reset/confirm: the token from the reset e-mail and the new password. */
export const PasswordResetConfirmBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 512 }), password: NewPassword },
  { additionalProperties: false },
);
