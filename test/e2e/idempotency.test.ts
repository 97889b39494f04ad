// Idempotency-Key on POST /api/v1/credentials through the real platform: a replay answers the
// first response and issues nothing (a real second issue to the same recipient would be a 409
// or a renewal, and the issuance table holds one row), a mismatch is 422 and issues nothing,
// a burst issues once, keys belong to one API key, failures leave the key retryable, and a
// client that gave up before the answer gets the stored credential on its retry (issuance
// keeps the record with the issue; the gateway keeps none).
import net from 'node:net';
import t, { type Test } from 'tap';
import pg from 'pg';
import { setupStep, startTestPlatform } from './harness.js';

const tp = await setupStep('platform', () => startTestPlatform('idempotency'));
t.teardown(() => tp.stop());

const { orgId, token } = await setupStep('sign-up', () => tp.signUpOrganization('idem-academy'), tp.logFile);
const admin = tp.adminToken;

interface Res {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}

async function issue(apiKey: string, body: unknown, idempotencyKey?: string): Promise<Res> {
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` };
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  const res = await fetch(`${tp.baseUrl}/api/v1/credentials`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

async function credentialRows(email: string): Promise<number> {
  const client = new pg.Client({ connectionString: tp.isolation.databaseUrl });
  await client.connect();
  try {
    const r = await client.query(
      'select count(*)::int as n from issuance.credentials where organization_id = $1 and recipient_email = $2',
      [orgId, email],
    );
    return r.rows[0].n as number;
  } finally {
    await client.end();
  }
}

t.test('Idempotency-Key on POST /api/v1/credentials', async (t) => {
  t.equal((await tp.api('POST', `/api/admin/organizations/${orgId}/approve`, undefined, admin)).status, 200);
  t.equal((await tp.api('PATCH', `/api/admin/organizations/${orgId}`, { plan: 'professional' }, admin)).status, 200);
  t.equal((await tp.api('POST', `/api/organizations/${orgId}/signing-keys`, undefined, token)).status, 201);
  const keyA = await tp.api('POST', `/api/organizations/${orgId}/api-keys`, { name: 'ci', rateLimitPerMinute: 1000 }, token);
  const keyB = await tp.api('POST', `/api/organizations/${orgId}/api-keys`, { name: 'other', rateLimitPerMinute: 1000 }, token);
  t.equal(keyA.status, 201);
  t.equal(keyB.status, 201);
  const apiKey = String(keyA.body.key);
  const otherKey = String(keyB.body.key);

  const forever = await tp.api(
    'POST',
    `/api/organizations/${orgId}/badges`,
    { name: 'Lifetime Member', description: 'Member for life.', criteria: 'Joined.' },
    token,
  );
  t.equal(forever.status, 201, forever.text);
  t.equal(forever.body.expiresInDays, null, 'a non-expiring badge: a second real issue is 409');
  const yearly = await tp.api(
    'POST',
    `/api/organizations/${orgId}/badges`,
    { name: 'Annual Safety', description: 'Safety training.', criteria: 'Passed.', expiresInDays: 365 },
    token,
  );
  t.equal(yearly.status, 201, yearly.text);

  await t.test('a replay answers the first response and issues nothing', async (t) => {
    const body = { badgeId: forever.body.id, recipient: { name: 'Ada Lovelace', email: 'ada@example.com' } };
    const key = 'order-4711-ada';
    const first = await issue(apiKey, body, key);
    t.equal(first.status, 201, first.text);
    t.equal(first.headers.get('idempotent-replayed'), null);
    const replay = await issue(apiKey, body, `"${key}"`);
    t.equal(replay.status, 201);
    t.equal(replay.headers.get('idempotent-replayed'), 'true');
    t.equal(replay.text, first.text, 'byte-identical body');
    t.equal(replay.headers.get('location'), `/api/v1/credentials/${first.body.id}`);
    t.ok(replay.headers.get('x-request-id'), 'the replay has its own request id');
    t.ok(replay.headers.get('x-ratelimit-remaining'), 'and counts against the rate limit like any call');

    const again = await issue(apiKey, body);
    t.equal(again.status, 409, 'a real second issue to the same recipient is refused');
    t.equal(again.body.error, 'CONFLICT');
    t.not(again.body.details?.field, 'Idempotency-Key', 'the recipient conflict, not an idempotency one');
    const stored = await tp.api('GET', `/api/v1/credentials/${first.body.id}`, undefined, apiKey);
    t.equal(stored.status, 200);
    t.equal(stored.body.status, 'pending');
    t.equal(stored.body.supersededByCredentialId, null);
    t.equal(await credentialRows('ada@example.com'), 1, 'one credential row');

    const otherClient = await issue(otherKey, body, key);
    t.equal(otherClient.status, 409, "another API key's request with the same Idempotency-Key is its own request");
    t.equal(otherClient.headers.get('idempotent-replayed'), null);
  });

  await t.test('a replay on a time-bound badge is not a renewal', async (t) => {
    const body = { badgeId: yearly.body.id, recipient: { name: 'Grace Hopper', email: 'grace@example.com' } };
    const first = await issue(apiKey, body, 'grace-1');
    t.equal(first.status, 201, first.text);
    const replay = await issue(apiKey, body, 'grace-1');
    t.equal(replay.headers.get('idempotent-replayed'), 'true');
    t.equal(replay.body.id, first.body.id);
    const stored = await tp.api('GET', `/api/v1/credentials/${first.body.id}`, undefined, apiKey);
    t.equal(stored.body.status, 'pending', 'not revoked by a renewal');
    t.equal(stored.body.revokedAt, null);
    t.equal(stored.body.supersededByCredentialId, null);
    t.equal(await credentialRows('grace@example.com'), 1);
  });

  await t.test('the same key with another body is 422 and issues nothing', async (t) => {
    const key = 'mismatch-1';
    t.equal(
      (await issue(apiKey, { badgeId: forever.body.id, recipient: { name: 'Alan Turing', email: 'alan@example.com' } }, key)).status,
      201,
    );
    const other = await issue(
      apiKey,
      { badgeId: forever.body.id, recipient: { name: 'Edsger Dijkstra', email: 'edsger@example.com' } },
      key,
    );
    t.equal(other.status, 422);
    t.same(other.body, { error: 'UNPROCESSABLE', message: other.body.message, details: { field: 'Idempotency-Key' } });
    t.equal(await credentialRows('edsger@example.com'), 0);
  });

  await t.test('a burst with one key issues exactly one credential', async (t) => {
    const body = { badgeId: forever.body.id, recipient: { name: 'Linus Burst', email: 'linus@example.com' } };
    const results = await Promise.all(Array.from({ length: 12 }, () => issue(apiKey, body, 'burst-1')));
    const created = results.filter((r) => r.status === 201);
    t.equal(
      created.length + results.filter((r) => r.status === 409).length,
      12,
      `201 or 409 only: ${results.map((r) => r.status).join(',')}`,
    );
    t.equal(created.filter((r) => r.headers.get('idempotent-replayed') === null).length, 1, 'one original');
    t.ok(created.every((r) => r.text === created[0]!.text));
    t.equal(await credentialRows('linus@example.com'), 1);
  });

  await t.test('the client gave up before the answer (a timeout): its retry gets the stored credential', async (t) => {
    const body = { badgeId: yearly.body.id, recipient: { name: 'Katherine Johnson', email: 'katherine@example.com' } };
    const payload = JSON.stringify(body);
    // Send the request and never read the answer, then hang up, like a client whose timeout fired
    // (hanging up before the body is read would be a 400 for the aborted body instead): the issue
    // commits with its record, and nobody sees its answer.
    const { port, hostname } = new URL(tp.baseUrl);
    const socket = net.connect(Number(port), hostname);
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.write(
          `POST /api/v1/credentials HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${apiKey}\r\n` +
            `Content-Type: application/json\r\nIdempotency-Key: lost-1\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
          () => resolve(),
        );
      });
    });
    const deadline = Date.now() + 15_000;
    while ((await credentialRows('katherine@example.com')) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    socket.destroy();
    t.equal(await credentialRows('katherine@example.com'), 1, 'the abandoned request issued');

    const retry = await issue(apiKey, body, 'lost-1');
    t.equal(retry.status, 201, retry.text);
    t.equal(retry.headers.get('idempotent-replayed'), 'true', 'answered from the record issuance stored with the credential');
    t.equal(retry.body.supersedesCredentialId, null, 'not a renewal');
    const stored = await tp.api('GET', `/api/v1/credentials/${retry.body.id}`, undefined, apiKey);
    t.equal(stored.body.status, 'pending', 'the first credential was not superseded');
    t.equal(retry.headers.get('location'), `/api/v1/credentials/${retry.body.id}`);
    t.equal(await credentialRows('katherine@example.com'), 1);

    const replayedAgain = await issue(apiKey, body, 'lost-1');
    t.equal(replayedAgain.text, retry.text, 'every retry gets the same bytes');
    const mismatch = await issue(apiKey, { ...body, recipient: { ...body.recipient, name: 'K. Johnson' } }, 'lost-1');
    t.equal(mismatch.status, 422, 'another request under the key is refused');
    t.equal(mismatch.body.error, 'UNPROCESSABLE');
    t.equal(mismatch.body.details.field, 'Idempotency-Key');
    t.equal(await credentialRows('katherine@example.com'), 1);
  });

  await t.test('failures are not stored; malformed keys are 400', async (t) => {
    const key = 'retry-after-404';
    const unknownBadge = await issue(
      apiKey,
      { badgeId: '00000000-0000-4000-8000-000000000000', recipient: { name: 'Barbara Liskov', email: 'barbara@example.com' } },
      key,
    );
    t.equal(unknownBadge.status, 404);
    const corrected = await issue(
      apiKey,
      { badgeId: forever.body.id, recipient: { name: 'Barbara Liskov', email: 'barbara@example.com' } },
      key,
    );
    t.equal(corrected.status, 201, 'the corrected request runs under the same key');
    t.equal(await credentialRows('barbara@example.com'), 1);

    const bad = await issue(
      apiKey,
      { badgeId: forever.body.id, recipient: { name: 'Nobody', email: 'nobody@example.com' } },
      'x'.repeat(256),
    );
    t.equal(bad.status, 400);
    t.equal(bad.body.error, 'VALIDATION_ERROR');
    t.equal(bad.body.details.field, 'Idempotency-Key');
    t.equal(await credentialRows('nobody@example.com'), 0);
  });
});

