import type { Migration } from '@cred/db';
import { eventsMigration } from '@cred/events';

export const migrations: Migration[] = [
  { name: '0000_outbox_inbox', up: (db, schema) => eventsMigration.up(db, schema) },
  {
    name: '0001_issuer_keys',
    async up(db) {
      // Read model of published public keys, fed by signing.key.created: did.json is served
      // from here, so public verification never depends on the signing service.
      await db.schema.createTable('issuer_keys', (t) => {
        t.text('key_id').primary();
        t.text('organization_id').notNullable();
        t.text('organization_slug').notNullable();
        t.integer('sequence').notNullable();
        t.text('public_key_multibase').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('revoked_at', { useTz: true });
        t.index(['organization_slug', 'sequence']);
      });
    },
  },
];
