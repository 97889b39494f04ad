import type { Knex } from '@cred/db';
import { newUuid } from '@cred/runtime';
import { readOncePerTransaction } from './transaction-reads.js';
import { WEBHOOK_RETRY_WINDOW_MS } from '../domain/retry-schedule.js';
import type { SealedSecret } from '../domain/secret-box.js';

/** An endpoint's signing secret as stored: sealed, or in clear for a row written before 0004. */
export type StoredSecret = { sealed: SealedSecret } | { plain: string };

export interface WebhookEndpoint {
  id: string;
  organizationId: string;
  url: string;
  events: string[];
  secret: StoredSecret;
  createdAt: Date;
  deletedAt: Date | null;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface WebhookDelivery {
  id: string;
  endpointId: string;
  organizationId: string;
  eventId: string;
  eventType: string;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  windowAttempts: number;
  retryUntil: Date;
  nextAttemptAt: Date | null;
  lockedUntil: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A new delivery of `body` (an event's webhook body) to an endpoint: pending, due at `now`, retried
 * until the retry window after `now` closes.
 */
export function newDelivery(
  endpoint: { id: string; organizationId: string },
  event: { id: string; type: string },
  body: string,
  now: Date,
): WebhookDelivery {
  return {
    id: newUuid(),
    endpointId: endpoint.id,
    organizationId: endpoint.organizationId,
    eventId: event.id,
    eventType: event.type,
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
  };
}

export interface DeliveryAttempt {
  id: string;
  deliveryId: string;
  attempt: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
  succeeded: boolean;
}

interface EndpointRow {
  id: string;
  organization_id: string;
  url: string;
  events: string[];
  secret: string | null;
  secret_sealed: Buffer | null;
  secret_key_id: string | null;
  created_at: Date;
  deleted_at: Date | null;
}

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  organization_id: string;
  event_id: string;
  event_type: string;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  window_attempts: number;
  retry_until: Date;
  next_attempt_at: Date | null;
  locked_until: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

interface AttemptRow {
  id: string;
  delivery_id: string;
  attempt: number;
  started_at: Date;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  response_excerpt: string | null;
  succeeded: boolean;
}

const endpointToDomain = (r: EndpointRow): WebhookEndpoint => ({
  id: r.id,
  organizationId: r.organization_id,
  url: r.url,
  events: r.events,
  secret: r.secret_sealed && r.secret_key_id ? { sealed: { keyId: r.secret_key_id, value: r.secret_sealed } } : { plain: r.secret ?? '' },
  createdAt: r.created_at,
  deletedAt: r.deleted_at,
});

const deliveryToDomain = (r: DeliveryRow): WebhookDelivery => ({
  id: r.id,
  endpointId: r.endpoint_id,
  organizationId: r.organization_id,
  eventId: r.event_id,
  eventType: r.event_type,
  body: r.body,
  status: r.status,
  attempts: r.attempts,
  windowAttempts: r.window_attempts,
  retryUntil: r.retry_until,
  nextAttemptAt: r.next_attempt_at,
  lockedUntil: r.locked_until,
  lastStatusCode: r.last_status_code,
  lastError: r.last_error,
  deliveredAt: r.delivered_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const attemptToDomain = (r: AttemptRow): DeliveryAttempt => ({
  id: r.id,
  deliveryId: r.delivery_id,
  attempt: r.attempt,
  startedAt: r.started_at,
  durationMs: r.duration_ms,
  statusCode: r.status_code,
  error: r.error,
  responseExcerpt: r.response_excerpt,
  succeeded: r.succeeded,
});

export const webhookStore = {
  /** Inserts an endpoint; its secret must be sealed (only rows older than 0004 hold one in clear). */
  async insertEndpoint(db: Knex, e: WebhookEndpoint & { secret: { sealed: SealedSecret } }): Promise<void> {
    await db<EndpointRow>('webhook_endpoints').insert({
      id: e.id,
      organization_id: e.organizationId,
      url: e.url,
      events: JSON.stringify(e.events) as unknown as string[],
      secret: null,
      secret_sealed: e.secret.sealed.value,
      secret_key_id: e.secret.sealed.keyId,
      created_at: e.createdAt,
      deleted_at: null,
    });
  },

  /**
   * Endpoints whose secret is in clear or sealed under a key other than `currentKeyId`, deleted
   * ones included (no secret stays in clear anywhere), by id after `afterId`, a page at a time.
   */
  async needingSeal(db: Knex, currentKeyId: string, afterId: string, limit: number): Promise<{ id: string; secret: StoredSecret }[]> {
    const rows = await db<EndpointRow>('webhook_endpoints')
      .where('id', '>', afterId)
      .where((q) => q.whereNotNull('secret').orWhere('secret_key_id', '<>', currentKeyId))
      .orderBy('id')
      .limit(limit);
    return rows.map((r) => ({ id: r.id, secret: endpointToDomain(r).secret }));
  },

  /** Stores a (re)sealed secret and drops any clear copy, if the row still holds `from`. */
  async storeSealed(db: Knex, id: string, from: StoredSecret, sealed: SealedSecret): Promise<boolean> {
    const q = db<EndpointRow>('webhook_endpoints').where({ id });
    if ('plain' in from) q.where({ secret: from.plain });
    else q.where({ secret_key_id: from.sealed.keyId }).whereNull('secret');
    const n = await q.update({ secret: null, secret_sealed: sealed.value, secret_key_id: sealed.keyId });
    return n === 1;
  },

  async countActive(db: Knex, organizationId: string): Promise<number> {
    const r = await db('webhook_endpoints').where({ organization_id: organizationId }).whereNull('deleted_at').count<{ count: string | number }[]>('* as count');
    return Number(r[0]?.count ?? 0);
  },

  async listActive(db: Knex, organizationId: string): Promise<WebhookEndpoint[]> {
    const rows = await db<EndpointRow>('webhook_endpoints')
      .where({ organization_id: organizationId })
      .whereNull('deleted_at')
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]);
    return rows.map(endpointToDomain);
  },

  /** Active endpoints of the organization subscribed to `type`. */
  async subscribers(db: Knex, organizationId: string, type: string): Promise<WebhookEndpoint[]> {
    const rows = await db<EndpointRow>('webhook_endpoints')
      .where({ organization_id: organizationId })
      .whereNull('deleted_at')
      .whereRaw('events \\? ?', [type]);
    return rows.map(endpointToDomain);
  },

  /** subscribers() as a consumer transaction reads it: once per transaction (transaction-reads.ts). */
  subscribersInTransaction(trx: Knex.Transaction, organizationId: string, type: string): Promise<WebhookEndpoint[]> {
    return readOncePerTransaction(trx, `subscribers:${organizationId}:${type}`, () => webhookStore.subscribers(trx, organizationId, type));
  },

  async findEndpoint(db: Knex, organizationId: string, id: string): Promise<WebhookEndpoint | undefined> {
    const row = await db<EndpointRow>('webhook_endpoints').where({ id, organization_id: organizationId }).first();
    return row ? endpointToDomain(row) : undefined;
  },

  async findEndpointById(db: Knex, id: string): Promise<WebhookEndpoint | undefined> {
    const row = await db<EndpointRow>('webhook_endpoints').where({ id }).first();
    return row ? endpointToDomain(row) : undefined;
  },

  /** Soft delete (the delivery log stays); pending deliveries are cancelled in the same transaction. */
  async deleteEndpoint(db: Knex, organizationId: string, id: string, now: Date): Promise<boolean> {
    return db.transaction(async (trx) => {
      const n = await trx<EndpointRow>('webhook_endpoints').where({ id, organization_id: organizationId }).whereNull('deleted_at').update({ deleted_at: now });
      if (n === 0) return false;
      await trx<DeliveryRow>('webhook_deliveries')
        .where({ endpoint_id: id, status: 'pending' })
        .update({ status: 'cancelled', next_attempt_at: null, locked_until: null, updated_at: now, last_error: 'endpoint deleted' });
      return true;
    });
  },

  /** One delivery per (endpoint, event); a redelivered event adds nothing. */
  async insertDelivery(db: Knex, d: WebhookDelivery): Promise<boolean> {
    const rows = await db<DeliveryRow>('webhook_deliveries')
      .insert({
        id: d.id,
        endpoint_id: d.endpointId,
        organization_id: d.organizationId,
        event_id: d.eventId,
        event_type: d.eventType,
        body: d.body,
        status: d.status,
        attempts: d.attempts,
        window_attempts: d.windowAttempts,
        retry_until: d.retryUntil,
        next_attempt_at: d.nextAttemptAt,
        locked_until: d.lockedUntil,
        last_status_code: null,
        last_error: null,
        delivered_at: null,
        created_at: d.createdAt,
        updated_at: d.updatedAt,
      })
      .onConflict(['endpoint_id', 'event_id'])
      .ignore()
      .returning('id');
    return rows.length > 0;
  },

  /**
   * Leases due deliveries. At most `perEndpoint` per endpoint are taken in one claim and
   * endpoints in `busy` (at their concurrency limit in this process) are skipped, so one
   * slow endpoint's backlog cannot fill the batch. FOR UPDATE SKIP LOCKED lets several
   * workers (replicas) claim side by side without waiting on each other.
   */
  async claimDue(db: Knex, now: Date, leaseMs: number, limit: number, perEndpoint: number, busy: readonly string[]): Promise<WebhookDelivery[]> {
    return db.transaction(async (trx) => {
      const candidates = await trx.raw(
        `SELECT id FROM webhook_deliveries WHERE id IN (
           SELECT id FROM (
             SELECT id, next_attempt_at, row_number() OVER (PARTITION BY endpoint_id ORDER BY next_attempt_at, id) AS rn
             FROM webhook_deliveries
             WHERE status = 'pending' AND next_attempt_at <= ? AND (locked_until IS NULL OR locked_until < ?)
               AND NOT (endpoint_id = ANY(?::uuid[]))
           ) c WHERE rn <= ? ORDER BY next_attempt_at LIMIT ?)
         AND status = 'pending' AND next_attempt_at <= ? AND (locked_until IS NULL OR locked_until < ?)
         FOR UPDATE SKIP LOCKED`,
        [now, now, busy as string[], perEndpoint, limit, now, now],
      );
      const ids = (candidates as { rows: { id: string }[] }).rows.map((r) => r.id);
      if (ids.length === 0) return [];
      const rows = await trx<DeliveryRow>('webhook_deliveries')
        .whereIn('id', ids)
        .update({ locked_until: new Date(now.getTime() + leaseMs), attempts: trx.raw('attempts + 1') as unknown as number, window_attempts: trx.raw('window_attempts + 1') as unknown as number, updated_at: now })
        .returning('*');
      return (rows as DeliveryRow[]).map(deliveryToDomain);
    });
  },

  async recordAttempt(db: Knex, a: DeliveryAttempt): Promise<void> {
    await db<AttemptRow>('webhook_attempts').insert({
      id: a.id,
      delivery_id: a.deliveryId,
      attempt: a.attempt,
      started_at: a.startedAt,
      duration_ms: a.durationMs,
      status_code: a.statusCode,
      error: a.error,
      response_excerpt: a.responseExcerpt,
      succeeded: a.succeeded,
    });
  },

  async finishDelivery(
    db: Knex,
    id: string,
    change: { status: DeliveryStatus; nextAttemptAt: Date | null; lastStatusCode: number | null; lastError: string | null; deliveredAt: Date | null; now: Date },
  ): Promise<void> {
    await db<DeliveryRow>('webhook_deliveries').where({ id }).update({
      status: change.status,
      next_attempt_at: change.nextAttemptAt,
      locked_until: null,
      last_status_code: change.lastStatusCode,
      last_error: change.lastError,
      delivered_at: change.deliveredAt,
      updated_at: change.now,
    });
  },

  async findDelivery(db: Knex, organizationId: string, id: string): Promise<WebhookDelivery | undefined> {
    const row = await db<DeliveryRow>('webhook_deliveries').where({ id, organization_id: organizationId }).first();
    return row ? deliveryToDomain(row) : undefined;
  },

  /** Back to pending with a fresh retry window; only from a final state. */
  async requeue(db: Knex, id: string, now: Date, retryUntil: Date): Promise<boolean> {
    const n = await db<DeliveryRow>('webhook_deliveries')
      .where({ id })
      .whereIn('status', ['succeeded', 'failed', 'cancelled'])
      .update({ status: 'pending', next_attempt_at: now, retry_until: retryUntil, window_attempts: 0, locked_until: null, updated_at: now });
    return n > 0;
  },

  async listDeliveries(db: Knex, endpointId: string, limit: number, offset: number): Promise<{ items: WebhookDelivery[]; total: number }> {
    const [rows, count] = await Promise.all([
      db<DeliveryRow>('webhook_deliveries')
        .where({ endpoint_id: endpointId })
        .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
        .limit(limit)
        .offset(offset),
      db('webhook_deliveries').where({ endpoint_id: endpointId }).count<{ count: string | number }[]>('* as count'),
    ]);
    return { items: rows.map(deliveryToDomain), total: Number(count[0]?.count ?? 0) };
  },

  async attemptsOf(db: Knex, deliveryIds: readonly string[]): Promise<Map<string, DeliveryAttempt[]>> {
    const out = new Map<string, DeliveryAttempt[]>();
    if (deliveryIds.length === 0) return out;
    const rows = await db<AttemptRow>('webhook_attempts').whereIn('delivery_id', deliveryIds as string[]).orderBy([{ column: 'delivery_id' }, { column: 'attempt' }, { column: 'started_at' }]);
    for (const r of rows) {
      const list = out.get(r.delivery_id) ?? [];
      list.push(attemptToDomain(r));
      out.set(r.delivery_id, list);
    }
    return out;
  },
};
