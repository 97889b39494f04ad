// @unit
// The Stripe-Signature check alone, with a fixed clock: the tolerance is exact in both directions.
import t from 'tap';
import { STRIPE_TOLERANCE_SECONDS, stripeSignatureHeader, verifyStripeSignature } from '../src/domain/stripe-signature.js';

const SECRET = 'whsec_signature_unit_test_0123456789';
const body = Buffer.from('{"id":"evt_1","type":"invoice.paid"}');
const now = new Date('2026-11-25T12:00:00.000Z');
const nowSeconds = now.getTime() / 1000;

t.test('timestamps within the tolerance are accepted, one second outside is refused', async (t) => {
  for (const offset of [0, -STRIPE_TOLERANCE_SECONDS, STRIPE_TOLERANCE_SECONDS]) {
    const ts = nowSeconds + offset;
    t.equal(verifyStripeSignature(body, stripeSignatureHeader(body, SECRET, ts), SECRET, now), ts, `${offset} s accepted`);
  }
  for (const offset of [-STRIPE_TOLERANCE_SECONDS - 1, STRIPE_TOLERANCE_SECONDS + 1]) {
    t.throws(
      () => verifyStripeSignature(body, stripeSignatureHeader(body, SECRET, nowSeconds + offset), SECRET, now),
      /tolerance/,
      `${offset} s refused`,
    );
  }
});

t.test('any matching v1 is accepted (secret roll); a wrong one alone is not', async (t) => {
  const good = stripeSignatureHeader(body, SECRET, nowSeconds);
  const other = stripeSignatureHeader(body, 'whsec_previous_secret_0123456789', nowSeconds);
  const both = `${other},${good.split(',')[1]}`;
  t.equal(verifyStripeSignature(body, both, SECRET, now), nowSeconds);
  t.throws(() => verifyStripeSignature(body, other, SECRET, now), /no matching signature/);
});
