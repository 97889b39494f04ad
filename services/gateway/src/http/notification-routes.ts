import { AppError } from '@cred/runtime';
import type { Upstreams } from '../upstream/clients.js';
import { requestIdOf } from './body.js';
import { validateQuery } from './validate.js';
import { WebhookPageQuery } from '../openapi/schemas/queries.js';
import { documentedRouter, type DocumentedRouter } from './routes-kit.js';

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
export function notificationSessionRoutes(upstreams: Upstreams): DocumentedRouter {
  const router = documentedRouter(['/api/organizations/{orgId}'], { mergeParams: true });
  router.get('/notifications', async (req, res) => {
    const organizationId = res.locals.orgId;
    if (typeof organizationId !== 'string' || organizationId === '') throw AppError.notFound('Resource not found');
    const { limit, offset } = validateQuery(WebhookPageQuery, req.query);
    const r = await upstreams.notification.ListNotifications({ organization_id: organizationId, limit, offset }, { requestId: requestIdOf(res) });
    res.status(200).json({ data: (r.notifications ?? []).map(notificationView), pagination: { limit, offset, total: r.total } });
  });
  return router;
}
