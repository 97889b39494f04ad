import { loadProtos } from '@cred/proto';
import { grpcService, type GrpcServiceBinding } from '@cred/grpc';
import { AppError } from '@cred/runtime';
import { auditCallMeta, listAuditEntriesHandler } from '@cred/db/audit';
import type { Knex } from '@cred/db';
import { notificationStore } from '../db/notification-store.js';
import type { DeliveryWithAttempts, WebhookService } from '../app/webhook-service.js';
import type { WebhookEndpoint } from '../db/webhook-store.js';

const iso = (d: Date | null | undefined): string => (d ? d.toISOString() : '');

/** Never carries the secret: only CreateWebhook adds it, next to this. */
function endpointToProto(e: WebhookEndpoint) {
  return { id: e.id, organization_id: e.organizationId, url: e.url, events: e.events, created_at: iso(e.createdAt) };
}

function deliveryToProto({ delivery: d, attempts }: DeliveryWithAttempts) {
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
  };
}

export function notificationBinding(db: Knex, webhooks: WebhookService, schema: string): GrpcServiceBinding {
  return grpcService('credentials.notification.v1.NotificationService', loadProtos().notification.NotificationService.service, {
    ListAuditEntries: listAuditEntriesHandler(db, schema, (field, message) => AppError.validation(field, message)),

    ListNotifications: async (req) => {
      if (!req.organization_id) throw AppError.validation('organization_id', 'organization_id is required');
      const limit = req.limit || 50;
      if (limit < 1 || limit > 100) throw AppError.validation('limit', 'limit must be between 1 and 100');
      if (req.offset < 0) throw AppError.validation('offset', 'offset must not be negative');
      const page = await notificationStore.listForOrganization(db, req.organization_id, limit, req.offset);
      return {
        total: page.total,
        notifications: page.items.map((n) => ({
          id: n.id,
          event_id: n.eventId,
          event_type: n.eventType,
          channel: n.channel,
          status: n.status,
          created_at: iso(n.createdAt),
          kind: n.kind,
          recipient: n.recipient,
          subject: n.subject,
          attempts: n.attempts,
          last_error: n.lastError ?? '',
          sent_at: iso(n.sentAt),
          updated_at: iso(n.updatedAt),
        })),
      };
    },
    CreateWebhook: async (req, call) => {
      const r = await webhooks.create(req.organization_id, req.url, req.events, auditCallMeta(call));
      return { endpoint: endpointToProto(r.endpoint), secret: r.secret };
    },
    ListWebhooks: async (req, call) => ({ endpoints: (await webhooks.list(req.organization_id, auditCallMeta(call))).map(endpointToProto) }),
    DeleteWebhook: async (req, call) => {
      await webhooks.remove(req.organization_id, req.webhook_id, auditCallMeta(call));
      return {};
    },
    ListDeliveries: async (req, call) => {
      const page = await webhooks.deliveries(req.organization_id, req.webhook_id, req.limit, req.offset, auditCallMeta(call));
      return { total: page.total, deliveries: page.items.map(deliveryToProto) };
    },
    ReplayDelivery: async (req, call) =>
      deliveryToProto(await webhooks.replay(req.organization_id, req.webhook_id, req.delivery_id, auditCallMeta(call))),
    PingWebhook: async (req, call) => deliveryToProto(await webhooks.ping(req.organization_id, req.webhook_id, auditCallMeta(call))),
  });
}
