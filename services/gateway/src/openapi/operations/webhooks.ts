import { Analytics, CreateWebhookBody, Notification, WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '../schemas/webhooks.js';
import {
  cacheControl,
  common,
  dataList,
  deliveryId,
  error,
  json,
  ok,
  orgId,
  page,
  rateHeaders,
  session,
  webhookId,
} from './shared.js';
import type { PathItems } from './shared.js';
import { queryParameters } from '../kit.js';
import { AnalyticsQuery, WebhookPageQuery } from '../schemas/queries.js';

/** A replay addressed by the delivery id alone; two paths serve it. */
const replayById = (summary: string) => ({
  summary,
  security: session,
  responses: {
    ...ok('202', 'Queued again.', WebhookDelivery),
    '401': error('UNAUTHORIZED'),
    '404': error('NOT_FOUND'),
    '409': error('CONFLICT: the delivery is already queued.'),
    '429': common['429'],
  },
});

export const webhooksPaths = {
  '/api/organizations/{orgId}/webhooks': {
    parameters: [orgId],
    post: {
      summary: 'Register an outbound webhook endpoint (Enterprise plan)',
      description:
        'Deliveries are POSTs with `X-Service-Signature` (hex HMAC-SHA256 of the raw body keyed with the secret), `X-Service-Event`, ' +
        '`X-Service-Timestamp` and `X-Service-Delivery`, and the Standard Webhooks headers `webhook-id` (the event id), ' +
        '`webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` ' +
        'keyed with the secret as UTF-8), which a receiver checks together with the timestamp\'s age so that a captured delivery cannot be replayed later; ' +
        'at least once, retried from 30 seconds after a failure, doubling, for 24 hours. ' +
        'The URL must be https and resolve to a public address.',
      security: session,
      requestBody: {
        required: true,
        content: json(CreateWebhookBody),
      },
      responses: {
        '201': {
          description:
            'Registered; the secret is shown in this response only (Cache-Control: no-store), and again in a replay of it ' +
            '(the same Idempotency-Key within 24 hours), which answers the same bytes.',
          headers: { ...rateHeaders, 'Cache-Control': cacheControl('no-store') },
          content: json(WebhookEndpointWithSecret),
        },
        '400': error('VALIDATION_ERROR: details.field = url (malformed, not https, not public) or events (empty, unknown type).'),
        '401': error('UNAUTHORIZED'),
        '403': error('FORBIDDEN: outbound webhooks need the Enterprise plan (details.plan).'),
        '404': error('NOT_FOUND: not a member'),
        '409': error('CONFLICT: the organization has the maximum number of endpoints.'),
        '413': common['413'],
        '415': common['415'],
        '429': common['429'],
      },
    },
    get: {
      summary: "The organization's webhook endpoints (never their secrets)",
      security: session,
      responses: {
        ...ok('200', 'The endpoints.', dataList(WebhookEndpoint)),
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND: not a member'),
        '429': common['429'],
      },
    },
  },
  '/api/organizations/{orgId}/webhooks/{webhookId}': {
    parameters: [orgId, webhookId],
    delete: {
      summary: 'Remove a webhook endpoint (its pending deliveries are cancelled)',
      security: session,
      responses: {
        '204': { description: 'Removed.', headers: rateHeaders },
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND'),
        '429': common['429'],
      },
    },
  },
  '/api/organizations/{orgId}/webhooks/{webhookId}/deliveries': {
    parameters: [orgId, webhookId],
    get: {
      summary: "An endpoint's deliveries, newest first, with their attempts",
      security: session,
      parameters: queryParameters(WebhookPageQuery),
      responses: {
        ...ok('200', 'A page of deliveries.', page(WebhookDelivery)),
        '400': common['400'],
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND'),
        '429': common['429'],
      },
    },
  },
  '/api/organizations/{orgId}/webhooks/{webhookId}/deliveries/{deliveryId}/replay': {
    parameters: [orgId, webhookId, deliveryId],
    post: {
      summary: 'Send a finished (succeeded, failed or cancelled) delivery again',
      security: session,
      responses: {
        ...ok('202', 'Queued again (status pending, a new 24-hour retry window).', WebhookDelivery),
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND: unknown delivery, or not of this endpoint, or the endpoint was removed.'),
        '409': error('CONFLICT: the delivery is already queued.'),
        '429': common['429'],
      },
    },
  },
  '/api/organizations/{orgId}/webhooks/deliveries/{deliveryId}/replay': {
    parameters: [orgId, deliveryId],
    post: replayById('Replay a delivery by its id alone (same as .../webhooks/{webhookId}/deliveries/{deliveryId}/replay)'),
  },
  '/api/organizations/{orgId}/deliveries/{deliveryId}/replay': {
    parameters: [orgId, deliveryId],
    post: replayById('Replay a delivery (the path as docs/contract.md writes it; same as above)'),
  },
  '/api/organizations/{orgId}/webhooks/{webhookId}/ping': {
    parameters: [orgId, webhookId],
    post: {
      summary: 'Send one `webhook.ping` event now and report the attempt',
      description:
        'Made once, synchronously (up to about 20 seconds); not retried. The answer is 200 whether the endpoint accepted it or not.',
      security: session,
      responses: {
        ...ok('200', 'The delivery with its single attempt (status succeeded or failed).', WebhookDelivery),
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND'),
        '429': common['429'],
      },
    },
  },
  '/api/organizations/{orgId}/notifications': {
    parameters: [orgId],
    get: {
      summary: "The organization's e-mails and notices, newest first, with their delivery state",
      security: session,
      parameters: queryParameters(WebhookPageQuery),
      responses: {
        ...ok('200', 'A page of notifications.', page(Notification)),
        '400': common['400'],
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND: not a member'),
        '429': common['429'],
      },
    },
  },
  '/api/organizations/{orgId}/analytics': {
    parameters: [orgId],
    get: {
      summary: "Verification counts of the organization's credentials per UTC day, channel, badge and outcome",
      description: 'Nothing about verifiers is recorded. Both days are included; at most 366 days.',
      security: session,
      parameters: queryParameters(AnalyticsQuery),
      responses: {
        ...ok('200', 'Rows and totals.', Analytics),
        '400': error(
          'VALIDATION_ERROR: details.field = from or to (missing, not YYYY-MM-DD, not a date, to before from, more than 366 days).',
        ),
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND: not a member'),
        '429': common['429'],
      },
    },
  },
} satisfies PathItems;
