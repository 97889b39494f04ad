import type { Knex } from '@cred/db';
import { grpcService, type GrpcServiceBinding } from '@cred/grpc';
import { loadProtos } from '@cred/proto';
import { AppError } from '@cred/runtime';
import { analyticsForOrganization } from '../db/verification-stats-store.js';

/** Longest range one GetAnalytics call may cover (days, both ends included). */
export const MAX_ANALYTICS_DAYS = 366;
const DAY_MS = 24 * 3600 * 1000;

/** `YYYY-MM-DD` naming a real calendar day (UTC), as a Date at midnight; else a validation error. */
export function parseDay(value: unknown, field: string): Date {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    throw AppError.validation(field, `${field} must be a date in the form YYYY-MM-DD`);
  }
  const d = new Date(`${value}T00:00:00.000Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value)
    throw AppError.validation(field, `${field} is not a calendar date`);
  return d;
}

/** Validates a GetAnalytics range: both days real, from <= to, at most 366 days. */
export function validateRange(from: unknown, to: unknown): { from: string; to: string } {
  const f = parseDay(from, 'from');
  const t = parseDay(to, 'to');
  if (t.getTime() < f.getTime()) throw AppError.validation('to', 'to must not be before from');
  const days = Math.round((t.getTime() - f.getTime()) / DAY_MS) + 1;
  if (days > MAX_ANALYTICS_DAYS)
    throw AppError.validation('to', `the range covers ${days} days; at most ${MAX_ANALYTICS_DAYS} are allowed`, {
      maxDays: MAX_ANALYTICS_DAYS,
    });
  return { from: from as string, to: to as string };
}

/**
 * credentials.verification.v1.VerificationService: analytics for organization members (the
 * gateway checks the session and the membership, then passes the organization id), and the
 * refresh of an organization an operator has just changed (app/organization-refresh.ts).
 */
export function verificationBinding(db: Knex, refreshOrganization: (organizationId: string) => Promise<string>): GrpcServiceBinding {
  return grpcService('credentials.verification.v1.VerificationService', loadProtos().verification.VerificationService.service, {
    GetAnalytics: async (req) => {
      const organizationId = req.organization_id;
      if (organizationId === '' || organizationId.length > 100) throw AppError.validation('organization_id', 'organization_id is required');
      const range = validateRange(req.from, req.to);
      const rows = await analyticsForOrganization(db, organizationId, range.from, range.to);
      return {
        rows: rows.map((r) => ({ day: r.day, channel: r.channel, badge_id: r.badgeId, outcome: r.outcome, count: String(r.count) })),
      };
    },
    RefreshOrganization: async (req) => ({ status: await refreshOrganization(req.organization_id) }),
  });
}
