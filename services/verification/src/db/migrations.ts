import { tuneQueueTables, type Migration } from '@cred/db';
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
  {
    name: '0002_organizations',
    async up(db) {
      // Read model of accounts.organization.*: issuer name, domain mark and status (check 4).
      // event_at/event_rank order the events: an older event never overwrites a newer one.
      await db.schema.createTable('organizations', (t) => {
        t.text('id').primary();
        t.text('name').notNullable();
        t.text('slug').notNullable();
        t.text('domain');
        t.boolean('domain_verified').notNullable();
        t.text('status').notNullable();
        t.text('plan').notNullable();
        t.text('subscription_status').notNullable();
        t.boolean('email_notifications_enabled').notNullable();
        t.boolean('signing_keys_generated').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('event_at', { useTz: true }).notNullable();
        t.smallint('event_rank').notNullable();
        // Not unique: events of two organizations swapping a slug may arrive in either order.
        t.index(['slug']);
      });
    },
  },
  {
    name: '0003_badges',
    async up(db) {
      // Read model of issuance.badge.upserted: the Achievement documents are served from here.
      await db.schema.createTable('badges', (t) => {
        t.text('id').primary();
        t.text('organization_id').notNullable();
        t.text('organization_slug').notNullable();
        t.text('slug').notNullable();
        t.text('name').notNullable();
        t.text('description').notNullable();
        t.text('criteria').notNullable();
        t.text('image_url');
        t.integer('expires_in_days');
        t.jsonb('tags').notNullable();
        t.boolean('is_active').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.text('public_url');
        t.text('achievement_url');
        t.timestamp('event_at', { useTz: true }).notNullable();
        t.index(['organization_slug', 'slug']);
      });
    },
  },
  {
    name: '0004_credentials',
    async up(db) {
      // Read model of credential.*. Lifecycle events may arrive before credential.issued, so a
      // row can exist with only its lifecycle columns; it is visible once issued_event_at is set.
      // ob3_json is text, not jsonb: the exact bytes are served and hashed for the signature cache.
      await db.schema.createTable('credentials', (t) => {
        t.uuid('uuid').primary();
        t.text('credential_id').unique();
        t.text('badge_id');
        t.text('organization_id');
        t.text('organization_slug');
        t.text('recipient_email');
        t.text('recipient_name');
        t.timestamp('issuance_date', { useTz: true });
        t.timestamp('expiration_date', { useTz: true });
        t.timestamp('claimed_at', { useTz: true });
        t.timestamp('revoked_at', { useTz: true });
        t.text('revocation_reason');
        t.timestamp('expired_at', { useTz: true });
        t.boolean('is_public');
        t.timestamp('visibility_at', { useTz: true });
        t.uuid('supersedes_credential_id');
        t.uuid('superseded_by_credential_id');
        t.text('ob3_json');
        t.timestamp('issued_event_at', { useTz: true });
      });
    },
  },
  {
    name: '0005_verification_daily',
    async up(db) {
      // Verification analytics: counts per day, credential, channel and outcome. Nothing about
      // the verifier (no IP, no user agent) is ever recorded (docs/contract.md).
      await db.schema.createTable('verification_daily', (t) => {
        t.date('day').notNullable();
        t.uuid('credential_uuid').notNullable();
        t.text('organization_id').notNullable();
        t.text('badge_id').notNullable();
        t.text('channel').notNullable();
        t.text('outcome').notNullable();
        t.bigInteger('count').notNullable();
        t.primary(['day', 'credential_uuid', 'channel', 'outcome']);
        t.index(['organization_id', 'day']);
      });
    },
  },
  {
    name: '0006_badge_images',
    async up(db) {
      // Read model of issuance.badge.image_set: the badge image bytes, so baked PNGs and the
      // public pages never depend on issuance (or the network) being reachable.
      await db.schema.createTable('badge_images', (t) => {
        t.text('badge_id').primary();
        t.text('organization_id').notNullable();
        t.text('content_type').notNullable();
        t.text('content_hash').notNullable();
        t.binary('bytes').notNullable();
        t.timestamp('event_at', { useTz: true }).notNullable();
      });
    },
  },
  {
    name: '0007_issuer_key_compromise',
    async up(db) {
      // From signing.key.compromised: proofs by the key at or after this instant fail (ADR 0008).
      await db.schema.alterTable('issuer_keys', (t) => {
        t.timestamp('compromised_at', { useTz: true });
      });
    },
  },
  {
    name: '0008_badge_content',
    async up(db) {
      // Open Badges 3.0 content of badges (issue 14), from issuance.badge.upserted: served in
      // the Achievement documents and shown on the badge page. Older snapshots have none.
      await db.schema.alterTable('badges', (t) => {
        t.text('achievement_type');
        t.jsonb('alignments').notNullable().defaultTo(db.raw("'[]'::jsonb"));
        t.jsonb('result_descriptions').notNullable().defaultTo(db.raw("'[]'::jsonb"));
      });
    },
  },
  // Queue-like tables are vacuumed and analyzed after ~1,000 changed rows (@cred/db, QUEUE_TABLE_AUTOVACUUM).
  { name: '0009_queue_tables_autovacuum', up: (db, schema) => tuneQueueTables(db, schema, ['outbox']) },
];
