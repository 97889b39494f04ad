import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from '@cred/db';
import { checkIdempotencyRequest, claimKey, findAnswer, storeAnswer, type IdempotencyRequest } from '@cred/idempotency';
import { AppError, newEventId, newUuid, type Clock } from '@cred/runtime';
import { WEBHOOK_RETRY_WINDOW_MS } from '../domain/retry-schedule.js';
import { checkWebhookUrl, isPublicAddress, UrlPolicyError } from '../domain/url-policy.js';
import { isWebhookEventType, PING_EVENT_TYPE, webhookBody, WEBHOOK_EVENT_TYPES } from '../domain/webhook-payload.js';
import { newDelivery, webhookStore, type WebhookDelivery, type WebhookEndpoint } from '../db/webhook-store.js';
import { SecretBoxError, type SecretBox } from '../domain/secret-box.js';
import { revealSecret } from './secret-sealer.js';
import {
  deliveryAnswer,
  endpointAnswer,
  type CreatedWebhook,
  type DeliveryAnswer,
  type DeliveryWithAttempts,
  type EndpointAnswer,
} from './webhook-answers.js';
import type { DeliveryWorker } from '../webhooks/delivery-worker.js';
import type { Resolver } from '../webhooks/safe-http.js';
import { isAuditActor, recordAudit } from '@cred/db/audit';
import { can } from '@cred/proto/roles';

/** Who asks (gRPC metadata `x-actor`) and the request id, for the audit log. */
export interface Acting {
  actor?: string;
  requestId?: string;
}

const actorOf = (by: Acting) => (by.actor && isAuditActor(by.actor) ? by.actor : 'system');

export const MAX_ENDPOINTS_PER_ORGANIZATION = 20;

/** The organization as accounts has it now (plan and status), for the calls that send or register. */
export type CurrentOrganization = (organizationId: string) => Promise<{ plan: string; status: string }>;

export interface WebhookServiceDeps {
  db: Knex;
  /** This service's schema, where the audit log is (`@cred/db/audit`). */
  schema: string;
  /**
   * Accounts' current record. Registration, ping and replay are decided on it rather than on this
   * service's event-fed copy, so a plan changed a moment ago counts at once (the answer that
   * changed it said so) and a downgrade or suspension stops them at once.
   */
  currentOrganization: CurrentOrganization;
  /**
   * A member's role in the organization, asked of accounts on the call (GetMembership): this
   * service re-checks the acting member as the gateway does (docs/roles.md "Who checks").
   */
  memberRole: (organizationId: string, userId: string) => Promise<string>;
  clock: Clock;
  allowedHosts: readonly string[];
  resolver: Resolver;
  worker: DeliveryWorker;
  secrets: SecretBox;
}

/** An Idempotency-Key as the gateway passes it (proto `IdempotencyKey`); an empty key is none. */
export interface GivenKey {
  key: string;
  fingerprint: string;
}

/**
 * The record a keyed call claims (@cred/idempotency, docs/decisions.md "Idempotency-Key"): the
 * operation and organization as scope, and the gateway's fingerprint of the body folded with the
 * ids the call names, so the same key on another delivery or endpoint is another request (422),
 * never the first one's answer.
 */
function keyedRequest(operation: string, organizationId: string, given: GivenKey | undefined, ids: readonly string[]): IdempotencyRequest | undefined {
  if (!given?.key) return undefined;
  const r = checkIdempotencyRequest({ scope: `${operation}:${organizationId}`, key: given.key, fingerprint: given.fingerprint });
  if (ids.length === 0) return r;
  return { ...r, fingerprint: createHash('sha256').update([r.fingerprint, ...ids].join('\n')).digest('base64url') };
}

