// The audit log is tamper-evident (docs/decisions.md "Tamper-evident audit log"): every entry is
// chained by hash to the one before it, writers keep the chain one line, and verifyAuditChain
// finds the first row changed or removed in SQL. Accounts' log against real PostgreSQL; the
// chain code is the one every service uses (@cred/db/audit).
import t from 'tap';
import { auditChainMigration, auditMigration, verifyAuditChain } from '@cred/db/audit';
import { startAccounts } from './fixtures/helpers.js';

const PASSWORD = 'correct horse battery staple';

t.test("accounts' audit log is one hash chain", async (t) => {
  const h = await startAccounts(t);
  const c = h.client;
  const signUp = (i: number) =>
    c.SignUp({ email: `chain-${i}@example.com`, password: PASSWORD, name: 'Chain', organization: { name: `Chain ${i}`, slug: `chain-${i}` } });
  const orgs: string[] = [];
  for (let i = 0; i < 4; i++) orgs.push((await signUp(i)).organization!.id);
  // Actions at the same time write their entries in transactions that overlap: each must chain
  // to the entry committed before it, never two to the same one.
  await Promise.all(
    orgs.flatMap((id) => [
      c.ApproveOrganization({ organization_id: id }, { actor: 'operator' }),
      c.UpdateOrganization({ organization_id: id, email_notifications_enabled: false }, { actor: 'operator' }),
    ]),
  );

  const count = Number((await h.db('audit_log').count<{ count: string }[]>('* as count'))[0]!.count);
  t.equal(count, 20, 'three entries per sign-up (organization, owner, user.signed_up), an approval and a change of each');
  const seqs = (await h.db('audit_log').orderBy('seq').pluck('seq')).map(Number);
  t.same(seqs, Array.from({ length: count }, (_, i) => i + 1), 'one line: 1, 2, 3... with no place taken twice');
  t.same(await verifyAuditChain(h.db, 'accounts'), { ok: true, rows: count });

  t.test('a row edited in SQL: verification fails at that row', async (t) => {
    const target = await h.db('audit_log').where({ seq: 7 }).first('id', 'details');
    await h.db('audit_log').where({ seq: 7 }).update({ details: JSON.stringify({ ...target.details, role: 'owner', forged: true }) });
    t.same(await verifyAuditChain(h.db, 'accounts'), { ok: false, rows: 6, broken: { seq: 7, id: target.id, reason: 'hash' } });
    // Put back exactly as it was: the chain holds again (what is checked is the content).
    await h.db('audit_log').where({ seq: 7 }).update({ details: JSON.stringify(target.details) });
    t.same(await verifyAuditChain(h.db, 'accounts'), { ok: true, rows: count });

    await h.db('audit_log').where({ seq: 12 }).update({ actor: 'system' });
    const twelve = await h.db('audit_log').where({ seq: 12 }).first('id');
    t.match(await verifyAuditChain(h.db, 'accounts'), { ok: false, rows: 11, broken: { seq: 12, id: twelve.id } }, 'another column');
  });

  t.test('a row removed in SQL: verification fails where the gap is', async (t) => {
    const before = await h.db('audit_log').where({ seq: 4 }).first('id');
    const after = await h.db('audit_log').where({ seq: 5 }).first('id');
    await h.db('audit_log').where({ id: before.id }).delete();
    t.same(await verifyAuditChain(h.db, 'accounts'), { ok: false, rows: 3, broken: { seq: 5, id: after.id, reason: 'seq' } });
    // Moved up to fill the gap, the next row's hash no longer follows.
    await h.db('audit_log').where({ seq: 5 }).update({ seq: 4 });
    t.same(await verifyAuditChain(h.db, 'accounts'), { ok: false, rows: 3, broken: { seq: 4, id: after.id, reason: 'hash' } });
  });
});

t.test('the migration chains the entries already there, in the order they were written', async (t) => {
  const h = await startAccounts(t);
  const schema = 'audit_backfill';
  await h.db.raw('create schema ??', [schema]);
  await auditMigration.up(h.db, schema);
  const org = '0f8fad5b-d9cb-469f-a165-70867728950e';
  const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
  // Written before the chain existed; two at the same instant, ordered by id.
  const rows = [
    { id: '01900000-0000-7000-8000-000000000003', occurred_at: at(2000), action: 'organization.approved' },
    { id: '01900000-0000-7000-8000-000000000001', occurred_at: at(1000), action: 'organization.created' },
    { id: '01900000-0000-7000-8000-000000000002', occurred_at: at(1000), action: 'member.added' },
  ];
  await h.db
    .withSchema(schema)
    .table('audit_log')
    .insert(
      rows.map((r) => ({
        ...r,
        organization_id: org,
        actor: 'system',
        target_type: 'organization',
        target_id: org,
        details: JSON.stringify({ b: 1, a: ['x'] }),
        request_id: null,
      })),
    );
  await h.db.transaction((trx) => auditChainMigration.up(trx, schema));
  t.same(
    (await h.db.withSchema(schema).table('audit_log').orderBy('seq').select('seq', 'id')).map((r: { seq: string; id: string }) => [Number(r.seq), r.id]),
    [
      [1, rows[1]!.id],
      [2, rows[2]!.id],
      [3, rows[0]!.id],
    ],
  );
  t.same(await verifyAuditChain(h.db, schema), { ok: true, rows: 3 });
  await h.db.withSchema(schema).table('audit_log').where({ seq: 2 }).update({ occurred_at: at(1500) });
  t.match(await verifyAuditChain(h.db, schema), { ok: false, broken: { seq: 2, id: rows[2]!.id } });
});
