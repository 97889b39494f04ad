import type { Request, Response } from 'express';
import { AppError } from '@cred/runtime';
import type { Upstreams } from '../upstream/clients.js';
import { CreateWebhookBody, type WebhookDeliveryJson, type WebhookEndpointJson } from '../openapi/schemas/webhooks.js';
import { pathId, requestIdOf } from './body.js';
import { forwardedIdempotency, forwardIdempotency, REPLAYED_HEADER } from './idempotency.js';
import { scopeOf } from './org-scope.js';
import { actingCall } from './acting-call.js';
import { validate, validateQuery } from './validate.js';
import { WebhookPageQuery } from '../openapi/schemas/queries.js';
import { documentedRouter, type DocumentedRouter } from './routes-kit.js';

type Notification = Upstreams['notification'];
/** What a notification RPC answers (the generated `__Output` type). */
type AnswerOf<K extends keyof Notification> = Notification[K] extends (...args: never[]) => Promise<infer R> ? R : never;

const orNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A webhook endpoint as clients see it (never the secret; only creation adds it). */
export function webhookView(e: AnswerOf<'ListWebhooks'>['endpoints'][number]): WebhookEndpointJson {
  // Notification stores only known event types (the same list, @cred/proto/webhook-events).
  return { id: e.id, url: e.url, events: (e.events ?? []) as WebhookEndpointJson['events'], createdAt: e.created_at };
}

export function deliveryView(d: AnswerOf<'PingWebhook'>): WebhookDeliveryJson {
  return {
    id: d.id,
    webhookId: d.webhook_id,
    eventId: d.event_id,
    eventType: d.event_type,
    status: d.status as WebhookDeliveryJson['status'],
    attempts: d.attempts,
    nextAttemptAt: orNull(d.next_attempt_at),
    lastStatusCode: d.last_status_code || null,
    lastError: orNull(d.last_error),
    createdAt: d.created_at,
    updatedAt: d.updated_at,
    deliveredAt: orNull(d.delivered_at),
    attemptLog: (d.attempt_log ?? []).map((a) => ({
      attempt: a.attempt,
      startedAt: a.started_at,
      durationMs: a.duration_ms,
      statusCode: a.status_code || null,
      error: orNull(a.error),
      responseExcerpt: orNull(a.response_excerpt),
      succeeded: Boolean(a.succeeded),
    })),
  };
}

/**
 * Outbound webhook endpoints of an organization (docs/contract.md "Authentication and access", "Events, e-mail and webhooks"), for members
 * under `/api/organizations/:orgId` and for API keys under `/api/v1`, mounted after the
 * authentication that sets the organization scope (./org-scope.ts). Registration needs the
 * Enterprise plan (403 otherwise), checked against accounts here and against notification's own
 * view of the plan there. Registration, replay and ping honour Idempotency-Key: notification
 * keeps the record in the transaction of the effect (forwardIdempotency, ./idempotency.ts;
 * docs/decisions.md "Idempotency-Key"), a retry is answered with the first answer and
 * `Idempotent-Replayed: true`, nothing is registered or sent twice.
 */
export function webhookRoutes(upstreams: Upstreams): DocumentedRouter {
  const router = documentedRouter(['/api/organizations/{orgId}', '/api/v1'], { mergeParams: true });
  const notification = upstreams.notification;
  const orgOf = (res: Response) => scopeOf(res).organizationId;
  const replayed = (res: Response, answer: { idempotent_replay?: boolean }) => {
    if (answer.idempotent_replay) res.set(REPLAYED_HEADER, 'true');
  };

  router.post('/webhooks', forwardIdempotency('webhooks.create'), async (req, res) => {
    const organizationId = orgOf(res);
    const { url, events } = validate(CreateWebhookBody, req.body ?? {});
    const org = await upstreams.accounts.GetOrganization({ organization_id: organizationId }, { requestId: requestIdOf(res) });
    if (org.plan !== 'enterprise') throw AppError.forbidden('Outbound webhooks require the Enterprise plan', { plan: org.plan });
    const r = await notification.CreateWebhook(
      { organization_id: organizationId, url, events, idempotency: forwardedIdempotency(res) },
      actingCall(res),
    );
    replayed(res, r);
    res.status(201).setHeader('Cache-Control', 'no-store');
    res.json({ ...webhookView(r.endpoint!), secret: r.secret });
  });

  router.get('/webhooks', async (_req, res) => {
    const r = await notification.ListWebhooks({ organization_id: orgOf(res) }, actingCall(res));
    res.status(200).json({ data: (r.endpoints ?? []).map(webhookView) });
  });

  router.delete('/webhooks/{webhookId}', async (req, res) => {
    await notification.DeleteWebhook({ organization_id: orgOf(res), webhook_id: pathId(req, 'webhookId') }, actingCall(res));
    res.status(204).end();
  });

  router.get('/webhooks/{webhookId}/deliveries', async (req, res) => {
    const { limit, offset } = validateQuery(WebhookPageQuery, req.query);
    const r = await notification.ListDeliveries({ organization_id: orgOf(res), webhook_id: pathId(req, 'webhookId'), limit, offset }, actingCall(res));
    res.status(200).json({ data: (r.deliveries ?? []).map(deliveryView), pagination: { limit, offset, total: r.total } });
  });

  const replay = (withWebhook: boolean) =>
    async (req: Request, res: Response) => {
      const d = await notification.ReplayDelivery(
        {
          organization_id: orgOf(res),
          webhook_id: withWebhook ? pathId(req, 'webhookId') : '',
          delivery_id: pathId(req, 'deliveryId'),
          idempotency: forwardedIdempotency(res),
        },
        actingCall(res),
      );
      replayed(res, d);
      res.status(202).json(deliveryView(d));
    };
  // Notification folds the delivery (and endpoint) of the path into the request a key binds.
  router.post('/webhooks/{webhookId}/deliveries/{deliveryId}/replay', forwardIdempotency('webhooks.replay'), replay(true));
  // docs/contract.md writes the replay path as `.../deliveries/{deliveryId}/replay`; both forms work.
  router.post('/webhooks/deliveries/{deliveryId}/replay', forwardIdempotency('webhooks.replay'), replay(false));
  router.post('/deliveries/{deliveryId}/replay', forwardIdempotency('webhooks.replay'), replay(false));

  router.post('/webhooks/{webhookId}/ping', forwardIdempotency('webhooks.ping'), async (req, res) => {
    const d = await notification.PingWebhook(
      { organization_id: orgOf(res), webhook_id: pathId(req, 'webhookId'), idempotency: forwardedIdempotency(res) },
      actingCall(res, { deadlineMs: 20_000 }),
    );
    replayed(res, d);
    res.status(200).json(deliveryView(d));
  });

  return router;
}
