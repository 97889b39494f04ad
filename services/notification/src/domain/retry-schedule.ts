/**
 * Retry schedules, as pure functions of the application clock's instants.
 *
 * Webhooks (docs/contract.md "Events, e-mail and webhooks"): the first retry 30 s after a failure, then doubling,
 * for 24 hours from the first attempt. The doubling overshoots the window after about 17 h
 * (11 retries); one last attempt is then made at the end of the window, after which the
 * delivery is failed (and can be replayed).
 */
import { doublingDelay } from '@cred/runtime';

export const WEBHOOK_FIRST_RETRY_MS = 30_000;
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** When to try again after the `attempts`-th failed attempt at `failedAt`; null: give up. */
export function nextWebhookAttempt(failedAt: Date, attempts: number, retryUntil: Date): Date | null {
  if (failedAt.getTime() >= retryUntil.getTime()) return null;
  const delay = doublingDelay(attempts, WEBHOOK_FIRST_RETRY_MS);
  return new Date(Math.min(failedAt.getTime() + delay, retryUntil.getTime()));
}

/**
 * E-mail: transient SMTP failures (4xx replies, connection problems) retry after 30 s,
 * doubling, 8 attempts in all (the last about 1 h after the first); then the send is failed.
 */
export const EMAIL_MAX_ATTEMPTS = 8;
export const EMAIL_FIRST_RETRY_MS = 30_000;

export function nextEmailAttempt(failedAt: Date, attempts: number): Date | null {
  if (attempts >= EMAIL_MAX_ATTEMPTS) return null;
  return new Date(failedAt.getTime() + doublingDelay(attempts, EMAIL_FIRST_RETRY_MS));
}
