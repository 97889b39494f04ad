/**
 * A payment provider behind one interface (docs/contract.md "Billing events": "keep the provider behind an
 * adapter so another can be added"). The adapter verifies the provider's signature over the raw
 * bytes, then turns the provider's event into what billing applies; nothing else in billing
 * knows a provider's payload shapes.
 */
export interface ProviderEvent {
  id: string;
  type: string;
  /** When the provider created the event: orders changes of one organization. */
  createdAt: Date;
  /** The provider's event, parsed only after the signature was verified. */
  raw: unknown;
}

export type Plan = 'free' | 'professional' | 'enterprise';

/** What an event means for an organization. */
export interface BillingChange {
  organizationId: string;
  /** undefined: keep the plan. */
  plan?: Plan;
  subscriptionStatus: string;
}

export type Interpretation =
  | { kind: 'change'; change: BillingChange }
  | { kind: 'unhandled' }
  /** A handled type that names no organization (or no usable plan): recorded, nothing applied. */
  | { kind: 'ignored'; reason: string };

export interface PaymentProviderAdapter {
  readonly name: string;
  /** Throws SignatureError for a missing, malformed, wrong or stale signature, or a body that is not an event. */
  verify(rawBody: Buffer, signatureHeader: string, now: Date): ProviderEvent;
  interpret(event: ProviderEvent): Interpretation;
}

export class SignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignatureError';
  }
}
