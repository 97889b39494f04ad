import { Type, type Static } from '@sinclair/typebox';
import { WEBHOOK_EVENT_TYPES } from '@cred/proto/webhook-events';
import { component, Dict, Nullable, Ref, StringEnum } from '../kit.js';

export const WebhookEvent = component('WebhookEvent', StringEnum(WEBHOOK_EVENT_TYPES));
export const WebhookEndpoint = component(
  'WebhookEndpoint',
  Type.Object(
    {
      id: Type.String({ format: 'uuid' }),
      url: Type.String({ format: 'uri' }),
      events: Type.Array(Ref(WebhookEvent)),
      createdAt: Type.String({ format: 'date-time' }),
    },
    { additionalProperties: false },
  ),
);
export const WebhookEndpointWithSecret = component(
  'WebhookEndpointWithSecret',
  Type.Object(
    {
      ...WebhookEndpoint.properties,
      secret: Type.String({
        description:
          'The HMAC-SHA256 key (this string as UTF-8) of `X-Service-Signature` (hex HMAC of the raw body) and `webhook-signature` ' +
          '(`v1,` + base64 HMAC of `{webhook-id}.{webhook-timestamp}.{raw body}`). Shown in this response only.',
      }),
    },
    { additionalProperties: false },
  ),
);
export const WebhookDelivery = component(
  'WebhookDelivery',
  Type.Object(
    {
      id: Type.String({ format: 'uuid' }),
      webhookId: Type.String({ format: 'uuid' }),
      eventId: Type.String({ description: 'The event id (`evt_...`), also sent as X-Service-Delivery.' }),
      eventType: Type.String({ description: 'One of the webhook events, or `webhook.ping`.' }),
      status: StringEnum(['pending', 'succeeded', 'failed', 'cancelled']),
      attempts: Type.Integer({ minimum: 0 }),
      nextAttemptAt: Nullable(Type.String({ format: 'date-time', description: 'When the next attempt is due (pending deliveries only).' })),
      lastStatusCode: Nullable(Type.Integer()),
      lastError: Nullable(Type.String()),
      createdAt: Type.String({ format: 'date-time' }),
      updatedAt: Type.String({ format: 'date-time' }),
      deliveredAt: Nullable(Type.String({ format: 'date-time' })),
      attemptLog: Type.Array(
        Type.Object(
          {
            attempt: Type.Integer({ minimum: 1 }),
            startedAt: Type.String({ format: 'date-time' }),
            durationMs: Type.Integer({ minimum: 0 }),
            statusCode: Nullable(Type.Integer()),
            error: Nullable(Type.String()),
            responseExcerpt: Nullable(Type.String()),
            succeeded: Type.Boolean(),
          },
          { additionalProperties: false },
        ),
      ),
    },
    { additionalProperties: false },
  ),
);
/** The answers as webhookView and deliveryView (src/http/webhook-routes.ts) return them. */
export type WebhookEndpointJson = Static<typeof WebhookEndpoint>;
export type WebhookDeliveryJson = Static<typeof WebhookDelivery>;
export const Notification = component(
  'Notification',
  Type.Object(
    {
      id: Type.String(),
      eventId: Type.String(),
      eventType: Type.String(),
      channel: StringEnum(['email', 'webhook', 'log']),
      kind: Nullable(Type.String({ description: 'The kind of e-mail (first issue, renewal, ...).' })),
      status: Type.String({
        description:
          'E-mails: pending, sent, failed (lastError has the SMTP reason) or skipped (notifications off); notices: recorded, sent, failed.',
      }),
      recipient: Nullable(Type.String()),
      subject: Nullable(Type.String()),
      attempts: Type.Integer({ minimum: 0 }),
      lastError: Nullable(Type.String()),
      sentAt: Nullable(Type.String({ format: 'date-time' })),
      createdAt: Type.String({ format: 'date-time' }),
      updatedAt: Nullable(Type.String({ format: 'date-time' })),
    },
    { additionalProperties: false },
  ),
);
export const Analytics = component(
  'Analytics',
  Type.Object(
    {
      from: Type.String({ format: 'date' }),
      to: Type.String({ format: 'date' }),
      rows: Type.Array(
        Type.Object(
          {
            day: Type.String({ format: 'date' }),
            channel: StringEnum(['api', 'page', 'baked', 'ob3']),
            badgeId: Type.String(),
            outcome: StringEnum(['valid', 'signature_invalid', 'revoked', 'expired', 'issuer_inactive', 'served'], {
              description: '`valid`, the first failed check, or `served` (a download of the JSON-LD or baked PNG; no checks ran).',
            }),
            count: Type.Integer({ minimum: 0 }),
          },
          { additionalProperties: false },
        ),
        { description: 'Ordered by day, channel, badge, outcome.' },
      ),
      totals: Type.Object(
        { verifications: Type.Integer({ minimum: 0 }), byChannel: Dict(Type.Integer()), byOutcome: Dict(Type.Integer()) },
        { additionalProperties: false, description: 'Verifications only: `served` rows are left out.' },
      ),
    },
    { additionalProperties: false },
  ),
);

/** POST .../webhooks: notification checks the URL (https, a public address) and keeps the last word. */
export const CreateWebhookBody = Type.Object(
  {
    url: Type.String({ format: 'uri', minLength: 1, maxLength: 2048 }),
    events: Type.Array(Ref(WebhookEvent), { minItems: 1, maxItems: 20 }),
  },
  { additionalProperties: false },
);
