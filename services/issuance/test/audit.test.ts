import { createDb } from '@cred/db';
import { randomUUID } from 'node:crypto';
import t from 'tap';
import { auditRows, refuseAuditWrites, waitFor, type AuditRow } from '@cred/testing';
import { badgeBody, patchBody, rejection, startIssuance } from './fixtures/harness.js';

t.test("issuance's audit log against real PostgreSQL and RabbitMQ", async (t) => {
  const h = await startIssuance(t);
  const c = h.issuance;
  const org = await h.createOrg();
  // A real admin of the organization (issues and manages keys): issuance asks accounts for the acting member's role.
  const issuerUser = await h.accounts.SignUp({ email: 'admin@audit.example', password: 'correct horse battery staple', name: 'Admin' });
  const accountsDb = createDb({ url: h.iso.databaseUrl, schema: 'accounts' });
  t.teardown(() => accountsDb.destroy());
  await accountsDb('memberships').insert({ organization_id: org.id, user_id: issuerUser.user!.id, role: 'admin', created_at: new Date() });
  const member = `user:${issuerUser.user!.id}`;
  const apiKey = `api_key:${randomUUID()}`;
  const rows = (where: Partial<AuditRow> = {}) => auditRows(h.db, { organization_id: org.id, ...where });
  const tick = () => h.clock.advance(5); // entries of consecutive calls never share a millisecond

  t.test('generating the keys is recorded with the key id and nothing private', async (t) => {
    const [e] = await rows({ action: 'signing_key.generated' });
    t.equal(e?.target_type, 'signing_key');
    t.equal(e?.target_id, org.keyId);
    t.same(e?.details, { publicKeyMultibase: org.publicKeyMultibase });
    t.equal(e?.actor, 'system', "the harness's requested_by ('test') names no actor: the platform");
  });

  let badgeId = '';
  t.test('badges: created, updated, image changed, deactivated or deleted, by the caller in x-actor', async (t) => {
    tick();
    const b = await c.CreateBadge(
      { organization_id: org.id, badge: badgeBody({ expiresInDays: 30 }) },
      { actor: member, requestId: 'req-badge-1' },
    );
    badgeId = b.id;
    tick();
    await c.UpdateBadge(
      { organization_id: org.id, badge_id: b.id, badge: patchBody({ description: 'New text', tags: ['x'] }) },
      { actor: member },
    );
    tick();
    const png = Buffer.concat([
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      Buffer.from('000000010000000108060000001f15c489', 'hex'),
      Buffer.alloc(16),
    ]);
    await c.SetBadgeImage({ organization_id: org.id, badge_id: b.id, data: png, declared_content_type: 'image/png' }, { actor: apiKey });
    tick();
    const gone = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Short lived' }) }, { actor: member });
    tick();
    await c.DeleteBadge({ organization_id: org.id, badge_id: gone.id }, { actor: member });
    const r = (await rows()).filter((e) => e.target_type === 'badge');
    t.same(
      r.map((e) => [e.action, e.actor, e.target_id]),
      [
        ['badge.created', member, b.id],
        ['badge.updated', member, b.id],
        ['badge.image_changed', apiKey, b.id],
        ['badge.created', member, gone.id],
        ['badge.deleted', member, gone.id],
      ],
    );
    t.equal(r[0]!.request_id, 'req-badge-1');
    t.same(r[0]!.details, { name: 'Team Player', slug: b.slug });
    t.same(r[1]!.details, { name: 'Team Player', fields: ['description', 'tags'] });
    t.same(r[2]!.details, { name: 'Team Player', contentType: 'image/png', bytes: png.length });
  });

  let firstId = '';
  t.test('issue, renew and revoke: the actor of the request, the credential as target', async (t) => {
    tick();
    const first = await c.IssueCredential({
      organization_id: org.id,
      badge_id: badgeId,
      recipient_name: 'Ada',
      recipient_email: 'ada@example.com',
      issued_by: apiKey,
    });
    firstId = first.id;
    tick();
    const renewal = await c.IssueCredential(
      { organization_id: org.id, badge_id: badgeId, recipient_name: 'Ada', recipient_email: 'ada@example.com', issued_by: member },
      { requestId: 'req-renew-1' },
    );
    tick();
    await c.RevokeCredential({
      organization_id: org.id,
      credential_ref: renewal.credential_id,
      reason: 'Issued in error',
      revoked_by: member,
    });
    const r = await rows({ target_type: 'credential' });
    t.same(
      r.map((e) => [e.action, e.actor, e.target_id]),
      [
        ['credential.issued', apiKey, first.id],
        ['credential.renewed', member, renewal.id],
        ['credential.revoked', member, renewal.id],
      ],
    );
    t.same(r[0]!.details, { credentialId: first.credential_id, badgeId, badgeName: 'Team Player' });
    t.same(r[1]!.details, {
      credentialId: renewal.credential_id,
      badgeId,
      badgeName: 'Team Player',
      supersedesCredentialId: first.id,
      priorStatus: 'revoked',
      priorRevoked: true,
    });
    t.equal(r[1]!.request_id, 'req-renew-1');
    t.same(r[2]!.details, { credentialId: renewal.credential_id, badgeId, reason: 'Issued in error' });
    const stored = JSON.stringify(await h.db('audit_log').select('*'));
    t.notOk(stored.includes('ada@example.com'), "the recipient's address is not copied into the log");
    t.notOk(/"proof"|proofValue|BEGIN|privateKey/i.test(stored), 'no signature, proof or key material');
  });

  t.test('a failed action leaves no entry', async (t) => {
    const n = (await rows()).length;
    t.equal(
      (await rejection(c.RevokeCredential({ organization_id: org.id, credential_ref: firstId, reason: 'again', revoked_by: member }))).code,
      'CONFLICT',
    );
    t.equal(
      (await rejection(c.CreateBadge({ organization_id: org.id, badge: badgeBody({ slug: 'team-player' }) }, { actor: member }))).code,
      'CONFLICT',
    );
    // Issuance's own range check (the gateway refuses 0 first, from the body's definition), so the message is built here.
    t.equal(
      (await rejection(c.UpdateBadge({ organization_id: org.id, badge_id: badgeId, badge: { ...patchBody({}), expires_in_days: { value: 0 } } }, { actor: member })))
        .code,
      'VALIDATION_ERROR',
    );
    t.equal(
      (
        await rejection(
          c.IssueCredential({
            organization_id: org.id,
            badge_id: randomUUID(),
            recipient_name: 'X',
            recipient_email: 'x@example.com',
            issued_by: member,
          }),
        )
      ).code,
      'NOT_FOUND',
    );
    t.equal((await rows()).length, n);
  });

  t.test('an issue that fails after its entry was written (the quota step, last in the transaction) leaves neither', async (t) => {
    await h.db.raw(`
      CREATE FUNCTION fail_late() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.recipient_email = 'fails-late@example.com' THEN RAISE EXCEPTION 'quota step failed (test)'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER fail_late BEFORE INSERT ON quota_recipients FOR EACH ROW EXECUTE FUNCTION fail_late();
    `);
    t.teardown(() => h.db.raw('DROP TRIGGER fail_late ON quota_recipients; DROP FUNCTION fail_late()'));
    const n = (await rows()).length;
    const err = await rejection(
      c.IssueCredential({
        organization_id: org.id,
        badge_id: badgeId,
        recipient_name: 'Late',
        recipient_email: 'fails-late@example.com',
        issued_by: member,
      }),
    );
    t.equal(err.code, 'INTERNAL_ERROR');
    t.equal((await h.db('credentials').where({ recipient_email: 'fails-late@example.com' })).length, 0, 'no credential');
    t.equal((await rows()).length, n, 'and no entry: the entry was written in the rolled-back transaction');
  });

  t.test('an entry that cannot be written undoes the action (a revocation here)', async (t) => {
    const c2 = await c.IssueCredential({
      organization_id: org.id,
      badge_id: badgeId,
      recipient_name: 'Bo',
      recipient_email: 'bo@example.com',
      issued_by: member,
    });
    t.teardown(await refuseAuditWrites(h.db, 'credential.revoked'));
    await rejection(c.RevokeCredential({ organization_id: org.id, credential_ref: c2.id, reason: 'Nope', revoked_by: member }));
    const row = await h.db('credentials').where({ id: c2.id }).first();
    t.equal(row.revoked_at, null, 'the credential is not revoked');
    t.equal(
      (await h.db('outbox').where({ type: 'credential.revoked' }).whereRaw("payload->'data'->>'credentialUuid' = ?", [c2.id])).length,
      0,
      'nor announced',
    );
  });

  t.test('signing keys: rotation and a compromise report, by the owner in requested_by', async (t) => {
    tick();
    const rotated = await c.RotateSigningKey({ organization_id: org.id, organization_slug: org.slug, requested_by: member });
    tick();
    const at = new Date(h.clock.now().getTime() - 1000).toISOString();
    await c.ReportSigningKeyCompromised({
      organization_id: org.id,
      organization_slug: org.slug,
      sequence: 1,
      compromised_at: at,
      requested_by: member,
    });
    const r = await rows({ target_type: 'signing_key' });
    t.same(
      r.map((e) => [e.action, e.actor, e.target_id]),
      [
        ['signing_key.generated', 'system', org.keyId],
        ['signing_key.rotated', member, rotated.key!.key_id],
        ['signing_key.compromised', member, org.keyId],
      ],
    );
    t.equal(r[2]!.details.rotated, false);
    t.equal(r[2]!.details.currentKeyId, rotated.key!.key_id);
  });

  t.test('bulk issuance: started by the member; its rows are issued by the platform and name the job', async (t) => {
    tick();
    const job = await c.CreateBulkIssuance({
      organization_id: org.id,
      badge_id: badgeId,
      csv: Buffer.from('name,email\nCy,cy@example.com\n'),
      requested_by: member,
    });
    const [started] = await rows({ action: 'bulk_issuance.started' });
    t.equal(started?.actor, member);
    t.equal(started?.target_id, job.id);
    t.same(started?.details, { badgeId, rows: 1, invalid: 0 });
    const issued = await waitFor(
      "the bulk row's audit entry",
      async () => {
        const r = await rows({ action: 'credential.issued' });
        return r.some((e) => e.details.bulkIssuanceId === job.id) ? r : undefined;
      },
      20000,
    );
    const row = issued.find((e) => e.details.bulkIssuanceId === job.id)!;
    t.equal(row.actor, 'system');
  });

  t.test('ListAuditEntries over gRPC: newest first, prefix filter, pages', async (t) => {
    const all = await c.ListAuditEntries({ organization_id: org.id, limit: 100 });
    const stored = await rows();
    t.equal(all.entries!.length, stored.length);
    t.same(
      all.entries!.map((e) => e.id),
      [...stored].reverse().map((e) => e.id),
      'newest first, ties broken by id the same way',
    );
    const creds = await c.ListAuditEntries({ organization_id: org.id, action: 'credential.', limit: 100 });
    t.ok(creds.entries!.length >= 4 && creds.entries!.every((e) => e.action.startsWith('credential.')));
    const page1 = await c.ListAuditEntries({ organization_id: org.id, limit: 3 });
    t.equal(page1.has_more, true);
    const last = page1.entries![2]!;
    const page2 = await c.ListAuditEntries({ organization_id: org.id, limit: 3, after_occurred_at: last.occurred_at, after_id: last.id });
    t.same(
      [...page1.entries!, ...page2.entries!].map((e) => e.id),
      all.entries!.slice(0, 6).map((e) => e.id),
    );
    const bad = await rejection(c.ListAuditEntries({ organization_id: org.id, limit: 0 }));
    t.equal(bad.code, 'VALIDATION_ERROR');
    t.equal(bad.details.field, 'limit');
  });
});

