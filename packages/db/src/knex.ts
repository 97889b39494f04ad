import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { Logger } from '@cred/runtime';

export type { Knex };

// Timestamps come back as Date objects (timestamptz); bigint counts as JS numbers where
// they fit, since our counters never approach 2^53.
pg.types.setTypeParser(20, (value: string) => {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
});

export interface DbConfig {
  url: string;
  /** The service's own schema; every unqualified table name resolves there. */
  schema: string;
  poolMax?: number;
  logger?: Logger;
  applicationName?: string;
}

const SCHEMA_RE = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertSchemaName(schema: string): string {
  if (!SCHEMA_RE.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  return schema;
}

/** A knex instance bound to one service schema (search_path), with a bounded pool. */
export function createDb(config: DbConfig): Knex {
  const schema = assertSchemaName(config.schema);
  const db = knexFactory({
    client: 'pg',
    connection: { connectionString: config.url, application_name: config.applicationName ?? schema },
    searchPath: [schema, 'public'],
    pool: {
      min: 0,
      max: config.poolMax ?? 10,
      afterCreate: (conn: pg.Client, done: (err: Error | null, conn: pg.Client) => void) => {
        // A statement that hangs must not hold a pool slot forever.
        conn.query("SET statement_timeout = '30s'; SET idle_in_transaction_session_timeout = '60s'", (err) =>
          done(err ?? null, conn),
        );
      },
    },
    acquireConnectionTimeout: 10000,
  });
  return db;
}

/** Readiness probe: the database answers a trivial query. */
export async function pingDb(db: Knex): Promise<void> {
  await db.raw('select 1');
}
