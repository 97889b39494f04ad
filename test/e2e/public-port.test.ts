// Issue 39, finding 7: the public port answers every request whatever arrives at once. The whole
// platform as `pnpm start` runs it (the launcher's edge owns the public port and hands each
// connection to verification or the gateway, ADR 0009). 50 multipart uploads of the platform's own
// baked PNG, 50 JSON verifications and 50 verification pages are sent together, once on 150 fresh
// connections and once on kept-alive ones (the same round twice on one keep-alive agent: the
// second rides connections that already carried a request). Each answer must come within a second
// (see `bound` for a machine too busy for that) and say what it should (200 and valid, the page's
// verdict). Uploads write their head and body separately, the body 100 ms later: it arrives after
// the edge has read the head, while many sockets wait for their turn to be handed over.
//
// And finding 8's 413: an upload over the 5 MiB limit, sent whole by a client that reads the
// answer only after writing, gets the 413 in the error shape, not a reset or a broken pipe.
import http from 'node:http';
import t, { type Test } from 'tap';
import { parseRawResponse, sendWholeRequest } from '@cred/testing';
import { setupStep, startTestPlatform } from './harness.js';

const tp = await setupStep('platform', () => startTestPlatform('public-port', {}, { readyTimeoutMs: 300_000 }));
t.teardown(() => tp.stop());

const { credentialId, png, credential } = await setupStep(
  'organization, badge, a credential, its baked PNG and its JSON',
  async () => {
    const must = async (what: string, status: number, r: Promise<{ status: number; text: string; body: any }>) => {
      const res = await r;
      if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text}`);
      return res;
    };
    const { orgId, token } = await tp.signUpOrganization('public-port');
    await must('approve', 200, tp.api('POST', `/api/admin/organizations/${orgId}/approve`, undefined, tp.adminToken));
    await must('plan', 200, tp.api('PATCH', `/api/admin/organizations/${orgId}`, { plan: 'professional' }, tp.adminToken));
    await must('signing keys', 201, tp.api('POST', `/api/organizations/${orgId}/signing-keys`, undefined, token));
    const apiKey = String((await must('API key', 201, tp.api('POST', `/api/organizations/${orgId}/api-keys`, { name: 'port' }, token))).body.key);
    const badge = { name: 'At Once', description: 'Verified in a crowd.', criteria: 'Arrived together.' };
    const badgeId = String((await must('badge', 201, tp.api('POST', `/api/organizations/${orgId}/badges`, badge, token))).body.id);
    const issued = await must('issue', 201, tp.api('POST', '/api/v1/credentials', { badgeId, recipient: { name: 'R', email: 'r@example.com' } }, apiKey));
    const credentialId = String(issued.body.credentialId);
    const baked = await fetch(`${tp.baseUrl}/api/credentials/${credentialId}/baked`);
    if (baked.status !== 200) throw new Error(`baked PNG: ${baked.status}`);
    const png = Buffer.from(await baked.arrayBuffer());
    const ob3 = await fetch(`${tp.baseUrl}/credentials/${credentialId}/ob3`);
    if (ob3.status !== 200) throw new Error(`OB3 JSON: ${ob3.status}`);
    return { credentialId, png, credential: Buffer.from(await ob3.arrayBuffer()) };
  },
  tp.logFile,
);

const origin = new URL(tp.baseUrl);
const BOUNDARY = '----public-port-test-boundary';
const form = Buffer.concat([
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="badge.png"\r\nContent-Type: image/png\r\n\r\n`),
  png,
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);

interface Answer {
  status: number;
  text: string;
  ms: number;
}
type Kind = 'upload' | 'json' | 'page';

/** One request; its head goes out first and its body (if any) in a later write. Rejects after 10 s without an answer. */
function send(kind: Kind, agent: http.Agent | false, base: URL = origin): Promise<Answer> {
  const spec = {
    upload: { method: 'POST', path: '/api/verify/baked', type: `multipart/form-data; boundary=${BOUNDARY}`, body: form },
    json: { method: 'POST', path: '/api/verify/credential', type: 'application/json', body: credential },
    page: { method: 'GET', path: `/verify/${credentialId}`, type: undefined, body: undefined },
  }[kind];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: base.hostname,
      port: base.port,
      method: spec.method,
      path: spec.path,
      agent,
      headers: spec.body ? { 'content-type': spec.type!, 'content-length': spec.body.length } : {},
      timeout: 10_000,
    });
    req.on('timeout', () => req.destroy(new Error(`${kind}: no answer in 10 s`)));
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
    });
    if (!spec.body) {
      req.end();
      return;
    }
    req.flushHeaders();
    // The body 100 ms later, as an upload that streams from a slow disk or network: by then the
    // edge has read the head, and the socket may still wait for its turn on the IPC channel.
    setTimeout(() => req.end(spec.body), 100);
  });
}

/** The answer is right for its kind: the PNG and the JSON verify as valid and issued here, the page says so. */
function check(t: Test, kind: Kind, a: Answer, where: string): boolean {
  if (a.status !== 200) return t.fail(`${where} ${kind}: ${a.status} ${a.text.slice(0, 200)}`);
  if (kind === 'page') return /Verified: this credential is valid/.test(a.text) || t.fail(`${where} page: no verdict`);
  const body = JSON.parse(a.text) as { valid?: boolean; status?: string; issuedHere?: { credentialId?: string } };
  if (body.valid !== true || body.issuedHere?.credentialId !== credentialId) return t.fail(`${where} ${kind}: ${a.text.slice(0, 200)}`);
  return true;
}

