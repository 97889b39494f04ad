import type { DeliveryAttempt, WebhookDelivery, WebhookEndpoint } from '../db/webhook-store.js';

const iso = (d: Date | null | undefined): string => (d ? d.toISOString() : '');

/** A delivery with its attempt log, as the service reads them. */
export interface DeliveryWithAttempts {
  delivery: WebhookDelivery;
  attempts: DeliveryAttempt[];
}

/** An endpoint as callers see it (proto `WebhookEndpoint`): never the secret. */
export function endpointAnswer(e: WebhookEndpoint) {
  return { id: e.id, organization_id: e.organizationId, url: e.url, events: e.events, created_at: iso(e.createdAt) };
}
export type EndpointAnswer = ReturnType<typeof endpointAnswer>;

/**
 * A delivery as callers see it (proto `WebhookDelivery`). Replay and ping store this very
 * answer in their Idempotency-Key record (plain strings and numbers), so a retry is answered
 * with the same values the first call had (docs/decisions.md "Idempotency-Key").
 */
export function deliveryAnswer({ delivery: d, attempts }: DeliveryWithAttempts, idempotentReplay = false) {
  return {
    id: d.id,
    webhook_id: d.endpointId,
    event_id: d.eventId,
    event_type: d.eventType,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: d.status === 'pending' ? iso(d.nextAttemptAt) : '',
    last_status_code: d.lastStatusCode ?? 0,
    last_error: d.lastError ?? '',
    created_at: iso(d.createdAt),
    updated_at: iso(d.updatedAt),
    delivered_at: iso(d.deliveredAt),
    attempt_log: attempts.map((a) => ({
      attempt: a.attempt,
      started_at: iso(a.startedAt),
      duration_ms: a.durationMs,
      status_code: a.statusCode ?? 0,
      error: a.error ?? '',
      response_excerpt: a.responseExcerpt ?? '',
      succeeded: a.succeeded,
    })),
    idempotent_replay: idempotentReplay,
  };
}
export type DeliveryAnswer = ReturnType<typeof deliveryAnswer>;

/** What registration answers (proto `CreateWebhookResponse`): the endpoint and, only here, its secret. */
export interface CreatedWebhook {
  endpoint: EndpointAnswer;
  secret: string;
  idempotent_replay: boolean;
}
