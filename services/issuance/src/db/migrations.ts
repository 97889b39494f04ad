import { tuneQueueTables, type Migration } from '@cred/db';
import { auditChainMigration, auditMigration } from '@cred/db/audit';
import { eventsMigration } from '@cred/events';
import { idempotencyMigration } from '@cred/idempotency';
import { bulkMigration } from './bulk-migration.js';

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
  {
    name: '0002_badges',
    async up(db) {
      await db.schema.createTable('badges', (t) => {
        t.uuid('id').primary();
        t.uuid('organization_id').notNullable();
        t.text('organization_slug').notNullable();
        t.text('slug').notNullable();
        t.text('name').notNullable();
        t.text('description').notNullable();
        t.text('criteria').notNullable();
        t.text('image_url');
        t.integer('expires_in_days');
        t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
        t.boolean('is_active').notNullable().defaultTo(true);
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.unique(['organization_id', 'slug']);
      });
      await db.raw(
        'ALTER TABLE badges ADD CONSTRAINT badges_expires_in_days_range CHECK (expires_in_days IS NULL OR expires_in_days BETWEEN 1 AND 36500)',
      );
      // Listing: WHERE organization_id = ? [AND is_active = ?] ORDER BY created_at DESC, id DESC.
      await db.raw('CREATE INDEX badges_org_created_idx ON badges (organization_id, created_at DESC, id DESC)');

      // Uploaded images, addressed by content hash. Old images stay: signed credentials name
      // the image URL of the badge as it was when they were issued.
      await db.schema.createTable('badge_images', (t) => {
        t.uuid('badge_id').notNullable().references('id').inTable('badges').onDelete('CASCADE');
        t.text('content_hash').notNullable();
        t.text('extension').notNullable();
        t.text('content_type').notNullable();
        t.binary('data').notNullable();
        t.integer('byte_size').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.primary(['badge_id', 'content_hash']);
      });
    },
  },
  {
    name: '0003_credentials',
    async up(db) {
      await db.schema.createTable('credentials', (t) => {
        t.uuid('id').primary();
        t.text('credential_id').notNullable().unique();
        t.uuid('organization_id').notNullable();
        t.uuid('badge_id').notNullable().references('id').inTable('badges');
        t.text('recipient_name').notNullable();
        t.text('recipient_email').notNullable();
        t.text('status').notNullable();
        t.timestamp('issuance_date', { useTz: true }).notNullable();
        t.timestamp('expiration_date', { useTz: true });
        t.timestamp('claimed_at', { useTz: true });
        t.timestamp('revoked_at', { useTz: true });
        t.text('revocation_reason');
        t.boolean('is_public').notNullable().defaultTo(true);
        t.uuid('supersedes_credential_id').references('id').inTable('credentials');
        t.uuid('superseded_by_credential_id').references('id').inTable('credentials');
        t.jsonb('ob3').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
      });
      await db.raw("ALTER TABLE credentials ADD CONSTRAINT credentials_status_check CHECK (status IN ('pending', 'valid', 'revoked'))");
      // Per-organization listing, newest first (docs/contract.md "Requests and bodies": issuanceDate desc, then id desc),
      // with or without a badge filter; and the recipient lookup of issuing/renewal.
      await db.raw('CREATE INDEX credentials_org_issued_idx ON credentials (organization_id, issuance_date DESC, id DESC)');
      await db.raw('CREATE INDEX credentials_org_badge_issued_idx ON credentials (organization_id, badge_id, issuance_date DESC, id DESC)');
      await db.raw('CREATE INDEX credentials_badge_recipient_idx ON credentials (badge_id, recipient_email)');
    },
  },
  {
    name: '0004_lifecycle',
    async up(db) {
      // Expiry is persisted by the sweeper (and by a renewal of an expired credential).
      await db.raw('ALTER TABLE credentials DROP CONSTRAINT credentials_status_check');
      await db.raw(
        "ALTER TABLE credentials ADD CONSTRAINT credentials_status_check CHECK (status IN ('pending', 'valid', 'expired', 'revoked'))",
      );
      await db.schema.alterTable('credentials', (t) => {
        t.text('issued_by');
        t.text('revoked_by');
        t.uuid('claimed_by_user_id');
        t.timestamp('expired_at', { useTz: true });
      });
      // The invariant of the transitions table: at most one active (pending or valid, not yet
      // marked expired or revoked) credential per badge and recipient, whatever races.
      await db.raw(
        "CREATE UNIQUE INDEX credentials_one_active_idx ON credentials (badge_id, recipient_email) WHERE status IN ('pending', 'valid')",
      );
      // Listing with a status filter, with and without a badge filter (newest first).
      await db.raw('CREATE INDEX credentials_org_status_issued_idx ON credentials (organization_id, status, issuance_date DESC, id DESC)');
      await db.raw(
        'CREATE INDEX credentials_org_badge_status_issued_idx ON credentials (organization_id, badge_id, status, issuance_date DESC, id DESC)',
      );
      // The expiry sweeper: active credentials whose expirationDate has passed.
      await db.raw(
        "CREATE INDEX credentials_expiry_due_idx ON credentials (expiration_date) WHERE status IN ('pending', 'valid') AND expiration_date IS NOT NULL",
      );

      // Monthly recipient quota (UTC calendar month): one row per organization, month and
      // recipient e-mail, and a counter per organization and month updated in the issuing
      // transaction (UPDATE ... WHERE used < limit keeps it race-free).
      await db.schema.createTable('quota_recipients', (t) => {
        t.uuid('organization_id').notNullable();
        t.text('month').notNullable();
        t.text('recipient_email').notNullable();
        t.uuid('first_credential_id').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.primary(['organization_id', 'month', 'recipient_email']);
      });
      await db.schema.createTable('quota_counters', (t) => {
        t.uuid('organization_id').notNullable();
        t.text('month').notNullable();
        t.integer('used').notNullable();
        t.primary(['organization_id', 'month']);
      });

      // Claim tokens from the issue e-mails (notification.claim_token.issued): hashes only.
      await db.schema.createTable('claim_tokens', (t) => {
        t.text('token_hash').primary();
        t.uuid('credential_uuid').notNullable();
        t.uuid('organization_id');
        t.timestamp('expires_at', { useTz: true }).notNullable();
        t.timestamp('used_at', { useTz: true });
        t.text('source_event_id');
        t.timestamp('created_at', { useTz: true }).notNullable();
      });
      await db.raw('CREATE INDEX claim_tokens_credential_idx ON claim_tokens (credential_uuid)');
    },
  },
  bulkMigration,
  {
    name: '0006_credential_counts',
    async up(db, schema) {
      // Exact list totals without counting a million rows: per organization, badge and stored
      // status, kept by a trigger so every writer (issue, renewal, revoke, claim, expiry, bulk)
      // stays consistent in its own transaction. Expiry the sweeper has not persisted yet is
      // subtracted at read time from the small set the expiry index holds.
      await db.schema.createTable('credential_counts', (t) => {
        t.uuid('organization_id').notNullable();
        t.uuid('badge_id').notNullable();
        t.text('status').notNullable();
        t.bigInteger('n').notNullable();
        t.primary(['organization_id', 'badge_id', 'status']);
      });
      await db.raw(`
        CREATE FUNCTION "${schema}".credential_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP IN ('UPDATE', 'DELETE') THEN
            UPDATE "${schema}".credential_counts SET n = n - 1
              WHERE organization_id = OLD.organization_id AND badge_id = OLD.badge_id AND status = OLD.status;
          END IF;
          IF TG_OP IN ('INSERT', 'UPDATE') THEN
            INSERT INTO "${schema}".credential_counts AS cc (organization_id, badge_id, status, n)
              VALUES (NEW.organization_id, NEW.badge_id, NEW.status, 1)
              ON CONFLICT (organization_id, badge_id, status) DO UPDATE SET n = cc.n + 1;
          END IF;
          RETURN NULL;
        END $$`);
      await db.raw(`CREATE TRIGGER credential_counts_ins_del AFTER INSERT OR DELETE ON "${schema}".credentials
        FOR EACH ROW EXECUTE FUNCTION "${schema}".credential_counts_apply()`);
      await db.raw(`CREATE TRIGGER credential_counts_upd AFTER UPDATE OF status, organization_id, badge_id ON "${schema}".credentials
        FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.badge_id IS DISTINCT FROM NEW.badge_id OR OLD.organization_id IS DISTINCT FROM NEW.organization_id)
        EXECUTE FUNCTION "${schema}".credential_counts_apply()`);
      await db.raw(`INSERT INTO "${schema}".credential_counts (organization_id, badge_id, status, n)
        SELECT organization_id, badge_id, status, count(*) FROM "${schema}".credentials GROUP BY 1, 2, 3`);
    },
  },
  {
    name: '0007_credential_counts_at_commit',
    async up(db, schema) {
      // The same counting, applied when the transaction commits (deferred constraint triggers):
      // a counter row is shared by every issue of a badge, and an ordinary trigger locked it
      // from the credential's insert through the rest of the issuing transaction (outbox,
      // quota, COMMIT), so issues of one badge queued on it (ADR 0005). Now it is locked only
      // while the commit runs.
      await db.raw(`DROP TRIGGER credential_counts_ins_del ON "${schema}".credentials`);
      await db.raw(`DROP TRIGGER credential_counts_upd ON "${schema}".credentials`);
      await db.raw(`CREATE CONSTRAINT TRIGGER credential_counts_ins_del AFTER INSERT OR DELETE ON "${schema}".credentials
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "${schema}".credential_counts_apply()`);
      await db.raw(`CREATE CONSTRAINT TRIGGER credential_counts_upd AFTER UPDATE OF status, organization_id, badge_id ON "${schema}".credentials
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
        WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.badge_id IS DISTINCT FROM NEW.badge_id OR OLD.organization_id IS DISTINCT FROM NEW.organization_id)
        EXECUTE FUNCTION "${schema}".credential_counts_apply()`);
    },
  },
  {
    name: '0008_issue_idempotency',
    async up(db) {
      // Idempotency-Key of an issue, written in the issuing transaction (idempotency-store.ts).
      // `key` is opaque and already scoped by the caller (the gateway: API key, route, hash of
      // the client's key); rows older than the retention are purged by the expiry sweeper.
      await db.schema.createTable('issue_idempotency', (t) => {
        t.uuid('organization_id').notNullable();
        t.text('key').notNullable();
        t.text('request_hash').notNullable();
        t.uuid('credential_uuid').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.primary(['organization_id', 'key']);
        t.index(['created_at']);
      });
    },
  },
  {
    name: '0009_bulk_idempotency',
    async up(db) {
      // Idempotency-Key of a bulk upload (bulk-issuance.ts): opaque and scoped by the caller; a
      // key binds one job of the organization for 24 hours, after which a new upload releases it.
      await db.schema.alterTable('bulk_issuances', (t) => {
        t.text('idempotency_key');
        t.text('idempotency_request_hash');
      });
      await db.raw(
        'CREATE UNIQUE INDEX bulk_issuances_idempotency_idx ON bulk_issuances (organization_id, idempotency_key) WHERE idempotency_key IS NOT NULL',
      );
    },
  },
  {
    name: '0010_recipient_email_indexes',
    async up(db) {
      // "My credentials" (ListRecipientCredentials): one address across every organization,
      // newest first, a page read straight off the index and an exact count of a small range.
      await db.raw('CREATE INDEX credentials_recipient_issued_idx ON credentials (recipient_email, issuance_date DESC, id DESC)');
      // The list's `recipient` filter: a prefix of the (lower-cased) address within one
      // organization. text_pattern_ops lets `LIKE 'prefix%'` use the index whatever the
      // database's collation; the page is then sorted from the matching range.
      await db.raw('CREATE INDEX credentials_org_recipient_prefix_idx ON credentials (organization_id, recipient_email text_pattern_ops)');
    },
  },
  {
    name: '0011_status_lists',
    async up(db) {
      // Each organization's revocation lists (W3C Bitstring Status List, ADR 0007). A list is
      // the source of its bits' meaning only through credentials: bit i is set when the
      // credential holding entry i of the list is revoked. `revision` moves in the transaction
      // that revokes one of its credentials; `signed_revision` is the revision the stored
      // signed copy shows, so a copy is current when the two are equal.
      await db.schema.createTable('status_lists', (t) => {
        t.uuid('organization_id').notNullable();
        t.integer('list_number').notNullable();
        t.text('organization_slug').notNullable();
        t.integer('length').notNullable();
        t.integer('allocated').notNullable().defaultTo(0);
        t.bigInteger('revision').notNullable().defaultTo(1);
        t.bigInteger('signed_revision');
        t.text('signed_json');
        t.timestamp('signed_at', { useTz: true });
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.primary(['organization_id', 'list_number']);
      });
      await db.raw('CREATE UNIQUE INDEX status_lists_slug_idx ON status_lists (organization_slug, list_number)');
      // Every index ever handed out, used or not: an index is never given twice.
      await db.schema.createTable('status_list_indexes', (t) => {
        t.uuid('organization_id').notNullable();
        t.integer('list_number').notNullable();
        t.integer('idx').notNullable();
        t.primary(['organization_id', 'list_number', 'idx']);
      });
      // A credential's entry (credentials issued before this migration have none).
      await db.schema.alterTable('credentials', (t) => {
        t.integer('status_list_number');
        t.integer('status_list_index');
      });
      await db.raw(
        'CREATE UNIQUE INDEX credentials_status_entry_idx ON credentials (organization_id, status_list_number, status_list_index) WHERE status_list_number IS NOT NULL',
      );
      // The set bits of one list: its revoked credentials.
      await db.raw(
        'CREATE INDEX credentials_status_revoked_idx ON credentials (organization_id, status_list_number) WHERE revoked_at IS NOT NULL AND status_list_number IS NOT NULL',
      );
    },
  },
  {
    name: '0012_badge_content',
    async up(db) {
      // Open Badges 3.0 content of a badge (issue 14): written into every credential's
      // Achievement. Existing badges have none.
      await db.schema.alterTable('badges', (t) => {
        t.text('achievement_type');
        t.jsonb('alignments').notNullable().defaultTo(db.raw("'[]'::jsonb"));
        t.jsonb('result_descriptions').notNullable().defaultTo(db.raw("'[]'::jsonb"));
      });
    },
  },
  // Who did what and when, written in the same transaction as each action (docs/architecture.md, Audit log).
  { name: '0013_audit_log', up: (db, schema) => auditMigration.up(db, schema) },
  {
    name: '0014_idempotency_records',
    async up(db) {
      // Idempotency-Key records of the shared module (@cred/idempotency, docs/decisions.md
      // "Idempotency-Key"): the record now stores the answer itself. The issue-only
      // table it replaces held no answer to carry over; its keys stop binding here.
      await idempotencyMigration.up(db);
      await db.schema.dropTable('issue_idempotency');
    },
  },
  // Queue-like tables are vacuumed and analyzed after ~1,000 changed rows (@cred/db, QUEUE_TABLE_AUTOVACUUM).
  { name: '0015_queue_tables_autovacuum', up: (db, schema) => tuneQueueTables(db, schema, ['outbox', 'bulk_issuance_rows']) },
  // The audit log's hash chain (@cred/db/audit chain.ts): existing entries chained in the order they were written.
  { name: '0016_audit_log_chain', up: (db, schema) => auditChainMigration.up(db, schema) },
];
