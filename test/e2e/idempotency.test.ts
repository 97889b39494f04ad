// Idempotency-Key on POST /api/v1/credentials through the real platform: a replay answers the
// first response and issues nothing (a real second issue to the same recipient would be a 409
// or a renewal, and the issuance table holds one row), a mismatch is 422 and issues nothing,
// a burst issues once, keys belong to one API key, failures leave the key retryable, and a
// client that gave up before the answer gets the stored credential on its retry (issuance
// keeps the record with the issue; the gateway keeps none).
import net from 'node:net';
import t from 'tap';
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
