import { createHash } from 'node:crypto';
import t from 'tap';
import { AppError } from '@cred/runtime';
import { auditRows, refuseAuditWrites } from '@cred/testing';
import { startAccounts } from './fixtures/helpers.js';

const PASSWORD = 'correct horse battery staple';

t.test("accounts' audit log against real PostgreSQL", async (t) => {
  const h = await startAccounts(t);
  const c = h.client;
  const rows = (organizationId: string) => auditRows(h.db, { organization_id: organizationId });

  const signup = await c.SignUp({
    email: 'owner@example.com',
    password: PASSWORD,
    name: 'Owner',
    organization: { name: 'Audited', slug: 'audited' },
  });
  const org = signup.organization!;
  const owner = `user:${signup.user!.id}`;
  const ownerId = signup.user!.id!;

  t.test('sign-up records the organization and its first membership, by the new user', async (t) => {
    const r = await rows(org.id);
    // One transaction, one instant: the three entries share occurred_at (the sign-up itself is
    // recorded too since issue 39).
    t.same(r.map((e) => [e.action, e.actor, e.target_type, e.target_id]).sort(), [
      ['member.added', owner, 'membership', signup.user!.id],
      ['organization.created', owner, 'organization', org.id],
      ['user.signed_up', owner, 'user', signup.user!.id],
    ]);
    t.same(r.find((e) => e.action === 'member.added')!.details, { userId: signup.user!.id, role: 'owner', via: 'signup' });
    // Read back newest first, entries of the same instant come in the order they were written
    // (with random ids, each sign-up's two entries came back in either order).
    const orders = [];
    for (let i = 0; i < 8; i++) {
      const other = await c.SignUp({
        email: `order-${i}@example.com`,
        password: PASSWORD,
        name: 'Order',
        organization: { name: `Order ${i}`, slug: `order-${i}` },
      });
      orders.push((await c.ListAuditEntries({ organization_id: other.organization!.id, limit: 10 })).entries!.map((e) => e.action));
    }
    t.same(
      orders,
      Array.from({ length: 8 }, () => ['user.signed_up', 'member.added', 'organization.created']),
      'the membership, written second, reads as the newer (and the sign-up, written last, as the newest)',
    );
  });

  t.test('operator and provider actions name their actor; a call without one is the platform', async (t) => {
    await c.ApproveOrganization({ organization_id: org.id }, { actor: 'operator', requestId: 'req-approve-1' });
    await c.SetSubscription({ organization_id: org.id, plan: 'enterprise', subscription_status: 'active' }, { actor: 'provider:stripe' });
    await c.SetSubscription({ organization_id: org.id, plan: 'enterprise', subscription_status: 'past_due' }, { actor: 'provider:stripe' });
    await c.SetPlan({ organization_id: org.id, plan: 'enterprise' }, { actor: 'operator' }); // no change: no entry
    await c.UpdateOrganization({ organization_id: org.id, email_notifications_enabled: false }, { actor: owner });
    await c.SuspendOrganization({ organization_id: org.id });
    const r = (await rows(org.id)).slice(3);
    t.same(
      r.map((e) => [e.action, e.actor]),
      [
        ['organization.approved', 'operator'],
        ['organization.plan_changed', 'provider:stripe'],
        ['organization.subscription_changed', 'provider:stripe'],
        ['organization.updated', owner],
        ['organization.suspended', 'system'],
      ],
    );
    t.equal(r[0]!.request_id, 'req-approve-1', 'the request id travels with the actor');
    t.same(r[0]!.details, { statusFrom: 'pending_approval', status: 'approved' });
    t.same(r[1]!.details, { planFrom: 'free', plan: 'enterprise', subscriptionStatusFrom: 'none', subscriptionStatus: 'active' });
    t.same(r[3]!.details, { emailNotificationsEnabledFrom: true, emailNotificationsEnabled: false });
    await c.ReinstateOrganization({ organization_id: org.id }, { actor: 'operator' });
  });

  t.test('API keys: created, changed, revoked by the member; the secret and its hash are never in the log', async (t) => {
    const created = await c.CreateApiKey({ organization_id: org.id, name: 'CI', rate_limit_per_minute: 0, actor_user_id: ownerId }, { actor: owner });
    const keyId = created.api_key!.id;
    await c.UpdateApiKey({ organization_id: org.id, key_id: keyId, name: 'CI pipeline', actor_user_id: ownerId }, { actor: owner });
    await c.RevokeApiKey({ organization_id: org.id, key_id: keyId, actor_user_id: ownerId }, { actor: owner });
    const r = (await rows(org.id)).filter((e) => e.target_type === 'api_key');
    t.same(
      r.map((e) => [e.action, e.actor, e.target_id]),
      [
        ['api_key.created', owner, keyId],
        ['api_key.updated', owner, keyId],
        ['api_key.revoked', owner, keyId],
      ],
    );
    t.same(r[0]!.details, { name: 'CI', prefix: created.api_key!.prefix, rateLimitPerMinute: 60 });
    const secret = created.secret;
    t.ok(secret.length > 20);
    const hash = createHash('sha256').update(secret).digest('hex');
    const stored = JSON.stringify(await h.db('audit_log').select('*'));
    t.notOk(stored.includes(secret), 'no API key secret anywhere in the audit log');
    t.notOk(stored.includes(secret.slice(created.api_key!.prefix.length)), 'not even the part after the prefix');
    t.notOk(stored.includes(hash), "nor the secret's hash");
    t.notOk(stored.includes(PASSWORD), 'nor a password');
  });

  t.test('an action and its entry commit together: when the entry cannot be written, the action is undone', async (t) => {
    // A trigger stands in for any failure of the audit write inside the action's transaction.
    t.teardown(await refuseAuditWrites(h.db, 'api_key.created'));
    const before = await h.db('api_keys').where({ organization_id: org.id }).count<{ count: number }[]>({ count: '*' });
    const err = await c.CreateApiKey({ organization_id: org.id, name: 'Never', rate_limit_per_minute: 0 }, { actor: owner }).then(
      () => undefined,
      (e: unknown) => e,
    );
    t.ok(err instanceof AppError, 'the create failed');
    const after = await h.db('api_keys').where({ organization_id: org.id }).count<{ count: number }[]>({ count: '*' });
    t.equal(after[0]!.count, before[0]!.count, 'no API key was created without its entry');
    t.equal(
      (await h.db('outbox').where({ type: 'accounts.api_key.created' }).whereRaw("payload->'data'->>'name' = 'Never'")).length,
      0,
      'nor its event',
    );
  });

  t.test('a failed action leaves no entry', async (t) => {
    const count = async () => (await rows(org.id)).length;
    const n = await count();
    const refused = await c.UpdateOrganization({ organization_id: org.id, name: '' }, { actor: owner }).then(
      () => undefined,
      (e: unknown) => e as AppError,
    );
    t.equal(refused?.code, 'VALIDATION_ERROR');
    await c
      .RevokeApiKey({ organization_id: org.id, key_id: '0f8fad5b-d9cb-469f-a165-70867728950e' }, { actor: owner })
      .catch(() => undefined);
    t.equal(await count(), n);
  });

  t.test('ListAuditEntries: newest first, filters, keyset pages, validation', async (t) => {
    const all = await c.ListAuditEntries({ organization_id: org.id, limit: 100 });
    const stored = await rows(org.id);
    t.equal(all.entries!.length, stored.length);
    t.equal(all.has_more, false);
    const times = all.entries!.map((e) => Date.parse(e.occurred_at));
    t.same(
      times,
      [...times].sort((a, b) => b - a),
      'newest first',
    );

    const keys = await c.ListAuditEntries({ organization_id: org.id, action: 'api_key.', limit: 100 });
    t.same(
      keys.entries!.map((e) => e.action),
      ['api_key.revoked', 'api_key.updated', 'api_key.created'],
    );
    const exact = await c.ListAuditEntries({ organization_id: org.id, action: 'api_key.created', limit: 100 });
    t.equal(exact.entries!.length, 1);
    const byOperator = await c.ListAuditEntries({ organization_id: org.id, actor: 'operator', limit: 100 });
    t.ok(byOperator.entries!.length >= 2 && byOperator.entries!.every((e) => e.actor === 'operator'));
    const byTarget = await c.ListAuditEntries({ organization_id: org.id, target_id: keys.entries![0]!.target_id, limit: 100 });
    t.equal(byTarget.entries!.length, 3);

    // Page through two at a time: the same entries, in the same order, none twice.
    const seen: string[] = [];
    let after: { at: string; id: string } | undefined;
    for (let i = 0; i < 20; i++) {
      const page = await c.ListAuditEntries({
        organization_id: org.id,
        limit: 2,
        ...(after ? { after_occurred_at: after.at, after_id: after.id } : {}),
      });
      seen.push(...page.entries!.map((e) => e.id));
      const last = page.entries![page.entries!.length - 1];
      if (!page.has_more || !last) break;
      after = { at: last.occurred_at, id: last.id };
    }
    t.same(
      seen,
      all.entries!.map((e) => e.id),
    );

    const from = all.entries![2]!.occurred_at;
    const since = await c.ListAuditEntries({ organization_id: org.id, from, limit: 100 });
    t.ok(since.entries!.every((e) => e.occurred_at >= from));
    const before = await c.ListAuditEntries({ organization_id: org.id, to: from, limit: 100 });
    t.ok(before.entries!.every((e) => e.occurred_at < from));

    for (const [req, field] of [
      [{ action: 'nope' }, 'action'],
      [{ actor: 'someone' }, 'actor'],
      [{ from: 'yesterday' }, 'from'],
      [{ limit: 101 }, 'limit'],
      [{ after_occurred_at: from, after_id: 'x' }, 'cursor'],
    ] as const) {
      const err = await c.ListAuditEntries({ organization_id: org.id, limit: 10, ...req }).then(
        () => undefined,
        (e: unknown) => e as AppError,
      );
      t.equal(err?.code, 'VALIDATION_ERROR', JSON.stringify(req));
      t.equal(err?.details.field, field);
    }
    const other = await c.ListAuditEntries({ organization_id: '0f8fad5b-d9cb-469f-a165-70867728950e', limit: 10 });
    t.equal(other.entries!.length, 0, "another organization's log is empty, not this one's");
  });
});
