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
