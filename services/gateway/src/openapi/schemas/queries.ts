import { Type } from '@sinclair/typebox';
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from '@cred/db/audit';
import { BULK_ROW_RESULTS } from '@cred/proto/bulk-results';
import { IntegerIn, StringEnum } from '../kit.js';
import { CREDENTIAL_STATUSES } from './credentials.js';

/**
 * The query strings of the routes that take one, each defined once (docs/adr/0010-schema-first-http.md):
 * the operations list their parameters from these (kit.ts queryParameters) and the routes read
 * them with validateQuery (../../http/validate.ts), which turns digits into integers and
 * `true`/`false` into booleans and refuses anything else with 400 naming the parameter. Objects
 * with `additionalProperties: false` also refuse a parameter they do not list; the others ignore it.
 * A property with a default is listed as required (the value the route gets always has it) but
 * the client may leave it out. Limits are the routes' own, no clamping (docs/contract.md "Requests and bodies").
 */

/** The furthest page position most lists accept. */
const MAX_OFFSET = 1_000_000;

/** `limit` (1 to maxLimit, default 50) and `offset` (0 to maxOffset, default 0). */
const page = (maxLimit: number, maxOffset = MAX_OFFSET, defaultLimit = 50) => ({
  limit: IntegerIn(1, maxLimit, defaultLimit),
  offset: IntegerIn(0, maxOffset, 0),
});

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
/** A calendar day, `YYYY-MM-DD` (whether it exists is the route's check). */
const Day = Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', title: 'a date in the form YYYY-MM-DD' });

/** GET /api/admin/organizations. */
export const OrganizationListQuery = Type.Object({
  status: Type.Optional(StringEnum(['pending_approval', 'approved', 'suspended'])),
  ...page(100),
});

/** GET .../badges (members and API keys). */
export const BadgeListQuery = Type.Object({
  ...page(100),
  active: Type.Optional(Type.Boolean()),
});

/** GET .../credentials (members and API keys): docs/contract.md "Requests and bodies". */
export const CredentialListQuery = Type.Object(
  {
    ...page(100),
    badgeId: Type.Optional(Type.String({ format: 'uuid', pattern: UUID, title: 'a UUID' })),
    status: Type.Optional(StringEnum(CREDENTIAL_STATUSES)),
    recipient: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 254,
        pattern: '^[^\\s\\p{Cc}\\p{Cf}]+$',
        title: 'an e-mail address or its beginning: 1-254 characters without spaces',
        description:
          'An e-mail address or its beginning: only credentials whose recipient e-mail starts with it, case-insensitively ' +
          '(`ADA` matches ada@example.com and adam@example.org; `%` and `_` are ordinary characters). 1-254 characters without ' +
          'white space or control characters, else 400 with details.field = recipient. pagination.total stays exact.',
      }),
    ),
  },
  { additionalProperties: false },
);

/** GET /api/me/credentials. */
export const MyCredentialsQuery = Type.Object(page(100), { additionalProperties: false });

/** GET .../bulk-issuances. */
export const BulkListQuery = Type.Object(page(100));

/** The most rows one page of a bulk issuance can hold (the report reads them a page at a time). */
export const BULK_ROWS_MAX_LIMIT = 1000;

/** GET .../bulk-issuances/{id}: a page of its rows, optionally of one result. */
export const BulkRowsQuery = Type.Object({
  ...page(BULK_ROWS_MAX_LIMIT, MAX_OFFSET, 100),
  result: Type.Optional(StringEnum(BULK_ROW_RESULTS)),
});

/** GET .../bulk-issuances/{id}/report.csv takes no parameters. */
export const NoQuery = Type.Object({}, { additionalProperties: false });

/** GET .../webhooks/{id}/deliveries and GET .../notifications: offsets up to 999,999, as these routes have always capped them. */
export const WebhookPageQuery = Type.Object(page(100, 999_999));

/** GET .../analytics: both days included. */
export const AnalyticsQuery = Type.Object({ from: Day, to: Day });

/** GET /api/organizations/{orgId}/api-keys. */
export const ApiKeyListQuery = Type.Object({ includeRevoked: Type.Boolean({ default: false }) });

/** GET .../audit-log: the values' forms are @cred/db/audit's checks, which the route applies. */
export const AuditLogQuery = Type.Object({
  limit: IntegerIn(1, AUDIT_PAGE_MAX, AUDIT_PAGE_DEFAULT),
  cursor: Type.Optional(Type.String({ description: 'The `nextCursor` of the previous page (opaque).' })),
  action: Type.Optional(Type.String({ description: 'An action (`credential.revoked`) or a prefix ending in a dot (`credential.`).' })),
  actor: Type.Optional(Type.String({ description: 'Exactly, e.g. `user:<id>` or `api_key:<id>`.' })),
  targetId: Type.Optional(Type.String()),
  from: Type.Optional(Type.String({ description: 'At or after: a date (midnight UTC) or a date-time with a zone.' })),
  to: Type.Optional(Type.String({ description: 'Before: a date (midnight UTC) or a date-time with a zone.' })),
});
