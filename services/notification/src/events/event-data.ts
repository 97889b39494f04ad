import { codePointLength } from '@cred/runtime';

/** Small readers for event `data`: a contract breach throws, and the consumer dead-letters it after its retries. */
export class ContractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractError';
  }
}

export function record(v: unknown, what: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ContractError(`${what} must be an object`);
  return v as Record<string, unknown>;
}

export function str(d: Record<string, unknown>, key: string, max = 2048): string {
  const v = d[key];
  if (typeof v !== 'string' || v.length === 0 || v.length > max) throw new ContractError(`data.${key} must be a non-empty string`);
  return v;
}

/**
 * A person's name (recipientName of credential.issued/renewed, an account's name): a string
 * that is not empty after trimming and has at most `max` Unicode code points after trimming,
 * the rule the producers validate with (docs/contract.md "Requests and bodies": 1-200 characters). Counting
 * UTF-16 code units here instead refused names the issuer had accepted (200 emoji), and the
 * e-mail was lost to the dead-letter queue. Returns the trimmed name.
 */
export function personName(d: Record<string, unknown>, key: string, max = 200): string {
  const v = d[key];
  if (typeof v !== 'string') throw new ContractError(`data.${key} must be a non-empty string`);
  const trimmed = v.trim();
  if (trimmed.length === 0) throw new ContractError(`data.${key} must be a non-empty string`);
  // Code points never outnumber code units: only long strings need counting.
  if (trimmed.length > max && codePointLength(trimmed) > max) {
    throw new ContractError(`data.${key} must be at most ${max} characters (code points)`);
  }
  return trimmed;
}

/** The first `max` code points of a text (never half of a surrogate pair). */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join('');
}

export function optStr(d: Record<string, unknown>, key: string, max = 2048): string | null {
  const v = d[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string' || v.length > max) throw new ContractError(`data.${key} must be a string or null`);
  return v;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function uuid(d: Record<string, unknown>, key: string): string {
  const v = str(d, key, 36);
  if (!UUID.test(v)) throw new ContractError(`data.${key} must be a UUID`);
  return v.toLowerCase();
}

export function optUuid(d: Record<string, unknown>, key: string): string | null {
  const v = d[key];
  if (v === undefined || v === null) return null;
  return uuid(d, key);
}

export function httpUrl(d: Record<string, unknown>, key: string): string {
  const v = str(d, key);
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new ContractError(`data.${key} must be a URL`);
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new ContractError(`data.${key} must be an http(s) URL`);
  return v;
}
