import type { Migration } from '@cred/db';
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
];