/**
 * The slowest answer of the same round on verification's own listener (no edge, no hand-over),
 * measured first: the machine's own pace. The bound is a second (the issue's) while the machine
 * answers the round within a second itself; on a machine too busy for that (other test runs on
 * the same two cores), that pace plus a second, so the test still fails on a stall or a hang of
 * the public port (an unanswered request fails at 10 s), not on the machine's load.
 */
let machinePace = 0;
const bound = () => (machinePace <= 1000 ? 1000 : Math.ceil(machinePace) + 1000);

/** 50 of each kind at once through `agent`; each must be answered, right, within the bound. */
async function round(t: Test, agent: http.Agent | false, where: string, base?: URL): Promise<number> {
  const kinds: Kind[] = [];
  for (let i = 0; i < 50; i++) kinds.push('upload', 'json', 'page');
  const settled = await Promise.allSettled(kinds.map((k) => send(k, agent, base ?? origin)));
  const failures = settled.flatMap((s, i) => (s.status === 'rejected' ? [`${kinds[i]}: ${(s.reason as Error).message}`] : []));
  t.same(failures, [], `${where}: all 150 answered`);
  let right = 0;
  let slowest = 0;
  for (const [i, s] of settled.entries()) {
    if (s.status !== 'fulfilled') continue;
    if (check(t, kinds[i]!, s.value, where)) right++;
    slowest = Math.max(slowest, s.value.ms);
  }
  t.equal(right, 150, `${where}: every answer right (200, valid, issued here; the page's verdict)`);
  // The baseline round measures the pace; the rounds through the public port are held to the bound.
  if (base) t.comment(`${where}: slowest ${Math.round(slowest)} ms`);
  else t.ok(slowest <= bound(), `${where}: every answer within ${bound()} ms (slowest ${Math.round(slowest)} ms; verification's own listener ${Math.round(machinePace)} ms)`);
  return slowest;
}

t.test("baseline: the same 150 at once on verification's own listener (no edge)", async (t) => {
  t.comment(`baked PNG ${png.length} bytes, credential ${credential.length} bytes`);
  machinePace = await round(t, false, 'verification directly', new URL(tp.verificationUrls[0]!));
});

t.test('150 requests at once, each on its own connection', async (t) => {
  await round(t, false, 'fresh connections');
});

t.test('150 requests at once on kept-alive connections, twice', async (t) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  t.teardown(() => agent.destroy());
  await round(t, agent, 'new kept-alive connections');
  await round(t, agent, 'the same connections again');
});

t.test('an upload over the 5 MiB limit, sent whole, is answered 413 in the error shape', async (t) => {
  const six = Buffer.alloc(6 * 1024 * 1024, 0x61);
  const multipart = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`),
    six,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const cases = [
    {
      what: 'multipart with its length declared',
      head: `POST /api/verify/baked HTTP/1.1\r\nHost: ${origin.host}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${multipart.length}\r\n\r\n`,
      body: multipart,
    },
    {
      what: 'a raw PNG with its length declared',
      head: `POST /api/verify/baked HTTP/1.1\r\nHost: ${origin.host}\r\nContent-Type: image/png\r\nContent-Length: ${six.length}\r\n\r\n`,
      body: six,
    },
    {
      what: 'multipart with Expect: 100-continue, the body sent without waiting (RFC 9110 allows it)',
      head: `POST /api/verify/baked HTTP/1.1\r\nHost: ${origin.host}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${multipart.length}\r\nExpect: 100-continue\r\n\r\n`,
      body: multipart,
    },
    {
      what: 'multipart, chunked (no length declared)',
      head: `POST /api/verify/baked HTTP/1.1\r\nHost: ${origin.host}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nTransfer-Encoding: chunked\r\n\r\n`,
      body: Buffer.concat([Buffer.from(`${multipart.length.toString(16)}\r\n`), multipart, Buffer.from('\r\n0\r\n\r\n')]),
    },
  ];
  for (const c of cases) {
    const r = await sendWholeRequest(Number(origin.port), c.head, c.body, { host: origin.hostname });
    t.equal(r.writeError, undefined, `${c.what}: the whole body was written (no broken pipe or reset)`);
    t.equal(r.readError, undefined, `${c.what}: no reset while reading the answer`);
    const answer = parseRawResponse(r.response);
    t.equal(answer.status, 413, `${c.what}: 413`);
    t.match(answer.body, { error: 'PAYLOAD_TOO_LARGE', message: String, details: { limitBytes: 5 * 1024 * 1024 } }, `${c.what}: the error shape`);
  }
  // As a web page's script or a Node client uploads it.
  const fd = new FormData();
  fd.append('file', new Blob([six], { type: 'image/png' }), 'big.png');
  const r = await fetch(`${tp.baseUrl}/api/verify/baked`, { method: 'POST', body: fd, signal: AbortSignal.timeout(20_000) }).then(
    async (res) => ({ status: res.status, body: (await res.json()) as unknown }),
    (err: Error & { cause?: { code?: string } }) => ({ status: 0, body: `${err.message} ${err.cause?.code ?? ''}` }),
  );
  t.same([r.status, (r.body as { error?: string })?.error], [413, 'PAYLOAD_TOO_LARGE'], `fetch with a 6 MiB FormData: 413 (${JSON.stringify(r.body).slice(0, 120)})`);
});
