import type { Knex } from 'knex';
import type { DomainEvent } from './envelope.js';

/**
 * Records events in the caller's transaction, next to the state change they describe. The
 * relay publishes them after commit; a rollback discards them with the change. Call
 * `relay.wake()` after the commit to publish without waiting for the next poll.
 */
export async function writeOutbox(
  trx: Knex.Transaction,
  schema: string,
  events: DomainEvent<unknown> | readonly DomainEvent<unknown>[],
): Promise<void> {
  const list = Array.isArray(events) ? (events as readonly DomainEvent<unknown>[]) : [events as DomainEvent<unknown>];
  if (list.length === 0) return;
  await trx
    .withSchema(schema)
    .table('outbox')
    .insert(
      list.map((e) => ({
        id: e.id,
        type: e.type,
        // knex would send a JS object as a pg composite; stringify for jsonb explicitly.
        payload: JSON.stringify(e),
        created_at: e.createdAt,
      })),
    );
}

/** Deletes published rows older than `before`; run from a periodic job. Returns rows deleted. */
export async function pruneOutbox(db: Knex, schema: string, before: Date): Promise<number> {
  return db.withSchema(schema).table('outbox').whereNotNull('published_at').where('published_at', '<', before).delete();
}
