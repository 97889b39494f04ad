import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignatureError } from '../providers/provider-adapter.js';

/** Stripe's default tolerance (stripe-node DEFAULT_TOLERANCE). */
export const STRIPE_TOLERANCE_SECONDS = 300;

/**
 * Verifies a `Stripe-Signature` header (`t=<unix>,v1=<hex>[,v1=<hex>...]`): HMAC-SHA256 with
 * the endpoint secret over `${t}.${rawBody}`, compared in constant time; ANY matching v1 is
 * accepted (Stripe sends several while a secret is being rolled). The timestamp must be
 * within the tolerance of `now` in both directions (stricter than stripe-node, which accepts
 * future timestamps; docs/security.md "Payment-provider signatures"). Other schemes (v0) are ignored.
 * Returns the signed timestamp.
 */
export function verifyStripeSignature(rawBody: Buffer, header: string, secret: string, now: Date, toleranceSeconds = STRIPE_TOLERANCE_SECONDS): number {
  if (typeof header !== 'string' || header.length === 0 || header.length > 4096) throw new SignatureError('missing signature header');
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) throw new SignatureError('malformed timestamp');
      timestamp = Number(value);
    } else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) {
      signatures.push(Buffer.from(value, 'hex'));
    }
  }
  if (timestamp === undefined) throw new SignatureError('no timestamp in signature header');
  if (signatures.length === 0) throw new SignatureError('no v1 signature in signature header');
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) throw new SignatureError('timestamp outside the tolerance');
  const expected = createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(rawBody).digest();
  let match = false;
  // Compare against every candidate (no early exit), each in constant time.
  for (const sig of signatures) {
    if (sig.length === expected.length && timingSafeEqual(sig, expected)) match = true;
  }
  if (!match) throw new SignatureError('no matching signature');
  return timestamp;
}

/** The header a Stripe endpoint would send (tests and local tooling). */
export function stripeSignatureHeader(rawBody: Buffer | string, secret: string, timestamp: number): string {
  const sig = createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(rawBody).digest('hex');
  return `t=${timestamp},v1=${sig}`;
}
