/**
 * JSON with object keys sorted at every level, so key order and whitespace do not matter: the
 * text two equal values share (an Idempotency-Key request's fingerprint, a signed credential's
 * digest). `undefined` members are left out, as JSON.stringify leaves them; `undefined` alone is ''.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const obj = value as Record<string, unknown>;
    const parts = Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value);
}
