import { loadProtos } from '@cred/proto';
import type { GrpcServiceBinding } from '@cred/grpc';
import { AppError } from '@cred/runtime';
import type { Knex } from '@cred/db';
import { notificationStore } from '../db/notification-store.js';

export function notificationBinding(db: Knex): GrpcServiceBinding {
  return {
    name: 'credentials.notification.v1.NotificationService',
    definition: loadProtos().notification.NotificationService.service,
    implementation: {
      ListNotifications: async (req: { organization_id: string; limit: number; offset: number }) => {
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
            created_at: n.createdAt.toISOString(),
          })),
        };
      },
    },
  };
}
