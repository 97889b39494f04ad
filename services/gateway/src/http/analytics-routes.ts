import { AppError } from '@cred/runtime';
import type { Upstreams } from '../upstream/clients.js';
import { requestIdOf } from './body.js';
import { validateQuery } from './validate.js';
import { AnalyticsQuery } from '../openapi/schemas/queries.js';
import { documentedRouter, type DocumentedRouter } from './routes-kit.js';

const MAX_DAYS = 366;

/** A `YYYY-MM-DD` query value (its form checked by AnalyticsQuery) naming a real UTC calendar day. */
function day(v: string, name: 'from' | 'to'): Date {
  const d = new Date(`${v}T00:00:00.000Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v) throw AppError.validation(name, `${name} is not a calendar date`);
  return d;
}

/**
 * `GET /api/organizations/{orgId}/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD`: the organization's
 * verification counts per day, channel (`api`, `page`, `baked`, `ob3`), badge and outcome, both
 * days included, at most 366 days. Mounted under `/api/organizations/:orgId` after session
 * authentication and the membership check (which set `res.locals.orgId`), like
 * notificationSessionRoutes. Answer: `{from, to, rows: [{day, channel, badgeId, outcome, count}],
 * totals: {verifications, byChannel, byOutcome}}`; `totals` leave out `served` (downloads of the
 * JSON-LD or baked PNG, where no check runs).
 */
export function analyticsSessionRoutes(upstreams: Upstreams): DocumentedRouter {
  const router = documentedRouter(['/api/organizations/{orgId}'], { mergeParams: true });
  router.get('/analytics', async (req, res) => {
    const organizationId = res.locals.orgId;
    if (typeof organizationId !== 'string' || organizationId === '') throw AppError.notFound('Resource not found');
    const q = validateQuery(AnalyticsQuery, req.query);
    const from = day(q.from, 'from');
    const to = day(q.to, 'to');
    if (to.getTime() < from.getTime()) throw AppError.validation('to', 'to must not be before from');
    const days = Math.round((to.getTime() - from.getTime()) / 86_400_000) + 1;
    if (days > MAX_DAYS) throw AppError.validation('to', `at most ${MAX_DAYS} days can be requested`, { maxDays: MAX_DAYS });
    const r = await upstreams.verification.GetAnalytics(
      { organization_id: organizationId, from: q.from, to: q.to },
      { requestId: requestIdOf(res) },
    );
    const rows = (r.rows ?? []).map((x) => ({
      day: String(x.day),
      channel: String(x.channel),
      badgeId: String(x.badge_id),
      outcome: String(x.outcome),
      count: Number(x.count ?? 0),
    }));
    const byChannel: Record<string, number> = {};
    const byOutcome: Record<string, number> = {};
    let verifications = 0;
    for (const row of rows) {
      if (row.outcome === 'served') continue;
      verifications += row.count;
      byChannel[row.channel] = (byChannel[row.channel] ?? 0) + row.count;
      byOutcome[row.outcome] = (byOutcome[row.outcome] ?? 0) + row.count;
    }
    res.status(200).json({ from: q.from, to: q.to, rows, totals: { verifications, byChannel, byOutcome } });
  });
  return router;
}
