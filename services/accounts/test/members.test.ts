// Team members, roles and invitations (issue 17) against real PostgreSQL: the role checks
// accounts makes itself, single-use and expiring invitation tokens, the e-mail match, the
// last-owner rules, and two concurrent accepts of one token.
import t from 'tap';
import type { AppError } from '@cred/runtime';
import { confirmAddress, invitingOrganization, outboxEvents, PASSWORD, rejects, startAccounts, tokenFromUrl } from './fixtures/helpers.js';

t.test('members and invitations over gRPC', async (t) => {
  const h = await startAccounts(t);
  const c = h.client;

  const { orgId, ownerId } = await invitingOrganization(h, { email: 'owner@acme.example', name: 'Olga Owner', organization: { name: 'Acme', slug: 'acme' } });

  /** The token of the newest invitation e-mail to `email` (the event is the only place it exists). */
  async function tokenFor(email: string): Promise<string> {
    const events = (await outboxEvents(h.db, 'accounts.invitation.created')).filter((e) => e.data.email === email);
    return tokenFromUrl(events.at(-1)!.data.acceptUrl);
  }

  /** Invites `email` as `role` and has them sign up, accept and confirm their address; returns their user id. */
  async function join(email: string, role: string, by = ownerId): Promise<string> {
    await c.CreateInvitation({ organization_id: orgId, actor_user_id: by, email, role });
    const user = await c.SignUp({ email, password: PASSWORD, name: email.split('@')[0]! });
    await c.AcceptInvitation({ token: await tokenFor(email), user_id: user.user!.id! });
    await confirmAddress(h, user.user!.id!);
    return user.user!.id!;
  }

  t.test('an invitation: token only in the event, single use; accepting does not confirm the address', async (t) => {
    const inv = await c.CreateInvitation(
      { organization_id: orgId, actor_user_id: ownerId, email: ' Ivy@Example.COM ', role: 'issuer' },
      { requestId: 'req-invite-1' },
    );
    t.equal(inv.email, 'ivy@example.com', 'stored lower-cased');
    const entry = (await c.ListAuditEntries({ organization_id: orgId, target_id: inv.id!, limit: 10 })).entries![0];
    t.match(entry, { action: 'invitation.created', actor: `user:${ownerId}`, request_id: 'req-invite-1' }, 'audited with the call\'s request id');
    t.equal(inv.role, 'issuer');
    t.equal(new Date(inv.expires_at!).getTime() - new Date(inv.created_at!).getTime(), 7 * 86400_000, 'expires after 7 days');
    const [event] = (await outboxEvents(h.db, 'accounts.invitation.created')).filter((e) => e.data.invitationId === inv.id);
    t.match(event!.data, { organizationName: 'Acme', invitedByName: 'Olga Owner', role: 'issuer', email: 'ivy@example.com' });
    const token = tokenFromUrl(event!.data.acceptUrl);
    t.ok(token.length >= 40, 'a 256-bit token in the link');
    t.notOk(JSON.stringify(inv).includes(token), 'not in the response');
    const row = await h.db('invitations').where({ id: inv.id }).first();
    t.notOk(JSON.stringify(row).includes(token), 'only its hash is stored');

    const summary = await c.GetInvitationByToken({ token });
    t.match(summary, { organization_id: orgId, organization_name: 'Acme', email: 'ivy@example.com', role: 'issuer' });
    await rejects(c.GetInvitationByToken({ token: 'x'.repeat(43) }), 'NOT_FOUND');

    await rejects(c.CreateInvitation({ organization_id: orgId, actor_user_id: ownerId, email: 'ivy@example.com', role: 'viewer' }), 'CONFLICT');

    const ivy = await c.SignUp({ email: 'IVY@example.com', password: PASSWORD, name: 'Ivy' });
    t.equal(ivy.user!.email_verified, false);
    const accepted = await c.AcceptInvitation({ token, user_id: ivy.user!.id! });
    t.equal(accepted.member!.role, 'issuer');
    t.equal(accepted.organization!.id, orgId);
    const me = await c.GetUser({ user_id: ivy.user!.id! });
    // Security review (issue 39), finding 3: a forwarded or leaked link must not make its holder
    // the confirmed owner of the address (which lets an account claim the credentials issued to it).
    t.equal(me.email_verified, false, 'accepting does not confirm the address');
    t.match(me.memberships, [{ organization_id: orgId, role: 'issuer' }]);
    await confirmAddress(h, ivy.user!.id!);
    t.equal((await c.GetUser({ user_id: ivy.user!.id! })).email_verified, true, 'the confirmation link sent at sign-up still works');

    const again = await rejects(c.AcceptInvitation({ token, user_id: ivy.user!.id! }), 'CONFLICT');
    t.equal(again.details.invitationStatus, 'accepted', 'single use');
    t.equal((await rejects(c.GetInvitationByToken({ token }), 'CONFLICT')).details.invitationStatus, 'accepted');
    await rejects(c.CreateInvitation({ organization_id: orgId, actor_user_id: ownerId, email: 'ivy@example.com', role: 'viewer' }), 'CONFLICT');
    t.equal((await c.ListInvitations({ organization_id: orgId, actor_user_id: ownerId })).invitations!.length, 0, 'no longer pending');
  });

  t.test('another address cannot accept; expired and revoked tokens are refused', async (t) => {
    await c.CreateInvitation({ organization_id: orgId, actor_user_id: ownerId, email: 'right@example.com', role: 'viewer' });
    const token = await tokenFor('right@example.com');
    const wrong = await c.SignUp({ email: 'wrong@example.com', password: PASSWORD, name: 'Wrong' });
    const mismatch = await rejects(c.AcceptInvitation({ token, user_id: wrong.user!.id! }), 'FORBIDDEN');
    t.equal(mismatch.details.reason, 'email_mismatch');
    t.notOk(mismatch.message.includes('right@example.com'), 'the invited address is not told to another account');
    t.equal((await c.GetUser({ user_id: wrong.user!.id! })).memberships!.length, 0);

    h.clock.advance(7 * 86400_000 + 1000);
    t.equal((await rejects(c.GetInvitationByToken({ token }), 'CONFLICT')).details.invitationStatus, 'expired');
    const right = await c.SignUp({ email: 'right@example.com', password: PASSWORD, name: 'Right' });
    t.equal((await rejects(c.AcceptInvitation({ token, user_id: right.user!.id! }), 'CONFLICT')).details.invitationStatus, 'expired');
    t.equal((await c.ListInvitations({ organization_id: orgId, actor_user_id: ownerId })).invitations!.length, 0, 'an expired one is not pending');

    // A new invitation may be sent once the old one expired; revoked, its link stops working.
    const inv = await c.CreateInvitation({ organization_id: orgId, actor_user_id: ownerId, email: 'right@example.com', role: 'viewer' });
    const second = await tokenFor('right@example.com');
    t.equal((await c.ListInvitations({ organization_id: orgId, actor_user_id: ownerId })).invitations![0]!.id, inv.id);
    await c.RevokeInvitation({ organization_id: orgId, actor_user_id: ownerId, invitation_id: inv.id });
    t.equal((await rejects(c.AcceptInvitation({ token: second, user_id: right.user!.id! }), 'CONFLICT')).details.invitationStatus, 'revoked');
    await rejects(c.RevokeInvitation({ organization_id: orgId, actor_user_id: ownerId, invitation_id: inv.id }), 'CONFLICT');
  });

  t.test('two concurrent accepts of one token: exactly one wins', async (t) => {
    await c.CreateInvitation({ organization_id: orgId, actor_user_id: ownerId, email: 'race@example.com', role: 'issuer' });
    const token = await tokenFor('race@example.com');
    const user = await c.SignUp({ email: 'race@example.com', password: PASSWORD, name: 'Race' });
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => c.AcceptInvitation({ token, user_id: user.user!.id! })));
    t.equal(results.filter((r) => r.status === 'fulfilled').length, 1, 'one accept succeeded');
    for (const r of results) if (r.status === 'rejected') t.equal((r.reason as AppError).code, 'CONFLICT');
    t.equal(Number((await h.db('memberships').where({ user_id: user.user!.id }).count('* as n'))[0]!.n), 1, 'one membership');
  });

  t.test('roles: who may invite, change and remove whom', async (t) => {
    const admin = await join('admin@example.com', 'admin');
    const issuer = await join('issuer@example.com', 'issuer');
    const viewer = await join('viewer@example.com', 'viewer');

    for (const actor of [issuer, viewer]) {
      await rejects(c.CreateInvitation({ organization_id: orgId, actor_user_id: actor, email: 'x@example.com', role: 'viewer' }), 'FORBIDDEN');
      await rejects(c.ListInvitations({ organization_id: orgId, actor_user_id: actor }), 'FORBIDDEN');
      await rejects(c.ChangeMemberRole({ organization_id: orgId, actor_user_id: actor, user_id: viewer, role: 'issuer' }), 'FORBIDDEN');
      await rejects(c.CreateApiKey({ organization_id: orgId, actor_user_id: actor, name: 'k' }), 'FORBIDDEN');
      await rejects(c.UpdateOrganization({ organization_id: orgId, actor_user_id: actor, name: 'Hijacked' }), 'FORBIDDEN');
    }
    t.ok((await c.ListMembers({ organization_id: orgId, actor_user_id: viewer })).members!.length >= 4, 'every member sees the team');
    const stranger = await c.SignUp({ email: 'stranger@example.com', password: PASSWORD, name: 'Stranger' });
    await rejects(c.ListMembers({ organization_id: orgId, actor_user_id: stranger.user!.id! }), 'NOT_FOUND');
    await rejects(c.ListMembers({ organization_id: orgId, actor_user_id: '' }), 'NOT_FOUND');

    // An admin manages members but not owners.
    await rejects(c.CreateInvitation({ organization_id: orgId, actor_user_id: admin, email: 'o2@example.com', role: 'owner' }), 'FORBIDDEN');
    await rejects(c.ChangeMemberRole({ organization_id: orgId, actor_user_id: admin, user_id: viewer, role: 'owner' }), 'FORBIDDEN');
    await rejects(c.ChangeMemberRole({ organization_id: orgId, actor_user_id: admin, user_id: ownerId, role: 'viewer' }), 'FORBIDDEN');
    await rejects(c.RemoveMember({ organization_id: orgId, actor_user_id: admin, user_id: ownerId }), 'FORBIDDEN');
    t.equal((await c.ChangeMemberRole({ organization_id: orgId, actor_user_id: admin, user_id: viewer, role: 'issuer' })).role, 'issuer');
    t.ok((await c.CreateApiKey({ organization_id: orgId, actor_user_id: admin, name: 'by admin' })).secret);
    await c.CreateInvitation({ organization_id: orgId, actor_user_id: admin, email: 'new@example.com', role: 'viewer' });
    await rejects(c.CreateInvitation({ organization_id: orgId, actor_user_id: admin, email: 'issuer@example.com', role: 'viewer' }), 'CONFLICT');
    await rejects(c.ChangeMemberRole({ organization_id: orgId, actor_user_id: admin, user_id: viewer, role: 'superuser' }), 'VALIDATION_ERROR');

    // A role change counts at once: the demoted admin can no longer invite.
    await c.ChangeMemberRole({ organization_id: orgId, actor_user_id: ownerId, user_id: admin, role: 'viewer' });
    await rejects(c.CreateInvitation({ organization_id: orgId, actor_user_id: admin, email: 'y@example.com', role: 'viewer' }), 'FORBIDDEN');

    // Removing and leaving.
    await rejects(c.RemoveMember({ organization_id: orgId, actor_user_id: issuer, user_id: viewer }), 'FORBIDDEN');
    await c.RemoveMember({ organization_id: orgId, actor_user_id: viewer, user_id: viewer });
    await rejects(c.ListMembers({ organization_id: orgId, actor_user_id: viewer }), 'NOT_FOUND');
    await c.RemoveMember({ organization_id: orgId, actor_user_id: ownerId, user_id: issuer });
    t.equal((await c.GetUser({ user_id: issuer })).memberships!.length, 0);
    await rejects(c.RemoveMember({ organization_id: orgId, actor_user_id: ownerId, user_id: issuer }), 'NOT_FOUND');

    // The audit log still names people who left: GetUserNames answers for any existing user.
    const names = await c.GetUserNames({ user_ids: [issuer, viewer, ownerId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', issuer] });
    const byId = new Map(names.users.map((u) => [u.user_id, u.name]));
    t.same([byId.size, byId.has(issuer), byId.has(viewer), byId.has(ownerId)], [3, true, true, true], 'unknown ids and non-UUIDs left out, repeats once');
    t.equal(byId.get(issuer), (await c.GetUser({ user_id: issuer })).name);
    t.same((await c.GetUserNames({ user_ids: [] })).users, []);
    const tooMany = await rejects(c.GetUserNames({ user_ids: Array.from({ length: 201 }, () => issuer) }), 'VALIDATION_ERROR');
    t.equal(tooMany.details.field, 'user_ids');
  });

  t.test('the last owner can neither leave, be removed, nor be demoted', async (t) => {
    const { orgId: soloOrg, ownerId: me } = await invitingOrganization(h, { email: 'solo@example.com', name: 'Solo', organization: { name: 'Solo', slug: 'solo' } });
    const left = await rejects(c.RemoveMember({ organization_id: soloOrg, actor_user_id: me, user_id: me }), 'CONFLICT');
    t.equal(left.details.reason, 'last_owner');
    await rejects(c.ChangeMemberRole({ organization_id: soloOrg, actor_user_id: me, user_id: me, role: 'admin' }), 'CONFLICT');

    // With a second owner, either may go, but not both at once.
    await c.CreateInvitation({ organization_id: soloOrg, actor_user_id: me, email: 'co@example.com', role: 'owner' });
    const co = await c.SignUp({ email: 'co@example.com', password: PASSWORD, name: 'Co' });
    await c.AcceptInvitation({ token: await tokenFor('co@example.com'), user_id: co.user!.id! });
    const coId = co.user!.id!;
    const both = await Promise.allSettled([
      c.RemoveMember({ organization_id: soloOrg, actor_user_id: me, user_id: me }),
      c.ChangeMemberRole({ organization_id: soloOrg, actor_user_id: coId, user_id: coId, role: 'viewer' }),
    ]);
    t.equal(both.filter((r) => r.status === 'fulfilled').length, 1, 'one of two concurrent owner exits wins');
    const owners = (await c.ListMembers({ organization_id: soloOrg, actor_user_id: coId }).catch(() => c.ListMembers({ organization_id: soloOrg, actor_user_id: me })))
      .members!.filter((m) => m.role === 'owner');
    t.equal(owners.length, 1, 'one owner is left');
    await rejects(c.RemoveMember({ organization_id: soloOrg, actor_user_id: owners[0]!.user_id!, user_id: owners[0]!.user_id! }), 'CONFLICT');
  });
});
