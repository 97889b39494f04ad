/**
 * Identifiers accepted on public paths (docs/contract.md "Requests and bodies", "Identifiers and URLs"). Anything else is
 * "not found", never a validation error: a public URL either names a credential or it does not.
 */

const CRD = /^CRD-[0-9A-HJKMNP-TV-Z]{12}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Organization and badge slugs: lower-case letters, digits and inner hyphens. */
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/;

export type CredentialRef = { kind: 'credentialId'; value: string } | { kind: 'uuid'; value: string };

/** `CRD-…` (Crockford base32, case-insensitive) or a UUID; null for anything else. */
export function parseCredentialRef(raw: string): CredentialRef | null {
  if (raw.length > 64) return null;
  const upper = raw.toUpperCase();
  if (CRD.test(upper)) return { kind: 'credentialId', value: upper };
  const lower = raw.toLowerCase();
  if (UUID.test(lower)) return { kind: 'uuid', value: lower };
  return null;
}

export function isSlug(raw: string): boolean {
  return SLUG.test(raw);
}

export function isUuid(raw: string): boolean {
  return UUID.test(raw.toLowerCase());
}
