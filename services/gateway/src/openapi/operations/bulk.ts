import { Pagination } from '../schemas/common.js';
import { BulkIssuance, BulkIssuancePreview, BulkIssuanceRow } from '../schemas/credentials.js';
import { common, error, IDEMPOTENCY_KEY_HEADER, json, multipartBody, ok, orgId, page, rateHeaders, session, uuidParam } from './shared.js';
import type { PathItems } from './shared.js';
import { queryParameters } from '../kit.js';
import { BulkListQuery, BulkRowsQuery } from '../schemas/queries.js';

/** The upload of POST .../bulk-issuances and of its preview: the badge and the CSV file. */
const csvUpload = multipartBody({
  type: 'object',
  required: ['badgeId', 'file'],
  properties: {
    badgeId: { type: 'string', format: 'uuid' },
    file: { type: 'string', format: 'binary', contentMediaType: 'text/csv' },
  },
});
const bulkIssuanceId = uuidParam('bulkIssuanceId');

export const bulkPaths = {
  '/api/organizations/{orgId}/bulk-issuances': {
    parameters: [orgId],
    post: {
      summary: 'Issue a badge to every recipient of a CSV file, in the background',
      description:
        'multipart/form-data with the text field `badgeId` and the file `file`: UTF-8 CSV (RFC 4180; a BOM, CRLF or LF line ends ' +
        'and quoted fields are fine) whose first line is the header `name,email`, at most 5 MiB and 10,000 rows. Every row goes ' +
        'through the same rules as POST /api/v1/credentials, in CSV order for repeated e-mails (the second row of a recipient ' +
        'renews or conflicts with the first); a row with a malformed name or e-mail becomes an `invalid` row, it does not reject ' +
        'the file. Progress at the Location; `bulk_issuance.completed` (outbound webhooks) when done. ' +
        'Send `Idempotency-Key` to make a retried upload safe: the same key from the same user with the same badgeId and the ' +
        'same file bytes within 24 hours answers 202 with the first job and `Idempotent-Replayed: true`, and queues nothing ' +
        '(a second job would renew every credential the first issued). The key is stored with the job, so this holds even ' +
        'when the first answer was lost. The same key with another badge or file is 422; a refused upload stores nothing.',
      security: session,
      parameters: [IDEMPOTENCY_KEY_HEADER],
      requestBody: csvUpload,
      responses: {
        '202': {
          description: 'Queued (or, with a repeated Idempotency-Key, the job that key created, in its current status). Location: the job.',
          headers: {
            ...rateHeaders,
            Location: { schema: { type: 'string' } },
            'Idempotent-Replayed': {
              required: false,
              description: '`true` when the answer is the job of an earlier request with this Idempotency-Key.',
              schema: { type: 'string', enum: ['true'] },
            },
          },
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['id', 'status', 'total'],
            properties: {
              id: { type: 'string', format: 'uuid' },
              // A replay answers the job as it is now, which may be running already.
              status: { type: 'string', enum: ['queued', 'running', 'completed'] },
              total: { type: 'integer' },
            },
          }),
        },
        '400': error(
          'VALIDATION_ERROR: details.field = badgeId (missing, malformed, or the badge is deactivated) or file (missing, not UTF-8 text, no header name,email, no rows, more than 10,000 rows, or not valid CSV with details.line).',
        ),
        '401': error('UNAUTHORIZED'),
        '403': error(
          'FORBIDDEN: the organization is not approved or has no signing keys; or a signed-in member has not confirmed their e-mail address (details.reason = email_not_verified).',
        ),
        '404': error("NOT_FOUND: unknown or another organization's badge (or organization)."),
        '413': error('PAYLOAD_TOO_LARGE: the CSV file is larger than 5 MiB (details.field = file, details.limitBytes).'),
        '415': error('UNSUPPORTED_MEDIA_TYPE: not multipart/form-data.'),
        '422': error('UNPROCESSABLE (details.field = Idempotency-Key): the Idempotency-Key was already used with another badge or file.'),
        '429': common['429'],
      },
    },
    get: {
      summary: "The organization's bulk issuances, newest first (without rows)",
      security: session,
      parameters: queryParameters(BulkListQuery),
      responses: {
        ...ok('200', 'A page of jobs.', page(BulkIssuance)),
        '400': common['400'],
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND'),
        '429': common['429'],
      },
    },
  },
  '/api/organizations/{orgId}/bulk-issuances/preview': {
    parameters: [orgId],
    post: {
      summary: 'What a bulk upload would do, row by row, without doing it',
      description:
        'The multipart body of POST .../bulk-issuances (`badgeId` and the CSV `file`, the same limits). Nothing is written: no job, ' +
        'no credential, no quota count. A bad badgeId, a deactivated or unknown badge, an organization that cannot issue and a ' +
        'malformed file give the errors of the upload. Each row gets the checks of a single issue and the transitions table ' +
        "against the recipient's credential of the badge as it is now: `issue`, `renew` (the reason names what is superseded), " +
        '`conflict` (an active non-expiring credential) or `invalid` (the reason says why). A repeated address is measured against ' +
        'the earlier row, as the real job issues one address in CSV order. The monthly quota is not simulated.',
      security: session,
      requestBody: csvUpload,
      responses: {
        ...ok('200', 'Every data row with its outcome, and the counts.', BulkIssuancePreview),
        '400': error(
          'VALIDATION_ERROR: details.field = badgeId (missing, malformed, or the badge is deactivated) or file (as the upload).',
        ),
        '401': error('UNAUTHORIZED'),
        '403': error('FORBIDDEN: the organization is not approved or has no signing keys.'),
        '404': error("NOT_FOUND: unknown or another organization's badge (or organization)."),
        '413': error('PAYLOAD_TOO_LARGE: the CSV file is larger than 5 MiB (details.field = file, details.limitBytes).'),
        '415': error('UNSUPPORTED_MEDIA_TYPE: not multipart/form-data.'),
        '429': common['429'],
      },
    },
  },
  '/api/organizations/{orgId}/bulk-issuances/{bulkIssuanceId}/report.csv': {
    parameters: [orgId, bulkIssuanceId],
    get: {
      summary: 'The per-row results of a bulk issuance as a CSV download',
      description:
        'Header `row,name,email,outcome,credentialId,reason`, then one line per data row in row order (RFC 4180, CRLF, UTF-8). ' +
        '`outcome` is the row result as the job has it now: issued, renewed, conflict, invalid, failed, or pending. A cell that ' +
        'starts with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with a single quote, so that a spreadsheet shows ' +
        'it as text instead of running it as a formula.',
      security: session,
      responses: {
        '200': {
          description: 'The report (Content-Disposition: attachment; filename="bulk-{bulkIssuanceId}.csv").',
          headers: {
            ...rateHeaders,
            'Content-Disposition': { schema: { type: 'string' } },
            'Cache-Control': { schema: { type: 'string', enum: ['no-store'] } },
          },
          content: { 'text/csv': { schema: { type: 'string' } } },
        },
        '400': error('VALIDATION_ERROR: the report takes no query parameters.'),
        '401': error('UNAUTHORIZED'),
        '404': error("NOT_FOUND: unknown or another organization's job."),
        '429': common['429'],
      },
    },
  },
  '/api/organizations/{orgId}/bulk-issuances/{bulkIssuanceId}': {
    parameters: [orgId, bulkIssuanceId],
    get: {
      summary: 'A bulk issuance: progress and a page of per-row results in CSV order',
      security: session,
      parameters: queryParameters(BulkRowsQuery),
      responses: {
        ...ok('200', 'The job; pagination.total counts the rows matching `result`.', {
          allOf: [
            BulkIssuance,
            {
              type: 'object',
              required: ['rows', 'pagination'],
              properties: { rows: { type: 'array', items: BulkIssuanceRow }, pagination: Pagination },
            },
          ],
        }),
        '400': common['400'],
        '401': error('UNAUTHORIZED'),
        '404': error("NOT_FOUND: unknown or another organization's job."),
        '429': common['429'],
      },
    },
  },
} satisfies PathItems;
