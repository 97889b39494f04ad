/**
 * The event types an outbound webhook can subscribe to (docs/events.md, "Outbound webhook
 * payloads"): notification delivers them, the gateway documents and accepts them. One list for
 * both, beside the protos like the role table.
 */
export const WEBHOOK_EVENT_TYPES = [
  'credential.issued',
  'credential.renewed',
  'credential.claimed',
  'credential.revoked',
  'credential.expired',
  'bulk_issuance.completed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
