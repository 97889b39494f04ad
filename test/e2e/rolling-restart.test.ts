// Issue 19, rolling restarts: while a light, continuous load of API requests runs, each of the
// seven services is restarted in turn the way a Kubernetes rollout does it (maxSurge 1,
// maxUnavailable 0; docs/decisions.md "Rolling restarts"): its next process starts on the
// service's second port (the surge slot, which every caller knows), and once it is ready and
// callers had two seconds to connect to it, the old process gets SIGTERM and drains (readiness
// off, in-flight requests and messages finished, connections closed, exit 0). No request may
// fail, for any of the seven.
//
// The gateway is the HTTP edge: this test is its ingress. It sends each request to the gateway
// processes in its rotation in turn; a new gateway joins the rotation when it is ready, and the
// old one leaves it before its SIGTERM, as a Service's endpoints follow readiness and pod
// termination. A request whose connection is refused (it never reached a process) goes to the
// next gateway of the rotation, as ingress-nginx's proxy_next_upstream does; nothing else is
// retried.
//
// The load (two clients, each about six requests a second): issue with an API key, verify the
// new credential at once on /api/verify, a session read every third round, and a payment
// provider webhook every third round (billing's only caller). Afterwards every credential's
// e-mail arrived exactly once (notification drained too).
import { createHmac, randomUUID } from 'node:crypto';
import t from 'tap';
import { waitFor } from '@cred/testing';
import { SERVICE_NAMES, type ServiceName } from '../../scripts/platform.js';
import type { RollResult } from '../../scripts/launcher.js';
import { setupStep, startTestPlatform } from './harness.js';

const tp = await setupStep('platform with a surge slot per service', () =>
  startTestPlatform('rolling', {}, { surge: true, mailLimit: 100_000, readyTimeoutMs: 180_000 }),
);
t.teardown(() => tp.stop());

const surge = tp.platform.surgePorts!;
const gatewayBase = (slot: 0 | 1) => `http://127.0.0.1:${(slot === 0 ? tp.platform.ports : surge).gateway.http}`;

// ---------------------------------------------------------------- the ingress
/** The gateway slots requests go to (a Service's ready endpoints). */
const rotation: (0 | 1)[] = [0];
let turn = 0;

interface Answer {
  status: number;
  body: any;
  text: string;
}

const refused = (err: unknown) => (err as { cause?: { code?: string } })?.cause?.code === 'ECONNREFUSED';

async function ingress(
  method: string,
  path: string,
  options: { body?: string | object; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (typeof options.body === 'string') body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const slots = [...rotation];
  const first = turn++;
  for (let i = 0; ; i++) {
    const slot = slots[(first + i) % slots.length]!;
    try {
      const res = await fetch(`${gatewayBase(slot)}${path}`, {
        method,
        headers,
        signal: AbortSignal.timeout(30_000),
        ...(body === undefined ? {} : { body }),
      });
      const text = await res.text();
      let json: any;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: res.status, body: json, text };
    } catch (err) {
      // Never reached a gateway: the next one in the rotation, if there is another.
      if (refused(err) && i + 1 < slots.length) continue;
      throw err;
    }
  }
}

async function must(what: string, status: number, answer: Promise<Answer>): Promise<Answer> {
  const r = await answer;
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r;
}

const { orgId, owner, apiKey, badgeId } = await setupStep(
  'organization, API key and badge',
  async () => {
    const { orgId, token: owner } = await tp.signUpOrganization('rolling-academy');
    await must('approve', 200, ingress('POST', `/api/admin/organizations/${orgId}/approve`, { token: tp.adminToken }));
    await must('plan', 200, ingress('PATCH', `/api/admin/organizations/${orgId}`, { body: { plan: 'enterprise' }, token: tp.adminToken }));
    await must('signing keys', 201, ingress('POST', `/api/organizations/${orgId}/signing-keys`, { token: owner }));
    const key = await must(
      'API key',
      201,
      ingress('POST', `/api/organizations/${orgId}/api-keys`, { body: { name: 'rolling', rateLimitPerMinute: 10_000 }, token: owner }),
    );
    const badge = { name: 'Never Down', description: 'Issued during a rollout.', criteria: 'Kept answering.' };
    const badgeId = String(
      (await must('badge', 201, ingress('POST', `/api/organizations/${orgId}/badges`, { body: badge, token: owner }))).body.id,
    );
    return { orgId, owner, apiKey: String(key.body.key), badgeId };
  },
  tp.logFile,
);

// ---------------------------------------------------------------- the load
interface Outcome {
  kind: 'issue' | 'verify' | 'session read' | 'provider webhook';
  startedAt: number;
  ok: boolean;
  detail: string;
}
const outcomes: Outcome[] = [];
const issued: { credentialId: string; email: string }[] = [];
let running = true;

async function record(
  kind: Outcome['kind'],
  expected: number,
  request: () => Promise<Answer>,
  check: (a: Answer) => boolean = () => true,
): Promise<Answer | undefined> {
  const startedAt = Date.now();
  try {
    const a = await request();
    const ok = a.status === expected && check(a);
    outcomes.push({ kind, startedAt, ok, detail: ok ? '' : `${a.status} ${a.text.slice(0, 300)}` });
    return ok ? a : undefined;
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    outcomes.push({
      kind,
      startedAt,
      ok: false,
      detail: `${err instanceof Error ? err.message : String(err)}${cause ? ` (${cause.code ?? cause.message})` : ''}`,
    });
    return undefined;
  }
}

