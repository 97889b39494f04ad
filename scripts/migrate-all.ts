import { createDb, ensureDatabase, migrateSchema } from '@cred/db';
import { loadMigrations, MIGRATED_SERVICES } from './platform.js';

/**
 * Creates the database if needed and applies every service's migrations to its own schema
 * (schema name = service name unless overridden), each recorded in that schema's own table.
 */
export async function migrateAll(databaseUrl: string, log: (line: string) => void = () => undefined, schemas: Partial<Record<string, string>> = {}): Promise<void> {
  await ensureDatabase(databaseUrl);
  for (const service of MIGRATED_SERVICES) {
    const schema = schemas[service] ?? service;
    const db = createDb({ url: databaseUrl, schema, poolMax: 2 });
    try {
      const applied = await migrateSchema(db, schema, await loadMigrations(service));
      log(`${service}: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`);
    } finally {
      await db.destroy();
    }
  }
}
