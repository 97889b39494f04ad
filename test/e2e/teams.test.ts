// Team members end to end (issue 17): an owner invites a colleague as issuer; the invitation
// e-mail (caught by the harness's SMTP catcher) carries the link to the web page, under a fixed
// subject (issue 39); the colleague signs up with the invited address and accepts, which does not
// confirm the address (issue 39): they confirm it from the sign-up's confirmation e-mail, then
// can issue a credential, and get 403 on signing keys, API keys and members. Then the owner
// demotes them to viewer: refused at once.
import t from 'tap';
import { setupStep, startTestPlatform } from './harness.js';

const tp = await setupStep('platform', () => startTestPlatform('teams'));
t.teardown(() => tp.stop());

const { owner, orgId, badgeId } = await setupStep(
  'organization, keys and badge',
  async () => {
    const { orgId, token: owner } = await tp.signUpOrganization('team-academy');
    const step = async (what: string, status: number, call: Promise<{ status: number; text: string; body: any }>) => {
      const r = await call;
      if (r.status !== status) throw new Error(`${what}: ${r.status} ${r.text}`);
      return r;
    };
    await step('approve', 200, tp.api('POST', `/api/admin/organizations/${orgId}/approve`, undefined, tp.adminToken));
    await step('signing keys', 201, tp.api('POST', `/api/organizations/${orgId}/signing-keys`, undefined, owner));
    const badge = { name: 'Team Work', description: 'A badge.', criteria: 'Work together.' };
    const badgeId = String((await step('badge', 201, tp.api('POST', `/api/organizations/${orgId}/badges`, badge, owner))).body.id);
    return { owner, orgId, badgeId };
  },
  tp.logFile,
);

