// Bulk issuance end to end, as the web application calls it (docs/contract.md "Authentication and access"): a member
// uploads a CSV through the gateway, polls the job, reads per-row results; every refusal has
// the error shape of docs/contract.md "Errors".
import t from 'tap';
import { waitFor } from '@cred/testing';
import { setupStep, startTestPlatform } from './harness.js';

const tp = await setupStep('platform', () => startTestPlatform('bulk'));
t.teardown(() => tp.stop());

const admin = tp.adminToken;
const { orgId, token } = await setupStep('sign-up', () => tp.signUpOrganization('bulk-academy'), tp.logFile);

interface Upload {
  badgeId?: string;
  file?: string | Uint8Array;
  filename?: string;
  extra?: Record<string, string>;
  idempotencyKey?: string;
}

/** POST .../bulk-issuances as multipart/form-data (fields badgeId and file). */
async function upload(u: Upload, as = { orgId, token }) {
  const form = new FormData();
  if (u.badgeId !== undefined) form.append('badgeId', u.badgeId);
  for (const [k, v] of Object.entries(u.extra ?? {})) form.append(k, v);
  if (u.file !== undefined) form.append('file', new Blob([u.file], { type: 'text/csv' }), u.filename ?? 'recipients.csv');
  const res = await fetch(`${tp.baseUrl}/api/organizations/${as.orgId}/bulk-issuances`, {
    method: 'POST',
    headers: { authorization: `Bearer ${as.token}`, ...(u.idempotencyKey === undefined ? {} : { 'idempotency-key': u.idempotencyKey }) },
    body: form,
  });
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, body, headers: res.headers, text };
}

const jobPath = (id: string, query = '') => `/api/organizations/${orgId}/bulk-issuances/${id}${query}`;
const lines = (...l: string[]) => `${l.join('\n')}\n`;

