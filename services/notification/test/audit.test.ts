// Webhook endpoints in the audit log: created and deleted, by the actor the caller names, in the
// same transaction as the change, and never with the endpoint's secret. Real database.
import { randomUUID } from 'node:crypto';
import t from 'tap';
import { AppError } from '@cred/runtime';
import { auditRows, refuseAuditWrites } from '@cred/testing';
import { organization, startHarness } from './fixtures/harness.js';

const h = await startHarness(t);
await h.start({}, { WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${h.receiver.port}` });
const org = organization({ plan: 'enterprise', name: 'Audited Corp' });
await h.publish('accounts.organization.created', { organization: org });
const memberId = randomUUID();
const member = `user:${memberId}`;
// An admin of the organization: notification re-checks the member's role with accounts.
h.accounts.memberships.set(`${org.id}/${memberId}`, 'admin');
const rows = () => auditRows(h.db, { organization_id: org.id });

t.test('created and deleted by the member named in x-actor; the secret is never in the log', async (t) => {
  const created = await h
    .client()
    .CreateWebhook(
      { organization_id: org.id, url: `${h.receiver.url}/audit`, events: ['credential.revoked', 'credential.issued'] },
      { actor: member, requestId: 'req-wh-1' },
    );
  const id = created.endpoint!.id;
  h.clock.advance(5);
  await h.client().DeleteWebhook({ organization_id: org.id, webhook_id: id }, { actor: member });
  const r = await rows();
  t.same(
    r.map((e) => [e.action, e.actor, e.target_type, e.target_id]),
    [
      ['webhook.created', member, 'webhook', id],
      ['webhook.deleted', member, 'webhook', id],
    ],
  );
  t.same(r[0]!.details, { url: `${h.receiver.url}/audit`, events: ['credential.issued', 'credential.revoked'] });
  t.equal(r[0]!.request_id, 'req-wh-1');
  t.match(created.secret, /^whsec_/);
  const dump = ((await h.db.raw('select a::text as row from audit_log a')).rows as { row: string }[]).map((x) => x.row).join('\n');
  t.notOk(dump.includes(created.secret), 'no webhook secret in the audit log');
  t.notOk(dump.includes(created.secret.slice('whsec_'.length)), 'not even without its prefix');
});

t.test('a refused action leaves no entry, and an entry that cannot be written undoes the action', async (t) => {
  const n = (await rows()).length;
  await t.rejects(
    h.client().CreateWebhook({ organization_id: org.id, url: 'https://127.0.0.1/x', events: ['credential.issued'] }, { actor: member }),
    {
      code: 'VALIDATION_ERROR',
    },
  );
  await t.rejects(h.client().DeleteWebhook({ organization_id: org.id, webhook_id: randomUUID() }, { actor: member }), {
    code: 'NOT_FOUND',
  });
  t.equal((await rows()).length, n);

  const allowCreate = await refuseAuditWrites(h.db);
  t.teardown(allowCreate);
  const before = (await h.db('webhook_endpoints').where({ organization_id: org.id })).length;
  const err = await h
    .client()
    .CreateWebhook({ organization_id: org.id, url: `${h.receiver.url}/never`, events: ['credential.issued'] }, { actor: member })
    .then(
      () => undefined,
      (e: unknown) => e as AppError,
    );
  t.equal(err?.code, 'INTERNAL_ERROR');
  t.equal((await h.db('webhook_endpoints').where({ organization_id: org.id })).length, before, 'no endpoint without its entry');

  await allowCreate();
  const live = await h
    .client()
    .CreateWebhook({ organization_id: org.id, url: `${h.receiver.url}/kept`, events: ['credential.issued'] }, { actor: member });
  t.teardown(await refuseAuditWrites(h.db));
  await t.rejects(h.client().DeleteWebhook({ organization_id: org.id, webhook_id: live.endpoint!.id }, { actor: member }));
  const row = await h.db('webhook_endpoints').where({ id: live.endpoint!.id }).first();
  t.equal(row.deleted_at, null, 'the endpoint is not deleted without its entry');
});

t.test('ListAuditEntries serves this service’s entries', async (t) => {
  const r = await h.client().ListAuditEntries({ organization_id: org.id, action: 'webhook.', limit: 10 });
  t.same(
    r.entries!.map((e) => e.action),
    ['webhook.created', 'webhook.deleted', 'webhook.created'],
  );
  t.equal(r.has_more, false);
});
