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
