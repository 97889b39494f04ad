// Issue 39, finding 8: sign-up answered 409 for a taken address (so anyone could ask whether an
// address has an account), and sign-ups and sign-ins left no trace in the audit log.
// Now a taken address gets the answer of a new one and its owner is told afterwards; a taken
// organization slug is still 409; sign-ups, sign-ins and failed sign-ins are audited in the
// person's organizations, without passwords or tokens (docs/decisions.md, "Fair sign-in
// admission, a silent sign-up, sign-ins in the audit log", items 3 and 4).
import t from 'tap';
import { waitFor } from '@cred/testing';
import { eventsOf, PASSWORD, rejects, startAccounts } from './fixtures/helpers.js';

t.test('sign-up with a taken address answers as for a new one; the owner is told after the answer', async (t) => {
  const h = await startAccounts(t);
  const c = h.client;
  const first = await c.SignUp({ email: 'owner@example.com', password: PASSWORD, name: 'Owner', organization: { name: 'Owned', slug: 'owned' } });
  const fresh = await c.SignUp({ email: 'fresh@example.com', password: PASSWORD, name: 'Fresh', organization: { name: 'Fresh', slug: 'fresh-org' } });

  const taken = await c.SignUp({
    email: 'Owner@Example.com',
    password: 'another long password',
    name: 'Intruder',
    organization: { name: 'Intruder', slug: 'intruder-org' },
  });
  // The same shape, field by field, as the new address's answer.
  const shape = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, shape(x)]))
      : Array.isArray(v)
        ? v.map(shape)
        : typeof v;
  t.same(shape(taken), shape(fresh), 'the answer has the shape of a new sign-up');
  t.equal(taken.user!.email, 'owner@example.com');
  t.equal(taken.user!.name, 'Intruder', 'what was asked for, as for a new address');
  t.equal(taken.user!.email_verified, false);
  t.equal(taken.organization!.slug, 'intruder-org');
  t.equal(taken.organization!.status, 'pending_approval');
  t.not(taken.user!.id, first.user!.id, 'not the existing account');

  t.equal((await h.db('users').where({ email: 'owner@example.com' })).length, 1, 'no second account');
  t.equal((await h.db('users').where({ id: taken.user!.id })).length, 0, 'the answered user does not exist');
  t.notOk(await h.db('organizations').where({ slug: 'intruder-org' }).first(), 'nor does its organization');
  const jti = JSON.parse(Buffer.from(taken.session!.token!.split('.')[1]!, 'base64url').toString()).jti as string;
  t.notOk(await h.db('sessions').where({ id: jti }).first(), 'the token is of no session');
  await rejects(c.GetSession({ session_id: jti, user_id: taken.user!.id }), 'UNAUTHORIZED');
  const stored = await h.db('users').where({ email: 'owner@example.com' }).first();
  t.equal(stored.name, 'Owner', 'the account is untouched');
  t.equal(stored.password_hash, (await h.db('users').where({ id: first.user!.id }).first()).password_hash);

  // After the answer: the owner's e-mail event, and an entry in the owner's organization.
  const [told] = await eventsOf(h.db, 'accounts.user.sign_up_attempted', (d) => d.userId === first.user!.id, 1);
  t.equal(told!.data.email, 'owner@example.com');
  t.match(told!.data.signInUrl, /\/login$/);
  t.notOk(JSON.stringify(told!.data).includes('token'), 'no token in it: whoever tried need not be the owner');
  const entry = await waitFor('the attempt in the audit log', async () =>
    h.db('audit_log').where({ action: 'user.sign_up_attempted', target_id: first.user!.id }).first(),
  );
  t.equal(entry.organization_id, first.organization!.id);
  t.equal(entry.actor, 'system');
  t.same(await h.db('account_email_requests').select('purpose', 'email'), [], 'the request is done and gone');

  // A taken slug is not a person: still 409, whatever the address.
  const slug = await rejects(
    c.SignUp({ email: 'owner@example.com', password: PASSWORD, name: 'X', organization: { name: 'Owned', slug: 'owned' } }),
    'CONFLICT',
  );
  t.equal(slug.details.field, 'organization.slug');
  const slugNew = await rejects(
    c.SignUp({ email: 'someone-new@example.com', password: PASSWORD, name: 'X', organization: { name: 'Owned', slug: 'owned' } }),
    'CONFLICT',
  );
  t.same(slugNew.details, slug.details, 'the same 409 for a new address');
});

t.test('sign-ups, sign-ins and failed sign-ins are in the audit log of the person\'s organizations, without secrets', async (t) => {
  const h = await startAccounts(t);
  const c = h.client;
  const r = await c.SignUp({
    email: 'audited@example.com',
    password: PASSWORD,
    name: 'Audited',
    organization: { name: 'Audited', slug: 'audited' },
    client_address: '203.0.113.9',
  });
  const orgId = r.organization!.id!;
  const userId = r.user!.id!;
  const entries = (action: string) => h.db('audit_log').where({ organization_id: orgId, action }).orderBy('occurred_at', 'asc');

  const [signedUp] = await entries('user.signed_up');
  t.match(signedUp, { actor: `user:${userId}`, target_type: 'user', target_id: userId, details: { clientAddress: '203.0.113.9' } }, 'the sign-up');

  const ok = await c.Login({ email: 'audited@example.com', password: PASSWORD, client_address: '198.51.100.4' }, { requestId: 'req-signin-1' });
  t.ok(ok.session?.token);
  const [signedIn] = await entries('user.signed_in');
  t.match(signedIn, { actor: `user:${userId}`, target_id: userId, details: { clientAddress: '198.51.100.4' }, request_id: 'req-signin-1' }, 'the sign-in, in its transaction');

  await rejects(c.Login({ email: 'audited@example.com', password: 'a wrong password', client_address: '198.51.100.5' }), 'UNAUTHORIZED');
  const [failed] = await waitFor('the failed sign-in (recorded after the answer)', async () => {
    const rows = await entries('user.sign_in_failed');
    return rows.length ? rows : undefined;
  });
  t.match(failed, { actor: 'system', target_id: userId, details: { clientAddress: '198.51.100.5' } }, 'the failed sign-in');

  await rejects(c.Login({ email: 'nobody@example.com', password: 'a wrong password', client_address: '198.51.100.6' }), 'UNAUTHORIZED');
  // A second failure of the known account is the positive signal that the unknown one's turn has passed.
  await rejects(c.Login({ email: 'audited@example.com', password: 'another wrong one', client_address: '198.51.100.7' }), 'UNAUTHORIZED');
  await waitFor('the second failure', async () => ((await entries('user.sign_in_failed')).length === 2 ? true : undefined));

  const all = await h.db('audit_log').select('*');
  const text = JSON.stringify(all);
  t.notOk(text.includes('198.51.100.6') || text.includes('nobody@example.com'), 'an address without an account is recorded nowhere');
  for (const secret of [PASSWORD, 'a wrong password', 'another wrong one', ok.session!.token!, r.session!.token!]) {
    t.notOk(text.includes(secret), 'no password or token in the log');
  }
  t.notOk(text.includes('audited@example.com'), 'nor the e-mail');
});
