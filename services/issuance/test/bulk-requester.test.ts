// Issue 39 (finding 8): a bulk job started by a member stops when the member is removed from the
// organization: rows already issued stay, the remaining rows are recorded as failed with the
// reason, the job completes, and the audit log says it stopped. Real accounts (the removal), PostgreSQL, signing and issuance.
import t from 'tap';
import { randomBytes } from 'node:crypto';
import { confirmationToken, waitFor } from '@cred/testing';
import { BulkWorker } from '../src/app/bulk-issuance.js';
import { issueCredential } from '../src/app/issue-credential.js';
import { badgeBody, PASSWORD, startIssuance } from './fixtures/harness.js';

const h = await startIssuance(t);
const c = h.issuance;

t.test("a removed member's running bulk job stops; another member's job goes on", async (t) => {
  const slug = `leavers-${randomBytes(3).toString('hex')}`;
  const owner = await h.accounts.SignUp({ email: `owner-${slug}@example.com`, password: PASSWORD, name: 'Owner', organization: { name: 'Leavers', slug } });
  const orgId = owner.organization!.id;
  const ownerId = owner.user!.id;
  await h.accounts.ApproveOrganization({ organization_id: orgId });
  // Inviting needs the inviter's confirmed address (issue 39, finding 1).
  await h.accounts.VerifyEmail({ token: await confirmationToken(h.iso.databaseUrl, ownerId!) });
  await c.GenerateSigningKeys({ organization_id: orgId, organization_slug: slug, requested_by: 'test' });
  // An issuer joins by invitation (the token is only in accounts' event).
  const email = `issuer-${slug}@example.com`;
  await h.accounts.CreateInvitation({ organization_id: orgId, actor_user_id: ownerId, email, role: 'issuer' });
  const event = await h.db.raw<{ rows: Array<{ payload: { data: { acceptUrl: string } } }> }>(
    "select payload from accounts.outbox where type = 'accounts.invitation.created' and payload->'data'->>'email' = ?",
    [email],
  );
  const token = new URL(event.rows[0]!.payload.data.acceptUrl).searchParams.get('token')!;
  const issuer = await h.accounts.SignUp({ email, password: PASSWORD, name: 'Ivy Issuer' });
  const issuerId = issuer.user!.id;
  await h.accounts.AcceptInvitation({ token, user_id: issuerId });
  const badge = await c.CreateBadge({ organization_id: orgId, badge: badgeBody({ name: 'Team' }) });

  // The service's own worker steps aside; this one issues one row at a time and holds row 3 of
  // the issuer's job until the issuer has been removed.
  const own = h.service.bulkWorker()!;
  await own.stop();
  let reached!: () => void;
  let open!: () => void;
  const atRow3 = new Promise<void>((r) => (reached = r));
  const opened = new Promise<void>((r) => (open = r));
  const csv = (tag: string) => Buffer.from(['name,email', ...Array.from({ length: 8 }, (_, i) => `Row ${i + 1},${tag}${i + 1}@leavers.example`)].join('\r\n') + '\r\n');
  const job = await c.CreateBulkIssuance({ organization_id: orgId, badge_id: badge.id, csv: csv('ivy'), requested_by: `user:${issuerId}` });
  const worker = new BulkWorker(own.ctx, {
    concurrency: 1,
    pollIntervalMs: 20,
    leaseMs: 60_000,
    leaseBatch: 1,
    requesterCheckMs: 0,
    issue: async (...args) => {
      if (args[2].issuedBy === `bulk:${job.id}:3`) {
        reached();
        await opened;
      }
      return issueCredential(...args);
    },
  });
  worker.start();
  t.teardown(() => worker.stop());

  await atRow3;
  await h.accounts.RemoveMember({ organization_id: orgId, actor_user_id: ownerId, user_id: issuerId });
  open();
  const done = await waitFor(
    'the job completed',
    async () => {
      const j = await c.GetBulkIssuance({ organization_id: orgId, bulk_issuance_id: job.id, rows_limit: 100, rows_offset: 0 });
      return j.status === 'completed' ? j : undefined;
    },
    60_000,
    50,
  );
  t.same([done.issued, done.failed], [3, 5], 'rows 1-3 issued (row 3 was past the check), rows 4-8 not');
  for (const r of done.rows.filter((x) => x.row > 3)) {
    t.equal(r.result, 'failed');
    t.match(r.reason, /member who started this job was removed/);
  }

  const stopped = await h.db('audit_log').where({ action: 'bulk_issuance.stopped', target_id: job.id }).select('actor', 'details');
  t.equal(stopped.length, 1, 'one audit entry for the stopped job');
  t.match(stopped[0], { actor: 'system', details: { reason: 'requester_may_no_longer_issue', requestedBy: `user:${issuerId}` } });

  // The owner's job is not affected.
  const owners = await c.CreateBulkIssuance({ organization_id: orgId, badge_id: badge.id, csv: csv('olga'), requested_by: `user:${ownerId}` });
  const theirs = await waitFor(
    "the owner's job completed",
    async () => {
      const j = await c.GetBulkIssuance({ organization_id: orgId, bulk_issuance_id: owners.id, rows_limit: 100, rows_offset: 0 });
      return j.status === 'completed' ? j : undefined;
    },
    60_000,
    50,
  );
  t.equal(theirs.issued, 8, 'every row issued');
});
