import type { Knex } from '@cred/db';
import type { AuditRow } from '@cred/db/audit';

export type { AuditRow };

/** The entries matching `where`, oldest first (ties by id), as a service wrote them. */
export function auditRows(db: Knex, where: Partial<AuditRow> = {}): Promise<AuditRow[]> {
  return db<AuditRow>('audit_log')
    .where(where)
    .orderBy([{ column: 'occurred_at' }, { column: 'id' }]);
}

/**
 * Makes every insert into the service's audit log fail (only entries of `action` when given), as
 * any failure of the audit write inside an action's transaction would. Resolves to the function
 * that lets writes through again; registering it on teardown is the caller's part.
 */
export async function refuseAuditWrites(db: Knex, action?: string): Promise<() => Promise<void>> {
  const when = action === undefined ? 'TRUE' : `NEW.action = ${quoteLiteral(action)}`;
  await db.raw(`
    CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF ${when} THEN RAISE EXCEPTION 'audit write refused by the test'; END IF; RETURN NEW; END $$;
    CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit();
  `);
  let restored = false;
  return async () => {
    if (restored) return;
    restored = true;
    await db.raw('DROP TRIGGER refuse_audit ON audit_log; DROP FUNCTION refuse_audit()');
  };
}

const quoteLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`;