/** A delivery answer as its record stored it, marked replayed. */
function replayedDelivery(stored: unknown): DeliveryAnswer {
  return { ...(stored as DeliveryAnswer), idempotent_replay: true };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USER_ACTOR = /^user:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

function requireOrg(id: string): string {
  if (!UUID.test(id)) throw AppError.validation('organization_id', 'organization_id must be a UUID');
  return id.toLowerCase();
}

/** Ids that are not UUIDs name nothing: NOT_FOUND, the same as another organization's id. */
function idOrNotFound(id: string, what: string): string {
  if (!UUID.test(id)) throw AppError.notFound(`${what} not found`);
  return id.toLowerCase();
}

/** Outbound webhook endpoints, their deliveries and replays (docs/contract.md "Authentication and access", "Events, e-mail and webhooks"). */
export class WebhookService {
  constructor(private readonly d: WebhookServiceDeps) {}

  /**
   * Webhooks are `webhooks.manage` (owners and admins), reading included. A call made for a member
   * (`user:<id>` in x-actor) is checked against that member's current role; an API key acts as its
   * organization and the platform's own calls have no role. A malformed member actor is refused.
   */
  private async requireManager(organizationId: string, by: Acting): Promise<void> {
    if (!by.actor?.startsWith('user:')) return;
    const m = USER_ACTOR.exec(by.actor);
    if (!m) throw AppError.forbidden('The acting user is not a member of the organization');
    const role = await this.d.memberRole(organizationId, m[1]!.toLowerCase());
    if (!can(role, 'webhooks.manage')) {
      throw AppError.forbidden(`Your role (${role}) does not allow this`, { role, permission: 'webhooks.manage' });
    }
  }

  async create(
    organizationIdInput: string,
    urlInput: string,
    eventsInput: readonly string[],
    by: Acting = {},
    idempotency?: GivenKey,
  ): Promise<CreatedWebhook> {
    const organizationId = requireOrg(organizationIdInput);
    await this.requireManager(organizationId, by);
    const keyed = keyedRequest('webhooks.create', organizationId, idempotency, []);
    // A retry is answered before the checks: the endpoint it created counts against the limit,
    // and its host may no longer resolve.
    const earlier = keyed ? await findAnswer(this.d.db, keyed, this.d.clock.now()) : undefined;
    if (earlier !== undefined) return this.replayedCreation(earlier);
    await this.assertMayCallOut(organizationId);
    if (!Array.isArray(eventsInput) || eventsInput.length === 0) throw AppError.validation('events', 'events must list at least one event type');
    for (const e of eventsInput) {
      if (!isWebhookEventType(e)) throw AppError.validation('events', `Unknown event type; allowed: ${WEBHOOK_EVENT_TYPES.join(', ')}`);
    }
    const events = [...new Set(eventsInput)].sort();
    let target;
    try {
      target = checkWebhookUrl(String(urlInput ?? ''), this.d.allowedHosts);
    } catch (err) {
      if (err instanceof UrlPolicyError) throw AppError.validation('url', err.message);
      throw err;
    }
    if (!target.allowlisted) await this.assertResolvesPublic(target.url.hostname);
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    const id = newUuid();
    const endpoint = {
      id,
      organizationId,
      url: target.url.toString(),
      events,
      secret: { sealed: this.d.secrets.seal(id, secret) },
      createdAt: this.d.clock.now(),
      deletedAt: null,
    };
    const stored = await this.d.db.transaction(async (trx) => {
      if (keyed) {
        const answer = await claimKey(trx, keyed, endpoint.createdAt);
        if (answer !== undefined) return answer;
      }
      if ((await webhookStore.countActive(trx, organizationId)) >= MAX_ENDPOINTS_PER_ORGANIZATION) {
        throw AppError.conflict(`An organization can have at most ${MAX_ENDPOINTS_PER_ORGANIZATION} webhook endpoints`);
      }
      await webhookStore.insertEndpoint(trx, endpoint);
      // The URL and events, never the secret (shown once in the answer, stored sealed).
      await recordAudit(trx, this.d.schema, {
        organizationId,
        occurredAt: endpoint.createdAt,
        actor: actorOf(by),
        action: 'webhook.created',
        targetType: 'webhook',
        targetId: id,
        details: { url: endpoint.url, events },
        requestId: by.requestId,
      });
      // The record keeps the endpoint, not the secret: that stays sealed on the endpoint alone,
      // and a replay opens it from there (replayedCreation).
      if (keyed) await storeAnswer(trx, keyed, { endpoint: endpointAnswer(endpoint) }, endpoint.createdAt);
      return undefined;
    });
    if (stored !== undefined) return this.replayedCreation(stored);
    return { endpoint: endpointAnswer(endpoint), secret, idempotent_replay: false };
  }

  /**
   * A registration's stored answer with its secret, opened from the endpoint's sealed copy: the
   * client that lost the first answer gets the secret it lost (docs/decisions.md
   * "Idempotency-Key"); the record itself never holds it.
   */
  private async replayedCreation(stored: unknown): Promise<CreatedWebhook> {
    const endpoint = (stored as { endpoint: EndpointAnswer }).endpoint;
    const row = await webhookStore.findEndpointById(this.d.db, endpoint.id);
    if (!row) throw AppError.notFound('Webhook not found');
    let secret: string;
    try {
      secret = revealSecret(this.d.secrets, row.id, row.secret);
    } catch (err) {
      if (!(err instanceof SecretBoxError)) throw err;
      throw new AppError('UNAVAILABLE', 'The endpoint secret cannot be opened here; retry later');
    }
    return { endpoint, secret, idempotent_replay: true };
  }

  /**
   * Outbound calls an organization asks for (registering an endpoint, a ping, a replay) need the
   * Enterprise plan and an organization that is not suspended, on accounts' current record.
   */
  private async assertMayCallOut(organizationId: string): Promise<void> {
    const org = await this.d.currentOrganization(organizationId);
    if (org.plan !== 'enterprise') throw AppError.forbidden('Outbound webhooks require the Enterprise plan', { plan: org.plan });
    if (org.status === 'suspended') throw AppError.forbidden('The organization is suspended', { status: org.status });
  }

  private async assertResolvesPublic(hostname: string): Promise<void> {
    const host = hostname.replace(/^\[|\]$/g, '');
    let addresses;
    try {
      addresses = await this.d.resolver(host);
    } catch {
      throw AppError.validation('url', 'url host does not resolve');
    }
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) {
      throw AppError.validation('url', 'url must point to a public address');
    }
  }

  async list(organizationId: string, by: Acting = {}): Promise<WebhookEndpoint[]> {
    const org = requireOrg(organizationId);
    await this.requireManager(org, by);
    return webhookStore.listActive(this.d.db, org);
  }

  async remove(organizationIdInput: string, webhookIdInput: string, by: Acting = {}): Promise<void> {
    const organizationId = requireOrg(organizationIdInput);
    await this.requireManager(organizationId, by);
    const webhookId = idOrNotFound(webhookIdInput, 'Webhook');
    const now = this.d.clock.now();
    await this.d.db.transaction(async (trx) => {
      const ok = await webhookStore.deleteEndpoint(trx, organizationId, webhookId, now);
      if (!ok) throw AppError.notFound('Webhook not found');
      await recordAudit(trx, this.d.schema, {
        organizationId,
        occurredAt: now,
        actor: actorOf(by),
        action: 'webhook.deleted',
        targetType: 'webhook',
        targetId: webhookId,
        requestId: by.requestId,
      });
    });
  }

  private async activeEndpoint(organizationId: string, webhookId: string): Promise<WebhookEndpoint> {
    const e = await webhookStore.findEndpoint(this.d.db, requireOrg(organizationId), idOrNotFound(webhookId, 'Webhook'));
    if (!e || e.deletedAt) throw AppError.notFound('Webhook not found');
    return e;
  }

  async deliveries(
    organizationId: string,
    webhookId: string,
    limitInput: number,
    offset: number,
    by: Acting = {},
  ): Promise<{ items: DeliveryWithAttempts[]; total: number }> {
    await this.requireManager(requireOrg(organizationId), by);
    const limit = limitInput || 50;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw AppError.validation('limit', 'limit must be between 1 and 100');
    if (!Number.isInteger(offset) || offset < 0) throw AppError.validation('offset', 'offset must not be negative');
    const endpoint = await this.activeEndpoint(organizationId, webhookId);
    const page = await webhookStore.listDeliveries(this.d.db, endpoint.id, limit, offset);
    const attempts = await webhookStore.attemptsOf(this.d.db, page.items.map((d) => d.id));
    return { total: page.total, items: page.items.map((delivery) => ({ delivery, attempts: attempts.get(delivery.id) ?? [] })) };
  }

  async replay(
    organizationId: string,
    webhookIdInput: string,
    deliveryIdInput: string,
    by: Acting = {},
    idempotency?: GivenKey,
  ): Promise<DeliveryAnswer> {
    const org = requireOrg(organizationId);
    await this.requireManager(org, by);
    const deliveryId = idOrNotFound(deliveryIdInput, 'Delivery');
    const webhookId = webhookIdInput ? webhookIdInput.toLowerCase() : '';
    const keyed = keyedRequest('webhooks.replay', org, idempotency, [webhookId, deliveryId]);
    // A retry is answered before the checks: the delivery it queued is pending now.
    const earlier = keyed ? await findAnswer(this.d.db, keyed, this.d.clock.now()) : undefined;
    if (earlier !== undefined) return replayedDelivery(earlier);
    const delivery = await webhookStore.findDelivery(this.d.db, org, deliveryId);
    if (delivery) await this.assertMayCallOut(org);
    if (!delivery || (webhookId && delivery.endpointId !== webhookId)) throw AppError.notFound('Delivery not found');
    const endpoint = await webhookStore.findEndpoint(this.d.db, org, delivery.endpointId);
    if (!endpoint || endpoint.deletedAt) throw AppError.notFound('Webhook not found');
    const now = this.d.clock.now();
    const answer = await this.d.db.transaction(async (trx) => {
      if (keyed) {
        const stored = await claimKey(trx, keyed, now);
        if (stored !== undefined) return replayedDelivery(stored);
      }
      if (!(await webhookStore.requeue(trx, delivery.id, now, new Date(now.getTime() + WEBHOOK_RETRY_WINDOW_MS)))) {
        throw AppError.conflict('The delivery is already queued');
      }
      const queued = deliveryAnswer(await this.withAttempts(trx, org, delivery.id));
      if (keyed) await storeAnswer(trx, keyed, queued, now);
      return queued;
    });
    if (!answer.idempotent_replay) this.d.worker.wake();
    return answer;
  }

  /**
   * A `webhook.ping` event sent once, now; the outcome is logged like any delivery. With an
   * Idempotency-Key the delivery row, the attempt and the record commit together, so the
   * transaction stays open for the one attempt (at most the webhook timeout): a duplicate
   * meanwhile is 409, a retry afterwards gets the outcome the first call answered.
   */
  async ping(organizationId: string, webhookIdInput: string, by: Acting = {}, idempotency?: GivenKey): Promise<DeliveryAnswer> {
    const org = requireOrg(organizationId);
    await this.requireManager(org, by);
    const webhookId = idOrNotFound(webhookIdInput, 'Webhook');
    const keyed = keyedRequest('webhooks.ping', org, idempotency, [webhookId]);
    const earlier = keyed ? await findAnswer(this.d.db, keyed, this.d.clock.now()) : undefined;
    if (earlier !== undefined) return replayedDelivery(earlier);
    const endpoint = await this.activeEndpoint(org, webhookId);
    await this.assertMayCallOut(endpoint.organizationId);
    const now = this.d.clock.now();
    const event = { id: newEventId(), type: PING_EVENT_TYPE, createdAt: now.toISOString() };
    const delivery: WebhookDelivery = {
      ...newDelivery(endpoint, event, webhookBody(event, { webhookId: endpoint.id, organizationId: endpoint.organizationId }), now),
      // Not claimable by the worker: this attempt is made right here, and it is the only one.
      attempts: 1,
      windowAttempts: 1,
      retryUntil: now,
      nextAttemptAt: null,
    };
    const send = async (db: Knex): Promise<DeliveryAnswer> => {
      await webhookStore.insertDelivery(db, delivery);
      await this.d.worker.attempt(delivery, { final: true, db });
      return deliveryAnswer(await this.withAttempts(db, endpoint.organizationId, delivery.id));
    };
    if (!keyed) return send(this.d.db);
    return this.d.db.transaction(async (trx) => {
      const stored = await claimKey(trx, keyed, now);
      if (stored !== undefined) return replayedDelivery(stored);
      const answer = await send(trx);
      await storeAnswer(trx, keyed, answer, now);
      return answer;
    });
  }

  private async withAttempts(db: Knex, organizationId: string, deliveryId: string): Promise<DeliveryWithAttempts> {
    const delivery = await webhookStore.findDelivery(db, organizationId, deliveryId);
    if (!delivery) throw AppError.notFound('Delivery not found');
    const attempts = await webhookStore.attemptsOf(db, [delivery.id]);
    return { delivery, attempts: attempts.get(delivery.id) ?? [] };
  }
}
