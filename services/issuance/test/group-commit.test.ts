// Group commit of first issues (app/issue-committer.ts): concurrent issues of one organization
// commit together, with the same answers, rows, events and quota counts as one by one.
import t from 'tap';
import { createClient } from '@cred/grpc';
import { buildAchievementCredential, didWebForOrg } from '@cred/ob3';
import { loadProtos } from '@cred/proto';
import type { Registry } from '@cred/runtime';
import { badgeBody, outboxEvents, startIssuance } from './fixtures/harness.js';
import { testCaller } from '@cred/testing';

/** Sum and count of a batch-size histogram, and the group commit's fallbacks, from the service's registry. */
async function commitMetrics(
  registry: Registry,
  histogram = 'issuance_commit_batch_size',
): Promise<{ batches: number; issues: number; fallbacks: Record<string, number> }> {
  const metrics = await registry.getMetricsAsJSON();
  const size = metrics.find((m) => m.name === histogram);
  const values = (size?.values ?? []) as Array<{ metricName?: string; value: number }>;
  const fallbacks: Record<string, number> = {};
  for (const v of (metrics.find((m) => m.name === 'issuance_commit_batch_fallbacks_total')?.values ?? []) as Array<{
    labels: Record<string, string>;
    value: number;
  }>) {
    fallbacks[v.labels['reason'] ?? '?'] = v.value;
  }
  return {
    batches: values.find((v) => v.metricName === `${histogram}_count`)?.value ?? 0,
    issues: values.find((v) => v.metricName === `${histogram}_sum`)?.value ?? 0,
    fallbacks,
  };
}

