// Issuance checks a member's role itself (docs/roles.md, "Who checks"): the actor the gateway
// names is looked up in accounts on the call, and the same permission table decides. Real
// accounts, signing, PostgreSQL and RabbitMQ.
import t from 'tap';
import { createDb } from '@cred/db';
import { badgeBody, patchBody, rejection, startIssuance } from './fixtures/harness.js';

const PASSWORD = 'correct horse battery staple';

t.test('issuance re-checks the acting member against the permission table', async (t) => {
  const h = await startIssuance(t);
  const c = h.issuance;
  const org = await h.createOrg({ name: 'Roles Academy' });
  const badge = await c.CreateBadge({ organization_id: org.id, badge: badgeBody() });
  const accountsDb = createDb({ url: h.iso.databaseUrl, schema: 'accounts' });
  t.teardown(() => accountsDb.destroy());

  async function member(label: string, role: string | undefined): Promise<string> {
    const user = await h.accounts.SignUp({ email: `${label}@roles.example`, password: PASSWORD, name: label });
    if (role) await accountsDb('memberships').insert({ organization_id: org.id, user_id: user.user!.id, role, created_at: new Date() });
    return `user:${user.user!.id}`;
  }
  const viewer = await member('viewer', 'viewer');
  const issuer = await member('issuer', 'issuer');
  const admin = await member('admin', 'admin');
  const stranger = await member('stranger', undefined);
  const issue = (by: string, email: string) =>
    c.IssueCredential({ organization_id: org.id, badge_id: badge.id, recipient_name: 'Ada', recipient_email: email, issued_by: by });

  const refused = await rejection(issue(viewer, 'a@example.com'));
  t.equal(refused.code, 'FORBIDDEN', 'a viewer cannot issue');
  t.same(refused.details, { role: 'viewer', permission: 'credentials.issue' });
  t.equal((await rejection(issue(stranger, 'a@example.com'))).code, 'NOT_FOUND', 'not a member');
  t.equal((await rejection(issue('user:not-a-user-id', 'a@example.com'))).code, 'FORBIDDEN', 'a malformed user actor');

  const issued = await issue(issuer, 'b@example.com');
  t.ok(issued.id, 'an issuer issues');
  t.ok((await issue('api_key:0b7f5c3e-6d1a-4c8e-9f2b-3a4d5e6f7a8b', 'c@example.com')).id, 'an API key acts as its organization');

  t.equal((await rejection(c.RevokeCredential({ organization_id: org.id, credential_ref: issued.id, reason: 'x', revoked_by: viewer }))).code, 'FORBIDDEN');
  const csv = Buffer.from('name,email\nGrace,grace@example.com\n', 'utf8');
  t.equal((await rejection(c.CreateBulkIssuance({ organization_id: org.id, badge_id: badge.id, csv, requested_by: viewer }))).code, 'FORBIDDEN');

  for (const by of [viewer, issuer]) {
    const r = await rejection(c.RotateSigningKey({ organization_id: org.id, organization_slug: org.slug, requested_by: by }));
    t.equal(r.code, 'FORBIDDEN', `${by === viewer ? 'a viewer' : 'an issuer'} cannot rotate keys`);
    t.equal(r.details.permission, 'signing_keys.manage');
  }
  const rotated = await c.RotateSigningKey({ organization_id: org.id, organization_slug: org.slug, requested_by: admin });
  t.equal(rotated.rotated, true, 'an admin rotates');

  // Badge RPCs name their actor in the call's metadata (x-actor), as the gateway sends it.
  const asViewer = { actor: viewer };
  const badgeRefusal = await rejection(c.CreateBadge({ organization_id: org.id, badge: badgeBody() }, asViewer));
  t.equal(badgeRefusal.code, 'FORBIDDEN', 'a viewer cannot create a badge');
  t.same(badgeRefusal.details, { role: 'viewer', permission: 'badges.manage' });
  const patch = patchBody({ name: 'Renamed by a viewer' });
  t.equal((await rejection(c.UpdateBadge({ organization_id: org.id, badge_id: badge.id, badge: patch }, asViewer))).code, 'FORBIDDEN', 'nor change one');
  t.equal((await rejection(c.DeleteBadge({ organization_id: org.id, badge_id: badge.id }, asViewer))).code, 'FORBIDDEN', 'nor delete one');
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b90000000049454e44ae426082', 'hex');
  t.equal(
    (await rejection(c.SetBadgeImage({ organization_id: org.id, badge_id: badge.id, data: png, declared_content_type: 'image/png' }, asViewer))).code,
    'FORBIDDEN',
    'nor set its image',
  );
  t.equal((await c.GetBadge({ organization_id: org.id, badge_id: badge.id })).name, badge.name, 'the badge is unchanged');
  const byIssuer = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'By an issuer' }) }, { actor: issuer });
  t.ok(byIssuer.id, 'an issuer creates a badge');
  t.equal(
    (await rejection(c.CreateBadge({ organization_id: org.id, badge: badgeBody() }, { actor: stranger }))).code,
    'NOT_FOUND',
    'a user outside the organization is not told it exists',
  );

  // A role change counts on the next call: no copy of the role is kept.
  await accountsDb('memberships').where({ organization_id: org.id, user_id: issuer.slice(5) }).update({ role: 'viewer' });
  t.equal((await rejection(issue(issuer, 'd@example.com'))).code, 'FORBIDDEN', 'demoted: refused at once');
});
