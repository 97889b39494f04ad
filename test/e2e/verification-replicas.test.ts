// Issue 16, scale-out proven: the whole platform as separate processes with TWO verification
// replicas behind the one origin (the launcher's edge hands each connection to a replica or the gateway, ADR 0009).
// Both answer the same verdicts, a revocation reaches both within a second, and the per-IP limit
// is one budget across both replicas and the gateway's API. And issue 16's done-when, through the
// whole platform: 0 of 1,000 fresh credentials answer 404 on their verificationUrl (nor on
// /api/verify/{id}) right after the 201, asked in turn of the origin and of each replica directly
// (a replica whose read model has not seen the issue event yet asks issuance; the test reports
// how many reads took that path, from each replica's verification_read_model_fills_total).
//
// TRUST_PROXY=1 makes the test a proxy in front: each call names its client in X-Forwarded-For,
// so the set-up and the polling (fresh addresses) do not spend the budget under test.
// READ_MODEL_CACHE_MS=10000: without the invalidation channel, a replica that did not handle the
// revocation event would keep its copy for up to ten seconds.
import http from 'node:http';
import t from 'tap';
import { freshClientAddress, waitFor } from '@cred/testing';
import { setupStep, startTestPlatform } from './harness.js';

const LIMIT = 12;
/** Fresh credentials issued by the last test; the professional plan's default monthly quota (1,000 recipients) is raised below. */
const FRESH = 1000;
const tp = await setupStep('platform with two verification replicas', () =>
  startTestPlatform(
    'replicas',
    {
      TRUST_PROXY: '1',
      RATE_LIMIT_IP_PER_MINUTE: String(LIMIT),
      READ_MODEL_CACHE_MS: '10000',
      // Room for the fresh credentials and the other tests' few recipients.
      RECIPIENT_QUOTA_LIMITS: `professional=${FRESH + 100}`,
    },
    { verificationReplicas: 2, readyTimeoutMs: 300_000 },
  ),
);
t.teardown(() => tp.stop());

/** A client address no other request of this run uses (@cred/testing). */
const fresh = freshClientAddress;

async function call(base: string, method: string, path: string, options: { body?: unknown; token?: string; client?: string } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': options.client ?? fresh() };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${base}${path}`, { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) });
  const text = await res.text();
  let body: any;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, body, headers: res.headers, text };
}
const api = (method: string, path: string, body?: unknown, token?: string) => call(tp.baseUrl, method, path, { body, token });

const [first, second] = tp.verificationUrls as [string, string];
const origins = [
  { name: 'the origin (gateway pass-through)', base: tp.baseUrl },
  { name: 'replica 1', base: first },
  { name: 'replica 2', base: second },
];

