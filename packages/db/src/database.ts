import pg from 'pg';

/**
 * Runs `work` with a client of the maintenance database `postgres` on the server of `url`, and
 * the (checked) name of the database `url` names.
 */
async function onMaintenanceDatabase(url: string, work: (client: pg.Client, name: string) => Promise<void>): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`invalid database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await work(client, name);
  } finally {
    await client.end();
  }
}

/**
 * Creates the database named in `url` if it does not exist yet (fresh machines, per-run
 * test databases). Connects to the maintenance database `postgres` to do it.
 */
export async function ensureDatabase(url: string): Promise<void> {
  await onMaintenanceDatabase(url, async (client, name) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } catch (err) {
        // Another process created it between our check and the CREATE.
        if ((err as { code?: string }).code !== '42P04') throw err;
      }
    }
  });
}

export async function dropDatabase(url: string): Promise<void> {
  await onMaintenanceDatabase(url, async (client, name) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}