// Badge creation, badge image upload and signing-key rotation: issuance keeps their records too
// (scopes badges.create, badges.image, signing-keys.rotate), so each is proven the same way: the
// replay is the first answer's status, Location and bytes with Idempotent-Replayed, another
// request is 422, a burst does the effect once, and a client that hung up gets the stored answer.

interface Sent {
  path: string;
  token: string;
  key?: string;
  json?: unknown;
  form?: FormData;
}

async function send(s: Sent): Promise<Res> {
  const headers: Record<string, string> = { authorization: `Bearer ${s.token}` };
  if (s.key !== undefined) headers['idempotency-key'] = s.key;
  let body: string | FormData | undefined;
  if (s.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(s.json);
  } else if (s.form) body = s.form;
  const res = await fetch(`${tp.baseUrl}${s.path}`, { method: 'POST', headers, ...(body === undefined ? {} : { body }) });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/**
 * Sends a request over a raw socket and never reads the answer; hangs up once `done()` says
 * its effect committed, like a client whose timeout fired.
 */
async function sendAndHangUp(s: Sent, done: () => Promise<boolean>): Promise<void> {
  const prepared = new Request(`${tp.baseUrl}${s.path}`, {
    method: 'POST',
    ...(s.json !== undefined ? { body: JSON.stringify(s.json), headers: { 'content-type': 'application/json' } } : {}),
    ...(s.form ? { body: s.form } : {}),
  });
  const bytes = Buffer.from(await prepared.arrayBuffer());
  const type = prepared.headers.get('content-type');
  const { port, hostname } = new URL(tp.baseUrl);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('connect', () => {
      const head =
        `POST ${s.path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${s.token}\r\n` +
        (type ? `Content-Type: ${type}\r\n` : '') +
        `Idempotency-Key: ${s.key}\r\nContent-Length: ${bytes.length}\r\n\r\n`;
      socket.write(Buffer.concat([Buffer.from(head), bytes]), () => resolve());
    });
  });
  const deadline = Date.now() + 15_000;
  while (!(await done()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  socket.destroy();
}

async function count(sql: string, params: unknown[]): Promise<number> {
  const client = new pg.Client({ connectionString: tp.isolation.databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows[0].n as number;
  } finally {
    await client.end();
  }
}

const badgeRows = (name: string) => count('select count(*)::int as n from issuance.badges where organization_id = $1 and name = $2', [orgId, name]);
const imageChanges = (badgeId: string) =>
  count("select count(*)::int as n from issuance.audit_log where action = 'badge.image_changed' and target_id = $1", [badgeId]);
const signingKeys = async () => (await tp.api('GET', `/api/organizations/${orgId}/signing-keys`, undefined, token)).body.data.length as number;

/** The same answer as `first`: status, Location and bytes, marked replayed. */
function sameAnswer(t: Test, replay: Res, first: Res): void {
  t.equal(replay.status, first.status, 'the same status');
  t.equal(replay.headers.get('idempotent-replayed'), 'true', 'Idempotent-Replayed: true');
  t.equal(replay.headers.get('location'), first.headers.get('location'), 'the same Location');
  t.equal(replay.text, first.text, 'byte-identical body');
}

/** A burst: 201/200 or the in-flight 409 (with Retry-After: 1), one of them not replayed. */
function oneEffect(t: Test, results: Res[], success: number): void {
  const ok = results.filter((r) => r.status === success);
  const inFlight = results.filter((r) => r.status === 409);
  t.equal(ok.length + inFlight.length, results.length, `${success} or 409 only: ${results.map((r) => r.status).join(',')}`);
  for (const r of inFlight) t.same([r.body.details?.field, r.headers.get('retry-after')], ['Idempotency-Key', '1'], 'the in-flight 409');
  t.equal(ok.filter((r) => r.headers.get('idempotent-replayed') === null).length, 1, 'one original');
  t.ok(ok.every((r) => r.text === ok[0]!.text), 'every answer the same bytes');
}

// A PNG's signature and header are what issuance checks (the type is sniffed from the bytes).
const png = (side: number) =>
  Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from(`0000000${side}0000000${side}08060000001f15c489`, 'hex'), Buffer.alloc(16)]);
