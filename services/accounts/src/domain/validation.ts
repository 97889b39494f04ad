import { AppError, codePointLength, hasLoneSurrogate, isBlankText } from '@cred/runtime';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from './passwords.js';
import { MAX_RATE_LIMIT_PER_MINUTE, PLANS, SUBSCRIPTION_STATUSES, type Plan, type SubscriptionStatus } from './model.js';

// Control characters (C0, DEL, C1) and the Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const EMAIL = /^[^\s@"<>()[\]\\,;:]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Trimmed, lower-cased, syntactically valid, at most 254 characters (docs/contract.md "Requests and bodies"). */
export function normalizeEmail(value: unknown, field = 'email'): string {
  if (typeof value !== 'string') throw AppError.validation(field, `${field} is required`);
  const email = value.trim().toLowerCase();
  if (email.length === 0 || email.length > 254 || CONTROL.test(email) || !EMAIL.test(email)) {
    throw AppError.validation(field, `${field} must be a valid e-mail address of at most 254 characters`);
  }
  return email;
}

/**
 * A display name: trimmed, 1..max characters counted in code points (docs/decisions.md, "Text
 * fields"), not only invisible characters, valid Unicode, no control characters.
 */
export function displayName(value: unknown, field: string, max = 200): string {
  if (typeof value !== 'string') throw AppError.validation(field, `${field} is required`);
  const name = value.trim();
  if (isBlankText(name) || codePointLength(name) > max) throw AppError.validation(field, `${field} must be 1-${max} characters`);
  if (hasLoneSurrogate(name)) throw AppError.validation(field, `${field} is not valid Unicode text`);
  if (CONTROL.test(name)) throw AppError.validation(field, `${field} must not contain control characters`);
  return name;
}

export function slug(value: unknown, field: string): string {
  if (typeof value !== 'string' || !SLUG.test(value)) {
    throw AppError.validation(field, `${field} must be 1-64 lower-case letters, digits or hyphens, not starting or ending with a hyphen`);
  }
  return value;
}

/** A new password: length checked only (no composition rules, per NIST 800-63B), never echoed. */
export function newPassword(value: unknown, field = 'password'): string {
  if (typeof value !== 'string') throw AppError.validation(field, `${field} is required`);
  if (Buffer.byteLength(value, 'utf8') > PASSWORD_MAX_BYTES)
    throw AppError.validation(field, `${field} must be at most ${PASSWORD_MAX_BYTES} bytes`);
  if ([...value].length < PASSWORD_MIN_LENGTH)
    throw AppError.validation(field, `${field} must be at least ${PASSWORD_MIN_LENGTH} characters`);
  return value;
}

/** A password offered at login: only bounded, so an oversized input cannot cost a hash. */
export function presentedPassword(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || Buffer.byteLength(value, 'utf8') > PASSWORD_MAX_BYTES) return undefined;
  return value;
}

export function domain(value: unknown, field = 'domain'): string | null {
  if (value === '' || value === null) return null;
  if (typeof value !== 'string') throw AppError.validation(field, `${field} must be a host name`);
  const d = value.trim().toLowerCase().replace(/\.$/, '');
  if (!DOMAIN.test(d)) throw AppError.validation(field, `${field} must be a host name such as example.com`);
  return d;
}

export function plan(value: unknown, field = 'plan'): Plan {
  if (typeof value !== 'string' || !(PLANS as readonly string[]).includes(value)) {
    throw AppError.validation(field, `${field} must be one of ${PLANS.join(', ')}`);
  }
  return value as Plan;
}

export function subscriptionStatus(value: unknown, field = 'subscriptionStatus'): SubscriptionStatus {
  if (typeof value !== 'string' || !(SUBSCRIPTION_STATUSES as readonly string[]).includes(value)) {
    throw AppError.validation(field, `${field} must be one of ${SUBSCRIPTION_STATUSES.join(', ')}`);
  }
  return value as SubscriptionStatus;
}

export function rateLimitPerMinute(value: unknown, field = 'rateLimitPerMinute'): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_RATE_LIMIT_PER_MINUTE) {
    throw AppError.validation(field, `${field} must be an integer from 1 to ${MAX_RATE_LIMIT_PER_MINUTE}`);
  }
  return value;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive from other services; a malformed one is simply not found (never a database error). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
