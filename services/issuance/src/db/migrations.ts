import type { Migration } from '@cred/db';
import { eventsMigration } from '@cred/events';

export const migrations: Migration[] = [
  { name: '0000_outbox_inbox', up: (db, schema) => eventsMigration.up(db, schema) },
  {
    name: '0001_organization_signing_keys',
    async up(db) {
      // What issuance knows of each organization's signing key: enough to refuse issuing
      // before keys exist and to name the key; the key itself never leaves the signing service.
      await db.schema.createTable('organization_signing_keys', (t) => {
        t.text('organization_id').primary();
        t.text('organization_slug').notNullable();
        t.text('current_key_id').notNullable();
        t.text('public_key_multibase').notNullable();
        t.timestamp('generated_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
      });
    },
  },
];
