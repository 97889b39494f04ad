import { Router } from 'express';
import { AppError } from '@cred/runtime';
import type { Upstreams } from '../upstream/clients.js';
import { requestIdOf } from './body.js';

/** One entry of ListNotifications (the generated `__Output` type). */
type NotificationMessage = Awaited<ReturnType<Upstreams['notification']['ListNotifications']>>['notifications'][number];
const orNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function notificationView(n: NotificationMessage) {
  return {
    id: n.id,
    eventId: n.event_id,
    eventType: n.event_type,
    channel: n.channel,
    kind: orNull(n.kind),
    status: n.status,
    recipient: orNull(n.recipient),
    subject: orNull(n.subject),
    attempts: n.attempts ?? 0,
    lastError: orNull(n.last_error),
    sentAt: orNull(n.sent_at),
    createdAt: n.created_at,
    updatedAt: orNull(n.updated_at),
  };
}

/**
 * `GET /api/organizations/{orgId}/notifications`: the organization's e-mails and their state
 * (sent, failed with the SMTP reason, skipped because notifications are off). Mounted like
 * webhookSessionRoutes, after session authentication and the membership check.
 */
export function notificationSessionRoutes(upstreams: Upstreams): Router {
  const router = Router({ mergeParams: true });
  router.get('/notifications', async (req, res) => {
    const organizationId = res.locals.orgId;
    if (typeof organizationId !== 'string' || organizationId === '') throw AppError.notFound('Resource not found');
    const q = req.query as Record<string, unknown>;
    const num = (name: string, fallback: number) => {
      if (q[name] === undefined) return fallback;
      if (typeof q[name] !== 'string' || !/^\d{1,6}$/.test(q[name])) throw AppError.validation(name, `${name} must be a non-negative integer`);
      return Number(q[name]);
    };
    const limit = num('limit', 50);
    const offset = num('offset', 0);
    if (limit < 1 || limit > 100) throw AppError.validation('limit', 'limit must be between 1 and 100');
    const r = await upstreams.notification.ListNotifications({ organization_id: organizationId, limit, offset }, { requestId: requestIdOf(res) });
    res.status(200).json({ data: (r.notifications ?? []).map(notificationView), pagination: { limit, offset, total: r.total } });
  });
  return router;
}
