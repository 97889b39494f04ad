import { RESULT_STATUSES } from '@cred/ob3/result-statuses';
import { BULK_PREVIEW_OUTCOMES, BULK_ROW_RESULTS } from '@cred/proto/bulk-results';
import { Type, type Static } from '@sinclair/typebox';
import { AnyObject, component, listed, Nullable, Ref, StringEnum } from '../kit.js';

/** A credential's status; `expired` is evaluated at request time (docs/contract.md "Credential lifecycle"). */
export const CREDENTIAL_STATUSES = ['pending', 'valid', 'expired', 'revoked'] as const;
const CredentialStatus = StringEnum(CREDENTIAL_STATUSES);

/** A status from issuance, checked against the list the document shows (anything else is a fault, 500). */
export function credentialStatus(status: string): Static<typeof CredentialStatus> {
  return listed(CREDENTIAL_STATUSES, status, 'credential status');
}

/** A bulk preview row's outcome from issuance, checked against the list the document shows. */
export function bulkPreviewOutcome(outcome: string): (typeof BULK_PREVIEW_OUTCOMES)[number] {
  return listed(BULK_PREVIEW_OUTCOMES, outcome, 'bulk preview outcome');
}

/** The JSON of a credential (a list item, a revocation or claim answer). */
export type CredentialJson = Static<typeof Credential>;
/** The JSON of POST /credentials (201). */
export type IssuedCredentialJson = Static<typeof IssuedCredential>;
/** The JSON of one credential of the organization, with its signed payload and renewal chain. */
export type CredentialDetailJson = Static<typeof CredentialDetail>;
/** The JSON of one credential in GET /api/me/credentials. */
export type RecipientCredentialJson = Static<typeof RecipientCredential>;

