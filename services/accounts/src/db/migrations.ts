import { tuneQueueTables, type Migration } from '@cred/db';
import { auditChainMigration, auditMigration } from '@cred/db/audit';
import { eventsMigration } from '@cred/events';
import { idempotencyMigration } from '@cred/idempotency';

export const migrations: Migration[] = [
  { name: '0000_outbox_inbox', up: (db, schema) => eventsMigration.up(db, schema) },
  {
    name: '0001_accounts',
    async up(db) {
      await db.schema.createTable('organizations', (t) => {
        t.uuid('id').primary();
        t.text('name').notNullable();
        t.text('slug').notNullable().unique();
        t.text('domain');
        t.boolean('domain_verified').notNullable().defaultTo(false);
        t.text('status').notNullable();
        t.text('plan').notNullable();
        t.text('subscription_status').notNullable();
        t.boolean('email_notifications_enabled').notNullable().defaultTo(true);
        t.boolean('signing_keys_generated').notNullable().defaultTo(false);
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.index(['created_at', 'id']);
      });
      await db.raw("ALTER TABLE organizations ADD CONSTRAINT organizations_status_check CHECK (status IN ('pending_approval','approved','suspended'))");
      await db.raw("ALTER TABLE organizations ADD CONSTRAINT organizations_plan_check CHECK (plan IN ('free','professional','enterprise'))");

      await db.schema.createTable('users', (t) => {
        t.uuid('id').primary();
        // Stored lower-cased (docs/contract.md "Requests and bodies"), so a plain unique index is case-insensitive.
        t.text('email').notNullable().unique();
        t.text('name').notNullable();
        t.text('password_hash').notNullable();
        t.timestamp('email_verified_at', { useTz: true });
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
      });

      await db.schema.createTable('memberships', (t) => {
        t.uuid('organization_id').notNullable().references('id').inTable('organizations');
        t.uuid('user_id').notNullable().references('id').inTable('users');
        t.text('role').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.primary(['organization_id', 'user_id']);
        t.index(['user_id']);
      });

      // E-mail verification and password reset tokens: only their SHA-256 is kept.
      await db.schema.createTable('user_tokens', (t) => {
        t.uuid('id').primary();
        t.uuid('user_id').notNullable().references('id').inTable('users');
        t.text('purpose').notNullable();
        t.text('token_hash').notNullable().unique();
        t.timestamp('expires_at', { useTz: true }).notNullable();
        t.timestamp('used_at', { useTz: true });
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.index(['user_id', 'purpose']);
      });

      await db.schema.createTable('api_keys', (t) => {
        t.uuid('id').primary();
        t.uuid('organization_id').notNullable().references('id').inTable('organizations');
        t.text('name').notNullable();
        t.text('prefix').notNullable();
        t.text('key_hash').notNullable().unique();
        t.integer('rate_limit_per_minute').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('last_used_at', { useTz: true });
        t.timestamp('revoked_at', { useTz: true });
        t.index(['organization_id', 'created_at']);
      });
    },
  },
  {
    // Server-side session state: the JWT's jti is the id, so a session can end before its
    // expiry (logout, password reset) and every request sees the account as it is now.
    name: '0002_sessions',
    async up(db) {
      await db.schema.createTable('sessions', (t) => {
        t.uuid('id').primary();
        t.uuid('user_id').notNullable().references('id').inTable('users');
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('expires_at', { useTz: true }).notNullable();
        t.timestamp('ended_at', { useTz: true });
        t.index(['user_id']);
      });
    },
  },
  {
    // Resend-verification and password-reset requests, answered before they are acted on (so the
    // answer's timing cannot tell whether the address has an account). A row lives until a worker
    // has acted on it; the e-mail address of an unknown account is kept only that long.
    name: '0003_account_email_requests',
    async up(db) {
      await db.schema.createTable('account_email_requests', (t) => {
        t.uuid('id').primary();
        t.text('purpose').notNullable();
        t.text('email').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.index(['created_at']);
      });
    },
  },
  {
    // The organization's choice to write recipients' names into their credentials in plain
    // text (issue 14). Off by default: the e-mail is only ever in the credential as a salted hash.
    name: '0004_recipient_name_in_credentials',
    async up(db) {
      await db.schema.alterTable('organizations', (t) => {
        t.boolean('recipient_name_in_credentials').notNullable().defaultTo(false);
      });
    },
  },
  // Who did what and when, written in the same transaction as each action (docs/architecture.md, Audit log).
  { name: '0005_audit_log', up: (db, schema) => auditMigration.up(db, schema) },
  {
    // Team roles and invitations (issue 17, docs/roles.md). The old 'member' role becomes
    // 'issuer': what such a member used every day (badges, issuing, revoking) stays possible,
    // while keys, webhooks and settings now need an owner or admin to grant them.
    name: '0006_roles_and_invitations',
    async up(db) {
      await db('memberships').where({ role: 'member' }).update({ role: 'issuer' });
      await db.raw("ALTER TABLE memberships ADD CONSTRAINT memberships_role_check CHECK (role IN ('owner','admin','issuer','viewer'))");
      await db.schema.createTable('invitations', (t) => {
        t.uuid('id').primary();
        t.uuid('organization_id').notNullable().references('id').inTable('organizations');
        t.text('email').notNullable();
        t.text('role').notNullable();
        // Only the SHA-256 of the token; the token itself is only ever in the e-mail.
        t.text('token_hash').notNullable().unique();
        t.uuid('invited_by_user_id').notNullable().references('id').inTable('users');
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('expires_at', { useTz: true }).notNullable();
        t.timestamp('accepted_at', { useTz: true });
        t.uuid('accepted_by_user_id').references('id').inTable('users');
        t.timestamp('revoked_at', { useTz: true });
        t.index(['organization_id', 'email']);
      });
      await db.raw("ALTER TABLE invitations ADD CONSTRAINT invitations_role_check CHECK (role IN ('owner','admin','issuer','viewer'))");
    },
  },
  // Idempotency-Key records of invitations, written with the invitation (@cred/idempotency,
  // docs/decisions.md "Idempotency-Key"); they replace the gateway's Redis record for that route.
  { name: '0007_idempotency_records', up: (db) => idempotencyMigration.up(db) },
  // Queue-like tables are vacuumed and analyzed after ~1,000 changed rows (@cred/db, QUEUE_TABLE_AUTOVACUUM).
  { name: '0008_queue_tables_autovacuum', up: (db, schema) => tuneQueueTables(db, schema, ['outbox']) },
  {
    // Invitations are counted per organization and per inviter over the last hour and day
    // (docs/decisions.md, "Invitation e-mail"): indexes for those two counts.
    name: '0009_invitation_limits',
    async up(db) {
      await db.schema.alterTable('invitations', (t) => {
        t.index(['organization_id', 'created_at'], 'invitations_organization_created_idx');
        t.index(['invited_by_user_id', 'created_at'], 'invitations_inviter_created_idx');
      });
    },
  },
  {
    // Who created each API key (issue 39): a member who is removed, or loses api_keys.manage,
    // takes the keys they created (and saw the secret of) with them. Keys made before are
    // attributed from their `api_key.created` audit entry where it names a member.
    name: '0010_api_key_creator',
    async up(db) {
      await db.schema.alterTable('api_keys', (t) => {
        t.uuid('created_by_user_id').references('id').inTable('users');
        t.index(['organization_id', 'created_by_user_id']);
      });
      await db.raw(
        `UPDATE api_keys k SET created_by_user_id = u.id
           FROM audit_log a JOIN users u ON a.actor = 'user:' || u.id::text
          WHERE a.action = 'api_key.created' AND a.target_type = 'api_key' AND a.target_id = k.id::text
            AND a.organization_id = k.organization_id`,
      );
    },
  },
  // The audit log's hash chain (@cred/db/audit chain.ts): existing entries chained in the order they were written.
  { name: '0011_audit_log_chain', up: (db, schema) => auditChainMigration.up(db, schema) },
];