const { owner, apiKey, orgId, badgeId } = await setupStep(
  'organization, keys and badge',
  async () => {
    const slug = 'replica-academy';
    const step = async (what: string, status: number, r: Promise<{ status: number; text: string; body: any }>) => {
      const res = await r;
      if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text}`);
      return res;
    };
    const signup = await step(
      'sign-up',
      201,
      api('POST', '/api/auth/signup', { email: `owner-${slug}@example.com`, password: 'correct horse battery staple', name: 'Owner', organization: { name: 'Replica Academy', slug } }),
    );
    const orgId = String(signup.body.organization.id);
    const owner = String(signup.body.token);
    await tp.confirmAddress(`owner-${slug}@example.com`);
    await step('approve', 200, api('POST', `/api/admin/organizations/${orgId}/approve`, undefined, tp.adminToken));
    await step('plan', 200, api('PATCH', `/api/admin/organizations/${orgId}`, { plan: 'professional' }, tp.adminToken));
    await step('signing keys', 201, api('POST', `/api/organizations/${orgId}/signing-keys`, undefined, owner));
    const apiKey = String((await step('API key', 201, api('POST', `/api/organizations/${orgId}/api-keys`, { name: 'replicas' }, owner))).body.key);
    const badge = { name: 'Replicated', description: 'A badge.', criteria: 'Work.' };
    const badgeId = String((await step('badge', 201, api('POST', `/api/organizations/${orgId}/badges`, badge, owner))).body.id);
    return { owner, apiKey, orgId, badgeId };
  },
  tp.logFile,
);
const issue = async (email: string) => {
  const r = await api('POST', '/api/v1/credentials', { badgeId, recipient: { name: 'Recipient', email } }, apiKey);
  if (r.status !== 201) throw new Error(`issue: ${r.status} ${r.text}`);
  return String(r.body.credentialId);
};
/** What must not differ between replicas (the verdict), without per-request timestamps. */
const verdict = (body: any) => ({ valid: body?.valid, status: body?.status, verification: body?.verification, checks: body?.checks });

t.test('every replica and the origin answer the same verdicts', async (t) => {
  const kept = await issue('kept@example.com');
  const revoked = await issue('revoked@example.com');
  t.equal((await api('DELETE', `/api/organizations/${orgId}/credentials/${revoked}`, { reason: 'Issued in error' }, owner)).status, 200);
  for (const [id, status] of [
    [kept, 'pending'],
    [revoked, 'revoked'],
  ] as const) {
    // The event may still be travelling: wait until one answer says so, then compare all.
    await waitFor(`${id} ${status} everywhere`, async () => {
      for (const o of origins) if ((await call(o.base, 'GET', `/api/verify/${id}`)).body?.status !== status) return undefined;
      return true;
    });
    const answers = await Promise.all(origins.map((o) => call(o.base, 'GET', `/api/verify/${id}`)));
    for (const [i, a] of answers.entries()) {
      t.equal(a.status, 200, `${origins[i]!.name}: 200 for ${id}`);
      t.same(verdict(a.body), verdict(answers[0]!.body), `${origins[i]!.name}: the same verdict for ${id} (${status})`);
    }
    const pages = await Promise.all(origins.map((o) => call(o.base, 'GET', `/verify/${id}`)));
    t.ok(
      pages.every((p) => p.status === 200 && p.text === pages[0]!.text),
      `/verify/${id}: the same page from every replica`,
    );
  }
  const unknown = await Promise.all(origins.map((o) => call(o.base, 'GET', '/api/verify/CRD-0000000000ZZ')));
  t.same(
    unknown.map((u) => u.status),
    [404, 404, 404],
    'an unknown id is 404 everywhere',
  );
});

t.test('a revocation reaches both replicas within a second of each other', async (t) => {
  const id = await issue('revoke-me@example.com');
  // Both replicas hold it (the second answer of each comes from its micro-cache).
  for (const base of [first, second]) {
    await waitFor('issued credential known', async () => ((await call(base, 'GET', `/api/verify/${id}`)).body?.status === 'pending' ? true : undefined));
    await call(base, 'GET', `/api/verify/${id}`);
  }
  t.equal((await api('DELETE', `/api/organizations/${orgId}/credentials/${id}`, { reason: 'replicas' }, owner)).status, 200);
  const seenAt = new Map<string, number>();
  const deadline = performance.now() + 20_000;
  while (seenAt.size < 2 && performance.now() < deadline) {
    for (const base of [first, second]) {
      if (seenAt.has(base)) continue;
      if ((await call(base, 'GET', `/api/verify/${id}`)).body?.status === 'revoked') seenAt.set(base, performance.now());
    }
    await new Promise((r) => setTimeout(r, 10)); // a poll: it measures when each replica serves the revocation
  }
  t.equal(seenAt.size, 2, 'both replicas serve the revocation');
  const [a, b] = [seenAt.get(first), seenAt.get(second)];
  const apart = a !== undefined && b !== undefined ? Math.abs(a - b) : Infinity;
  t.ok(apart < 1000, `the second replica followed the first within a second (${apart.toFixed(0)} ms; micro-cache 10 s)`);
});

t.test('one per-IP budget across both replicas and the API (docs/contract.md "Limits": all requests)', async (t) => {
  const client = fresh();
  const statuses: number[] = [];
  const remaining: number[] = [];
  // Through the origin and straight to each replica, in turn (an Ingress reaches them directly).
  for (let i = 0; i < LIMIT + 6; i++) {
    const o = origins[i % origins.length]!;
    const r = await call(o.base, 'GET', '/api/verify/CRD-0000000000ZZ', { client });
    statuses.push(r.status);
    if (r.status !== 429) remaining.push(Number(r.headers.get('x-ratelimit-remaining')));
    t.equal(r.headers.get('x-ratelimit-limit'), String(LIMIT), `${o.name}: X-RateLimit-Limit`);
  }
  t.equal(statuses.filter((s) => s !== 429).length, LIMIT, `exactly ${LIMIT} admitted across both replicas`);
  t.same(statuses.slice(LIMIT), Array<number>(6).fill(429), 'the rest refused, by whichever replica');
  t.same(
    remaining,
    Array.from({ length: LIMIT }, (_, i) => LIMIT - 1 - i),
    'remaining counts down across replicas',
  );
  const apiCall = await call(tp.baseUrl, 'GET', '/api/v1/openapi.json', { client });
  t.equal(apiCall.status, 429, "the gateway's API refuses the same client: one budget");
  t.equal(apiCall.body?.error, 'RATE_LIMITED');
  const other = await call(second, 'GET', '/api/verify/CRD-0000000000ZZ', { client: fresh() });
  t.equal(other.status, 404, 'another client is unaffected');
});

t.test('one kept-alive connection to the origin carries public and API requests in any order (ADR 0009)', async (t) => {
  const id = await issue('one-connection@example.com');
  const client = fresh();
  // One socket for the whole sequence: the edge hands it over by its first request; the process
  // holding it passes the other service's requests on.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  t.teardown(() => agent.destroy());
  const origin = new URL(tp.baseUrl);
  const send = (method: string, path: string, body?: unknown, token?: string) =>
    new Promise<{ status: number; body: any; port: number; remaining: number }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: origin.hostname,
          port: origin.port,
          method,
          path,
          agent,
          headers: {
            'x-forwarded-for': client,
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: text.startsWith('{') ? JSON.parse(text) : text,
              port: req.socket?.localPort ?? -1,
              remaining: Number(res.headers['x-ratelimit-remaining']),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const answers = [
    await send('GET', `/api/verify/${id}`),
    await send('POST', '/api/v1/credentials', { badgeId, recipient: { name: 'Recipient', email: 'same-connection@example.com' } }, apiKey),
    await send('GET', '/api/v1/openapi.json'),
    await send('GET', `/verify/${id}`),
  ];
  t.same(
    answers.map((a) => a.status),
    [200, 201, 200, 200],
    'verify, issue (a body through verification to the gateway), the API description, the page',
  );
  t.equal(new Set(answers.map((a) => a.port)).size, 1, 'all four on one connection');
  t.equal(answers[0]!.body.status, 'pending');
  t.match(answers[1]!.body, { credentialId: String });
  // The keyed issue reports its key's budget; the others the client's per-IP budget, which the
  // issue spent from too (all requests count): one each, whichever process counted it.
  const [r0, , r2, r3] = answers.map((a) => a.remaining) as [number, number, number, number];
  t.same([r0 - r2, r2 - r3], [2, 1], `each request counted once against the client's budget (remaining ${r0}, -, ${r2}, ${r3})`);
});