export const IssuedCredential = component(
  'IssuedCredential',
  Type.Object(
    {
      id: Type.String({ format: 'uuid' }),
      credentialId: Type.String({ pattern: '^CRD-[0-9A-HJKMNP-TV-Z]{12}$' }),
      verificationUrl: Type.String({ format: 'uri' }),
      status: CredentialStatus,
      issuanceDate: Type.String({ format: 'date-time' }),
      expirationDate: Nullable(Type.String({ format: 'date-time' })),
      recipientName: Type.String(),
      recipientEmail: Type.String({ format: 'email' }),
      supersedesCredentialId: Nullable(Type.String({ format: 'uuid' })),
    },
    { additionalProperties: false },
  ),
);
export const Credential = component(
  'Credential',
  Type.Object({
    id: Type.String({ format: 'uuid' }),
    credentialId: Type.String(),
    badgeId: Type.String({ format: 'uuid' }),
    badgeName: Type.String(),
    recipientName: Type.String(),
    recipientEmail: Type.String(),
    status: CredentialStatus,
    issuanceDate: Type.String({ format: 'date-time' }),
    expirationDate: Nullable(Type.String({ format: 'date-time' })),
    claimedAt: Nullable(Type.String({ format: 'date-time' })),
    revokedAt: Nullable(Type.String({ format: 'date-time' })),
    revocationReason: Nullable(Type.String()),
    isPublic: Type.Boolean(),
    verificationUrl: Type.String({ format: 'uri' }),
    supersedesCredentialId: Nullable(Type.String()),
    supersededByCredentialId: Nullable(Type.String()),
    ob3Credential: Type.Optional(AnyObject({ description: 'The signed Open Badges 3.0 credential (single retrieval only).' })),
  }),
);
export const RenewalLink = component(
  'RenewalLink',
  Type.Object(
    {
      id: Type.String({ format: 'uuid' }),
      credentialId: Type.String({ pattern: '^CRD-[0-9A-HJKMNP-TV-Z]{12}$' }),
      status: CredentialStatus,
      issuanceDate: Type.String({ format: 'date-time' }),
      expirationDate: Nullable(Type.String({ format: 'date-time' })),
      revokedAt: Nullable(Type.String({ format: 'date-time' })),
      revocationReason: Nullable(Type.String()),
    },
    { additionalProperties: false },
  ),
);
export const CredentialDetail = component(
  'CredentialDetail',
  Type.Intersect([
    Ref(Credential),
    Type.Object({
      ob3Credential: AnyObject(),
      renewalChain: Type.Array(Ref(RenewalLink), {
        description:
          'Every credential linked to this one through supersedes / supersededBy (renewals of the badge for the recipient), this one included, oldest first.',
      }),
    }),
  ]),
);
export const RecipientCredential = component(
  'RecipientCredential',
  Type.Intersect([
    Ref(Credential),
    Type.Object({
      issuerName: Type.String({ description: 'The issuer name in the signed credential.' }),
      badgeImageUrl: Nullable(Type.String({ format: 'uri', description: "The badge's image now; null when it has none." })),
    }),
  ]),
);
/** GET /api/me/credentials/export: every credential of the signed-in recipient, as signed, with its badge image. */
export const CredentialExport = component(
  'CredentialExport',
  Type.Object(
    {
      exportedAt: Type.String({ format: 'date-time' }),
      credentials: Type.Array(
        Type.Object(
          {
            credential: AnyObject({ description: 'The signed Open Badges 3.0 credential (JSON-LD), byte for byte as issued: it verifies on its own.' }),
            image: Nullable(
              Type.Object(
                { contentType: Type.String(), dataBase64: Type.String({ contentEncoding: 'base64' }) },
                { additionalProperties: false, description: "The badge image the credential names; null when it names none of this platform's images." },
              ),
            ),
          },
          { additionalProperties: false },
        ),
        { description: 'Newest first, as GET /api/me/credentials lists them; private ones included.' },
      ),
    },
    { additionalProperties: false },
  ),
);
export const CredentialList = component(
  'CredentialList',
  Type.Object(
    {
      data: Type.Array(Ref(Credential)),
      pagination: Type.Object(
        {
          limit: Type.Integer(),
          offset: Type.Integer(),
          total: Type.Integer({ description: 'Exact count of credentials matching the filters.' }),
        },
        { additionalProperties: false },
      ),
    },
    { additionalProperties: false },
  ),
);
export const BulkIssuance = component(
  'BulkIssuance',
  Type.Object({
    id: Type.String({ format: 'uuid' }),
    badgeId: Type.String({ format: 'uuid' }),
    status: StringEnum(['queued', 'running', 'completed']),
    total: Type.Integer({ description: 'Data rows of the CSV (blank lines are not rows).' }),
    processed: Type.Integer({ description: 'Rows with a final result: issued + renewed + conflicts + invalid + failed.' }),
    issued: Type.Integer(),
    renewed: Type.Integer(),
    conflicts: Type.Integer(),
    invalid: Type.Integer(),
    failed: Type.Integer(),
    createdAt: Type.String({ format: 'date-time' }),
    startedAt: Nullable(Type.String({ format: 'date-time' })),
    completedAt: Nullable(Type.String({ format: 'date-time' })),
  }),
);
export const Quota = component(
  'Quota',
  Type.Object(
    {
      plan: Type.String(),
      limit: Type.Integer({ description: "Unique recipients the plan allows per UTC calendar month." }),
      used: Type.Integer({ description: 'Unique recipients counted so far this month.' }),
      remaining: Type.Integer({ description: 'limit - used, at least 0.' }),
      month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
      resetsAt: Type.String({ format: 'date-time', description: 'The first instant of the next UTC month.' }),
    },
    { additionalProperties: false },
  ),
);
export const BulkIssuancePreview = component(
  'BulkIssuancePreview',
  Type.Object(
    {
      badgeId: Type.String({ format: 'uuid' }),
      total: Type.Integer({ description: 'Data rows of the CSV (blank lines are not rows).' }),
      counts: Type.Object(
        { issue: Type.Integer(), renew: Type.Integer(), conflict: Type.Integer(), invalid: Type.Integer(), over_quota: Type.Integer() },
        { additionalProperties: false },
      ),
      rows: Type.Array(
        Type.Object(
          {
            row: Type.Integer({ minimum: 1, description: 'The data record of the CSV (the header is row 0).' }),
            name: Type.String(),
            email: Type.String({ description: 'Lower-cased when valid; as uploaded (cut to 320 characters) when invalid.' }),
            outcome: StringEnum(BULK_PREVIEW_OUTCOMES, {
              description:
                "over_quota: the row would take a new place in the monthly recipient quota and none is left (the job would record it failed); it is decided after the conflict check, as an issue decides it.",
            }),
            reason: Nullable(
              Type.String({
                description: 'Why a row is invalid, conflicts or is over the quota, and what a renewal supersedes; null for a first issue.',
              }),
            ),
          },
          { additionalProperties: false },
        ),
      ),
      quota: Ref(Quota),
    },
    { additionalProperties: false },
  ),
);
export const BulkIssuanceRow = component(
  'BulkIssuanceRow',
  Type.Object(
    {
      row: Type.Integer({
        minimum: 1,
        description: 'The data record of the CSV (the header is row 0; row N is line N+1 of a spreadsheet).',
      }),
      name: Type.String(),
      email: Type.String({ description: 'Lower-cased when valid; as uploaded (cut to 320 characters) when invalid.' }),
      result: StringEnum(BULK_ROW_RESULTS, {
        description:
          "The outcome a single issue would have had: issued, renewed (supersedes the recipient's prior credential), conflict (an active non-expiring credential exists), invalid (name or e-mail malformed, see reason), failed (quota, organization, deleted or deactivated badge, or a transient failure that persisted; see reason). pending until done.",
      }),
      reason: Nullable(Type.String()),
      credentialId: Nullable(Type.String({ description: 'The CRD- id of the credential issued or renewed by this row.' })),
      credentialUuid: Nullable(Type.String({ format: 'uuid' })),
    },
    { additionalProperties: false },
  ),
);