const providerEvent = () => {
  const ts = Math.floor(Date.now() / 1000);
  // An event billing acknowledges and ignores (no plan change).
  const raw = JSON.stringify({
    id: `evt_rolling_${randomUUID()}`,
    object: 'event',
    type: 'customer.created',
    created: ts,
    data: { object: {} },
  });
  const signature = `t=${ts},v1=${createHmac('sha256', tp.env.STRIPE_WEBHOOK_SECRET!).update(`${ts}.${raw}`).digest('hex')}`;
  return { raw, signature };
};

async function client(n: number): Promise<void> {
  for (let round = 0; running; round++) {
    const email = `rolling-${n}-${round}-${randomUUID().slice(0, 8)}@example.com`;
    const a = await record('issue', 201, () =>
      ingress('POST', '/api/v1/credentials', { body: { badgeId, recipient: { name: 'Recipient', email } }, token: apiKey }),
    );
    if (a) {
      const credentialId = String(a.body.credentialId);
      issued.push({ credentialId, email });
      await record(
        'verify',
        200,
        () => ingress('GET', `/api/verify/${credentialId}`),
        (v) => v.body?.valid === true,
      );
    }
    if (round % 3 === n)
      await record('session read', 200, () => ingress('GET', `/api/organizations/${orgId}/credentials?limit=1`, { token: owner }));
    if (round % 3 === 2) {
      const event = providerEvent();
      await record('provider webhook', 200, () =>
        ingress('POST', '/api/webhooks/stripe', {
          body: event.raw,
          headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 150)); // pacing of the clients' load, not a wait for anything
  }
}

t.test('a rolling restart of every service fails no request', async (t) => {
  const clients = [client(0), client(1)];
  // The first roll starts once the load is flowing: a few requests answered.
  await waitFor('requests answered before the first roll', () => outcomes.length >= 4, 30_000);
  const windows: { name: ServiceName; from: number; to: number; result?: RollResult; error?: string }[] = [];
  try {
    for (const name of SERVICE_NAMES) {
      const window: (typeof windows)[number] = { name, from: Date.now(), to: 0 };
      windows.push(window);
      try {
        window.result = await tp.platform.rollService(name, {
          onReady: (slot) => {
            if (name === 'gateway') rotation.push(slot);
          },
          onRetire: (slot) => {
            if (name === 'gateway') rotation.splice(rotation.indexOf(slot), 1);
          },
        });
      } catch (err) {
        window.error = err instanceof Error ? err.message : String(err);
      }
      // The old process has exited, so whatever it took is answered; the first requests the new
      // one answers belong to this window too.
      const rolledAt = Date.now();
      await waitFor('two requests answered after the roll', () => outcomes.filter((o) => o.startedAt >= rolledAt).length >= 2, 30_000);
      window.to = Date.now();
    }
  } finally {
    running = false;
    await Promise.all(clients);
  }

  for (const w of windows) {
    const during = outcomes.filter((o) => o.startedAt >= w.from && o.startedAt < w.to);
    const failed = during.filter((o) => !o.ok);
    const r = w.result;
    t.comment(
      `${w.name.padEnd(12)} ${r ? `new process ready in ${(r.startMs / 1000).toFixed(1)} s, old drained in ${(r.drainMs / 1000).toFixed(1)} s (exit ${r.exitCode ?? r.exitSignal})` : `roll failed: ${w.error}`}; ${during.length} requests, ${failed.length} failed`,
    );
    t.ok(r, `${w.name}: rolled`, { error: w.error });
    if (!r) continue;
    t.same([r.exitCode, r.exitSignal], [0, null], `${w.name}: the old process drained and exited 0 after SIGTERM`);
    t.ok(during.length >= 10, `${w.name}: the load ran during its restart (${during.length} requests)`);
    t.same(
      failed.map((f) => `${f.kind}: ${f.detail}`),
      [],
      `${w.name}: no request failed while it restarted`,
    );
  }
  const failed = outcomes.filter((o) => !o.ok);
  const byKind = (kind: Outcome['kind']) => outcomes.filter((o) => o.kind === kind).length;
  t.comment(
    `load: ${outcomes.length} requests (${byKind('issue')} issues, ${byKind('verify')} verifications, ${byKind('session read')} session reads, ${byKind('provider webhook')} provider webhooks), ${failed.length} failed`,
  );
  t.equal(failed.length, 0, 'no request of the whole run failed');

  // Messages in flight were finished or handed over, never lost nor done twice.
  const mailsTo = (email: string, credentialId: string) =>
    tp.mail.messages().filter((m) => m.envelope.to.includes(email) && m.text.includes(`/claim/${credentialId}?token=`)).length;
  await waitFor('every issue e-mail', () => issued.every((c) => mailsTo(c.email, c.credentialId) > 0), 60_000, 250).catch(() => undefined);
  const missing = issued.filter((c) => mailsTo(c.email, c.credentialId) === 0).map((c) => c.credentialId);
  const twice = issued.filter((c) => mailsTo(c.email, c.credentialId) > 1).map((c) => c.credentialId);
  t.same(missing, [], `every one of the ${issued.length} credentials got its e-mail`);
  t.same(twice, [], 'none got it twice');
});
