import type { DomainEvent } from '@cred/events';
import type { Knex } from '@cred/db';
import type { Clock, Logger } from '@cred/runtime';
import { webhookBody, webhookData, WEBHOOK_EVENT_TYPES, type CredentialFacts, type WebhookEventType } from '../domain/webhook-payload.js';
import { organizationStore } from '../db/organization-store.js';
import { newDelivery, webhookStore } from '../db/webhook-store.js';
import { readEvent } from '@cred/event-contracts';

export { WEBHOOK_EVENT_TYPES };

export interface WebhookEventDeps {
  clock: Clock;
  logger: Logger;
  baseUrl: string;
  wakeWorker(): void;
}

/**
 * Credential lifecycle and bulk events -> one delivery row per subscribed endpoint of the
 * organization, in the inbox transaction (a redelivered event adds nothing; the
 * (endpoint, event) key backs that up). Only organizations on the enterprise plan get
 * deliveries. Every event names its organization (docs/events.md), and every credential event
 * carries the credential's reference fields, so the payload needs nothing but the event.
 */
export function onWebhookEvent(deps: WebhookEventDeps) {
  return async (event: DomainEvent<unknown>, trx: Knex.Transaction) => {
    const type = event.type as WebhookEventType;
    const d = readEvent(event, ...WEBHOOK_EVENT_TYPES);
    const now = deps.clock.now();
    const organizationId = d.organizationId;
    const facts: CredentialFacts | undefined =
      'credentialUuid' in d
        ? { credentialId: d.credentialId, credentialUuid: d.credentialUuid, organizationId, badgeId: d.badgeId, recipientEmail: d.recipientEmail }
        : undefined;
    const org = await organizationStore.inTransaction(trx, organizationId);
    if (!org || org.plan !== 'enterprise') return;
    const endpoints = await webhookStore.subscribersInTransaction(trx, organizationId, type);
    if (endpoints.length === 0) return;
    const body = webhookBody(event, webhookData(type, d as Record<string, unknown>, facts, deps.baseUrl));
    for (const e of endpoints) {
      await webhookStore.insertDelivery(trx, newDelivery(e, { id: event.id, type }, body, now));
    }
    deps.logger.debug({ eventId: event.id, endpoints: endpoints.length }, 'webhook deliveries queued');
    trx.executionPromise.then(
      () => deps.wakeWorker(),
      () => undefined,
    );
  };
}
