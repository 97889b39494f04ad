import type { Migration } from '@cred/db';

/**
 * Bulk issuance (docs/contract.md "Authentication and access"): one row per job with its progress counters, one row
 * per CSV data row with its result. Rows are the unit of work the workers lease.
 */
export const bulkMigration: Migration = {
  name: '0005_bulk_issuances',
  async up(db) {
    await db.schema.createTable('bulk_issuances', (t) => {
      t.uuid('id').primary();
      t.uuid('organization_id').notNullable();
      // No foreign key: a badge without credentials may still be deleted while its job runs
      // (its remaining rows then fail as NOT_FOUND, like a single issue would).
      t.uuid('badge_id').notNullable();
      t.text('status').notNullable();
      t.integer('total').notNullable();
      // Counters move in the same transaction as each row's result: processed = the sum of the five.
      t.integer('processed').notNullable().defaultTo(0);
      t.integer('issued').notNullable().defaultTo(0);
      t.integer('renewed').notNullable().defaultTo(0);
      t.integer('conflicts').notNullable().defaultTo(0);
      t.integer('invalid').notNullable().defaultTo(0);
      t.integer('failed').notNullable().defaultTo(0);
      t.text('requested_by');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('started_at', { useTz: true });
      t.timestamp('completed_at', { useTz: true });
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
    await db.raw(
      "ALTER TABLE bulk_issuances ADD CONSTRAINT bulk_issuances_status_check CHECK (status IN ('queued', 'running', 'completed'))",
    );
    await db.raw(
      'ALTER TABLE bulk_issuances ADD CONSTRAINT bulk_issuances_counters_check CHECK (processed = issued + renewed + conflicts + invalid + failed AND processed <= total)',
    );
    // The organization's jobs, newest first.
    await db.raw('CREATE INDEX bulk_issuances_org_created_idx ON bulk_issuances (organization_id, created_at DESC, id DESC)');

    await db.schema.createTable('bulk_issuance_rows', (t) => {
      t.uuid('job_id').notNullable().references('id').inTable('bulk_issuances').onDelete('CASCADE');
      // 1-based data record of the CSV (the header is row 0).
      t.integer('row_no').notNullable();
      t.text('name').notNullable();
      t.text('email').notNullable();
      // The normalised e-mail of an issuable row (null for invalid ones): rows of one job with
      // the same recipient are issued one after the other, in CSV order.
      t.text('email_key');
      t.text('result').notNullable();
      t.text('reason');
      t.uuid('credential_uuid');
      t.text('credential_id');
      // Work-queue state: attempts are counted when a row is leased.
      t.integer('attempts').notNullable().defaultTo(0);
      t.timestamp('next_attempt_at', { useTz: true }).notNullable();
      t.timestamp('leased_until', { useTz: true });
      t.text('last_error');
      t.timestamp('processed_at', { useTz: true });
      t.primary(['job_id', 'row_no']);
    });
    await db.raw(
      "ALTER TABLE bulk_issuance_rows ADD CONSTRAINT bulk_issuance_rows_result_check CHECK (result IN ('pending', 'issued', 'renewed', 'conflict', 'invalid', 'failed'))",
    );
    // The work queue: pending rows in row order across jobs (so a small job is not stuck behind
    // a big one), and the "earlier row for the same recipient still pending" probe.
    await db.raw("CREATE INDEX bulk_issuance_rows_pending_idx ON bulk_issuance_rows (row_no, job_id) WHERE result = 'pending'");
    await db.raw(
      "CREATE INDEX bulk_issuance_rows_pending_email_idx ON bulk_issuance_rows (job_id, email_key, row_no) WHERE result = 'pending'",
    );
    // Results of a job filtered by result, in row order.
    await db.raw('CREATE INDEX bulk_issuance_rows_result_idx ON bulk_issuance_rows (job_id, result, row_no)');

    // A bulk row issues at most one credential, whatever crashes or lapsed leases happen: the
    // credential carries issued_by = 'bulk:<job>:<row>' and a second one cannot be stored.
    await db.raw("CREATE UNIQUE INDEX credentials_bulk_row_idx ON credentials (issued_by) WHERE issued_by LIKE 'bulk:%'");
  },
};
