// `pnpm audit:verify`: checks the hash chain of every service's audit log in DATABASE_URL
// (docs/decisions.md "Tamper-evident audit log"); names the first row that does not hold and
// exits 1 when a chain is broken.
import { createDb } from '@cred/db';
import { verifyAuditChain } from '@cred/db/audit';
import { LOCAL_DEFAULTS } from '@cred/runtime';

/** The services that keep an audit log, by schema. */
const SCHEMAS = ['accounts', 'issuance', 'notification'] as const;

const url = process.env.DATABASE_URL || LOCAL_DEFAULTS.DATABASE_URL;
let broken = false;
for (const schema of SCHEMAS) {
  const db = createDb({ url, schema });
  try {
    const r = await verifyAuditChain(db, schema);
    if (r.ok) process.stdout.write(`${schema}: ${r.rows} entries, chain intact\n`);
    else {
      broken = true;
      process.stdout.write(`${schema}: BROKEN at seq ${r.broken.seq} (entry ${r.broken.id}, ${r.broken.reason}); ${r.rows} entries before it hold\n`);
    }
  } catch (err) {
    broken = true;
    process.stderr.write(`${schema}: cannot be checked: ${err instanceof Error ? err.message : String(err)}\n`);
  } finally {
    await db.destroy();
  }
}
process.exit(broken ? 1 : 0);
