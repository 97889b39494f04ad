// Issue 19, "degraded, not down": the whole platform as separate processes on a Redis and a
// RabbitMQ node of this test's own (test/chaos/infra.ts: started here on free ports, faulted and
// stopped by pid; the machine's shared servers are never touched).
//
// Redis away (first frozen with SIGSTOP, so commands time out, then SIGKILLed, so connections are
// refused): the public verification surfaces answer with the right verdicts, and the API does
// what docs/decisions.md promises ("Accounts and the gateway" item 15, "Idempotency-Key" items 9
// and 10): the gateway's per-IP limit fails open, verification's per-IP limit and the per-key
// limits count per process, the auth limits fail closed with 503 UNAVAILABLE in the error shape
// (and write nothing), an issue with an Idempotency-Key still works (issuance keeps its record,
// not Redis), everything else keeps working.
//
// The broker SIGKILLed: issuing through the API answers 201 and the credentials verify at once;
// their events wait in the outbox, and once the node is back they drain: the issue e-mails
// arrive, the webhooks are delivered and verification and notification record the events.
//
// TRUST_PROXY=1 makes the test the proxy in front: each call names its client address in
// X-Forwarded-For (a fresh one unless the check is about one client's budget).
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import t, { type Test } from 'tap';
import pg from 'pg';
import { freshClientAddress, waitFor } from '@cred/testing';
import { chaosRoot, startRabbit, startRedis, type RabbitInstance, type RedisInstance } from '../chaos/infra.js';
import { startWebhookReceiver, type WebhookReceiver } from '../chaos/webhook-receiver.js';
import { setupStep, startTestPlatform, type TestPlatform } from './harness.js';

/** The per-IP limit a minute (RATE_LIMIT_IP_PER_MINUTE), small enough to reach in a few calls. */
const LIMIT = 8;
/** A request that takes longer than this hangs: Redis must cost a timeout, never a stuck request. */
const ANSWER_WITHIN_MS = 20_000;

const root = chaosRoot();
const own: { redis?: RedisInstance; rabbit?: RabbitInstance; hooks?: WebhookReceiver; tp?: TestPlatform } = {};
t.teardown(async () => {
  await own.tp?.stop().catch(() => undefined);
  // Their data goes with the directory: no need to wait for a graceful broker shutdown.
  await Promise.all([own.redis?.kill9(), own.rabbit?.kill9()]);
  await Promise.all([own.redis?.cleanup(), own.rabbit?.cleanup(), own.hooks?.close()]);
  rmSync(root, { recursive: true, force: true });
});

