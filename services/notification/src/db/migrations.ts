import { tuneQueueTables, type Migration } from '@cred/db';
import { auditChainMigration, auditMigration } from '@cred/db/audit';
import { eventsMigration } from '@cred/events';
import { idempotencyMigration } from '@cred/idempotency';

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
  {
    name: '0002_organizations_email_sends',
    async up(db) {
      // What notification knows of each organization, from accounts.organization.* events.
      // `version` is the createdAt of the event the row was built from: older events are ignored.
      await db.schema.createTable('organizations', (t) => {
        t.text('id').primary();
        t.text('name').notNullable();
        t.text('slug').notNullable();
        t.text('status').notNullable();
        t.text('plan').notNullable();
        t.boolean('email_notifications_enabled').notNullable();
        t.timestamp('version', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
      });
      // Each e-mail owed for an event, keyed by (event id, kind). The row is committed (pending)
      // before any SMTP conversation and updated after it; the worker sends only pending rows
      // whose lease has lapsed, so a sent row is never sent again.
      await db.schema.createTable('email_sends', (t) => {
        t.uuid('id').primary();
        t.text('event_id').notNullable();
        t.text('event_type').notNullable();
        t.text('kind').notNullable();
        t.text('organization_id');
        t.text('recipient_email').notNullable();
        t.text('recipient_name').notNullable();
        t.text('subject').notNullable();
        t.text('status').notNullable(); // pending | sent | failed | skipped
        // Template variables. For account e-mails they include the one-time link, so they are
        // cleared once the row reaches a final state.
        t.jsonb('payload');
        t.integer('attempts').notNullable().defaultTo(0);
        t.text('last_error');
        t.timestamp('next_attempt_at', { useTz: true }).notNullable();
        t.timestamp('locked_until', { useTz: true });
        t.timestamp('sent_at', { useTz: true });
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.unique(['event_id', 'kind']);
        t.index(['organization_id', 'created_at']);
      });
      await db.raw(`CREATE INDEX email_sends_due ON ?? (next_attempt_at) WHERE status = 'pending'`, ['email_sends']);
    },
  },
  {
    name: '0003_webhooks',
    async up(db) {
      // Facts about credentials needed to route lifecycle events that do not carry them all.
      await db.schema.createTable('credential_index', (t) => {
        t.uuid('credential_uuid').primary();
        t.text('credential_id').notNullable();
        t.text('organization_id').notNullable();
        t.text('badge_id').notNullable();
        t.text('recipient_email').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.index(['credential_id']);
      });
      await db.schema.createTable('webhook_endpoints', (t) => {
        t.uuid('id').primary();
        t.text('organization_id').notNullable();
        t.text('url').notNullable();
        t.jsonb('events').notNullable();
        // Needed to sign each delivery (HMAC); never returned after creation. Sealed since 0004.
        t.text('secret').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('deleted_at', { useTz: true });
        t.index(['organization_id']);
      });
      await db.schema.createTable('webhook_deliveries', (t) => {
        t.uuid('id').primary();
        t.uuid('endpoint_id').notNullable().references('id').inTable('webhook_endpoints');
        t.text('organization_id').notNullable();
        t.text('event_id').notNullable();
        t.text('event_type').notNullable();
        // The exact bytes sent (and signed) on every attempt and replay.
        t.text('body').notNullable();
        t.text('status').notNullable(); // pending | succeeded | failed | cancelled
        t.integer('attempts').notNullable().defaultTo(0);
        // Attempts since the delivery was (re)queued: drives the backoff; a replay starts at 0.
        t.integer('window_attempts').notNullable().defaultTo(0);
        // Retries stop when a failure happens after this instant (24 h after the first try).
        t.timestamp('retry_until', { useTz: true }).notNullable();
        t.timestamp('next_attempt_at', { useTz: true });
        t.timestamp('locked_until', { useTz: true });
        t.integer('last_status_code');
        t.text('last_error');
        t.timestamp('delivered_at', { useTz: true });
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.unique(['endpoint_id', 'event_id']);
        t.index(['endpoint_id', 'created_at']);
      });
      await db.raw(`CREATE INDEX webhook_deliveries_due ON ?? (next_attempt_at) WHERE status = 'pending'`, ['webhook_deliveries']);
      await db.schema.createTable('webhook_attempts', (t) => {
        t.uuid('id').primary();
        t.uuid('delivery_id').notNullable().references('id').inTable('webhook_deliveries').onDelete('CASCADE');
        t.integer('attempt').notNullable();
        t.timestamp('started_at', { useTz: true }).notNullable();
        t.integer('duration_ms').notNullable();
        t.integer('status_code');
        t.text('error');
        t.text('response_excerpt');
        t.boolean('succeeded').notNullable();
        t.index(['delivery_id', 'attempt']);
      });
    },
  },
  {
    // Endpoint secrets sealed at rest (domain/secret-box.ts). Rows written before keep their
    // clear `secret` until the service seals them at start (it holds the key; migrations do not).
    name: '0004_webhook_secrets_sealed',
    up: async (db) => {
      await db.schema.alterTable('webhook_endpoints', (t) => {
        t.binary('secret_sealed');
        t.text('secret_key_id');
      });
      await db.raw('ALTER TABLE ?? ALTER COLUMN secret DROP NOT NULL', ['webhook_endpoints']);
      await db.raw(
        `ALTER TABLE ?? ADD CONSTRAINT webhook_endpoints_secret_present
           CHECK ((secret_sealed IS NOT NULL AND secret_key_id IS NOT NULL) OR secret IS NOT NULL)`,
        ['webhook_endpoints'],
      );
    },
  },
  // Who did what and when, written in the same transaction as each action (docs/architecture.md, Audit log).
  { name: '0005_audit_log', up: (db, schema) => auditMigration.up(db, schema) },
  {
    // Every credential event now carries the credential's reference fields (its contract in
    // @cred/event-contracts), so webhook payloads no longer look them up here.
    name: '0006_drop_credential_index',
    up: async (db) => {
      await db.schema.dropTableIfExists('credential_index');
    },
  },
  // Idempotency-Key records of webhook registration, delivery replay and ping, written with
  // their effect (@cred/idempotency, docs/decisions.md "Idempotency-Key"); they replace the
  // gateway's Redis record for those routes.
  { name: '0007_idempotency_records', up: (db) => idempotencyMigration.up(db) },
  {
    // The e-mail worker leases the earliest due rows in (next_attempt_at, id) order. With the
    // index on next_attempt_at alone, PostgreSQL read every pending row and sorted them for each
    // lease of 32 (a backlog of 5,800 rows under a bulk job: 5,800 index entries and 580 heap
    // pages per lease); in the lease's own order it reads the first rows and stops.
    name: '0008_email_sends_due_in_lease_order',
    async up(db) {
      await db.raw(`CREATE INDEX email_sends_due_in_order ON ?? (next_attempt_at, id) WHERE status = 'pending'`, ['email_sends']);
      await db.raw('DROP INDEX email_sends_due');
    },
  },
  // Queue-like tables are vacuumed and analyzed after ~1,000 changed rows (@cred/db, QUEUE_TABLE_AUTOVACUUM).
  { name: '0009_queue_tables_autovacuum', up: (db, schema) => tuneQueueTables(db, schema, ['outbox', 'email_sends', 'webhook_deliveries']) },
  // The audit log's hash chain (@cred/db/audit chain.ts): existing entries chained in the order they were written.
  { name: '0010_audit_log_chain', up: (db, schema) => auditChainMigration.up(db, schema) },
];