t.test('a member uploads a CSV and follows the job to its per-row results', async (t) => {
  t.equal((await tp.api('POST', `/api/admin/organizations/${orgId}/approve`, undefined, admin)).status, 200);
  t.equal((await tp.api('POST', `/api/organizations/${orgId}/signing-keys`, undefined, token)).status, 201);
  const badge = await tp.api(
    'POST',
    `/api/organizations/${orgId}/badges`,
    { name: 'Workshop Attendee', description: 'Attended the workshop.', criteria: 'Was there all day.', expiresInDays: 365 },
    token,
  );
  t.equal(badge.status, 201, badge.text);
  const badgeId = String(badge.body.id);

  const csv = lines(
    'name,email',
    'Ada Lovelace,ada@example.com',
    'Grace Hopper,Grace@Example.com',
    'Nobody,not-an-email',
    '"Hopper, Grace",grace@example.com',
    '',
    'Alan Turing,alan@example.com',
  );
  const created = await upload({ badgeId, file: `\uFEFF${csv.replace(/\n/g, '\r\n')}` });
  t.equal(created.status, 202, created.text);
  t.same(Object.keys(created.body).sort(), ['id', 'status', 'total']);
  t.equal(created.body.status, 'queued');
  t.equal(created.body.total, 5, 'five data rows (the blank line is not one)');
  t.equal(created.headers.get('location'), `/api/organizations/${orgId}/bulk-issuances/${created.body.id}`);

  const done = await waitFor(
    'the bulk issuance to complete',
    async () => {
      const r = await tp.api('GET', jobPath(created.body.id), undefined, token);
      return r.status === 200 && r.body.status === 'completed' ? r : undefined;
    },
    120_000,
    250,
  );
  t.match(done.body, {
    id: created.body.id,
    badgeId,
    status: 'completed',
    total: 5,
    processed: 5,
    issued: 3,
    renewed: 1,
    conflicts: 0,
    invalid: 1,
    failed: 0,
  });
  t.ok(done.body.createdAt && done.body.startedAt && done.body.completedAt);
  t.same(done.body.pagination, { limit: 100, offset: 0, total: 5 });
  t.same(
    done.body.rows.map((r: { row: number; result: string }) => [r.row, r.result]),
    [
      [1, 'issued'],
      [2, 'issued'],
      [3, 'invalid'],
      [4, 'renewed'],
      [6, 'issued'],
    ],
    'results in CSV order; the repeated e-mail (row 4) renews the credential of row 2',
  );
  t.same(done.body.rows[2], {
    row: 3,
    name: 'Nobody',
    email: 'not-an-email',
    result: 'invalid',
    reason: 'email must be a valid e-mail address',
    credentialId: null,
    credentialUuid: null,
  });
  t.match(done.body.rows[3], {
    name: 'Hopper, Grace',
    email: 'grace@example.com',
    reason: null,
    credentialId: /^CRD-[0-9A-HJKMNP-TV-Z]{12}$/,
  });

  // The issued credentials are real: publicly verifiable by their CRD- id.
  const alan = done.body.rows[4];
  const verified = await waitFor('the bulk-issued credential to verify', async () => {
    const r = await tp.api('GET', `/api/verify/${alan.credentialId}`);
    return r.status === 200 ? r : undefined;
  });
  t.equal(verified.body.valid, true);
  t.equal(verified.body.credential.id, alan.credentialUuid);
  const superseded = await waitFor('the superseded credential to show revoked', async () => {
    const r = await tp.api('GET', `/api/verify/${done.body.rows[1].credentialId}`);
    return r.status === 200 && r.body.status === 'revoked' ? r : undefined;
  });
  t.equal(superseded.body.valid, false, 'row 2 was superseded by the renewal of row 4');

  // Pages and filters.
  const page = await tp.api('GET', jobPath(created.body.id, '?limit=2&offset=1'), undefined, token);
  t.same(
    page.body.rows.map((r: { row: number }) => r.row),
    [2, 3],
  );
  t.same(page.body.pagination, { limit: 2, offset: 1, total: 5 });
  const issued = await tp.api('GET', jobPath(created.body.id, '?result=issued'), undefined, token);
  t.same(issued.body.pagination, { limit: 100, offset: 0, total: 3 });
  t.same(
    issued.body.rows.map((r: { row: number }) => r.row),
    [1, 2, 6],
  );
  for (const [query, field] of [
    ['?limit=0', 'limit'],
    ['?limit=1001', 'limit'],
    ['?limit=ten', 'limit'],
    ['?offset=-1', 'offset'],
    ['?result=done', 'result'],
  ] as const) {
    const r = await tp.api('GET', jobPath(created.body.id, query), undefined, token);
    t.equal(r.status, 400, query);
    t.same(Object.keys(r.body).sort(), ['details', 'error', 'message']);
    t.equal(r.body.error, 'VALIDATION_ERROR');
    t.equal(r.body.details.field, field, query);
  }

  const list = await tp.api('GET', `/api/organizations/${orgId}/bulk-issuances`, undefined, token);
  t.equal(list.status, 200);
  t.equal(list.body.data[0].id, created.body.id);
  t.notOk('rows' in list.body.data[0], 'the list carries no rows');
  t.equal(list.body.pagination.total, 1);

  // Tenancy: another organization's member sees nothing of it.
  const other = await tp.signUpOrganization('bulk-other');
  t.equal((await tp.api('GET', `/api/organizations/${other.orgId}/bulk-issuances/${created.body.id}`, undefined, other.token)).status, 404);
  t.equal((await tp.api('GET', jobPath(created.body.id), undefined, other.token)).status, 404, 'not a member');
  t.equal((await tp.api('GET', `/api/organizations/${other.orgId}/bulk-issuances`, undefined, other.token)).body.pagination.total, 0);
  t.equal((await tp.api('GET', jobPath('0f8fad5b-d9cb-469f-a165-70867728950e'), undefined, token)).status, 404);
  t.equal((await tp.api('GET', jobPath('not-a-uuid'), undefined, token)).status, 404);
  t.equal((await tp.api('GET', jobPath(created.body.id))).status, 401, 'no session');
  const foreign = await upload({ badgeId, file: lines('name,email', 'A,a@example.com') }, other);
  t.equal(foreign.status, 404, "another organization's badge");

  t.test('refusals, with the error shape', async (t) => {
    const refused = async (u: Upload, status: number, error: string, field?: string) => {
      const r = await upload(u);
      t.equal(r.status, status, `${status} ${error} ${field ?? ''}: ${r.text.slice(0, 200)}`);
      t.same(Object.keys(r.body ?? {}).sort(), ['details', 'error', 'message']);
      t.equal(r.body?.error, error);
      if (field) t.equal(r.body?.details.field, field);
      return r;
    };
    await refused({ badgeId, file: lines('Ada,ada@example.com') }, 400, 'VALIDATION_ERROR', 'file');
    await refused({ badgeId, file: lines('name,email,phone', 'A,a@example.com,1') }, 400, 'VALIDATION_ERROR', 'file');
    await refused({ badgeId, file: lines('name,email') }, 400, 'VALIDATION_ERROR', 'file');
    await refused({ badgeId, file: '' }, 400, 'VALIDATION_ERROR', 'file');
    await refused(
      { badgeId, file: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), filename: 'recipients.xlsx' },
      400,
      'VALIDATION_ERROR',
      'file',
    );
    const quote = await refused({ badgeId, file: lines('name,email', 'A,"a@example.com') }, 400, 'VALIDATION_ERROR', 'file');
    t.equal(quote.body.details.line, 2);
    await refused({ badgeId }, 400, 'VALIDATION_ERROR', 'file');
    await refused({ file: lines('name,email', 'A,a@example.com') }, 400, 'VALIDATION_ERROR', 'badgeId');
    await refused({ badgeId: 'not-a-uuid', file: lines('name,email', 'A,a@example.com') }, 400, 'VALIDATION_ERROR', 'badgeId');
    await refused({ badgeId, file: lines('name,email', 'A,a@example.com'), extra: { note: 'x' } }, 400, 'VALIDATION_ERROR', 'note');
    await refused({ badgeId: '0f8fad5b-d9cb-469f-a165-70867728950e', file: lines('name,email', 'A,a@example.com') }, 404, 'NOT_FOUND');

    const off = await tp.api(
      'POST',
      `/api/organizations/${orgId}/badges`,
      { name: 'Retired', description: 'Old.', criteria: 'None.', isActive: false },
      token,
    );
    const inactive = await refused(
      { badgeId: off.body.id, file: lines('name,email', 'A,a@example.com') },
      400,
      'VALIDATION_ERROR',
      'badgeId',
    );
    t.match(inactive.body.message, /deactivated/);

    const rows = (n: number) =>
      `name,email\n${Array.from({ length: n }, (_, i) => `Recipient ${i + 1},recipient${i + 1}.example.com`).join('\n')}\n`;
    const tooMany = await refused({ badgeId, file: rows(10_001) }, 400, 'VALIDATION_ERROR', 'file');
    t.match(tooMany.body.message, /10,000 rows/);
    const big = await refused({ badgeId, file: new Uint8Array(5 * 1024 * 1024 + 1).fill(0x41) }, 413, 'PAYLOAD_TOO_LARGE', 'file');
    t.equal(big.body.details.limitBytes, 5 * 1024 * 1024);

    const json = await tp.api('POST', `/api/organizations/${orgId}/bulk-issuances`, { badgeId, csv: 'name,email' }, token);
    t.equal(json.status, 415);
    t.equal(json.body.error, 'UNSUPPORTED_MEDIA_TYPE');

    // 10,000 rows is within the limit. (Their e-mails are malformed, so the job is complete at
    // once without issuing anything: a full 10,000-credential run is too slow for CI.)
    const max = await upload({ badgeId, file: rows(10_000) });
    t.equal(max.status, 202, max.text);
    t.same(max.body, { id: max.body.id, status: 'completed', total: 10_000 });
    const maxJob = await tp.api('GET', jobPath(max.body.id, '?limit=1000&offset=9000&result=invalid'), undefined, token);
    t.equal(maxJob.body.invalid, 10_000);
    t.equal(maxJob.body.rows.length, 1000);
    t.equal(maxJob.body.rows.at(-1).row, 10_000);
  });
});

