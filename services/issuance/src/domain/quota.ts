import { AppError } from '@cred/runtime';

export type Plan = 'free' | 'professional' | 'enterprise';

/** docs/contract.md "Limits": the monthly recipient quota per plan. */
export const DEFAULT_QUOTA_LIMITS: Readonly<Record<Plan, number>> = { free: 1000, professional: 1000, enterprise: 5000 };

/**
 * `RECIPIENT_QUOTA_LIMITS`, e.g. `free=1000,professional=1000,enterprise=5000`: plans left out
 * keep their default. An operator can raise a plan's quota without a release.
 */
export function parseQuotaLimits(raw: string): Record<Plan, number> {
  const limits: Record<Plan, number> = { ...DEFAULT_QUOTA_LIMITS };
  for (const part of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^(free|professional|enterprise)=(\d{1,9})$/.exec(part);
    if (!m) throw new Error(`RECIPIENT_QUOTA_LIMITS: "${part}" is not plan=number (plans: free, professional, enterprise)`);
    limits[m[1] as Plan] = Number(m[2]);
  }
  return limits;
}

export function quotaLimitFor(limits: Record<Plan, number>, plan: string): number {
  return plan === 'professional' || plan === 'enterprise' || plan === 'free' ? limits[plan] : limits.free;
}

/** The quota month of an instant: its UTC calendar month, `YYYY-MM` (docs/contract.md "Limits"). */
export function quotaMonth(at: Date): string {
  return `${at.getUTCFullYear().toString().padStart(4, '0')}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The first instant of the next UTC month: when the quota of `at`'s month resets. */
export function quotaResetsAt(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

/** 403 FORBIDDEN naming the limit, with `details` {limit, used, resetsAt} (docs/contract.md "Errors"). */
export function quotaExceeded(plan: string, limit: number, used: number, at: Date): AppError {
  const resetsAt = quotaResetsAt(at).toISOString();
  return AppError.forbidden(
    `Monthly recipient quota exceeded: the ${plan} plan allows ${limit} unique recipients per calendar month (UTC); it resets at ${resetsAt}`,
    { limit, used, resetsAt },
  );
}
