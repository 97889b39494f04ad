import type { BatchEventHandler, EventHandler } from '@cred/events';
import { onCredentialEmail, type EmailEventDeps } from './email-events.js';
import { onWebhookEvent, type WebhookEventDeps } from './webhook-events.js';

/**
 * `credential.issued` / `credential.renewed`, one consumer for both of notification's effects:
 * the e-mail row (onCredentialEmail) and the webhook deliveries (onWebhookEvent), in the same
 * inbox transaction. One delivery, one inbox row and one share of a batch transaction per
 * credential instead of two (the broker's most frequent event; most organizations have no
 * webhook endpoint, where the fan-out is the organization read the e-mail already made).
 * A failure of either rolls both back and the event is retried whole: both effects are keyed
 * by the event (e-mail by (event, kind), deliveries by (endpoint, event)), so nothing is doubled.
 */
export function onCredentialEvent(email: EmailEventDeps, webhooks: WebhookEventDeps): { handler: EventHandler; batchHandler: BatchEventHandler } {
  const emails = onCredentialEmail(email);
  const fanOut = onWebhookEvent(webhooks);
  return {
    handler: async (event, trx) => {
      await emails.handler(event, trx);
      await fanOut(event, trx);
    },
    batchHandler: async (events, trx) => {
      await emails.batchHandler(events, trx);
      for (const event of events) await fanOut(event, trx);
    },
  };
}
