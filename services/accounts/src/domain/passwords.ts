import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt at the OWASP Password Storage Cheat Sheet minimum
 * (N=2^17, r=8, p=1; 128 MiB per hash). The stored form carries its parameters, so they can
 * be raised later and old hashes still verify:  scrypt$<log2N>$<r>$<p>$<salt b64>$<hash b64>
 * (argon2id was the first choice, but the prebuilt `argon2` module crashes on these machines.)
 *
 * These functions run scrypt at once; how many may run together, and what an unknown address
 * costs, is decided by app/password-hasher.ts.
 */
const LOG2N = 17;
const R = 8;
const P = 1;
const KEYLEN = 32;
const SALT_BYTES = 16;

export const PASSWORD_MIN_LENGTH = 12;
/** Bytes; longer inputs are rejected before hashing (a cost-amplification guard). */
export const PASSWORD_MAX_BYTES = 1024;

/** One scrypt computation (about half a second of one core at the parameters above). */
export type Derive = (password: string, salt: Buffer, log2n: number, r: number, p: number) => Promise<Buffer>;

export const deriveKey: Derive = (password, salt, log2n, r, p) => {
  const options: ScryptOptions = { N: 2 ** log2n, r, p, maxmem: 256 * 2 ** log2n * r + 1024 * 1024 };
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEYLEN, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
};

export async function hashPassword(password: string, derive: Derive = deriveKey): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, LOG2N, R, P);
  return `scrypt$${LOG2N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string, derive: Derive = deriveKey): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [log2n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![log2n, r, p].every((n) => Number.isInteger(n) && n > 0) || log2n > 20) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  const actual = await derive(password, salt, log2n, r, p);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