t.test('an invited issuer joins from the e-mail link, issues, and is refused what issuers may not do', async (t) => {
  const colleague = 'colleague@team.example';
  const invited = await tp.api('POST', `/api/organizations/${orgId}/invitations`, { email: colleague, role: 'issuer' }, owner);
  t.equal(invited.status, 201, invited.text);

  const [link, token] = await tp.mailMatch(colleague, new RegExp(`${tp.env.BASE_URL}/invitations/accept\\?token=([A-Za-z0-9_-]+)`));
  t.ok(link, 'the invitation e-mail carries the link to the web page');
  const page = await fetch(link!);
  t.equal(page.status, 200, 'the link opens the web application');
  t.match(page.headers.get('content-type') ?? '', /text\/html/);
  const mail = [...tp.mail.messages()].find((m) => m.envelope.to.includes(colleague))!;
  t.equal(mail.subject, 'You have been invited to join an organization on our credentials platform', 'a fixed subject');
  t.notMatch(mail.subject, /team-academy|Owner of/, 'nothing the inviter typed in the subject');
  t.match(mail.text, /Organization's name, as given by the inviter: "Org team-academy"/);
  t.match(mail.text, /Inviter's name, as given by the inviter: "Owner of team-academy"/);
  t.match(mail.text, /as an issuer/);

  const summary = await tp.api('GET', `/api/invitations/${token}`);
  t.equal(summary.status, 200);
  t.match(summary.body, { organization: { id: orgId, name: 'Org team-academy' }, email: colleague, role: 'issuer' });

  // What the page does for a signed-out invitee: create the account with the invited address, then accept.
  const signup = await tp.api('POST', '/api/auth/signup', { email: colleague, password: 'correct horse battery staple', name: 'Colleague' });
  t.equal(signup.status, 201, 'the colleague signs up with the invited address');
  const session = String(signup.body.token);
  const accepted = await tp.api('POST', '/api/invitations/accept', { token }, session);
  t.equal(accepted.status, 200, accepted.text);
  t.equal(accepted.body.member.role, 'issuer');
  const me = await tp.api('GET', '/api/auth/me', undefined, session);
  t.equal(me.body.user.emailVerified, false, 'accepting does not confirm the address');
  const unconfirmed = await tp.api('POST', `/api/organizations/${orgId}/credentials`, { badgeId, recipient: { name: 'Ada', email: 'ada@team.example' } }, session);
  t.same([unconfirmed.status, unconfirmed.body.details?.reason], [403, 'email_not_verified'], 'so it cannot issue yet');
  await tp.confirmAddress(colleague);
  t.equal((await tp.api('GET', '/api/auth/me', undefined, session)).body.user.emailVerified, true, 'the confirmation e-mail confirms it');
  const reused = await tp.api('POST', '/api/invitations/accept', { token }, session);
  t.same([reused.status, reused.body.error, reused.body.details.invitationStatus], [409, 'CONFLICT', 'accepted'], 'single use');

  const issued = await tp.api('POST', `/api/organizations/${orgId}/credentials`, { badgeId, recipient: { name: 'Ada', email: 'ada@team.example' } }, session);
  t.equal(issued.status, 201, `the issuer issues: ${issued.text}`);
  t.ok(issued.body.credentialId);

  const refused: Array<[string, string, unknown?]> = [
    ['POST', `/api/organizations/${orgId}/signing-keys`],
    ['POST', `/api/organizations/${orgId}/signing-keys/rotate`],
    ['GET', `/api/organizations/${orgId}/api-keys`],
    ['POST', `/api/organizations/${orgId}/api-keys`, { name: 'mine' }],
    ['POST', `/api/organizations/${orgId}/invitations`, { email: 'friend@team.example', role: 'issuer' }],
    ['GET', `/api/organizations/${orgId}/invitations`],
    ['PATCH', `/api/organizations/${orgId}/members/${String(signup.body.user.id)}`, { role: 'owner' }],
    ['PATCH', `/api/organizations/${orgId}`, { name: 'Renamed' }],
  ];
  for (const [method, path, body] of refused) {
    const r = await tp.api(method, path, body, session);
    t.same([r.status, r.body?.error], [403, 'FORBIDDEN'], `${method} ${path.replace(orgId, '{orgId}')}: 403`);
  }
  const team = await tp.api('GET', `/api/organizations/${orgId}/members`, undefined, session);
  t.same(team.body.data.map((m: { email: string; role: string }) => [m.email, m.role]), [['owner-team-academy@example.com', 'owner'], [colleague, 'issuer']]);

  // Demoted to viewer by the owner: the next issue is refused.
  const demoted = await tp.api('PATCH', `/api/organizations/${orgId}/members/${String(signup.body.user.id)}`, { role: 'viewer' }, owner);
  t.equal(demoted.status, 200, demoted.text);
  const after = await tp.api('POST', `/api/organizations/${orgId}/credentials`, { badgeId, recipient: { name: 'Bob', email: 'bob@team.example' } }, session);
  t.equal(after.status, 403, 'a viewer cannot issue, from the next request on');
  t.equal((await tp.api('GET', `/api/organizations/${orgId}/credentials`, undefined, session)).status, 200, 'but still reads');

  // The audit log (owners and admins): the invitation, the colleague joining, their issue and the
  // role change, each with who did it; the colleague, a viewer now, may not read it.
  const log = await tp.api('GET', `/api/organizations/${orgId}/audit-log?limit=100`, undefined, owner);
  t.equal(log.status, 200, log.text);
  const entries = (log.body.data as Array<{ action: string; actor: string; targetId: string; details: Record<string, unknown> }>).slice().reverse();
  const colleagueId = String(signup.body.user.id);
  const ownerActor = entries.find((e) => e.action === 'organization.created')?.actor;
  const seen = entries.filter((e) => ['invitation.created', 'invitation.accepted', 'member.added', 'credential.issued', 'member.role_changed'].includes(e.action));
  t.same(
    seen.map((e) => [e.action, e.actor]),
    [
      ['member.added', ownerActor],
      ['invitation.created', ownerActor],
      ['invitation.accepted', `user:${colleagueId}`],
      ['member.added', `user:${colleagueId}`],
      ['credential.issued', `user:${colleagueId}`],
      ['member.role_changed', ownerActor],
    ],
    'who did what, in order',
  );
  t.match(seen[1]!.details, { email: colleague, role: 'issuer' }, 'the invitation names the address and the role');
  t.match(seen[5]!.details, { from: 'issuer', to: 'viewer' });
  t.equal((await tp.api('GET', `/api/organizations/${orgId}/audit-log`, undefined, session)).status, 403, 'a viewer does not read the log');
});
