import { createHash, randomBytes, randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` uniformly random base62 characters. */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

function base62Fixed(value: number, width: number): string {
  let out = '';
  let v = value;
  for (let i = 0; i < width; i++) {
    out = BASE62[v % 62]! + out;
    v = Math.floor(v / 62);
  }
  return out;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/**
 * API key format: `cred_live_<43 base62 chars (~256 bits)><6 base62 chars: CRC32 of what
 * precedes>`. The checksum lets the gateway reject mistyped or invented keys before any
 * lookup; `_` separators and base62 keep the key double-click selectable. The gateway holds the
 * check (api-key-format.ts; services share no code beyond packages/).
 */
export const API_KEY_TAG = 'cred_live_';
const API_KEY_BODY = 43;
const API_KEY_CHECKSUM = 6;
/** Shown in listings so owners can tell keys apart; the key itself starts with it. */
export const API_KEY_PREFIX_LENGTH = API_KEY_TAG.length + 8;

function checksum(text: string): string {
  return base62Fixed(crc32(Buffer.from(text, 'utf8')), API_KEY_CHECKSUM);
}

export interface NewApiKeySecret {
  secret: string;
  prefix: string;
  hash: string;
}

export function newApiKeySecret(): NewApiKeySecret {
  const head = API_KEY_TAG + randomBase62(API_KEY_BODY);
  const secret = head + checksum(head);
  return { secret, prefix: secret.slice(0, API_KEY_PREFIX_LENGTH), hash: sha256Hex(secret) };
}

/** E-mail verification and password reset tokens: 256 random bits; only the SHA-256 is stored. */
export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256Hex(token) };
}
