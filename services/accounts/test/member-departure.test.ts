// Issue 39 (finding 8): a member who is removed, leaves, or is demoted so that they lose a right
// takes with them what they created under it: the API keys they created (they saw each secret)
// are revoked, and their pending invitations to roles they could no longer invite to are
// withdrawn; each with an audit entry naming the acting member and the reason. Against real
// PostgreSQL, over gRPC.
import t from 'tap';
import { createHash } from 'node:crypto';
import { confirmAddress, invitingOrganization, outboxEvents, PASSWORD, rejects, startAccounts, tokenFromUrl } from './fixtures/helpers.js';

t.test('removal and demotion withdraw what the member created under the lost right', async (t) => {
  const h = await startAccounts(t);
  const c = h.client;
  // Inviting needs a confirmed address and an approved organization (finding 1).
  const { orgId, ownerId } = await invitingOrganization(h, { email: 'owner@depart.example', name: 'Olga Owner', organization: { name: 'Depart', slug: 'depart' } });

  async function tokenFor(email: string): Promise<string> {
    const events = (await outboxEvents(h.db, 'accounts.invitation.created')).filter((e) => e.data.email === email);
    return tokenFromUrl(events.at(-1)!.data.acceptUrl);
  }
  async function join(email: string, role: string): Promise<string> {
    await c.CreateInvitation({ organization_id: orgId, actor_user_id: ownerId, email, role });
    const user = await c.SignUp({ email, password: PASSWORD, name: email.split('@')[0]! });
    await c.AcceptInvitation({ token: await tokenFor(email), user_id: user.user!.id! });
    await confirmAddress(h, user.user!.id!);
    return user.user!.id!;
  }
  const key = async (by: string, name: string) => {
    const r = await c.CreateApiKey({ organization_id: orgId, actor_user_id: by, name, rate_limit_per_minute: 0 });
    return { id: r.api_key!.id!, hash: createHash('sha256').update(r.secret!).digest('hex') };
  };
  const revoked = async (k: { hash: string }) => (await c.ResolveApiKey({ key_hash: k.hash })).api_key!.revoked_at !== '';
  const pendingIds = async () => (await c.ListInvitations({ organization_id: orgId, actor_user_id: ownerId })).invitations!.map((i) => i.id);
  const invite = (by: string, email: string, role: string) => c.CreateInvitation({ organization_id: orgId, actor_user_id: by, email, role });

  const adam = await join('adam@depart.example', 'admin');
  const bea = await join('bea@depart.example', 'admin');
  const otto = await join('otto@depart.example', 'owner');

  const ownersKey = await key(ownerId, 'owner ci');
  const adamKeys = [await key(adam, 'adam ci'), await key(adam, 'adam nightly')];
  const beaKey = await key(bea, 'bea ci');
  const ottoKey = await key(otto, 'otto ci');
  const adamInvites = [await invite(adam, 'x@depart.example', 'issuer'), await invite(adam, 'y@depart.example', 'viewer')];
  const beaInvite = await invite(bea, 'z@depart.example', 'admin');
  const ottoOwnerInvite = await invite(otto, 'w@depart.example', 'owner');
  const ottoIssuerInvite = await invite(otto, 'v@depart.example', 'issuer');

  t.test('demoted admin -> issuer: their keys are revoked and their invitations withdrawn', async (t) => {
    await c.ChangeMemberRole({ organization_id: orgId, actor_user_id: ownerId, user_id: bea, role: 'issuer' }, { requestId: 'req-demote' });
    t.ok(await revoked(beaKey), "the demoted admin's key is revoked");
    t.notOk(await revoked(ownersKey), "the owner's key is not");
    t.notOk((await pendingIds()).includes(beaInvite.id), 'their invitation is withdrawn');
    const entries = (await c.ListAuditEntries({ organization_id: orgId, target_id: beaKey.id, limit: 10 })).entries!;
    t.match(entries[0], { action: 'api_key.revoked', actor: `user:${ownerId}`, request_id: 'req-demote' });
    t.match(JSON.parse(entries[0]!.details_json!), { reason: 'member_role_changed', createdBy: bea, name: 'bea ci' });
    const inv = (await c.ListAuditEntries({ organization_id: orgId, target_id: beaInvite.id, limit: 10 })).entries!;
    t.match(inv[0], { action: 'invitation.revoked', actor: `user:${ownerId}` });
    const z = await c.SignUp({ email: 'z@depart.example', password: PASSWORD, name: 'Zed' });
    const refused = await rejects(c.AcceptInvitation({ token: await tokenFor('z@depart.example'), user_id: z.user!.id! }), 'CONFLICT');
    t.equal(refused.details.invitationStatus, 'revoked', 'the withdrawn link no longer works');
    t.equal((await outboxEvents(h.db, 'accounts.api_key.revoked')).filter((e) => e.data.id === beaKey.id).length, 1, 'accounts.api_key.revoked for the key');
  });

  t.test('demoted owner -> admin: keys stay (admins manage keys), only the invitation to owner is withdrawn', async (t) => {
    await c.ChangeMemberRole({ organization_id: orgId, actor_user_id: ownerId, user_id: otto, role: 'admin' });
    t.notOk(await revoked(ottoKey), 'an admin still holds api_keys.manage');
    const pending = await pendingIds();
    t.notOk(pending.includes(ottoOwnerInvite.id), 'an admin cannot invite owners: withdrawn');
    t.ok(pending.includes(ottoIssuerInvite.id), 'an admin may invite issuers: kept');
  });

  t.test("removed admin: all their keys revoked and all their invitations withdrawn; others' untouched", async (t) => {
    await c.RemoveMember({ organization_id: orgId, actor_user_id: ownerId, user_id: adam }, { requestId: 'req-remove' });
    for (const k of adamKeys) t.ok(await revoked(k), 'revoked');
    t.notOk(await revoked(ownersKey), "the owner's key still works");
    t.notOk(await revoked(ottoKey), "another admin's key still works");
    const pending = await pendingIds();
    for (const i of adamInvites) t.notOk(pending.includes(i.id), `${i.email}: withdrawn`);
    t.ok(pending.includes(ottoIssuerInvite.id), "another member's invitation stays");
    for (const target of [...adamKeys.map((k) => k.id), ...adamInvites.map((i) => i.id!)]) {
      const [entry] = (await c.ListAuditEntries({ organization_id: orgId, target_id: target, limit: 10 })).entries!;
      t.match(entry, { actor: `user:${ownerId}`, request_id: 'req-remove' });
      t.match(JSON.parse(entry!.details_json!), { reason: 'member_removed' });
    }
  });

  t.test('a member who leaves takes their keys with them', async (t) => {
    const leaving = await key(otto, 'otto second');
    await c.RemoveMember({ organization_id: orgId, actor_user_id: otto, user_id: otto });
    t.ok(await revoked(leaving));
    t.ok(await revoked(ottoKey));
    t.notOk((await pendingIds()).includes(ottoIssuerInvite.id), 'their invitation is withdrawn');
    const [entry] = (await c.ListAuditEntries({ organization_id: orgId, target_id: leaving.id, limit: 10 })).entries!;
    t.match(entry, { action: 'api_key.revoked', actor: `user:${otto}` });
    t.match(JSON.parse(entry!.details_json!), { reason: 'member_left' });
  });
});
