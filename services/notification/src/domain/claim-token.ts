import { createHash, randomBytes } from 'node:crypto';

/** How long a claim link works. Issuance checks `expiresAt` of the hash it stored. */
export const CLAIM_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface ClaimToken {
  /** 43 characters of base64url (32 random bytes); only ever in the e-mail. */
  token: string;
  /** Lower-case hex SHA-256 of the token's UTF-8 bytes; what travels to issuance. */
  tokenHash: string;
}

export function newClaimToken(): ClaimToken {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: sha256Hex(token) };
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
