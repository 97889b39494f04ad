import express, { type RequestHandler } from 'express';
import { AppError } from '@cred/runtime';
import type { Upstreams } from '../upstream/clients.js';
import { requestIdOf } from './body.js';

export const STRIPE_BODY_LIMIT_BYTES = 1024 * 1024;

const rawBody = express.raw({ type: () => true, limit: STRIPE_BODY_LIMIT_BYTES });

/**
 * `POST /api/webhooks/stripe` (docs/contract.md "Billing events"). Mounted BEFORE the JSON parser: the
 * signature covers the exact bytes, so the body is read raw (1 MiB at most) and passed with the
 * `Stripe-Signature` header to billing, which verifies and applies it. 200 `{received: true}`
 * for handled, ignored and duplicate events alike; a bad or stale signature is 400
 * VALIDATION_ERROR; billing unable to apply the change is 503 (Stripe retries).
 */
export function stripeWebhookRoute(upstreams: Upstreams): RequestHandler[] {
  const readRaw: RequestHandler = (req, res, next) => {
    rawBody(req, res, (err?: unknown) => {
      if (!err) {
        next();
        return;
      }
      const type = (err as { type?: string }).type;
      if (type === 'entity.too.large') next(new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large', { limitBytes: STRIPE_BODY_LIMIT_BYTES }));
      else if (type === 'encoding.unsupported' || type === 'charset.unsupported') next(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported body encoding'));
      else next(new AppError('VALIDATION_ERROR', 'Malformed request', { field: 'body' }));
    });
  };
  const handle: RequestHandler = async (req, res) => {
    const signature = req.get('stripe-signature');
    if (!signature) throw AppError.validation('Stripe-Signature', 'Missing Stripe-Signature header');
    const body: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (body.length === 0) throw AppError.validation('body', 'Empty body');
    await upstreams.billing.HandleProviderWebhook({ provider: 'stripe', raw_body: body, signature_header: signature }, { requestId: requestIdOf(res) });
    res.status(200).json({ received: true });
  };
  return [readRaw, handle];
}