/** Each verification process's read-model misses answered by asking issuance, by outcome (found, not_found, ...). */
async function fills(): Promise<Record<string, number>[]> {
  return Promise.all(
    tp.verificationOpsUrls.map(async (ops) => {
      const text = await (await fetch(`${ops}/metrics`)).text();
      const counts: Record<string, number> = {};
      for (const m of text.matchAll(/^verification_read_model_fills_total\{[^}]*outcome="(\w+)"[^}]*\} (\d+)/gm)) counts[m[1]!] = Number(m[2]);
      return counts;
    }),
  );
}

t.test(`0 of ${FRESH} fresh credentials answer 404 right after the 201, at the origin and at each replica`, async (t) => {
  const CONCURRENCY = 10;
  // A key of its own with room for all the issues within a minute (the default key allows 60).
  const created = await api('POST', `/api/organizations/${orgId}/api-keys`, { name: 'fresh', rateLimitPerMinute: 10_000 }, owner);
  t.equal(created.status, 201, 'a key for the fresh credentials');
  const key = String(created.body.key);
  const run = Date.now().toString(36);
  const prefix = String(tp.env.BASE_URL);
  type Miss = { credentialId: string; at: string; surface: string; status: number; msAfter201: number };
  const misses: Miss[] = [];
  const notValid: { credentialId: string; at: string; valid: unknown; status: unknown }[] = [];
  const asked = origins.map(() => 0);
  let issued = 0;
  let next = 0;
  const fillsBefore = await fills();
  const started = performance.now();
  // CONCURRENCY clients, each asking as soon as its issue answered: the page at the credential's
  // verificationUrl and its JSON verdict, at once, of the origin or a replica in turn.
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < FRESH; i = next++) {
        const r = await call(tp.baseUrl, 'POST', '/api/v1/credentials', {
          body: { badgeId, recipient: { name: 'Fresh', email: `fresh-${run}-${i}@example.com` } },
          token: key,
        });
        if (r.status !== 201) throw new Error(`issue ${i}: ${r.status} ${r.text}`);
        const answeredAt = performance.now();
        issued++;
        const credentialId = String(r.body.credentialId);
        const url = String(r.body.verificationUrl);
        if (!url.startsWith(`${prefix}/`)) throw new Error(`verificationUrl ${url} is not under BASE_URL ${prefix}`);
        const o = origins[i % origins.length]!;
        asked[i % origins.length]!++;
        const [page, json] = await Promise.all(
          [url.slice(prefix.length), `/api/verify/${credentialId}`].map(async (path) => {
            const a = await call(o.base, 'GET', path);
            if (a.status !== 200)
              misses.push({
                credentialId,
                at: o.name,
                surface: path,
                status: a.status,
                msAfter201: Math.round(performance.now() - answeredAt),
              });
            return a;
          }),
        );
        if (page!.status === 200 && json!.status === 200 && (json!.body?.valid !== true || json!.body?.status !== 'pending')) {
          notValid.push({ credentialId, at: o.name, valid: json!.body?.valid, status: json!.body?.status });
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const fillsAfter = await fills();
  const filled = fillsAfter.map((after, i) => (after['found'] ?? 0) - (fillsBefore[i]?.['found'] ?? 0));
  const pageMisses = misses.filter((m) => m.surface.startsWith('/verify/'));
  const jsonMisses = misses.filter((m) => m.surface.startsWith('/api/verify/'));
  t.equal(issued, FRESH, `all ${FRESH} issued (201)`);
  t.equal(pageMisses.length, 0, `${pageMisses.length} of ${issued} verificationUrl answers were not 200`, {
    misses: pageMisses.slice(0, 20),
  });
  t.equal(jsonMisses.length, 0, `${jsonMisses.length} of ${issued} /api/verify/{id} answers were not 200`, {
    misses: jsonMisses.slice(0, 20),
  });
  t.equal(notValid.length, 0, `${notValid.length} of ${issued} verdicts were not valid and pending`, { notValid: notValid.slice(0, 20) });
  t.comment(
    `${issued} issued and checked in ${seconds.toFixed(1)} s (${CONCURRENCY} at a time); asked of ${origins.map((o, i) => `${o.name} ${asked[i]}`).join(', ')}; ` +
      `not 200: verificationUrl ${pageMisses.length}, /api/verify ${jsonMisses.length}; ` +
      `read-model misses answered by asking issuance: replica 1 ${filled[0]}, replica 2 ${filled[1]} (${JSON.stringify(fillsAfter)})`,
  );
});