const PNG_1x1 = png(1);
const PNG_OTHER = png(2);
const imageForm = (bytes: Buffer) => {
  const f = new FormData();
  f.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'badge.png');
  return f;
};

t.test('Idempotency-Key on badge creation, image upload and signing-key rotation (issuance keeps the record)', async (t) => {
  const keyRes = await tp.api('POST', `/api/organizations/${orgId}/api-keys`, { name: 'badges', rateLimitPerMinute: 1000 }, token);
  t.equal(keyRes.status, 201);
  const apiKey = String(keyRes.body.key);

  await t.test('POST /api/v1/badges', async (t) => {
    const body = { name: 'Keyed Badge', description: 'Created once.', criteria: 'Retried.' };
    const first = await send({ path: '/api/v1/badges', token: apiKey, key: 'badge-1', json: body });
    t.equal(first.status, 201, first.text);
    t.equal(first.headers.get('idempotent-replayed'), null);
    t.equal(first.headers.get('location'), `/api/v1/badges/${first.body.id}`);
    sameAnswer(t, await send({ path: '/api/v1/badges', token: apiKey, key: '"badge-1"', json: body }), first);
    t.equal(await badgeRows('Keyed Badge'), 1, 'one badge row');

    const other = await send({ path: '/api/v1/badges', token: apiKey, key: 'badge-1', json: { ...body, name: 'Another Badge' } });
    t.same([other.status, other.body.error, other.body.details?.field], [422, 'UNPROCESSABLE', 'Idempotency-Key']);
    t.equal(await badgeRows('Another Badge'), 0);

    const burstBody = { name: 'Burst Badge', description: 'Once.', criteria: 'Many tries.' };
    oneEffect(t, await Promise.all(Array.from({ length: 8 }, () => send({ path: '/api/v1/badges', token: apiKey, key: 'badge-burst', json: burstBody }))), 201);
    t.equal(await badgeRows('Burst Badge'), 1, 'a burst creates one badge');

    const lostBody = { name: 'Lost Badge', description: 'The answer was lost.', criteria: 'Hung up.' };
    await sendAndHangUp({ path: '/api/v1/badges', token: apiKey, key: 'badge-lost', json: lostBody }, async () => (await badgeRows('Lost Badge')) > 0);
    t.equal(await badgeRows('Lost Badge'), 1, 'the abandoned request created the badge');
    const retry = await send({ path: '/api/v1/badges', token: apiKey, key: 'badge-lost', json: lostBody });
    t.same([retry.status, retry.headers.get('idempotent-replayed')], [201, 'true'], 'its retry gets the stored answer');
    t.equal(retry.headers.get('location'), `/api/v1/badges/${retry.body.id}`);
    t.equal(await badgeRows('Lost Badge'), 1, 'and creates nothing');

    // A create that fails (the slug is taken) leaves the key free for the corrected request.
    const taken = { name: 'Slug Clash', description: 'x', criteria: 'y', slug: 'keyed-badge' };
    const clash = await send({ path: '/api/v1/badges', token: apiKey, key: 'badge-fix', json: taken });
    t.equal(clash.status, 409, clash.text);
    t.not(clash.body.details?.field, 'Idempotency-Key', 'the slug conflict, not an idempotency one');
    t.equal(clash.headers.get('retry-after'), null, 'no Retry-After on a conflict of the request itself');
    const fixed = await send({ path: '/api/v1/badges', token: apiKey, key: 'badge-fix', json: { ...taken, slug: 'slug-clash' } });
    t.same([fixed.status, fixed.headers.get('idempotent-replayed')], [201, null], 'the corrected request creates under the key');

    const bad = await send({ path: '/api/v1/badges', token: apiKey, key: 'x'.repeat(256), json: { ...body, name: 'Bad Key Badge' } });
    t.same([bad.status, bad.body.error, bad.body.details?.field], [400, 'VALIDATION_ERROR', 'Idempotency-Key']);
    t.equal(await badgeRows('Bad Key Badge'), 0);

    // The member route keeps its own keys (member, not API key) with the same record.
    const member = await send({ path: `/api/organizations/${orgId}/badges`, token, key: 'badge-1', json: body });
    t.same([member.status, member.headers.get('idempotent-replayed')], [201, null], "the member's key is not the API key's");
    t.equal(member.headers.get('location'), `/api/organizations/${orgId}/badges/${member.body.id}`);
    sameAnswer(t, await send({ path: `/api/organizations/${orgId}/badges`, token, key: 'badge-1', json: body }), member);
    t.equal(await badgeRows('Keyed Badge'), 2);
  });

  await t.test('POST /badges/{badgeId}/image', async (t) => {
    const badge = await send({ path: `/api/organizations/${orgId}/badges`, token, json: { name: 'Pictured', description: 'd', criteria: 'c' } });
    t.equal(badge.status, 201);
    const path = `/api/organizations/${orgId}/badges/${badge.body.id}/image`;
    const first = await send({ path, token, key: 'image-1', form: imageForm(PNG_1x1) });
    t.equal(first.status, 200, first.text);
    t.equal(first.headers.get('idempotent-replayed'), null);
    sameAnswer(t, await send({ path, token, key: 'image-1', form: imageForm(PNG_1x1) }), first);
    t.equal(await imageChanges(badge.body.id), 1, 'one upload done');
    const other = await send({ path, token, key: 'image-1', form: imageForm(PNG_OTHER) });
    t.same([other.status, other.body.details?.field], [422, 'Idempotency-Key'], 'other bytes under the key');
    t.equal(await imageChanges(badge.body.id), 1);

    oneEffect(t, await Promise.all(Array.from({ length: 6 }, () => send({ path, token, key: 'image-burst', form: imageForm(PNG_OTHER) }))), 200);
    t.equal(await imageChanges(badge.body.id), 2, 'a burst uploads once');

    await sendAndHangUp({ path, token, key: 'image-lost', form: imageForm(PNG_1x1) }, async () => (await imageChanges(badge.body.id)) > 2);
    t.equal(await imageChanges(badge.body.id), 3, 'the abandoned upload was done');
    const retry = await send({ path, token, key: 'image-lost', form: imageForm(PNG_1x1) });
    t.same([retry.status, retry.headers.get('idempotent-replayed')], [200, 'true'], 'its retry gets the stored answer');
    t.equal(await imageChanges(badge.body.id), 3, 'and uploads nothing');

    // The same file for another badge under the key is another request.
    const second = await send({ path: `/api/organizations/${orgId}/badges`, token, json: { name: 'Pictured Too', description: 'd', criteria: 'c' } });
    const elsewhere = await send({ path: `/api/organizations/${orgId}/badges/${second.body.id}/image`, token, key: 'image-1', form: imageForm(PNG_1x1) });
    t.same([elsewhere.status, elsewhere.body.details?.field], [422, 'Idempotency-Key'], 'another badge under the key');
  });

  await t.test('POST /api/organizations/{orgId}/signing-keys/rotate', async (t) => {
    const path = `/api/organizations/${orgId}/signing-keys/rotate`;
    const before = await signingKeys();
    const first = await send({ path, token, key: 'rotate-1' });
    t.equal(first.status, 201, first.text);
    t.equal(first.headers.get('idempotent-replayed'), null);
    sameAnswer(t, await send({ path, token, key: 'rotate-1' }), first);
    t.equal(await signingKeys(), before + 1, 'one rotation');

    oneEffect(t, await Promise.all(Array.from({ length: 4 }, () => send({ path, token, key: 'rotate-burst' }))), 201);
    t.equal(await signingKeys(), before + 2, 'a burst rotates once');

    await sendAndHangUp({ path, token, key: 'rotate-lost' }, async () => (await signingKeys()) > before + 2);
    t.equal(await signingKeys(), before + 3, 'the abandoned rotation was done');
    const retry = await send({ path, token, key: 'rotate-lost' });
    t.same([retry.status, retry.headers.get('idempotent-replayed')], [201, 'true'], 'its retry gets the stored answer');
    t.equal(retry.body.sequence, before + 3, 'the key that rotation made');
    t.equal(await signingKeys(), before + 3, 'and rotates nothing');

    const bad = await send({ path, token, key: '"unterminated' });
    t.same([bad.status, bad.body.details?.field], [400, 'Idempotency-Key']);
    t.equal(await signingKeys(), before + 3);
  });
});
