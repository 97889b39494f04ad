import { z } from 'zod';
import { codePointLength } from '@cred/runtime';

// The field types events are made of. Readers are as strict as the producers' own rules and
// no stricter: an event a producer may legitimately write must never be dead-lettered.

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID in any case, read lower-cased. */
export const uuid = z
  .string()
  .regex(UUID_PATTERN, 'must be a UUID')
  .transform((v) => v.toLowerCase());

/** A non-empty string of at most `max` UTF-16 code units. */
export const text = (max = 2048) => z.string().min(1).max(max);

/** A string that may be empty (descriptions, criteria). */
export const anyText = (max = 100_000) => z.string().max(max);

/** An instant as an ISO 8601 string (producers write `Date.toISOString()`). */
export const instant = z
  .string()
  .max(64)
  .refine((v) => !Number.isNaN(Date.parse(v)), 'must be an ISO 8601 timestamp');

/** A credential's short id: `CRD-` and 12 Crockford base32 characters. */
export const credentialShortId = z.string().regex(/^CRD-[0-9A-HJKMNP-TV-Z]{12}$/, 'must be a CRD- id');

/** An e-mail address as stored (lower-cased by the producers). */
export const email = z.string().min(3).max(254);

/**
 * A person's name: not empty after trimming, at most `max` Unicode code points after trimming
 * (the issue rule of docs/contract.md "Requests and bodies"); read trimmed.
 */
export const personName = (max = 200) =>
  z
    .string()
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, 'must not be empty')
    .refine((v) => v.length <= max || codePointLength(v) <= max, `must be at most ${max} characters`);

/** An absolute http(s) URL. */
export const httpUrl = z
  .string()
  .max(4096)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

/** A JSON object whose members are not described here (the signed OB3 credential). */
export const jsonObject = z.record(z.string(), z.unknown());

/** A count of rows. */
export const count = z.number().int().min(0);
