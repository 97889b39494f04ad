import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level: key order and whitespace do not change it. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const obj = value as Record<string, unknown>;
    const parts = Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * SHA-256 of a signed credential as JSON with sorted keys (proof included): the credential we
 * hold and a submitted copy have the same digest exactly when they say the same thing, however
 * a wallet re-serialized it.
 */
export function credentialDigest(credential: unknown): string {
  return createHash('sha256').update(canonicalJson(credential)).digest('base64url');
}
