// Who may make the platform send an invitation e-mail, and how many (security review, issue 39,
// findings 1 and 8), against real PostgreSQL: an inviter whose address is unconfirmed, or an
// organization pending approval or suspended, sends nothing (403 with details.reason); every
// invitation created counts toward the per-organization and per-inviter limits, withdrawn ones
// included, so an invite-and-withdraw loop stops at the limit; the limits are sliding windows.
import t from 'tap';
import { confirmAddress, invitingOrganization, outboxEvents, PASSWORD, rejects, startAccounts, tokenFromUrl } from './fixtures/helpers.js';

const h = await startAccounts(t);
const c = h.client;
const HOUR = 3600_000;

/**
 * Invitation e-mails to addresses at `domain`: invitations stored, each written in one transaction
 * with its e-mail event (the outbox itself is pruned once published, as the test clock moves on).
 */
const sentTo = async (domain: string) => Number((await h.db('invitations').whereLike('email', `%@${domain}`).count('* as n'))[0]!.n);

t.test('an unconfirmed inviter or an organization not approved sends no invitation', async (t) => {
  const owner = await c.SignUp({ email: 'owner@fresh.example', password: PASSWORD, name: 'Buy cheap pills', organization: { name: 'Fresh', slug: 'fresh' } });
  const orgId = owner.organization!.id!;
  const ownerId = owner.user!.id!;
  const invite = (email: string) => c.CreateInvitation({ organization_id: orgId, actor_user_id: ownerId, email, role: 'viewer' });

  const unconfirmed = await rejects(invite('a@target.example'), 'FORBIDDEN');
  t.equal(unconfirmed.details.reason, 'email_not_verified', 'an unconfirmed inviter');
  await confirmAddress(h, ownerId);
  const pending = await rejects(invite('b@target.example'), 'FORBIDDEN');
  t.match(pending.details, { reason: 'organization_not_approved', status: 'pending_approval' }, 'an organization nobody approved');
  t.equal(await sentTo('target.example'), 0, 'no invitation e-mail');
  t.equal(Number((await h.db('invitations').where({ organization_id: orgId }).count('* as n'))[0]!.n), 0, 'no invitation stored');

  await c.ApproveOrganization({ organization_id: orgId });
  await invite('c@target.example');
  t.equal(await sentTo('target.example'), 1, 'confirmed and approved: the e-mail goes');

  await c.SuspendOrganization({ organization_id: orgId });
  const suspended = await rejects(invite('d@target.example'), 'FORBIDDEN');
  t.match(suspended.details, { reason: 'organization_not_approved', status: 'suspended' }, 'a suspended organization');
  await c.ReinstateOrganization({ organization_id: orgId });

  // An admin who joined by invitation has not confirmed their address by accepting it.
  await c.CreateInvitation({ organization_id: orgId, actor_user_id: ownerId, email: 'admin@fresh.example', role: 'admin' });
  const events = (await outboxEvents(h.db, 'accounts.invitation.created')).filter((e) => e.data.email === 'admin@fresh.example');
  const admin = await c.SignUp({ email: 'admin@fresh.example', password: PASSWORD, name: 'Admin' });
  await c.AcceptInvitation({ token: tokenFromUrl(events[0]!.data.acceptUrl), user_id: admin.user!.id! });
  const adminInvite = await rejects(c.CreateInvitation({ organization_id: orgId, actor_user_id: admin.user!.id!, email: 'e@target.example', role: 'viewer' }), 'FORBIDDEN');
  t.equal(adminInvite.details.reason, 'email_not_verified');
  t.equal(await sentTo('target.example'), 1, 'still the one e-mail');
});

t.test('inviting and withdrawing in a loop stops at the organization\'s limits (hour, then day)', async (t) => {
  const { orgId, ownerId } = await invitingOrganization(h, { email: 'owner@loop.example', name: 'Looper', organization: { name: 'Loop', slug: 'loop' } });
  let n = 0;
  /** Invites a fresh address and withdraws the invitation at once. */
  const inviteAndWithdraw = async () => {
    const inv = await c.CreateInvitation({ organization_id: orgId, actor_user_id: ownerId, email: `victim${n++}@loop-target.example`, role: 'viewer' });
    await c.RevokeInvitation({ organization_id: orgId, actor_user_id: ownerId, invitation_id: inv.id });
  };
  for (let i = 0; i < 20; i++) await inviteAndWithdraw();
  const hour = await rejects(inviteAndWithdraw(), 'RATE_LIMITED');
  t.match(hour.details, { scope: 'organization', limit: 20, windowSeconds: 3600 }, 'the hourly limit, withdrawn invitations counted');
  t.ok(Number(hour.details.retryAfter) >= 1 && Number(hour.details.retryAfter) <= 3600, `retryAfter ${String(hour.details.retryAfter)} s`);
  t.equal(await sentTo('loop-target.example'), 20, 'twenty e-mails, not one more');

  // Sliding windows: an hour later twenty more, until the day's hundred.
  for (let h1 = 1; h1 < 5; h1++) {
    h.clock.advance(HOUR + 1000);
    for (let i = 0; i < 20; i++) await inviteAndWithdraw();
  }
  h.clock.advance(HOUR + 1000);
  const day = await rejects(inviteAndWithdraw(), 'RATE_LIMITED');
  t.match(day.details, { scope: 'organization', limit: 100, windowSeconds: 86400 }, 'the daily limit');
  t.equal(await sentTo('loop-target.example'), 100, 'a hundred e-mails in a day, not one more');
  h.clock.advance(24 * HOUR);
  await inviteAndWithdraw();
  t.equal(await sentTo('loop-target.example'), 101, 'a day later invitations go again');
});

t.test('one inviter\'s invitations count together across their organizations', async (t) => {
  const a = await invitingOrganization(h, { email: 'both@multi.example', name: 'Both', organization: { name: 'Multi A', slug: 'multi-a' } });
  const b = await invitingOrganization(h, { email: 'other@multi.example', name: 'Other', organization: { name: 'Multi B', slug: 'multi-b' } });
  // The inviter of organization A becomes an admin of B too.
  await c.CreateInvitation({ organization_id: b.orgId, actor_user_id: b.ownerId, email: 'both@multi.example', role: 'admin' });
  const event = (await outboxEvents(h.db, 'accounts.invitation.created')).find((e) => e.data.email === 'both@multi.example');
  await c.AcceptInvitation({ token: tokenFromUrl(event!.data.acceptUrl), user_id: a.ownerId });

  for (let i = 0; i < 10; i++) {
    await c.CreateInvitation({ organization_id: a.orgId, actor_user_id: a.ownerId, email: `a${i}@multi-target.example`, role: 'viewer' });
    await c.CreateInvitation({ organization_id: b.orgId, actor_user_id: a.ownerId, email: `b${i}@multi-target.example`, role: 'viewer' });
  }
  const refused = await rejects(c.CreateInvitation({ organization_id: a.orgId, actor_user_id: a.ownerId, email: 'a-more@multi-target.example', role: 'viewer' }), 'RATE_LIMITED');
  t.match(refused.details, { scope: 'inviter', limit: 20, windowSeconds: 3600 }, 'the inviter\'s hourly limit, although each organization sent 10');
  await c.CreateInvitation({ organization_id: b.orgId, actor_user_id: b.ownerId, email: 'b-more@multi-target.example', role: 'viewer' });
  t.equal(await sentTo('multi-target.example'), 21, 'another member of B may still invite');
});
