import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * The API key format issued by the accounts service (services/accounts/src/domain/tokens.ts):
 * `cred_live_` + 43 base62 characters + a 6-character base62 CRC32 of everything before it.
 * Checked here so that invented or mistyped keys are refused before any Redis or gRPC lookup.
 */
const TAG = 'cred_live_';
const LENGTH = TAG.length + 43 + 6;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function checksum(text: string): string {
  let v = crc32(Buffer.from(text, 'utf8'));
  let out = '';
  for (let i = 0; i < 6; i++) {
    out = BASE62[v % 62]! + out;
    v = Math.floor(v / 62);
  }
  return out;
}

export function looksLikeApiKey(value: string): boolean {
  return value.startsWith(TAG);
}

export function isWellFormedApiKey(value: string): boolean {
  if (value.length !== LENGTH || !value.startsWith(TAG) || !/^[0-9A-Za-z]+$/.test(value.slice(TAG.length))) return false;
  return checksum(value.slice(0, LENGTH - 6)) === value.slice(LENGTH - 6);
}

/** The only form in which a key leaves the gateway (to accounts, and as a Redis cache key). */
export function apiKeyHash(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
