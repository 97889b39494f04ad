import { tuneQueueTables, type Migration } from '@cred/db';
import { eventsMigration } from '@cred/events';

export const migrations: Migration[] = [
  { name: '0000_outbox_inbox', up: (db, schema) => eventsMigration.up(db, schema) },
  {
    name: '0001_signing_keys',
    async up(db) {
      await db.schema.createTable('signing_keys', (t) => {
        t.uuid('id').primary();
        t.text('organization_id').notNullable();
        t.text('organization_slug').notNullable();
        t.integer('sequence').notNullable();
        t.text('key_id').notNullable().unique();
        t.text('public_key_multibase').notNullable();
        t.text('kek_id').notNullable();
        t.binary('wrapped_dek').notNullable();
        t.binary('private_key_ciphertext').notNullable();
        t.boolean('is_current').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('revoked_at', { useTz: true });
        t.unique(['organization_id', 'sequence']);
      });
      // One current key per organization, enforced by the database.
      await db.raw('CREATE UNIQUE INDEX signing_keys_one_current ON signing_keys (organization_id) WHERE is_current');
    },
  },
  {
    name: '0002_key_compromise',
    async up(db) {
      // When the organization says the key's private half was exposed: proofs it made at or
      // after this instant are not to be trusted (the key stays published for older ones, ADR 0008).
      await db.schema.alterTable('signing_keys', (t) => {
        t.timestamp('compromised_at', { useTz: true });
      });
      // The KEK re-wrap at start looks for keys under another KEK.
      await db.raw('CREATE INDEX signing_keys_kek_id ON signing_keys (kek_id)');
    },
  },
  // Queue-like tables are vacuumed and analyzed after ~1,000 changed rows (@cred/db, QUEUE_TABLE_AUTOVACUUM).
  { name: '0003_queue_tables_autovacuum', up: (db, schema) => tuneQueueTables(db, schema, ['outbox']) },
];
