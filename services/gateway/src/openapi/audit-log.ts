import { AUDIT_ACTIONS, AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX, AUDIT_TARGET_TYPES } from '@cred/db/audit';

/**
 * The audit log's part of the OpenAPI document (spread into openapi.ts): its schemas, built from
 * the one list of actions and target types in @cred/db/audit, and its route.
 */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });
const error = (description: string) => ({ description, content: json(ref('Error')) });
const rateHeaders = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
  'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
};

export const auditLogSchemas = {
  AuditEntry: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'occurredAt', 'actor', 'action', 'targetType', 'targetId', 'details', 'requestId'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      occurredAt: { type: 'string', format: 'date-time' },
      actor: {
        type: 'string',
        description:
          '`user:<id>` (a member), `api_key:<id>`, `operator` (the platform operator), `system` (the platform itself), `provider:stripe`.',
      },
      action: { type: 'string', enum: [...AUDIT_ACTIONS] },
      targetType: { type: 'string', enum: [...AUDIT_TARGET_TYPES] },
      targetId: { type: 'string', description: 'The id of what the action changed (a credential or badge UUID, a signing key id, ...).' },
      details: {
        type: 'object',
        description: 'A few facts about the action (names, changed fields, a revocation reason). Never a secret, token or key.',
        additionalProperties: {
          oneOf: [
            { type: 'string' },
            { type: 'number' },
            { type: 'boolean' },
            { type: 'null' },
            { type: 'array', items: { type: 'string' } },
          ],
        },
      },
      requestId: { type: ['string', 'null'], description: 'The X-Request-Id of the request that did it, when there was one.' },
    },
  },
  AuditLogPage: {
    type: 'object',
    additionalProperties: false,
    required: ['data', 'pagination'],
    properties: {
      data: { type: 'array', items: ref('AuditEntry'), description: 'Newest first (occurredAt, then id, descending).' },
      pagination: {
        type: 'object',
        additionalProperties: false,
        required: ['limit', 'nextCursor'],
        properties: {
          limit: { type: 'integer' },
          nextCursor: { type: ['string', 'null'], description: 'Pass as `cursor` for the older entries; null on the last page.' },
        },
      },
    },
  },
};

export const auditLogPaths = {
  '/api/organizations/{orgId}/audit-log': {
    parameters: [{ name: 'orgId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
    get: {
      summary: 'Who did what and when in the organization (owners and admins)',
      description:
        'Issues, renewals, revocations, bulk issuance, badge changes, signing keys, API keys, organization settings, plan and ' +
        'operator actions, members and webhooks, newest first. Each service keeps the entries of its own actions, written in the ' +
        'same transaction as the action; the gateway merges them. If one of them does not answer, the request is 503 (never a page without its entries). ' +
        'Not offered under /api/v1: API keys have no role.',
      security: [{ session: [] }, { sessionCookie: [] }],
      parameters: [
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: AUDIT_PAGE_MAX, default: AUDIT_PAGE_DEFAULT } },
        { name: 'cursor', in: 'query', schema: { type: 'string' }, description: 'The `nextCursor` of the previous page (opaque).' },
        {
          name: 'action',
          in: 'query',
          schema: { type: 'string' },
          description: 'An action (`credential.revoked`) or a prefix ending in a dot (`credential.`).',
        },
        { name: 'actor', in: 'query', schema: { type: 'string' }, description: 'Exactly, e.g. `user:<id>` or `api_key:<id>`.' },
        { name: 'targetId', in: 'query', schema: { type: 'string' } },
        {
          name: 'from',
          in: 'query',
          schema: { type: 'string' },
          description: 'At or after: a date (midnight UTC) or a date-time with a zone.',
        },
        { name: 'to', in: 'query', schema: { type: 'string' }, description: 'Before: a date (midnight UTC) or a date-time with a zone.' },
      ],
      responses: {
        '200': {
          description: 'One page.',
          headers: { ...rateHeaders, 'Cache-Control': { schema: { type: 'string' } } },
          content: json(ref('AuditLogPage')),
        },
        '400': error('VALIDATION_ERROR: details.field names the parameter (limit, cursor, action, actor, targetId, from, to).'),
        '401': error('UNAUTHORIZED'),
        '403': error('FORBIDDEN: the member is neither an owner nor an admin.'),
        '404': error('NOT_FOUND: not a member'),
        '429': error('RATE_LIMITED'),
        '503': error('UNAVAILABLE: a service keeping audit entries did not answer; retry later.'),
      },
    },
  },
};
