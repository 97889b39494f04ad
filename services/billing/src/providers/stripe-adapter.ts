import { verifyStripeSignature } from '../domain/stripe-signature.js';
import { SignatureError, type Interpretation, type PaymentProviderAdapter, type Plan, type ProviderEvent } from './provider-adapter.js';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : undefined);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : undefined);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAID_PLANS = new Set(['professional', 'enterprise']);
/** Stripe subscription states accounts accepts (accounts' SUBSCRIPTION_STATUSES). */
const SUBSCRIPTION_STATUSES = new Set([
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
]);
/**
 * Subscription states in which nothing is being paid: the organization falls back to the free
 * plan (no /api/v1, free quota, no webhooks) until a later event brings a paying state and its
 * plan. `past_due` keeps the plan (docs/contract.md "Billing events": API access stays during past_due); `incomplete`
 * (the first payment within its 23 hours) changes no plan either way.
 */
const NOT_PAYING = new Set(['canceled', 'unpaid', 'incomplete_expired', 'paused']);

function orgId(v: unknown): string | undefined {
  const s = text(v);
  return s && UUID.test(s) ? s.toLowerCase() : undefined;
}

function paidPlan(v: unknown): Plan | undefined {
  const s = text(v);
  return s && PAID_PLANS.has(s) ? (s as Plan) : undefined;
}

/** Stripe (docs/contract.md "Billing events", "Billing events"). Only the fields named there are read. */
export function createStripeAdapter(secret: string): PaymentProviderAdapter {
  return {
    name: 'stripe',
    verify(rawBody, header, now) {
      verifyStripeSignature(rawBody, header, secret, now);
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new SignatureError('body is not JSON');
      }
      const e = obj(parsed);
      const id = text(e?.id);
      const type = text(e?.type);
      const created = e?.created;
      if (!e || !id || !type || typeof created !== 'number' || !Number.isFinite(created))
        throw new SignatureError('body is not a provider event');
      return { id, type, createdAt: new Date(created * 1000), raw: e };
    },
    interpret(event: ProviderEvent): Interpretation {
      const o = obj(obj(obj(event.raw)?.data)?.object) ?? {};
      switch (event.type) {
        case 'checkout.session.completed': {
          const organizationId = orgId(o.client_reference_id) ?? orgId(obj(o.metadata)?.organizationId);
          if (!organizationId) return { kind: 'ignored', reason: 'no organization in client_reference_id' };
          const plan = paidPlan(obj(o.metadata)?.plan);
          if (!plan) return { kind: 'ignored', reason: 'no known plan in metadata.plan' };
          return { kind: 'change', change: { organizationId, plan, subscriptionStatus: 'active' } };
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated': {
          const organizationId = orgId(obj(o.metadata)?.organizationId);
          if (!organizationId) return { kind: 'ignored', reason: 'no organization in metadata.organizationId' };
          const items = obj(o.items)?.data;
          const first = Array.isArray(items) ? obj(items[0]) : undefined;
          const plan = paidPlan(obj(first?.price)?.lookup_key) ?? paidPlan(obj(o.metadata)?.plan);
          const status = text(o.status);
          if (!status || !SUBSCRIPTION_STATUSES.has(status)) return { kind: 'ignored', reason: 'unknown subscription status' };
          if (NOT_PAYING.has(status)) return { kind: 'change', change: { organizationId, plan: 'free', subscriptionStatus: status } };
          if (status === 'incomplete') return { kind: 'change', change: { organizationId, subscriptionStatus: status } };
          return { kind: 'change', change: { organizationId, ...(plan ? { plan } : {}), subscriptionStatus: status } };
        }
        case 'customer.subscription.deleted': {
          const organizationId = orgId(obj(o.metadata)?.organizationId);
          if (!organizationId) return { kind: 'ignored', reason: 'no organization in metadata.organizationId' };
          return { kind: 'change', change: { organizationId, plan: 'free', subscriptionStatus: 'canceled' } };
        }
        case 'invoice.paid':
        case 'invoice.payment_failed': {
          // Stripe copies the subscription's metadata to subscription_details (parent.* in newer API versions).
          const organizationId =
            orgId(obj(obj(o.subscription_details)?.metadata)?.organizationId) ??
            orgId(obj(obj(obj(o.parent)?.subscription_details)?.metadata)?.organizationId);
          if (!organizationId) return { kind: 'ignored', reason: 'no organization in subscription_details.metadata' };
          return { kind: 'change', change: { organizationId, subscriptionStatus: event.type === 'invoice.paid' ? 'active' : 'past_due' } };
        }
        default:
          return { kind: 'unhandled' };
      }
    },
  };
}
