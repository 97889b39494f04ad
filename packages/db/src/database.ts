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
export async function ensureDatabase(url: string, options: { template?: string } = {}): Promise<void> {
  const template = options.template;
  if (template !== undefined && !/^[A-Za-z0-9_-]+$/.test(template)) throw new Error(`invalid template name: ${template}`);
  await onMaintenanceDatabase(url, async (client, name) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount !== 0) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
        return;
      } catch (err) {
        const code = (err as { code?: string }).code;
        // Another process created it between our check and the CREATE.
        if (code === '42P04') return;
        // A copy of a template waits while a session is connected to the template (another
        // copy being made is not one, but a migration or a probe is): try again shortly.
        if (code === '55006' && attempt < 20) {
          await new Promise((r) => setTimeout(r, 100 * attempt));
          continue;
        }
        throw err;
      }
    }
  });
}

export async function dropDatabase(url: string): Promise<void> {
  await onMaintenanceDatabase(url, async (client, name) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}
