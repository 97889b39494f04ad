import t from 'tap';
import { createPublicKey } from 'node:crypto';
import { jwtVerify } from 'jose';
import { sessionKeyIdOf } from '@cred/runtime';
import { eventsOf, outboxEvents, PASSWORD, rejects, SESSION_KEYS, startAccounts, tokenFromUrl } from './fixtures/helpers.js';

const sessionPublicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: SESSION_KEYS.SESSION_PUBLIC_KEYS }, format: 'jwk' });

t.test('accounts over gRPC against real PostgreSQL', async (t) => {
  const h = await startAccounts(t);
  const c = h.client;

  t.test('sign-up with an organization, session JWT, login', async (t) => {
    const r = await c.SignUp({ email: ' Ada@Example.COM ', password: PASSWORD, name: 'Ada', organization: { name: 'Acme', slug: 'acme' } });
    t.equal(r.user!.email, 'ada@example.com', 'e-mail stored lower-cased');
    t.equal(r.user!.email_verified, false);
    t.equal(r.organization!.status, 'pending_approval');
    t.equal(r.organization!.plan, 'free');
    t.equal(r.organization!.subscription_status, 'none');
    t.equal(r.organization!.signing_keys_generated, false);
    t.equal(r.user!.memberships![0]!.role, 'owner');
    const { payload, protectedHeader } = await jwtVerify(r.session!.token!, sessionPublicKey, {
      algorithms: ['EdDSA'],
      issuer: 'credentials:accounts',
      audience: 'credentials:gateway',
      typ: 'session+jwt',
    });
    t.equal(payload.sub, r.user!.id);
    t.equal(protectedHeader.alg, 'EdDSA', 'signed with the Ed25519 key: checking it needs only the public key');
    t.equal(protectedHeader.kid, sessionKeyIdOf(SESSION_KEYS.SESSION_PUBLIC_KEYS), 'names its key, so keys can rotate');
    t.type(payload.csrf, 'string', 'carries its CSRF token');
    t.equal((payload.exp! - payload.iat!), 3600, 'session lives one hour');
    t.notOk('email' in payload || 'email_verified' in payload, 'no account state frozen in the token (GetSession has it)');
    const row0 = await h.db('sessions').where({ id: payload.jti }).first();
    t.equal(row0?.user_id, r.user!.id, 'the session is a row whose id is the jti');
    t.equal(new Date(row0.expires_at).toISOString(), r.session!.expires_at);

    const row = await h.db('users').where({ id: r.user!.id }).first();
    t.match(row.password_hash, /^scrypt\$17\$8\$1\$/, 'scrypt at OWASP parameters');
    t.notOk(JSON.stringify(row).includes(PASSWORD), 'no plaintext password stored');

    const login = await c.Login({ email: 'ADA@example.com', password: PASSWORD });
    t.equal(login.user!.id, r.user!.id);
    t.ok(login.session!.token);

    const wrong = await rejects(c.Login({ email: 'ada@example.com', password: 'wrong password here' }), 'UNAUTHORIZED');
    const unknown = await rejects(c.Login({ email: 'nobody@example.com', password: 'wrong password here' }), 'UNAUTHORIZED');
    t.equal(wrong.message, unknown.message, 'same answer for unknown user and wrong password');
    t.notOk(wrong.message.includes('wrong password here'));

    // Re-authentication (issue 39): the current password, checked without starting a session.
    const sessionsBefore = (await h.db('sessions').where({ user_id: r.user!.id })).length;
    t.same(await c.ConfirmPassword({ user_id: r.user!.id, password: PASSWORD }), {});
    const notIt = await rejects(c.ConfirmPassword({ user_id: r.user!.id, password: 'wrong password here' }), 'UNAUTHORIZED');
    t.notOk(notIt.message.includes('wrong password here'));
    await rejects(c.ConfirmPassword({ user_id: '00000000-0000-4000-8000-000000000000', password: PASSWORD }), 'UNAUTHORIZED');
    await rejects(c.ConfirmPassword({ user_id: 'not-a-uuid', password: '' }), 'UNAUTHORIZED');
    t.equal((await h.db('sessions').where({ user_id: r.user!.id })).length, sessionsBefore, 'no session started');

    // Issue 39: a taken address is no longer CONFLICT (that told whether the address has an
    // account); it gets the answer of a new one, for no account (sign-up-silence.test.ts).
    const taken = await c.SignUp({ email: 'ada@example.com', password: PASSWORD, name: 'Ada 2' });
    t.not(taken.user!.id, r.user!.id, 'a taken address: an answer like a new one, not the existing account');
    t.equal((await h.db('users').where({ email: 'ada@example.com' })).length, 1, 'and no second account');
    const slug = await rejects(c.SignUp({ email: 'bob@example.com', password: PASSWORD, name: 'Bob', organization: { name: 'Other', slug: 'acme' } }), 'CONFLICT');
    t.equal(slug.details.field, 'organization.slug');
    t.notOk(await h.db('users').where({ email: 'bob@example.com' }).first(), 'no half-created user');
    const weak = await rejects(c.SignUp({ email: 'carol@example.com', password: 'short', name: 'Carol' }), 'VALIDATION_ERROR');
    t.equal(weak.details.field, 'password');
    const bad = await rejects(c.SignUp({ email: 'not-an-email', password: PASSWORD, name: 'X' }), 'VALIDATION_ERROR');
    t.equal(bad.details.field, 'email');

    const events = await outboxEvents(h.db, 'accounts.organization.created');
    t.equal(events.length, 1);
  });

  t.test('recipient sign-up, e-mail verification and password reset tokens', async (t) => {
    const r = await c.SignUp({ email: 'rita@example.com', password: PASSWORD, name: 'Rita' });
    t.notOk(r.organization, 'no organization for a recipient');
    t.same(r.user!.memberships, []);
    const [event] = (await outboxEvents(h.db, 'accounts.user.email_verification_requested')).filter((e) => e.data.userId === r.user!.id);
    const token = tokenFromUrl(event!.data.verificationUrl);
    t.ok(token.length >= 40);
    const stored = await h.db('user_tokens').where({ user_id: r.user!.id });
    t.equal(stored.length, 1);
    t.not(stored[0].token_hash, token, 'only the hash is stored');
    t.notOk(JSON.stringify(stored).includes(token));

    await c.ResendVerification({ email: 'rita@example.com' });
    await c.ResendVerification({ email: 'nobody@example.com' });
    const all = await eventsOf(h.db, 'accounts.user.email_verification_requested', (d) => d.userId === r.user!.id, 2);
    t.equal(all.length, 2, 'resend issues a new token');
    await rejects(c.VerifyEmail({ token }), 'VALIDATION_ERROR');
    const fresh = tokenFromUrl(all[1]!.data.verificationUrl);
    const verified = await c.VerifyEmail({ token: fresh });
    t.equal(verified.email_verified, true);
    await rejects(c.VerifyEmail({ token: fresh }), 'VALIDATION_ERROR');

    await c.RequestPasswordReset({ email: 'rita@example.com' });
    const [resetEvent] = await eventsOf(h.db, 'accounts.user.password_reset_requested', (d) => d.userId === r.user!.id, 1);
    const reset = (await outboxEvents(h.db, 'accounts.password_reset')).length;
    t.equal(reset, 0);
    const resetToken = tokenFromUrl(resetEvent!.data.resetUrl);
    h.clock.advance(61 * 60 * 1000);
    await rejects(c.ConfirmPasswordReset({ token: resetToken, password: 'a brand new password' }), 'VALIDATION_ERROR');
    h.clock.reset();
    await c.RequestPasswordReset({ email: 'rita@example.com' });
    const events = await eventsOf(h.db, 'accounts.user.password_reset_requested', (d) => d.userId === r.user!.id, 2);
    await c.ConfirmPasswordReset({ token: tokenFromUrl(events[1]!.data.resetUrl), password: 'a brand new password' });
    await rejects(c.Login({ email: 'rita@example.com', password: PASSWORD }), 'UNAUTHORIZED');
    t.ok((await c.Login({ email: 'rita@example.com', password: 'a brand new password' })).session!.token);
  });

  t.test('sessions: GetSession answers the account as it is now; EndSession and password reset end them', async (t) => {
    const jti = async (token: string) =>
      (await jwtVerify(token, sessionPublicKey, { algorithms: ['EdDSA'] })).payload.jti as string;
    const r = await c.SignUp({ email: 'sam@example.com', password: PASSWORD, name: 'Sam' });
    const userId = r.user!.id!;
    const first = await jti(r.session!.token!);
    const before = await c.GetSession({ session_id: first, user_id: userId });
    t.same([before.email, before.email_verified, before.memberships], ['sam@example.com', false, []]);

    const [event] = (await outboxEvents(h.db, 'accounts.user.email_verification_requested')).filter((e) => e.data.userId === userId);
    await c.VerifyEmail({ token: tokenFromUrl(event!.data.verificationUrl) });
    t.equal((await c.GetSession({ session_id: first, user_id: userId })).email_verified, true, 'the same session sees the verified address');

    const other = await c.SignUp({ email: 'tom@example.com', password: PASSWORD, name: 'Tom' });
    for (const [why, req] of [
      ['unknown session', { session_id: '00000000-0000-4000-8000-000000000000', user_id: userId }],
      ['another user', { session_id: first, user_id: other.user!.id! }],
      ['malformed id', { session_id: 'not-a-uuid', user_id: userId }],
    ] as const) {
      const err = await rejects(c.GetSession(req), 'UNAUTHORIZED');
      t.equal(err.message, 'Invalid or expired session', why);
      await rejects(c.EndSession(req), 'UNAUTHORIZED');
    }

    h.clock.advance(3601 * 1000);
    await rejects(c.GetSession({ session_id: first, user_id: userId }), 'UNAUTHORIZED');
    h.clock.reset();

    const second = await jti((await c.Login({ email: 'sam@example.com', password: PASSWORD })).session!.token!);
    await c.EndSession({ session_id: second, user_id: userId });
    await rejects(c.GetSession({ session_id: second, user_id: userId }), 'UNAUTHORIZED');
    await rejects(c.EndSession({ session_id: second, user_id: userId }), 'UNAUTHORIZED');
    t.ok((await c.GetSession({ session_id: first, user_id: userId })).id, 'ending one session leaves the others');

    const third = await jti((await c.Login({ email: 'sam@example.com', password: PASSWORD })).session!.token!);
    const tomSession = await jti(other.session!.token!);
    await c.RequestPasswordReset({ email: 'sam@example.com' });
    const [reset] = await eventsOf(h.db, 'accounts.user.password_reset_requested', (d) => d.userId === userId, 1);
    await c.ConfirmPasswordReset({ token: tokenFromUrl(reset!.data.resetUrl), password: 'a brand new password' });
    await rejects(c.GetSession({ session_id: first, user_id: userId }), 'UNAUTHORIZED');
    await rejects(c.GetSession({ session_id: third, user_id: userId }), 'UNAUTHORIZED');
    t.ok((await c.GetSession({ session_id: tomSession, user_id: other.user!.id! })).id, "another user's sessions live on");
    const fresh = await jti((await c.Login({ email: 'sam@example.com', password: 'a brand new password' })).session!.token!);
    t.ok((await c.GetSession({ session_id: fresh, user_id: userId })).id, 'a login after the reset works');
  });

  t.test('organization admin operations and events', async (t) => {
    const r = await c.SignUp({ email: 'owner@org2.example', password: PASSWORD, name: 'Owner', organization: { name: 'Org Two', slug: 'org-two' } });
    const id = r.organization!.id!;
    const approved = await c.ApproveOrganization({ organization_id: id });
    t.equal(approved.status, 'approved');
    t.equal((await c.ApproveOrganization({ organization_id: id })).status, 'approved', 'idempotent');
    t.equal((await c.SuspendOrganization({ organization_id: id })).status, 'suspended');
    await rejects(c.ApproveOrganization({ organization_id: id }), 'CONFLICT');
    t.equal((await c.ReinstateOrganization({ organization_id: id })).status, 'approved');
    t.equal((await c.SetPlan({ organization_id: id, plan: 'professional' })).plan, 'professional');
    await rejects(c.SetPlan({ organization_id: id, plan: 'platinum' }), 'VALIDATION_ERROR');
    const sub = await c.SetSubscription({ organization_id: id, plan: 'enterprise', subscription_status: 'past_due' });
    t.equal(sub.plan, 'enterprise');
    t.equal(sub.subscription_status, 'past_due');
    t.equal((await c.MarkSigningKeysGenerated({ organization_id: id })).signing_keys_generated, true);
    const upd = await c.UpdateOrganization({ organization_id: id, email_notifications_enabled: false, domain: 'Org2.Example' });
    t.equal(upd.email_notifications_enabled, false);
    t.equal(upd.domain, 'org2.example');
    t.equal(upd.name, 'Org Two', 'absent optional field untouched');
    await rejects(c.UpdateOrganization({ organization_id: id, domain: 'not a domain' }), 'VALIDATION_ERROR');

    const events = (await outboxEvents(h.db, 'accounts.organization.updated')).filter((e) => (e.data.organization as { id: string }).id === id);
    t.same(
      events.map((e) => e.data.changed),
      [['status'], ['status'], ['status'], ['plan'], ['plan', 'subscriptionStatus'], ['signingKeysGenerated'], ['domain', 'emailNotificationsEnabled']],
      'one event per real change, none for no-ops',
    );

    await rejects(c.GetOrganization({ organization_id: '00000000-0000-4000-8000-000000000000' }), 'NOT_FOUND');
    await rejects(c.GetOrganization({ organization_id: 'not-a-uuid' }), 'NOT_FOUND');
    const list = await c.ListOrganizations({ status: 'approved', limit: 10, offset: 0 });
    t.ok(list.organizations!.some((o) => o.id === id));
    await rejects(c.ListOrganizations({ status: 'nope', limit: 0, offset: 0 }), 'VALIDATION_ERROR');
    await rejects(c.ListOrganizations({ status: '', limit: 101, offset: 0 }), 'VALIDATION_ERROR');

    const m = await c.GetMembership({ user_id: r.user!.id, organization_id: id });
    t.equal(m.role, 'owner');
    const other = await c.SignUp({ email: 'stranger@example.com', password: PASSWORD, name: 'Stranger' });
    await rejects(c.GetMembership({ user_id: other.user!.id, organization_id: id }), 'NOT_FOUND');
  });

  t.test('API keys: secret once, hash only, resolve, update, revoke', async (t) => {
    const a = await c.SignUp({ email: 'keys@a.example', password: PASSWORD, name: 'A', organization: { name: 'Keys A', slug: 'keys-a' } });
    const b = await c.SignUp({ email: 'keys@b.example', password: PASSWORD, name: 'B', organization: { name: 'Keys B', slug: 'keys-b' } });
    const orgA = a.organization!.id!;
    const orgB = b.organization!.id!;
    const created = await c.CreateApiKey({ organization_id: orgA, actor_user_id: a.user!.id!, name: 'CI' });
    const secret = created.secret!;
    t.match(secret, /^cred_live_[0-9A-Za-z]{49}$/);
    t.ok(secret.startsWith(created.api_key!.prefix!));
    t.equal(created.api_key!.rate_limit_per_minute, 60, 'default 60/min');
    const rows = await h.db('api_keys').where({ id: created.api_key!.id });
    t.notOk(JSON.stringify(rows).includes(secret), 'secret not stored');
    const outbox = await h.db('outbox').select('payload');
    t.notOk(JSON.stringify(outbox).includes(secret), 'secret not in events');

    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(secret).digest('hex');
    const resolved = await c.ResolveApiKey({ key_hash: hash });
    t.equal(resolved.api_key!.id, created.api_key!.id);
    t.equal(resolved.organization!.id, orgA);
    await rejects(c.ResolveApiKey({ key_hash: '0'.repeat(64) }), 'NOT_FOUND');
    await rejects(c.ResolveApiKey({ key_hash: 'junk' }), 'NOT_FOUND');

    const listA = await c.ListApiKeys({ organization_id: orgA, actor_user_id: a.user!.id! });
    t.equal(listA.api_keys!.length, 1);
    t.notOk(JSON.stringify(listA).includes(secret));
    t.equal(listA.api_keys![0]!.last_used_at, '');
    await c.TouchApiKey({ organization_id: orgA, key_id: created.api_key!.id });
    const touched = (await c.ListApiKeys({ organization_id: orgA, actor_user_id: a.user!.id! })).api_keys![0]!.last_used_at!;
    t.ok(touched);
    await c.TouchApiKey({ organization_id: orgA, key_id: created.api_key!.id });
    t.equal((await c.ListApiKeys({ organization_id: orgA, actor_user_id: a.user!.id! })).api_keys![0]!.last_used_at, touched, 'at most one write per minute');

    t.equal((await c.ListApiKeys({ organization_id: orgB, actor_user_id: b.user!.id! })).api_keys!.length, 0, 'org B sees none of A');
    await rejects(c.RevokeApiKey({ organization_id: orgB, actor_user_id: b.user!.id!, key_id: created.api_key!.id }), 'NOT_FOUND');
    await rejects(c.UpdateApiKey({ organization_id: orgB, actor_user_id: b.user!.id!, key_id: created.api_key!.id, name: 'x' }), 'NOT_FOUND');

    const upd = await c.UpdateApiKey({ organization_id: orgA, actor_user_id: a.user!.id!, key_id: created.api_key!.id, rate_limit_per_minute: 5 });
    t.equal(upd.rate_limit_per_minute, 5);
    t.equal(upd.name, 'CI');
    await rejects(c.UpdateApiKey({ organization_id: orgA, actor_user_id: a.user!.id!, key_id: created.api_key!.id, rate_limit_per_minute: 10001 }), 'VALIDATION_ERROR');
    await rejects(c.CreateApiKey({ organization_id: orgA, actor_user_id: a.user!.id!, name: 'x', rate_limit_per_minute: -1 }), 'VALIDATION_ERROR');
    await rejects(c.CreateApiKey({ organization_id: orgA, actor_user_id: a.user!.id!, name: '' }), 'VALIDATION_ERROR');

    const revoked = await c.RevokeApiKey({ organization_id: orgA, actor_user_id: a.user!.id!, key_id: created.api_key!.id });
    t.ok(revoked.revoked_at);
    t.equal((await c.RevokeApiKey({ organization_id: orgA, actor_user_id: a.user!.id!, key_id: created.api_key!.id })).revoked_at, revoked.revoked_at, 'idempotent');
    t.ok((await c.ResolveApiKey({ key_hash: hash })).api_key!.revoked_at, 'resolve reports revocation');
    await rejects(c.UpdateApiKey({ organization_id: orgA, actor_user_id: a.user!.id!, key_id: created.api_key!.id, name: 'y' }), 'CONFLICT');
    t.equal((await c.ListApiKeys({ organization_id: orgA, actor_user_id: a.user!.id! })).api_keys!.length, 0, 'revoked hidden by default');
    t.equal((await c.ListApiKeys({ organization_id: orgA, actor_user_id: a.user!.id!, include_revoked: true })).api_keys!.length, 1);
    t.equal((await outboxEvents(h.db, 'accounts.api_key.revoked')).length, 1);
  });
});
