import type { Migration } from '@cred/db';
import { eventsMigration } from '@cred/events';

export const migrations: Migration[] = [
  { name: '0000_outbox_inbox', up: (db, schema) => eventsMigration.up(db, schema) },
  {
    name: '0001_notifications',
    async up(db) {
      // One row per notification the platform owes someone for an event: what it was, for
      // whom, through which channel, and how far it got. E-mail sends record their outcome here.
      await db.schema.createTable('notifications', (t) => {
        t.uuid('id').primary();
        t.text('event_id').notNullable();
        t.text('event_type').notNullable();
        t.text('organization_id');
        t.text('channel').notNullable();
        t.text('status').notNullable();
        t.jsonb('data').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.unique(['event_id', 'channel']);
        t.index(['organization_id', 'created_at']);
      });
    },
  },
];
