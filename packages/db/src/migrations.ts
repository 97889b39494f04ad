import type { Knex } from 'knex';
import { assertSchemaName } from './knex.js';

/** A forward-only migration, written in TypeScript next to the service that owns it. */
export interface Migration {
  name: string;
  up(db: Knex, schema: string): Promise<void>;
}

class ListSource implements Knex.MigrationSource<Migration> {
  constructor(
    private readonly migrations: Migration[],
    private readonly schema: string,
  ) {}
  async getMigrations(): Promise<Migration[]> {
    return this.migrations;
  }
  getMigrationName(m: Migration): string {
    return m.name;
  }
  async getMigration(m: Migration): Promise<Knex.Migration> {
    const schema = this.schema;
    return {
      up: (db: Knex) => m.up(db, schema),
      down: async () => {
        throw new Error('migrations move forward only');
      },
    };
  }
}

/**
 * Creates the service's schema and applies its migrations, recording them in the
 * service's own migration table inside that schema (so services never share one).
 * Concurrent runners are serialised by knex's migration lock.
 */
export async function migrateSchema(db: Knex, schema: string, migrations: Migration[]): Promise<string[]> {
  assertSchemaName(schema);
  const names = migrations.map((m) => m.name);
  if (new Set(names).size !== names.length) throw new Error(`duplicate migration names in ${schema}`);
  await db.raw('CREATE SCHEMA IF NOT EXISTS ??', [schema]);
  const [, applied] = (await db.migrate.latest({
    migrationSource: new ListSource(migrations, schema),
    schemaName: schema,
    tableName: 'knex_migrations',
  })) as [number, string[]];
  return applied;
}

/**
 * Autovacuum settings of a queue-like table: rows are written, worked off and marked done (an
 * outbox, the e-mails and webhook deliveries to send, bulk rows), and the workers read only the
 * rows still to do through a partial index. Each row marked done leaves a dead entry in that
 * index until a vacuum, and every lease or relay scan reads through them; PostgreSQL's default
 * (a vacuum once a fifth of the table is dead) lets them pile up to a fifth of the table's whole
 * history. These settings vacuum and analyze such a table after about 1,000 changed rows plus 1%
 * of it, so the scans stay short and their plans follow the table (docs/decisions.md, "Queue
 * tables and autovacuum").
 */
export const QUEUE_TABLE_AUTOVACUUM = {
  autovacuum_vacuum_threshold: 1000,
  autovacuum_vacuum_scale_factor: 0.01,
  autovacuum_analyze_threshold: 1000,
  autovacuum_analyze_scale_factor: 0.01,
} as const;

/** Applies QUEUE_TABLE_AUTOVACUUM to tables of the schema. */
export async function tuneQueueTables(db: Knex, schema: string, tables: readonly string[]): Promise<void> {
  const settings = Object.entries(QUEUE_TABLE_AUTOVACUUM)
    .map(([name, value]) => `${name} = ${value}`)
    .join(', ');
  for (const table of tables) await db.raw(`ALTER TABLE ??.?? SET (${settings})`, [schema, table]);
}
