// What an organization manages, done by an API client with an API key under /api/v1 (the
// operations docs/contract.md lists as planned): revoke with a reason; create, change, deactivate and
// delete badges and upload their image; bulk CSV upload, its progress, per-row results, report
// and preview; outbound webhooks. Each answer is checked against the OpenAPI document, each
// new POST against its Idempotency-Key (a replay does nothing again), and each route against
// another organization's key. The platform runs as `npm start` runs it (the e2e harness).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG as PNGImage } from 'pngjs';
import t from 'tap';
import { createDb } from '@cred/db';
import { waitFor } from '@cred/testing';
import { setupStep, startTestPlatform } from '../../../test/e2e/harness.js';
import { httpCaller, type CallOptions } from './fixtures/http-call.js';
import { openApiChecker, type OpenApiDoc } from './fixtures/openapi-check.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** Another valid PNG (2x2, opaque blue). */
const PNG_2x2 = (() => {
  const png = new PNGImage({ width: 2, height: 2 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([0, 0, 255, 255], i);
  return PNGImage.sync.write(png);
})();
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

// An outbound webhook target on loopback (allow-listed for the notification service).
const received: string[] = [];
/** How long the receiver takes to answer (a slow endpoint keeps a ping in flight). */
let receiverDelayMs = 0;
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push(String(req.headers['x-service-event'] ?? ''));
    setTimeout(() => res.end('ok'), receiverDelayMs);
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
t.teardown(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
/** Pings the receiver got (X-Service-Event of a ping is `webhook.ping`). */
const pingsReceived = () => received.filter((e) => e === 'webhook.ping').length;
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const tp = await setupStep('platform', () => startTestPlatform('v1api', { WEBHOOK_ALLOWED_HOSTS: new URL(hookUrl).host }));
t.teardown(() => tp.stop());

const http1 = httpCaller(tp.baseUrl);
/** A call with the API key `key` (the fixture's Bearer token). */
const call = (method: string, path: string, o: Omit<CallOptions, 'token'> & { key?: string } = {}) => {
  const { key: apiKey, ...rest } = o;
  return http1(method, path, { ...rest, ...(apiKey ? { token: apiKey } : {}) });
};

const form = (fields: Record<string, string>, file: { field: string; bytes: Buffer; type: string; name: string }) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return f;
};
const imageForm = (bytes: Buffer = PNG) => form({}, { field: 'image', bytes, type: 'image/png', name: 'badge.png' });
const csvForm = (badgeId: string, csv: string) => form({ badgeId }, { field: 'file', bytes: Buffer.from(csv), type: 'text/csv', name: 'r.csv' });

/** An approved organization on `plan` with signing keys and an API key (a high per-key limit: this test makes many calls). */
async function apiClient(slug: string, plan: string): Promise<{ orgId: string; key: string; keyId: string }> {
  const { orgId, token } = await tp.signUpOrganization(slug);
  const step = async (what: string, status: number, r: Promise<{ status: number; body: any; text: string }>) => {
    const answer = await r;
    if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${answer.text}`);
    return answer;
  };
  await step('approve', 200, tp.api('POST', `/api/admin/organizations/${orgId}/approve`, {}, tp.adminToken));
  await step('plan', 200, tp.api('PATCH', `/api/admin/organizations/${orgId}`, { plan }, tp.adminToken));
  await step('signing keys', 201, tp.api('POST', `/api/organizations/${orgId}/signing-keys`, {}, token));
  const k = await step('API key', 201, tp.api('POST', `/api/organizations/${orgId}/api-keys`, { name: 'integration', rateLimitPerMinute: 10000 }, token));
  return { orgId, key: String(k.body.key), keyId: String(k.body.id) };
}

const doc = (await call('GET', '/api/v1/openapi.json')).body as OpenApiDoc;
const acme = await setupStep('organizations', () => apiClient('v1-acme', 'enterprise'), tp.logFile);
const other = await setupStep('organizations', () => apiClient('v1-other', 'professional'), tp.logFile);
const key = acme.key;

t.test('badges: create, read, change, image, deactivate and delete with an API key', async (t) => {
  const { check } = openApiChecker(t, doc);
  const input = { name: 'Data Stewardship', description: 'Handles research data.', criteria: 'Course and project.', tags: ['data'] };

  const idem = { 'idempotency-key': 'badge-create-1' };
  const created = await call('POST', '/api/v1/badges', { key, json: input, headers: idem });
  check('POST', '/api/v1/badges', created);
  t.equal(created.status, 201);
  const badgeId = String(created.body.id);
  t.equal(created.headers.get('location'), `/api/v1/badges/${badgeId}`, 'Location is the badge under /api/v1');

  const again = await call('POST', '/api/v1/badges', { key, json: input, headers: idem });
  check('POST', '/api/v1/badges', again);
  t.equal(again.status, 201);
  t.equal(again.body.id, badgeId, 'the same key and body answer the first badge');
  t.equal(again.headers.get('idempotent-replayed'), 'true');
  const list = await call('GET', '/api/v1/badges?limit=100', { key });
  check('GET', '/api/v1/badges', list);
  t.equal(list.body.data.filter((b: { name: string }) => b.name === input.name).length, 1, 'one badge was created, not two');
  const mismatch = await call('POST', '/api/v1/badges', { key, json: { ...input, name: 'Other' }, headers: idem });
  check('POST', '/api/v1/badges', mismatch);
  t.equal(mismatch.status, 422, 'the same key with another body');
  // Keys belong to their caller: another organization's key with the same Idempotency-Key creates its own badge.
  const theirs = await call('POST', '/api/v1/badges', { key: other.key, json: input, headers: idem });
  t.equal(theirs.status, 201);
  t.not(theirs.body.id, badgeId);

  check('POST', '/api/v1/badges', await call('POST', '/api/v1/badges', { key, json: { description: 'no name', criteria: 'x' } }));
  check('POST', '/api/v1/badges', await call('POST', '/api/v1/badges', { json: input }));
  check('GET', '/api/v1/badges/{badgeId}', await call('GET', `/api/v1/badges/${badgeId}`, { key }));
  const foreign = await call('GET', `/api/v1/badges/${badgeId}`, { key: other.key });
  check('GET', '/api/v1/badges/{badgeId}', foreign);
  t.equal(foreign.status, 404, "another organization's key cannot read the badge");

  const patched = await call('PATCH', `/api/v1/badges/${badgeId}`, { key, json: { description: 'Handles and shares research data.' } });
  check('PATCH', '/api/v1/badges/{badgeId}', patched);
  t.equal(patched.body.description, 'Handles and shares research data.');
  const foreignPatch = await call('PATCH', `/api/v1/badges/${badgeId}`, { key: other.key, json: { description: 'mine now' } });
  check('PATCH', '/api/v1/badges/{badgeId}', foreignPatch);
  t.equal(foreignPatch.status, 404);
  t.equal((await call('GET', `/api/v1/badges/${badgeId}`, { key })).body.description, 'Handles and shares research data.', 'unchanged by the other key');

  // The image: multipart, with an Idempotency-Key over the bytes.
  const imgKey = { 'idempotency-key': 'badge-image-1' };
  const uploaded = await call('POST', `/api/v1/badges/${badgeId}/image`, { key, form: imageForm(), headers: imgKey });
  check('POST', '/api/v1/badges/{badgeId}/image', uploaded);
  t.equal(uploaded.status, 200);
  t.match(String(uploaded.body.imageUrl), /\/images\/badges\/[0-9a-f-]{36}\/[0-9a-f]{64}\.png$/);
  const uploadedAgain = await call('POST', `/api/v1/badges/${badgeId}/image`, { key, form: imageForm(), headers: imgKey });
  t.equal(uploadedAgain.status, 200);
  t.equal(uploadedAgain.headers.get('idempotent-replayed'), 'true', 'the same file with the same key is a replay');
  const otherBytes = PNG_2x2;
  const imgMismatch = await call('POST', `/api/v1/badges/${badgeId}/image`, { key, form: imageForm(otherBytes), headers: imgKey });
  check('POST', '/api/v1/badges/{badgeId}/image', imgMismatch);
  t.equal(imgMismatch.status, 422, 'the same key with other bytes');
  const notImage = await call('POST', `/api/v1/badges/${badgeId}/image`, { key, form: imageForm(Buffer.from('not an image')) });
  check('POST', '/api/v1/badges/{badgeId}/image', notImage);
  t.equal(notImage.status, 400);
  const foreignImage = await call('POST', `/api/v1/badges/${badgeId}/image`, { key: other.key, form: imageForm() });
  check('POST', '/api/v1/badges/{badgeId}/image', foreignImage);
  t.equal(foreignImage.status, 404);

  // Deactivate (PATCH isActive) and reactivate.
  const off = await call('PATCH', `/api/v1/badges/${badgeId}`, { key, json: { isActive: false } });
  check('PATCH', '/api/v1/badges/{badgeId}', off);
  t.equal(off.body.isActive, false, 'deactivated');
  const refused = await call('POST', '/api/v1/credentials', { key, json: { badgeId, recipient: { name: 'Ada', email: 'ada@example.org' } } });
  t.equal(refused.status, 400, 'a deactivated badge issues nothing');
  const on = await call('PATCH', `/api/v1/badges/${badgeId}`, { key, json: { isActive: true } });
  t.equal(on.body.isActive, true, 'active again');

  // Delete: a badge without credentials goes; one with credentials is deactivated instead.
  const spare = await call('POST', '/api/v1/badges', { key, json: { name: 'Spare', description: 'Soon gone.', criteria: 'None.' } });
  check('DELETE', '/api/v1/badges/{badgeId}', await call('DELETE', `/api/v1/badges/${spare.body.id}`, { key: other.key }));
  const gone = await call('DELETE', `/api/v1/badges/${spare.body.id}`, { key });
  check('DELETE', '/api/v1/badges/{badgeId}', gone);
  t.equal(gone.status, 204);
  t.equal((await call('GET', `/api/v1/badges/${spare.body.id}`, { key })).status, 404);
  const issued = await call('POST', '/api/v1/credentials', { key, json: { badgeId, recipient: { name: 'Ada', email: 'ada@example.org' } } });
  t.equal(issued.status, 201);
  const kept = await call('DELETE', `/api/v1/badges/${badgeId}`, { key });
  check('DELETE', '/api/v1/badges/{badgeId}', kept);
  t.equal(kept.status, 200);
  t.equal(kept.body.isActive, false, 'a badge with credentials is deactivated, not deleted');
});

t.test('credentials: revoke with a reason under /api/v1', async (t) => {
  const { check } = openApiChecker(t, doc);
  const badge = await call('POST', '/api/v1/badges', { key, json: { name: 'Revocable', description: 'd', criteria: 'c' } });
  const issued = await call('POST', '/api/v1/credentials', {
    key,
    json: { badgeId: badge.body.id, recipient: { name: 'Grace', email: 'grace@example.org' } },
  });
  t.equal(issued.status, 201);
  const id = String(issued.body.id);

  check('DELETE', '/api/v1/credentials/{credentialId}', await call('DELETE', `/api/v1/credentials/${id}`, { key, json: {} }));
  const foreign = await call('DELETE', `/api/v1/credentials/${id}`, { key: other.key, json: { reason: 'not yours' } });
  check('DELETE', '/api/v1/credentials/{credentialId}', foreign);
  t.equal(foreign.status, 404, "another organization's key cannot revoke it");
  const byShortId = await call('DELETE', `/api/v1/credentials/${issued.body.credentialId}`, { key, json: { reason: 'x' } });
  t.equal(byShortId.status, 404, 'the path takes the UUID only under /api/v1');
  check('DELETE', '/api/v1/credentials/{credentialId}', await call('DELETE', `/api/v1/credentials/${id}`, { json: { reason: 'x' } }));

  const revoked = await call('DELETE', `/api/v1/credentials/${id}`, { key, json: { reason: 'Issued in error' } });
  check('DELETE', '/api/v1/credentials/{credentialId}', revoked);
  t.equal(revoked.status, 200);
  t.equal(revoked.body.status, 'revoked');
  t.equal(revoked.body.revocationReason, 'Issued in error');
  t.ok(revoked.body.revokedAt);
  const twice = await call('DELETE', `/api/v1/credentials/${id}`, { key, json: { reason: 'again' } });
  check('DELETE', '/api/v1/credentials/{credentialId}', twice);
  t.equal(twice.status, 409, 'already revoked');

  // Every surface says so at once: the API, the public verification.
  t.equal((await call('GET', `/api/v1/credentials/${id}`, { key })).body.revocationReason, 'Issued in error');
  const verdict = await call('GET', `/api/verify/${id}`);
  t.equal(verdict.body?.status, 'revoked', 'public verification reports it revoked');
});

t.test('bulk issuance: upload, progress, rows, report and preview under /api/v1', async (t) => {
  const { check } = openApiChecker(t, doc);
  const badge = await call('POST', '/api/v1/badges', { key, json: { name: 'Cohort 2026', description: 'd', criteria: 'c' } });
  const badgeId = String(badge.body.id);
  const csv = 'name,email\nAlan,alan@example.org\nBarbara,barbara@example.org\nBroken,not-an-address\n';

  const preview = await call('POST', '/api/v1/bulk-issuances/preview', { key, form: csvForm(badgeId, csv) });
  check('POST', '/api/v1/bulk-issuances/preview', preview);
  t.same(preview.body.counts, { issue: 2, renew: 0, conflict: 0, invalid: 1, over_quota: 0 });
  t.match(preview.body.quota, { plan: String, limit: Number, used: Number, remaining: Number });
  check('POST', '/api/v1/bulk-issuances/preview', await call('POST', '/api/v1/bulk-issuances/preview', { key: other.key, form: csvForm(badgeId, csv) }));

  const idem = { 'idempotency-key': 'cohort-2026' };
  const job = await call('POST', '/api/v1/bulk-issuances', { key, form: csvForm(badgeId, csv), headers: idem });
  check('POST', '/api/v1/bulk-issuances', job);
  t.equal(job.status, 202);
  t.equal(job.headers.get('location'), `/api/v1/bulk-issuances/${job.body.id}`);
  const replay = await call('POST', '/api/v1/bulk-issuances', { key, form: csvForm(badgeId, csv), headers: idem });
  check('POST', '/api/v1/bulk-issuances', replay);
  t.equal(replay.body.id, job.body.id, 'a retried upload answers the first job');
  t.equal(replay.headers.get('idempotent-replayed'), 'true');
  check('POST', '/api/v1/bulk-issuances', await call('POST', '/api/v1/bulk-issuances', { key, form: csvForm(UNKNOWN, csv) }));
  check('POST', '/api/v1/bulk-issuances', await call('POST', '/api/v1/bulk-issuances', { key: other.key, form: csvForm(badgeId, csv) }));

  const done = await waitFor('the job completes', async () => {
    const r = await call('GET', `/api/v1/bulk-issuances/${job.body.id}`, { key });
    return r.body?.status === 'completed' ? r : undefined;
  });
  check('GET', '/api/v1/bulk-issuances/{bulkIssuanceId}', done);
  t.match(done.body, { total: 3, issued: 2, invalid: 1 });
  t.same(
    done.body.rows.map((r: { result: string }) => r.result),
    ['issued', 'issued', 'invalid'],
  );
  const foreign = await call('GET', `/api/v1/bulk-issuances/${job.body.id}`, { key: other.key });
  check('GET', '/api/v1/bulk-issuances/{bulkIssuanceId}', foreign);
  t.equal(foreign.status, 404);
  const jobs = await call('GET', '/api/v1/bulk-issuances', { key });
  check('GET', '/api/v1/bulk-issuances', jobs);
  t.equal(jobs.body.data.length, 1, 'one job for two uploads with one key');
  const report = await call('GET', `/api/v1/bulk-issuances/${job.body.id}/report.csv`, { key });
  check('GET', '/api/v1/bulk-issuances/{bulkIssuanceId}/report.csv', report);
  t.match(report.text, /^row,name,email,outcome,credentialId,reason\r\n1,Alan,alan@example\.org,issued,CRD-/);
  check('GET', '/api/v1/bulk-issuances/{bulkIssuanceId}/report.csv', await call('GET', `/api/v1/bulk-issuances/${job.body.id}/report.csv`, { key: other.key }));
});

t.test('webhooks: register, list, ping, deliveries, replay and delete under /api/v1', async (t) => {
  const { check } = openApiChecker(t, doc);
  const body = { url: hookUrl, events: ['credential.issued', 'credential.revoked'] };
  const professional = await call('POST', '/api/v1/webhooks', { key: other.key, json: body });
  check('POST', '/api/v1/webhooks', professional);
  t.equal(professional.status, 403, 'outbound webhooks need the Enterprise plan');

  // Notification keeps the Idempotency-Key records of registration, ping and replay with their effect.
  const db = createDb({ url: tp.isolation.databaseUrl, schema: 'notification' });
  t.teardown(() => db.destroy());
  const rows = async (table: string, where: Record<string, unknown>) =>
    Number(((await db(table).where(where).count<{ n: string }[]>('* as n'))[0]!).n);
  const idem = { 'idempotency-key': 'hook-1' };
  const hook = await call('POST', '/api/v1/webhooks', { key, json: body, headers: idem });
  t.equal(hook.status, 201);
  check('POST', '/api/v1/webhooks', hook);
  t.match(hook.body.secret, /\S{16,}/, 'the secret, in the creating answer');
  t.equal(hook.headers.get('idempotent-replayed'), null);
  const again = await call('POST', '/api/v1/webhooks', { key, json: { events: body.events, url: body.url }, headers: idem });
  check('POST', '/api/v1/webhooks', again);
  t.same(
    [again.status, again.text, again.headers.get('location'), again.headers.get('idempotent-replayed')],
    [201, hook.text, hook.headers.get('location'), 'true'],
    'a retried registration answers the first answer byte for byte, secret included',
  );
  const record = await db('idempotency_records').where({ scope: `webhooks.create:${acme.orgId}` }).first();
  t.notOk(String(record?.answer).includes(String(hook.body.secret)), 'the record does not hold the secret');
  const otherBody = await call('POST', '/api/v1/webhooks', { key, json: { ...body, url: `${hookUrl}/other` }, headers: idem });
  check('POST', '/api/v1/webhooks', otherBody);
  t.same([otherBody.status, otherBody.body.error, otherBody.body.details], [422, 'UNPROCESSABLE', { field: 'Idempotency-Key' }]);
  const badKey = await call('POST', '/api/v1/webhooks', { key, json: body, headers: { 'idempotency-key': 'x'.repeat(256) } });
  check('POST', '/api/v1/webhooks', badKey);
  t.same([badKey.status, badKey.body.details?.field], [400, 'Idempotency-Key']);
  t.equal(await rows('webhook_endpoints', { organization_id: acme.orgId }), 1, 'one endpoint row');
  const listed = await call('GET', '/api/v1/webhooks', { key });
  check('GET', '/api/v1/webhooks', listed);
  t.equal(listed.body.data.length, 1, 'one endpoint registered, not two');
  t.notOk(JSON.stringify(listed.body).includes(String(hook.body.secret)), 'the list never carries the secret');
  const theirs = await call('GET', '/api/v1/webhooks', { key: other.key });
  t.same(theirs.body?.data, [], "another organization's key sees none of them");

  const webhookId = String(hook.body.id);
  const ping = await call('POST', `/api/v1/webhooks/${webhookId}/ping`, { key, headers: { 'idempotency-key': 'ping-1' } });
  check('POST', '/api/v1/webhooks/{webhookId}/ping', ping);
  t.equal(ping.body.status, 'succeeded', 'the loopback receiver answered');
  t.equal(pingsReceived(), 1, 'the receiver got the ping');
  const pings = pingsReceived();
  const pingAgain = await call('POST', `/api/v1/webhooks/${webhookId}/ping`, { key, headers: { 'idempotency-key': 'ping-1' } });
  t.same(
    [pingAgain.status, pingAgain.text, pingAgain.headers.get('idempotent-replayed')],
    [200, ping.text, 'true'],
    'a retried ping answers the first outcome byte for byte',
  );
  t.equal(pingsReceived(), pings, 'and sends nothing again');
  const pingRows = () => rows('webhook_deliveries', { endpoint_id: webhookId, event_type: 'webhook.ping' });
  t.equal(await pingRows(), 1, 'one ping delivery row');

  await t.test('a burst of pings with one key sends once; a client that hung up gets the stored outcome', async (t) => {
    receiverDelayMs = 500;
    t.teardown(() => {
      receiverDelayMs = 0;
    });
    const before = pingsReceived();
    const burst = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', `/api/v1/webhooks/${webhookId}/ping`, { key, headers: { 'idempotency-key': 'ping-burst' } })),
    );
    t.same(burst.map((r) => r.status).sort(), [200, 409, 409, 409], 'one ping, the others in flight');
    for (const r of burst.filter((x) => x.status === 409)) {
      t.same([r.headers.get('retry-after'), r.body.details], ['1', { field: 'Idempotency-Key' }]);
      check('POST', '/api/v1/webhooks/{webhookId}/ping', r);
    }
    t.equal(pingsReceived() - before, 1, 'one request sent');

    const rowsBefore = await pingRows();
    const abort = new AbortController();
    const abandoned = fetch(`${tp.baseUrl}/api/v1/webhooks/${webhookId}/ping`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'ping-lost' },
      signal: abort.signal,
    }).catch((err: Error) => err);
    await waitFor('the ping reached the receiver', async () => (pingsReceived() - before === 2 ? true : undefined), 10_000, 20);
    abort.abort();
    t.type(await abandoned, Error, 'the client gave up before the answer');
    await waitFor('the abandoned ping committed', async () => ((await pingRows()) > rowsBefore ? true : undefined), 10_000, 50);
    const retry = await call('POST', `/api/v1/webhooks/${webhookId}/ping`, { key, headers: { 'idempotency-key': 'ping-lost' } });
    t.same([retry.status, retry.headers.get('idempotent-replayed'), retry.body.status], [200, 'true', 'succeeded'], 'the stored outcome');
    t.equal(pingsReceived() - before, 2, 'nothing sent for the retry');
    t.equal((await pingRows()) - rowsBefore, 1);
  });
  check('POST', '/api/v1/webhooks/{webhookId}/ping', await call('POST', `/api/v1/webhooks/${webhookId}/ping`, { key: other.key }));

  const deliveries = await call('GET', `/api/v1/webhooks/${webhookId}/deliveries`, { key });
  check('GET', '/api/v1/webhooks/{webhookId}/deliveries', deliveries);
  t.ok(deliveries.body.data.some((d: { id: string }) => d.id === ping.body.id));
  const deliveryId = String(ping.body.id);
  const replayKey = { 'idempotency-key': 'replay-1' };
  const replay = await call('POST', `/api/v1/webhooks/${webhookId}/deliveries/${deliveryId}/replay`, { key, headers: replayKey });
  check('POST', '/api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/replay', replay);
  t.equal(replay.status, 202);
  await waitFor('the replayed delivery sent', async () => {
    const d = await db('webhook_deliveries').where({ id: deliveryId }).first();
    return d.status === 'succeeded' ? d : undefined;
  });
  const attempts = await rows('webhook_attempts', { delivery_id: deliveryId });
  const replayAgain = await call('POST', `/api/v1/webhooks/${webhookId}/deliveries/${deliveryId}/replay`, { key, headers: replayKey });
  check('POST', '/api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/replay', replayAgain);
  t.same(
    [replayAgain.status, replayAgain.text, replayAgain.headers.get('idempotent-replayed')],
    [202, replay.text, 'true'],
    'a retried replay answers the first answer, byte for byte',
  );
  t.equal((await db('webhook_deliveries').where({ id: deliveryId }).first()).status, 'succeeded', 'and queues nothing again');
  t.equal(await rows('webhook_attempts', { delivery_id: deliveryId }), attempts);
  // The key is checked first: another delivery under it is 422, whatever that delivery is.
  const otherDelivery = await call('POST', `/api/v1/webhooks/${webhookId}/deliveries/${UNKNOWN}/replay`, { key, headers: replayKey });
  check('POST', '/api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/replay', otherDelivery);
  t.same([otherDelivery.status, otherDelivery.body.details], [422, { field: 'Idempotency-Key' }], 'the same key on another delivery');
  check(
    'POST',
    '/api/v1/webhooks/deliveries/{deliveryId}/replay',
    await call('POST', `/api/v1/webhooks/deliveries/${UNKNOWN}/replay`, { key }),
  );
  check('POST', '/api/v1/deliveries/{deliveryId}/replay', await call('POST', `/api/v1/deliveries/${deliveryId}/replay`, { key: other.key }));

  check('DELETE', '/api/v1/webhooks/{webhookId}', await call('DELETE', `/api/v1/webhooks/${webhookId}`, { key: other.key }));
  const deleted = await call('DELETE', `/api/v1/webhooks/${webhookId}`, { key });
  check('DELETE', '/api/v1/webhooks/{webhookId}', deleted);
  t.equal(deleted.status, 204);
  t.same((await call('GET', '/api/v1/webhooks', { key })).body.data, []);
});

t.test('a plan without API access cannot reach the new routes', async (t) => {
  const free = await apiClient('v1-free', 'free');
  for (const [method, path] of [
    ['POST', '/api/v1/badges'],
    ['GET', '/api/v1/bulk-issuances'],
    ['GET', '/api/v1/webhooks'],
    ['DELETE', `/api/v1/credentials/${UNKNOWN}`],
  ] as const) {
    const r = await call(method, path, { key: free.key, json: method === 'GET' ? undefined : { reason: 'x' } });
    t.equal(r.status, 403, `${method} ${path} on the free plan`);
  }
});