const startedAt = Date.now();
const { redis, rabbit } = await setupStep('a Redis and a RabbitMQ node of our own', async () => {
  const [r, b] = await Promise.all([startRedis(root), startRabbit(root)]);
  own.redis = r;
  own.rabbit = b;
  return { redis: r, rabbit: b };
});
const rabbitStartMs = Date.now() - startedAt;
const hooks = await setupStep('webhook receiver', async () => (own.hooks = await startWebhookReceiver()));
const tp = await setupStep(
  'platform on our Redis and broker',
  async () =>
    (own.tp = await startTestPlatform('degraded', {
      REDIS_URL: redis.url,
      AMQP_URL: rabbit.url,
      TRUST_PROXY: '1',
      RATE_LIMIT_IP_PER_MINUTE: String(LIMIT),
      WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${hooks.port}`,
    })),
);
t.comment(
  `own RabbitMQ node ready in ${(rabbitStartMs / 1000).toFixed(1)} s; platform up ${((Date.now() - startedAt) / 1000).toFixed(1)} s after the start`,
);

/** A client address no other request of this run uses (@cred/testing). */
const fresh = freshClientAddress;

interface Answer {
  status: number;
  body: any;
  text: string;
  bytes: Buffer;
  headers: Headers;
}

async function call(
  method: string,
  path: string,
  options: { body?: unknown; raw?: { type: string; bytes: Buffer }; token?: string; client?: string; idempotencyKey?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.client ?? fresh() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let body: string | Buffer | undefined;
  if (options.raw) {
    headers['content-type'] = options.raw.type;
    body = options.raw.bytes;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${tp.baseUrl}${path}`, {
    method,
    headers,
    signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    ...(body === undefined ? {} : { body }),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, body: json, text, bytes, headers: res.headers };
}

async function must(what: string, status: number, answer: Promise<Answer>): Promise<Answer> {
  const r = await answer;
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r;
}

const db = new pg.Pool({ connectionString: tp.isolation.databaseUrl, max: 2 });
t.teardown(() => db.end());
const count = async (sql: string, params: unknown[]) => (await db.query<{ n: number }>(sql, params)).rows[0]!.n;

const setup = await setupStep(
  'organization, API keys, badge and webhook',
  async () => {
    const slug = 'degraded-academy';
    const email = `owner-${slug}@example.com`;
    const password = 'correct horse battery staple';
    const signup = await must(
      'sign-up',
      201,
      call('POST', '/api/auth/signup', { body: { email, password, name: 'Owner', organization: { name: 'Degraded Academy', slug } } }),
    );
    const orgId = String(signup.body.organization.id);
    const owner = String(signup.body.token);
    await tp.confirmAddress(email);
    await must('approve', 200, call('POST', `/api/admin/organizations/${orgId}/approve`, { token: tp.adminToken }));
    await must('plan', 200, call('PATCH', `/api/admin/organizations/${orgId}`, { body: { plan: 'enterprise' }, token: tp.adminToken }));
    await must('signing keys', 201, call('POST', `/api/organizations/${orgId}/signing-keys`, { token: owner }));
    const key = async (name: string, rateLimitPerMinute: number) =>
      (
        await must(
          `API key ${name}`,
          201,
          call('POST', `/api/organizations/${orgId}/api-keys`, { body: { name, rateLimitPerMinute }, token: owner }),
        )
      ).body as {
        id: string;
        key: string;
      };
    const apiKey = (await key('main', 1000)).key;
    // One small key per Redis outage: each one's per-process window starts in its own outage.
    const smallKeys = [(await key('small-frozen', 4)).key, (await key('small-killed', 4)).key];
    // Keys revoked while Redis is away.
    const doomed = [await key('doomed-frozen', 100), await key('doomed-killed', 100)];
    const badge = { name: 'Still Standing', description: 'Verified while parts were down.', criteria: 'Stayed up.', expiresInDays: 365 };
    const badgeId = String(
      (await must('badge', 201, call('POST', `/api/organizations/${orgId}/badges`, { body: badge, token: owner }))).body.id,
    );
    await must(
      'webhook',
      201,
      call('POST', '/api/v1/webhooks', { body: { url: hooks.url, events: ['credential.issued', 'credential.revoked'] }, token: apiKey }),
    );
    return { orgId, owner, email, password, apiKey, smallKeys, doomed, badgeId };
  },
  tp.logFile,
);
const { orgId, owner, apiKey, badgeId } = setup;

const issue = (email: string, options: { idempotencyKey?: string; token?: string } = {}) =>
  call('POST', '/api/v1/credentials', {
    body: { badgeId, recipient: { name: 'Recipient', email } },
    token: options.token ?? apiKey,
    ...options,
  });

/** Issued and revoked before any fault, so each outage is checked against known verdicts. */
const known = await setupStep(
  'a valid and a revoked credential',
  async () => {
    const kept = (await must('issue', 201, issue('kept@example.com'))).body;
    const revoked = (await must('issue', 201, issue('revoked@example.com'))).body;
    await must(
      'revoke',
      200,
      call('DELETE', `/api/organizations/${orgId}/credentials/${revoked.id}`, { body: { reason: 'Issued in error' }, token: owner }),
    );
    return { kept: String(kept.credentialId), revoked: String(revoked.credentialId) };
  },
  tp.logFile,
);

/** A counter's value on a service's /metrics (0 when no sample has the labels yet). */
async function metric(service: 'gateway' | 'verification', name: string, labels: Record<string, string> = {}): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${tp.platform.ports[service].ops}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Every public surface of one credential answers 200 with the expected verdict. */
async function publicVerdicts(t: Test, credentialId: string, expected: 'pending' | 'revoked'): Promise<void> {
  const json = await call('GET', `/api/verify/${credentialId}`);
  t.equal(json.status, 200, `GET /api/verify/${credentialId}: 200`);
  t.same([json.body?.status, json.body?.valid], [expected, expected === 'pending'], `GET /api/verify/${credentialId}: ${expected}`);
  t.same(
    json.body?.verification,
    { signatureValid: true, notRevoked: expected !== 'revoked', notExpired: true, issuerActive: true },
    'signature valid; revoked or not as expected',
  );
  const page = await call('GET', `/verify/${credentialId}`);
  t.equal(page.status, 200, `/verify/${credentialId}: 200`);
  t.match(
    page.text,
    expected === 'pending' ? /Verified: this credential is valid/ : /Revoked: the issuer has revoked this credential/,
    `/verify/${credentialId}: says ${expected}`,
  );
  const png = await call('GET', `/api/credentials/${credentialId}/baked`);
  t.equal(png.status, 200, `baked PNG of ${credentialId}: 200`);
  t.ok(png.bytes.subarray(0, 8).equals(PNG_SIGNATURE), 'a PNG');
  const submitted = await call('POST', '/api/verify/baked', { raw: { type: 'image/png', bytes: png.bytes } });
  t.equal(submitted.status, 200, 'the baked PNG verifies when submitted');
  // A submitted credential's verdict: valid (pending or claimed alike), revoked, expired or invalid.
  const verdict = expected === 'pending' ? 'valid' : 'revoked';
  t.same([submitted.body?.status, submitted.body?.valid], [verdict, verdict === 'valid'], `the baked PNG's verdict: ${verdict}`);
  t.equal(submitted.body?.issuedHere?.credentialId, credentialId, 'recognised as issued here');
}

/** docs/decisions.md: a 503 in the error shape, code UNAVAILABLE. */
function unavailable(t: Test, r: Answer, what: string): void {
  t.equal(r.status, 503, `${what}: 503`);
  t.same(Object.keys(r.body ?? {}).sort(), ['details', 'error', 'message'], `${what}: the error shape`);
  t.equal(r.body?.error, 'UNAVAILABLE', `${what}: UNAVAILABLE`);
}

t.test('with Redis up, the per-IP limit is one budget (the control for what follows)', async (t) => {
  const client = fresh();
  const statuses: number[] = [];
  for (let i = 0; i <= LIMIT; i++) statuses.push((await call('GET', '/api/v1/organization', { token: apiKey, client })).status);
  t.same(statuses, [...Array<number>(LIMIT).fill(200), 429], `${LIMIT} admitted, then 429`);
  const withKey = await issue(`idempotent-up-${randomUUID()}@example.com`, { idempotencyKey: randomUUID() });
  t.equal(withKey.status, 201, 'an issue with an Idempotency-Key goes through');
});

for (const [index, mode] of (['frozen', 'killed'] as const).entries()) {
  t.test(`Redis ${mode === 'frozen' ? 'frozen (SIGSTOP: commands time out)' : 'killed (SIGKILL: connections refused)'}`, async (t) => {
    const before = {
      ipOpen: await metric('gateway', 'gateway_rate_limiter_errors_total', { scope: 'ip', policy: 'open' }),
      keyLocal: await metric('gateway', 'gateway_rate_limiter_errors_total', { scope: 'api_key', policy: 'local' }),
      verificationLocal: await metric('verification', 'verification_rate_limiter_errors_total'),
    };
    if (mode === 'frozen') redis.pause();
    else await redis.kill9();
    t.teardown(async () => {
      if (mode === 'frozen') redis.resume();
      else await redis.start();
    });

    await t.test('the public surfaces answer with the right verdicts', async (t) => {
      await publicVerdicts(t, known.kept, 'pending');
      await publicVerdicts(t, known.revoked, 'revoked');
    });

    await t.test('issuing without an Idempotency-Key works, and the credential verifies at once', async (t) => {
      const r = await issue(`during-${mode}-${randomUUID()}@example.com`);
      t.equal(r.status, 201, r.text);
      await publicVerdicts(t, String(r.body.credentialId), 'pending');
      const listed = await call('GET', `/api/organizations/${orgId}/credentials?limit=5`, { token: owner });
      t.equal(listed.status, 200, 'session routes answer (sessions do not need Redis)');
    });

    await t.test("the gateway's per-IP limit fails open", async (t) => {
      const client = fresh();
      const answers = await Promise.all(
        Array.from({ length: LIMIT + 3 }, () => call('GET', `/api/organizations/${orgId}`, { token: owner, client })),
      );
      t.same(
        answers.map((a) => a.status),
        Array<number>(LIMIT + 3).fill(200),
        `${LIMIT + 3} requests from one client, none refused (the limit is ${LIMIT})`,
      );
      t.equal(answers[0]!.headers.get('x-ratelimit-limit'), null, 'no limit headers: nothing was counted');
      t.ok(
        (await metric('gateway', 'gateway_rate_limiter_errors_total', { scope: 'ip', policy: 'open' })) > before.ipOpen,
        'counted as failed open',
      );
    });

    await t.test("verification's per-IP limit counts per process", async (t) => {
      const client = fresh();
      const answers = await Promise.all(Array.from({ length: LIMIT + 3 }, () => call('GET', `/api/verify/${known.kept}`, { client })));
      t.same(
        answers.map((a) => a.status).sort(),
        [...Array<number>(LIMIT).fill(200), 429, 429, 429],
        `${LIMIT} admitted by the process's own window, the other 3 refused`,
      );
      t.ok(
        answers.every((a) => a.headers.get('x-ratelimit-limit') === String(LIMIT)),
        'every answer carries the limit',
      );
      t.ok(
        answers.filter((a) => a.status === 429).every((a) => a.body?.error === 'RATE_LIMITED'),
        'the refusals are RATE_LIMITED',
      );
      t.ok(
        (await metric('verification', 'verification_rate_limiter_errors_total')) > before.verificationLocal,
        'counted as a limiter failure',
      );
    });

    await t.test("a key's own limit falls back to a per-process window", async (t) => {
      const small = setup.smallKeys[index]!;
      const answers = await Promise.all(Array.from({ length: 6 }, () => call('GET', '/api/v1/organization', { token: small })));
      t.same(answers.map((a) => a.status).sort(), [200, 200, 200, 200, 429, 429], 'the key admits its 4 a minute, the other 2 are refused');
      t.ok(
        answers.every((a) => a.headers.get('x-ratelimit-limit') === '4'),
        "every answer carries the key's limit",
      );
      t.ok(
        answers.filter((a) => a.status === 429).every((a) => a.body?.error === 'RATE_LIMITED'),
        'the refusals are RATE_LIMITED',
      );
      t.ok(
        (await metric('gateway', 'gateway_rate_limiter_errors_total', { scope: 'api_key', policy: 'local' })) > before.keyLocal,
        'counted as a local fallback',
      );
    });

    await t.test('a revoked API key is refused at once (the principal cache is bypassed)', async (t) => {
      const doomed = setup.doomed[index]!;
      t.equal((await call('GET', '/api/v1/organization', { token: doomed.key })).status, 200, 'the key works');
      t.equal((await call('DELETE', `/api/organizations/${orgId}/api-keys/${doomed.id}`, { token: owner })).status, 204, 'revoked');
      const after = await call('GET', '/api/v1/organization', { token: doomed.key });
      t.equal(after.status, 401, 'the next request with it is 401');
    });

    await t.test('the auth limits fail closed: 503 and nothing done', async (t) => {
      const newcomer = `newcomer-${mode}-${randomUUID()}@example.com`;
      const [login, signup, reset, resend] = await Promise.all([
        call('POST', '/api/auth/login', { body: { email: setup.email, password: setup.password } }),
        call('POST', '/api/auth/signup', { body: { email: newcomer, password: setup.password, name: 'Newcomer' } }),
        call('POST', '/api/auth/password-reset', { body: { email: setup.email } }),
        call('POST', '/api/auth/resend-verification', { body: { email: setup.email } }),
      ]);
      unavailable(t, login!, 'login (with the right password)');
      unavailable(t, signup!, 'sign-up');
      t.equal(await count('select count(*)::int as n from accounts.users where email = $1', [newcomer]), 0, 'no account was created');
      unavailable(t, reset!, 'password reset');
      unavailable(t, resend!, 'resend verification');
    });

    await t.test('an issue with an Idempotency-Key needs no Redis: issued once, its retry replays', async (t) => {
      const email = `idempotent-${mode}-${randomUUID()}@example.com`;
      const key = randomUUID();
      const r = await issue(email, { idempotencyKey: key });
      t.equal(r.status, 201, r.text);
      const again = await issue(email, { idempotencyKey: key });
      t.same([again.status, again.headers.get('idempotent-replayed'), again.text], [201, 'true', r.text], 'the stored answer');
      t.equal(
        await count('select count(*)::int as n from issuance.credentials where recipient_email = $1', [email]),
        1,
        'one credential was stored',
      );
    });

    await t.test('a badge created with an Idempotency-Key needs no Redis either: created once, its retry replays', async (t) => {
      const name = `Keyed ${mode} ${randomUUID().slice(0, 8)}`;
      const key = randomUUID();
      const body = { name, description: 'Created while Redis is away.', criteria: 'None.' };
      const r = await call('POST', '/api/v1/badges', { body, token: apiKey, idempotencyKey: key });
      t.equal(r.status, 201, r.text);
      const again = await call('POST', '/api/v1/badges', { body, token: apiKey, idempotencyKey: key });
      t.same([again.status, again.headers.get('idempotent-replayed'), again.text], [201, 'true', r.text], 'the stored answer');
      t.equal(await count('select count(*)::int as n from issuance.badges where name = $1', [name]), 1, 'one badge was stored');
    });
  });
}

t.test('with Redis back, the limits and Idempotency-Key work as before', async (t) => {
  // ioredis reconnects with its backoff (at most 2 s in the gateway).
  const r = await waitFor(
    'an issue with an Idempotency-Key accepted again',
    async () => {
      const a = await issue(`idempotent-back-${randomUUID()}@example.com`, { idempotencyKey: randomUUID() });
      return a.status === 201 ? a : undefined;
    },
    30_000,
    500,
  );
  t.equal(r.status, 201);
  const login = await waitFor(
    'login accepted again',
    async () => {
      const a = await call('POST', '/api/auth/login', { body: { email: setup.email, password: setup.password } });
      return a.status === 200 ? a : undefined;
    },
    30_000,
    500,
  );
  t.ok(login.body?.token, 'login works');
  const client = fresh();
  const statuses: number[] = [];
  for (let i = 0; i <= LIMIT; i++) statuses.push((await call('GET', '/api/v1/organization', { token: apiKey, client })).status);
  t.same(statuses, [...Array<number>(LIMIT).fill(200), 429], 'the per-IP limit is shared again');
});

t.test('broker killed: issuing works through the outbox, and the backlog drains when it is back', async (t) => {
  await rabbit.kill9();
  let restarted = false;
  t.teardown(async () => {
    if (!restarted) await rabbit.start();
  });
  const run = Date.now().toString(36);
  const emails = Array.from({ length: 5 }, (_, i) => `broker-down-${run}-${i}@example.com`);
  const issued: { id: string; credentialId: string; email: string }[] = [];
  for (const [i, email] of emails.entries()) {
    // One of them with an Idempotency-Key: Redis is up, the key's guarantee holds without the broker.
    const r = await issue(email, i === 0 ? { idempotencyKey: randomUUID() } : {});
    t.equal(r.status, 201, `issue ${i + 1}: 201`);
    if (r.status !== 201) continue;
    issued.push({ id: String(r.body.id), credentialId: String(r.body.credentialId), email });
    const v = await call('GET', `/api/verify/${r.body.credentialId}`);
    t.same([v.status, v.body?.valid, v.body?.status], [200, true, 'pending'], `issue ${i + 1} verifies at once`);
  }
  const revokedOne = issued[issued.length - 1]!;
  t.equal(
    (await call('DELETE', `/api/organizations/${orgId}/credentials/${revokedOne.id}`, { body: { reason: 'Broker test' }, token: owner }))
      .status,
    200,
    'a revocation is acknowledged too',
  );
  // No event reaches verification now: it sees the revocation in the issuer's re-signed status
  // list, which each replica keeps for READ_MODEL_CACHE_MS (500 ms; docs/decisions.md, status lists 5-6).
  const revokedAt = Date.now();
  await waitFor(
    'the revocation on /api/verify',
    async () => (await call('GET', `/api/verify/${revokedOne.credentialId}`)).body?.status === 'revoked',
    10_000,
    25,
  );
  const lag = Date.now() - revokedAt;
  t.ok(lag < 2000, `the revocation shows within the list's 500 ms cache, with a margin (${lag} ms)`);
  const page = await call('GET', `/verify/${revokedOne.credentialId}`);
  t.match(page.text, /Revoked: the issuer has revoked this credential/, 'the page says revoked too');

  const ids = issued.map((c) => c.credentialId);
  const events = (
    await db.query<{ id: string; type: string; published: boolean }>(
      "select id, type, published_at is not null as published from issuance.outbox where payload->'data'->>'credentialId' = any($1)",
      [ids],
    )
  ).rows;
  t.equal(
    events.filter((e) => e.type === 'credential.issued').length,
    issued.length,
    'one credential.issued event per credential, in the outbox',
  );
  t.equal(events.filter((e) => e.type === 'credential.revoked').length, 1, 'and the revocation');
  t.same(
    events.filter((e) => e.published).map((e) => e.id),
    [],
    'none published while the broker is down',
  );

  const restarting = Date.now();
  await rabbit.start();
  restarted = true;
  const down = Date.now();
  t.comment(`the broker node took ${((down - restarting) / 1000).toFixed(1)} s to start again`);
  const eventIds = events.map((e) => e.id);
  await waitFor(
    'the outbox drained',
    async () =>
      (await count('select count(*)::int as n from issuance.outbox where id = any($1) and published_at is not null', [eventIds])) ===
      eventIds.length,
    60_000,
    250,
  );
  t.pass('every waiting event was published');
  t.comment(`the outbox drained ${((Date.now() - down) / 1000).toFixed(1)} s after the broker was started again`);
  for (const c of issued) {
    const [link] = await tp.mailMatch(c.email, new RegExp(`/claim/${c.credentialId}\\?token=([A-Za-z0-9_-]+)`));
    t.ok(link, `the issue e-mail to ${c.email} arrived with its claim link`);
  }
  await waitFor(
    'verification recorded every event',
    async () => (await count('select count(*)::int as n from verification.inbox where event_id = any($1)', [eventIds])) >= eventIds.length,
  );
  t.pass('verification recorded every event (its read model)');
  await waitFor('every webhook delivered', () => eventIds.every((id) => hooks.deliveries().some((d) => d.eventId === id)), 30_000);
  t.pass(`every event reached the webhook endpoint (${eventIds.length})`);
  // The claim link works as soon as the e-mail is read, after the outage as before.
  const first = issued[0]!;
  const [, token] = await tp.mailMatch(first.email, new RegExp(`/claim/${first.credentialId}\\?token=([A-Za-z0-9_-]+)`));
  const claimed = await call('POST', `/api/credentials/${first.credentialId}/claim`, { body: { token } });
  t.same([claimed.status, claimed.body?.status], [200, 'valid'], 'the e-mailed claim link claims');
});