t.test('a retried upload with its Idempotency-Key answers with the first job', async (t) => {
  const badge = await tp.api(
    'POST',
    `/api/organizations/${orgId}/badges`,
    { name: 'Retry Safe', description: 'Once.', criteria: 'Once.' },
    token,
  );
  t.equal(badge.status, 201, badge.text);
  const badgeId = String(badge.body.id);
  const file = lines('name,email', 'Key Holder,key.holder@example.com', 'Second Holder,second.holder@example.com');
  const key = 'upload-6f1c2d9e';

  const first = await upload({ badgeId, file, idempotencyKey: key });
  t.equal(first.status, 202, first.text);
  t.equal(first.headers.get('idempotent-replayed'), null);
  const retry = await upload({ badgeId, file, idempotencyKey: `"${key}"` });
  t.equal(retry.status, 202, 'the structured-field form is the same key');
  t.equal(retry.body.id, first.body.id, 'the same job');
  t.equal(retry.headers.get('idempotent-replayed'), 'true');
  t.equal(retry.headers.get('location'), first.headers.get('location'));

  const changed = await upload({ badgeId, file: lines('name,email', 'Someone Else,else@example.com'), idempotencyKey: key });
  t.equal(changed.status, 422, changed.text);
  t.equal(changed.body.error, 'UNPROCESSABLE');
  t.equal(changed.body.details.field, 'Idempotency-Key');
  const malformed = await upload({ badgeId, file, idempotencyKey: 'x'.repeat(256) });
  t.equal(malformed.status, 400);
  t.equal(malformed.body.details.field, 'Idempotency-Key');

  // The job ran once: one credential per recipient, none renewed by a second job.
  const done = await waitFor('the keyed job to complete', async () => {
    const r = await tp.api('GET', `/api/organizations/${orgId}/bulk-issuances/${first.body.id}`, undefined, token);
    return r.body?.status === 'completed' ? r.body : undefined;
  });
  t.match(done, { total: 2, issued: 2, renewed: 0 });
  const jobs = await tp.api('GET', `/api/organizations/${orgId}/bulk-issuances?limit=100`, undefined, token);
  t.equal(jobs.body.data.filter((j: { badgeId: string }) => j.badgeId === badgeId).length, 1, 'one job for the badge');
});
