import type { DomainEvent } from '@cred/events';
import type { Knex } from '@cred/db';
import { newUuid, type Clock, type Logger } from '@cred/runtime';
import { WEBHOOK_RETRY_WINDOW_MS } from '../domain/retry-schedule.js';
import { webhookBody, webhookData, WEBHOOK_EVENT_TYPES, type CredentialFacts, type WebhookEventType } from '../domain/webhook-payload.js';
import { credentialIndexStore } from '../db/credential-index-store.js';
import { organizationStore } from '../db/organization-store.js';
import { webhookStore } from '../db/webhook-store.js';
import { ContractError, optUuid, record, str, uuid } from './event-data.js';

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
 * deliveries. Lifecycle events name the organization in `organizationId`; where a producer
 * leaves it out, the credential facts recorded from credential.issued/renewed supply it.
 */
export function onWebhookEvent(deps: WebhookEventDeps) {
  return async (event: DomainEvent<unknown>, trx: Knex.Transaction) => {
    const type = event.type as WebhookEventType;
    const d = record(event.data, 'data');
    const now = deps.clock.now();
    let facts: CredentialFacts | undefined;
    let organizationId: string | null = optUuid(d, 'organizationId');
    if (type === 'credential.issued' || type === 'credential.renewed') {
      facts = {
        credentialId: str(d, 'credentialId', 64),
        credentialUuid: uuid(d, 'credentialUuid'),
        organizationId: uuid(d, 'organizationId'),
        badgeId: str(d, 'badgeId', 64),
        recipientEmail: str(d, 'recipientEmail', 254),
      };
      await credentialIndexStore.upsert(trx, facts, now);
    } else if (type !== 'bulk_issuance.completed') {
      const credentialUuid = optUuid(d, 'credentialUuid');
      const credentialId = typeof d.credentialId === 'string' ? d.credentialId : undefined;
      facts = await credentialIndexStore.find(trx, { ...(credentialUuid ? { credentialUuid } : {}), ...(credentialId ? { credentialId } : {}) });
    }
    organizationId ??= facts?.organizationId ?? null;
    // Retried (then dead-lettered): usually credential.issued is simply not here yet.
    if (!organizationId) throw new ContractError(`${type} names no organization and its credential is unknown here`);
    const org = await organizationStore.find(trx, organizationId);
    if (!org || org.plan !== 'enterprise') return;
    const endpoints = await webhookStore.subscribers(trx, organizationId, type);
    if (endpoints.length === 0) return;
    const body = webhookBody(event, webhookData(type, d, facts, deps.baseUrl));
    for (const e of endpoints) {
      await webhookStore.insertDelivery(trx, {
        id: newUuid(),
        endpointId: e.id,
        organizationId,
        eventId: event.id,
        eventType: type,
        body,
        status: 'pending',
        attempts: 0,
        windowAttempts: 0,
        retryUntil: new Date(now.getTime() + WEBHOOK_RETRY_WINDOW_MS),
        nextAttemptAt: now,
        lockedUntil: null,
        lastStatusCode: null,
        lastError: null,
        deliveredAt: null,
        createdAt: now,
        updatedAt: now,
      });
    }
    deps.logger.debug({ eventId: event.id, endpoints: endpoints.length }, 'webhook deliveries queued');
    trx.executionPromise.then(
      () => deps.wakeWorker(),
      () => undefined,
    );
  };
}
