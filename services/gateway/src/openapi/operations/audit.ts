import { AuditLogPage } from '../schemas/audit.js';
import { AuditLogQuery } from '../schemas/queries.js';
import { queryParameters } from '../kit.js';
import { error, json, rateHeaders, type PathItems } from './shared.js';

/** The audit log's route (its schemas are ../schemas/audit.ts, built from the one list of actions in @cred/db/audit). */
export const auditPaths = {
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
      parameters: queryParameters(AuditLogQuery),
      responses: {
        '200': {
          description: 'One page.',
          headers: { ...rateHeaders, 'Cache-Control': { schema: { type: 'string' } } },
          content: json(AuditLogPage),
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
} satisfies PathItems;
