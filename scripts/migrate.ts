// `pnpm migrate`: applies every service's migrations to DATABASE_URL (the migration Job in k8s).
import { LOCAL_DEFAULTS } from '@cred/runtime';
import { migrateAll } from './migrate-all.js';

const url = process.env.DATABASE_URL || LOCAL_DEFAULTS.DATABASE_URL;
try {
  await migrateAll(url, (line) => process.stdout.write(`migrate ${line}\n`));
} catch (err) {
  process.stderr.write(`migrate failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