/** Optional content of an issue (issue 14): written into the signed credential; issuance checks the values. */
const IssueContent = {
  evidence: Type.Optional(
    Type.Array(
      Type.Object(
        {
          url: Type.Optional(Type.String({ format: 'uri', maxLength: 2048 })),
          name: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
          description: Type.Optional(Type.String({ minLength: 1, maxLength: 5000 })),
          narrative: Type.Optional(Type.String({ minLength: 1, maxLength: 5000, description: 'Markdown.' })),
        },
        { additionalProperties: false, minProperties: 1 },
      ),
      {
        maxItems: 10,
        description: 'Evidence of the achievement (OB 3.0 Evidence); each item needs at least one field. url is an absolute http(s) URL.',
      },
    ),
  ),
  narrative: Type.Optional(
    Type.String({ minLength: 1, maxLength: 5000, description: 'How the recipient earned it, in Markdown (AchievementSubject.narrative).' }),
  ),
  results: Type.Optional(
    Type.Array(
      Type.Object(
        {
          resultDescription: Type.String({ description: "The id of one of the badge's resultDescriptions (urn:uuid:...)." }),
          value: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
          status: Type.Optional(StringEnum(RESULT_STATUSES)),
        },
        { additionalProperties: false },
      ),
      {
        maxItems: 10,
        description:
          "The recipient's results (OB 3.0 Result). Each names one of the badge's resultDescriptions by id, at most once, with a value " +
          '(one of its allowedValues when it lists them) and/or a status; anything else is 400 naming the field.',
      },
    ),
  ),
};

/** The body of an issue (POST /api/v1/credentials and the member route). */
export const IssueCredentialBody = Type.Object(
  {
    badgeId: Type.String({ format: 'uuid' }),
    recipient: Type.Object(
      {
        name: Type.String({ minLength: 1, maxLength: 200 }),
        email: Type.String({ format: 'email', maxLength: 254 }),
      },
      { additionalProperties: false },
    ),
    ...IssueContent,
  },
  { additionalProperties: false },
);

/** The body of a revocation. */
export const RevokeCredentialBody = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500 }) }, { additionalProperties: false });

/** The body of a claim: the token from the e-mail, or nothing with the recipient's session. */
export const ClaimCredentialBody = Type.Object({ token: Type.Optional(Type.String()) }, { additionalProperties: false });

/** The body of PATCH /api/credentials/{credentialId}. */
export const CredentialVisibilityBody = Type.Object({ isPublic: Type.Boolean() }, { additionalProperties: false });
