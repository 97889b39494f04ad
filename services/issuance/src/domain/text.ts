import { AppError, codePointLength, hasLoneSurrogate, isBlankText } from '@cred/runtime';

// C0 and C1 control characters and DEL (matching them is the point of these patterns).
// Multi-line fields may keep tab, line feed and carriage return; single-line fields may not.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
// eslint-disable-next-line no-control-regex
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;

export interface TextRule {
  min: number;
  max: number;
  multiline?: boolean;
  /** Trim before measuring and storing (default true). */
  trim?: boolean;
}

/**
 * A string field checked for type, control characters and length (in code points). Returns the
 * stored form. A trimmed, required field made only of whitespace and invisible characters
 * (U+200B, U+200D, U+2060, U+FEFF, ...) counts as empty.
 */
export function checkText(value: unknown, field: string, rule: TextRule): string {
  if (typeof value !== 'string') throw AppError.validation(field, `${field} must be a string`);
  const text = rule.trim === false ? value : value.trim();
  if (hasLoneSurrogate(text)) throw AppError.validation(field, `${field} is not valid Unicode text`);
  if ((rule.multiline ? CONTROL_MULTILINE : CONTROL).test(text))
    throw AppError.validation(field, `${field} must not contain control characters`);
  const length = codePointLength(text);
  if (length < rule.min || (rule.min >= 1 && rule.trim !== false && isBlankText(text))) {
    throw AppError.validation(field, rule.min === 1 ? `${field} is required` : `${field} must be at least ${rule.min} characters`);
  }
  if (length > rule.max) throw AppError.validation(field, `${field} must be at most ${rule.max} characters`);
  return text;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that must be a UUID; `asNotFound` for ids that name a resource (a malformed one names nothing). */
export function checkUuid(value: unknown, field: string, asNotFound = false): string {
  if (typeof value !== 'string' || !UUID_RE.test(value)) {
    if (asNotFound) throw AppError.notFound('Resource not found');
    throw AppError.validation(field, `${field} must be a UUID`);
  }
  return value.toLowerCase();
}
