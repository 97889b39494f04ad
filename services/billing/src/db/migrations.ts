import { tuneQueueTables, type Migration } from '@cred/db';
import { eventsMigration } from '@cred/events';

export const migrations: Migration[] = [
  { name: '0000_outbox_inbox', up: (db, schema) => eventsMigration.up(db, schema) },
  {
    name: '0001_provider_events',
    async up(db) {
      // Payment-provider events processed, keyed by the provider's event id: each is applied once.
      await db.schema.createTable('provider_events', (t) => {
        t.text('provider').notNullable();
        t.text('event_id').notNullable();
        t.text('event_type').notNullable();
        t.text('organization_id');
        t.timestamp('processed_at', { useTz: true }).notNullable();
        t.primary(['provider', 'event_id']);
      });
    },
  },
  {
    name: '0002_outcomes_and_watermarks',
    async up(db) {
      await db.schema.alterTable('provider_events', (t) => {
        // applied | stale | ignored: <reason> | unknown organization
        t.text('outcome');
        t.timestamp('event_created_at', { useTz: true });
      });
      // Per organization, the provider time of the newest event applied to each field: an
      // older event arriving late (providers do not order deliveries) changes nothing it
      // would overwrite. Plan and status have their own marks because invoice events carry
      // a status but no plan.
      await db.schema.createTable('subscription_watermarks', (t) => {
        t.text('organization_id').primary();
        t.timestamp('plan_event_created_at', { useTz: true }).notNullable();
        t.timestamp('status_event_created_at', { useTz: true }).notNullable();
      });
    },
  },
  // Queue-like tables are vacuumed and analyzed after ~1,000 changed rows (@cred/db, QUEUE_TABLE_AUTOVACUUM).
  { name: '0003_queue_tables_autovacuum', up: (db, schema) => tuneQueueTables(db, schema, ['outbox']) },
];
