/**
 * base58btc (Bitcoin alphabet), the encoding behind multibase prefix `z`.
 *
 * Implemented here rather than pulled from npm because it is ~40 lines and sits on the
 * signature path: proofValue and publicKeyMultibase strings must round-trip exactly.
 * Inputs are small (34-66 bytes), so the quadratic big-number loop is fine.
 */

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const INDEX = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) INDEX[ALPHABET.charCodeAt(i)] = i;

/** Upper bound on decoded input so hostile strings cannot make us loop for long. */
const MAX_ENCODED_LENGTH = 4096;

export function base58btcEncode(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  // digits holds the base-58 representation, least significant digit first
  const digits: number[] = [];
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i]!;
    for (let j = 0; j < digits.length; j++) {
      carry += digits[j]! << 8;
      digits[j] = carry % 58;
      carry = (carry / 58) | 0;
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = (carry / 58) | 0;
    }
  }
  let out = '1'.repeat(zeros);
  for (let i = digits.length - 1; i >= 0; i--) out += ALPHABET[digits[i]!];
  return out;
}

export function base58btcDecode(text: string): Uint8Array {
  if (text.length > MAX_ENCODED_LENGTH) throw new RangeError('base58btc input too long');
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '1') zeros++;
  // bytes holds the result, least significant byte first
  const bytes: number[] = [];
  for (let i = zeros; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? INDEX[code]! : -1;
    if (value < 0) throw new SyntaxError(`invalid base58btc character at position ${i}`);
    let carry = value;
    for (let j = 0; j < bytes.length; j++) {
      carry += bytes[j]! * 58;
      bytes[j] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  const out = new Uint8Array(zeros + bytes.length);
  for (let i = 0; i < bytes.length; i++) out[out.length - 1 - i] = bytes[i]!;
  return out;
}

/** Multibase with the base58btc prefix `z`. */
export function multibaseEncode(bytes: Uint8Array): string {
  return 'z' + base58btcEncode(bytes);
}

export function multibaseDecode(text: string): Uint8Array {
  if (typeof text !== 'string' || !text.startsWith('z')) {
    throw new SyntaxError('expected a multibase base58btc string (prefix "z")');
  }
  return base58btcDecode(text.slice(1));
}
