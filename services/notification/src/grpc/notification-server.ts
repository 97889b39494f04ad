import { loadProtos } from '@cred/proto';
import { grpcService, type GrpcServiceBinding } from '@cred/grpc';
import { AppError } from '@cred/runtime';
import { auditCallMeta, listAuditEntriesHandler } from '@cred/db/audit';
import type { Knex } from '@cred/db';
import { notificationStore } from '../db/notification-store.js';
import type { WebhookService } from '../app/webhook-service.js';
import { deliveryAnswer, endpointAnswer } from '../app/webhook-answers.js';

const iso = (d: Date | null | undefined): string => (d ? d.toISOString() : '');

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
    CreateWebhook: async (req, call) =>
      webhooks.create(req.organization_id, req.url, req.events, auditCallMeta(call), req.idempotency ?? undefined),
    ListWebhooks: async (req, call) => ({ endpoints: (await webhooks.list(req.organization_id, auditCallMeta(call))).map(endpointAnswer) }),
    DeleteWebhook: async (req, call) => {
      await webhooks.remove(req.organization_id, req.webhook_id, auditCallMeta(call));
      return {};
    },
    ListDeliveries: async (req, call) => {
      const page = await webhooks.deliveries(req.organization_id, req.webhook_id, req.limit, req.offset, auditCallMeta(call));
      return { total: page.total, deliveries: page.items.map((d) => deliveryAnswer(d)) };
    },
    ReplayDelivery: async (req, call) =>
      webhooks.replay(req.organization_id, req.webhook_id, req.delivery_id, auditCallMeta(call), req.idempotency ?? undefined),
    PingWebhook: async (req, call) => webhooks.ping(req.organization_id, req.webhook_id, auditCallMeta(call), req.idempotency ?? undefined),
  });
}
