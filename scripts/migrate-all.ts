import pg from 'pg';
import { createDb, ensureDatabase, migrateSchema } from '@cred/db';
import { loadMigrations, MIGRATED_SERVICES } from './platform.js';

/**
 * Creates the database if needed and applies every service's migrations to its own schema
 * (schema name = service name unless overridden), each recorded in that schema's own table.
 * A database that already has every migration (a copy of the test run's migrated template, a
 * second start) is recognised with one connection and a query per schema.
 */
export async function migrateAll(databaseUrl: string, log: (line: string) => void = () => undefined, schemas: Partial<Record<string, string>> = {}): Promise<void> {
  await ensureDatabase(databaseUrl);
  const schemaOf = (service: string) => schemas[service] ?? service;
  if (await everyMigrationApplied(databaseUrl, schemaOf)) {
    for (const service of MIGRATED_SERVICES) log(`${service}: up to date`);
    return;
  }
  for (const service of MIGRATED_SERVICES) {
    const schema = schemaOf(service);
    const db = createDb({ url: databaseUrl, schema, poolMax: 2 });
    try {
      const applied = await migrateSchema(db, schema, await loadMigrations(service));
      log(`${service}: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`);
    } finally {
      await db.destroy();
    }
  }
}

/** True when each service's migration table lists every migration the code has. */
async function everyMigrationApplied(databaseUrl: string, schemaOf: (service: string) => string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const service of MIGRATED_SERVICES) {
      const table = `${client.escapeIdentifier(schemaOf(service))}.knex_migrations`;
      const applied = await client.query<{ name: string }>(`SELECT name FROM ${table}`).catch(() => undefined);
      if (!applied) return false;
      const names = new Set(applied.rows.map((r) => r.name));
      if (!(await loadMigrations(service)).every((m) => names.has(m.name))) return false;
    }
    return true;
  } finally {
    await client.end();
  }
}