t.test('group commit (real PostgreSQL, signing and accounts)', async (t) => {
  const h = await startIssuance(t, { RECIPIENT_QUOTA_LIMITS: 'free=1000' });
  const c = h.issuance;
  const registry = h.service.host.metrics;

  t.test('40 concurrent first issues: fewer transactions than issues, every issue exactly once', async (t) => {
    const org = await h.createOrg({ name: 'Batch Academy' });
    const badge = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Batched', expiresInDays: 30 }) });
    const before = await commitMetrics(registry);
    const signBefore = await commitMetrics(registry, 'issuance_sign_batch_size');
    const readBefore = await commitMetrics(registry, 'issuance_facts_batch_size');
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        c.IssueCredential({
          organization_id: org.id,
          badge_id: badge.id,
          recipient_name: `R ${i}`,
          recipient_email: `r${i}@example.com`,
          issued_by: `test:${i}`,
        }),
      ),
    );
    const after = await commitMetrics(registry);
    t.equal(after.issues - before.issues, 40, 'every issue went through the committer');
    t.ok(after.batches - before.batches < 40, `${after.batches - before.batches} transactions for 40 issues`);
    const signAfter = await commitMetrics(registry, 'issuance_sign_batch_size');
    t.equal(signAfter.issues - signBefore.issues, 40, 'every credential was signed through the batcher');
    t.ok(signAfter.batches - signBefore.batches < 40, `${signAfter.batches - signBefore.batches} signing calls for 40 credentials`);
    const readAfter = await commitMetrics(registry, 'issuance_facts_batch_size');
    t.equal(readAfter.issues - readBefore.issues, 40, "every issue's pre-signing read went through the batcher");
    t.ok(readAfter.batches - readBefore.batches < 40, `${readAfter.batches - readBefore.batches} read statements for 40 issues`);

    t.equal(new Set(results.map((r) => r.id)).size, 40);
    t.equal(new Set(results.map((r) => r.credential_id)).size, 40);
    const rows = await h.db('credentials').where({ organization_id: org.id }).orderBy('recipient_email');
    t.equal(rows.length, 40);
    for (const r of results) {
      const row = rows.find((x) => x.id === r.id);
      t.ok(row, `row of ${r.recipient_email}`);
      t.equal(row?.credential_id, r.credential_id, 'the answered short id is the stored one');
      t.equal(row?.recipient_name, r.recipient_name);
      t.equal(row?.issued_by, `test:${r.recipient_name.slice(2)}`, 'each issue keeps its own audit trail');
      t.equal(row?.status, 'pending');
      t.same(row?.ob3, JSON.parse(r.ob3_credential_json), 'the signed credential stored as answered');
    }
    const issued = (await outboxEvents(h.db, 'credential.issued')).filter((e) => e.data.organizationId === org.id);
    t.equal(issued.length, 40, 'one credential.issued per issue');
    t.same(new Set(issued.map((e) => e.data.credentialUuid)), new Set(results.map((r) => r.id)));
    t.equal((await c.GetQuota({ organization_id: org.id })).used, 40, 'each recipient counted once');
    const listed = await c.ListCredentials({ organization_id: org.id, limit: 1, offset: 0, status: 'pending' });
    t.equal(listed.total, 40, 'the per-status counters follow');
  });

  t.test('pre-signing reads together: each issue gets the answer it would get alone', async (t) => {
    const org = await h.createOrg({ name: 'Read Academy' });
    const other = await h.createOrg({ name: 'Other Read Academy' });
    const yearly = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Yearly read', expiresInDays: 365 }) });
    const forever = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Forever read' }) });
    const foreign = await c.CreateBadge({ organization_id: other.id, badge: badgeBody({ name: 'Not theirs' }) });
    const issue = (badgeId: string, email: string) =>
      c.IssueCredential({ organization_id: org.id, badge_id: badgeId, recipient_name: 'Reader', recipient_email: email, issued_by: 't' });
    const renewable = await issue(yearly.id, 'renew@read.example');
    await issue(forever.id, 'holds@read.example');
    const before = await commitMetrics(registry, 'issuance_facts_batch_size');
    // A first issue leads, so that the others queue behind its read and read together.
    const results = await Promise.allSettled([
      issue(yearly.id, 'lead@read.example'),
      ...Array.from({ length: 6 }, (_, i) => issue(yearly.id, `new${i}@read.example`)),
      issue(yearly.id, 'renew@read.example'),
      issue(forever.id, 'holds@read.example'),
      issue(foreign.id, 'foreign@read.example'),
      issue('00000000-0000-4000-8000-000000000000', 'nobadge@read.example'),
    ]);
    const after = await commitMetrics(registry, 'issuance_facts_batch_size');
    t.equal(after.issues - before.issues, 11);
    t.ok(after.batches - before.batches < 11, `${after.batches - before.batches} read statements for 11 issues`);
    const [lead, ...rest] = results;
    const news = rest.slice(0, 6);
    const [renewed, holds, foreignBadge, noBadge] = rest.slice(6);
    for (const r of [lead, ...news]) {
      t.equal(r?.status, 'fulfilled', 'a new recipient is issued');
      if (r?.status === 'fulfilled') t.notOk(r.value.supersedes_credential_id, 'a first issue');
    }
    t.equal(renewed?.status, 'fulfilled');
    if (renewed?.status === 'fulfilled') t.equal(renewed.value.supersedes_credential_id, renewable.id, 'the recipient with an expiring credential renews it');
    const code = (r: PromiseSettledResult<unknown> | undefined) => (r?.status === 'rejected' ? (r.reason as { code: string }).code : 'fulfilled');
    t.equal(code(holds), 'CONFLICT', 'the recipient holding a credential without expiry: 409');
    t.equal(code(foreignBadge), 'NOT_FOUND', "another organization's badge: 404");
    t.equal(code(noBadge), 'NOT_FOUND', 'an unknown badge: 404');
    t.equal((await c.GetQuota({ organization_id: org.id })).used, 9, 'two earlier recipients and seven new ones counted once each');
  });

  t.test('one recipient issued concurrently: one issue, the rest 409, as without batching', async (t) => {
    const org = await h.createOrg({ name: 'Race Academy' });
    const badge = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Raced', expiresInDays: 30 }) });
    // A first issue of someone else, so that the racers queue behind it and commit as one batch.
    const results = await Promise.allSettled([
      c.IssueCredential({
        organization_id: org.id,
        badge_id: badge.id,
        recipient_name: 'Lead',
        recipient_email: 'lead@example.com',
        issued_by: 't',
      }),
      ...Array.from({ length: 6 }, () =>
        c.IssueCredential({
          organization_id: org.id,
          badge_id: badge.id,
          recipient_name: 'Same',
          recipient_email: 'same@example.com',
          issued_by: 't',
        }),
      ),
    ]);
    const same = results.slice(1);
    const ok = same.filter((r) => r.status === 'fulfilled');
    t.ok(ok.length >= 1, 'at least one issue to the recipient succeeds');
    for (const r of same) {
      if (r.status === 'rejected') t.equal((r.reason as { code: string }).code, 'CONFLICT', (r.reason as Error).message);
    }
    const rows = await h.db('credentials').where({ organization_id: org.id, recipient_email: 'same@example.com' });
    t.equal(rows.filter((r) => r.status === 'pending' || r.status === 'valid').length, 1, 'one active credential');
    t.equal(rows.length, ok.length, 'every success is a row (later ones are renewals of the first)');
    t.equal((await c.GetQuota({ organization_id: org.id })).used, 2);
  });

  t.test('a batch that would pass the quota: exactly the limit is issued, the rest 403', async (t) => {
    const org = await h.createOrg({ name: 'Quota Academy' });
    const badge = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Limited' }) });
    // Fill the month to 995 of 1000 directly, then race 12 new recipients.
    const month = new Date().toISOString().slice(0, 7);
    await h.db('quota_counters').insert({ organization_id: org.id, month, used: 995 });
    const before = await commitMetrics(registry);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        c.IssueCredential({
          organization_id: org.id,
          badge_id: badge.id,
          recipient_name: 'Q',
          recipient_email: `q${i}@example.com`,
          issued_by: 't',
        }),
      ),
    );
    const after = await commitMetrics(registry);
    t.equal(results.filter((r) => r.status === 'fulfilled').length, 5, 'five fit');
    t.ok(results.every((r) => r.status === 'fulfilled' || (r.reason as { code: string }).code === 'FORBIDDEN'));
    t.equal(Number((await h.db('credentials').where({ organization_id: org.id }).count({ n: '*' }))[0]!.n), 5);
    t.equal((await c.GetQuota({ organization_id: org.id })).used, 1000);
    t.ok((after.fallbacks['quota'] ?? 0) > (before.fallbacks['quota'] ?? 0), 'decided one by one once the batch did not fit');
  });

  t.test('SignCredentials: several credentials in one call, in order; bad calls are refused whole', async (t) => {
    const org = await h.createOrg({ name: 'Sign Academy' });
    const signing = createClient(loadProtos().signing.SigningService, h.signingAddress, { deadlineMs: 10000, identity: testCaller() });
    t.teardown(() => signing.close());
    const unsigned = Array.from({ length: 3 }, (_, i) =>
      buildAchievementCredential({
        id: crypto.randomUUID(),
        issuer: { did: didWebForOrg('http://localhost:8080', org.slug), name: 'Sign Academy', url: 'http://localhost:8080/issuers/x' },
        achievement: {
          url: 'http://localhost:8080/achievements/x/y',
          name: `Badge ${i}`,
          description: 'd',
          criteriaNarrative: 'c',
          tags: [],
        },
        recipient: { email: `s${i}@example.com`, salt: 'aa'.repeat(16) },
        validFrom: new Date('2026-01-01T00:00:00Z'),
        validUntil: null,
      }),
    );
    const created = '2026-01-01T00:00:00Z';
    const r = await signing.SignCredentials({
      organization_id: org.id,
      items: unsigned.map((u) => ({ unsigned_credential_json: JSON.stringify(u), created })),
    });
    t.equal(r.results.length, 3);
    r.results.forEach((res, i) => {
      const signed = JSON.parse(res.signed_credential_json);
      t.equal(signed.id, unsigned[i]!.id, `result ${i} answers item ${i}`);
      t.equal(signed.proof[0].cryptosuite, 'eddsa-rdfc-2022');
      t.equal(signed.proof[0].created, created);
      t.match(res.key_id, /#key-1$/);
    });
    const one = await signing.SignCredential({ organization_id: org.id, unsigned_credential_json: JSON.stringify(unsigned[0]), created });
    t.equal(
      JSON.parse(one.signed_credential_json).proof[0].proofValue,
      JSON.parse(r.results[0]!.signed_credential_json).proof[0].proofValue,
      'the same signature as alone (Ed25519 is deterministic)',
    );

    const rejection = async (p: Promise<unknown>) =>
      p.then(
        () => ({ code: 'none' }),
        (err: { code: string }) => err,
      );
    t.equal((await rejection(signing.SignCredentials({ organization_id: org.id, items: [] }))).code, 'VALIDATION_ERROR', 'none');
    const many = Array.from({ length: 101 }, () => ({ unsigned_credential_json: '{}', created }));
    t.equal((await rejection(signing.SignCredentials({ organization_id: org.id, items: many }))).code, 'VALIDATION_ERROR', 'over 100');
    const bad = [
      { unsigned_credential_json: JSON.stringify(unsigned[0]), created },
      { unsigned_credential_json: '[1]', created },
    ];
    t.equal((await rejection(signing.SignCredentials({ organization_id: org.id, items: bad }))).code, 'VALIDATION_ERROR', 'one bad item');
  });
});
