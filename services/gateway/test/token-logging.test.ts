// One-time tokens never reach a log line (security review, issue 39, finding 3): an invitation
// token in the path of a request that fails with a 5xx (logged with its path), and the tokens
// of the e-mail links the gateway serves (invitation, confirmation, password reset) in a query,
// are redacted in the error line and the access-log line alike. The gateway runs in-process with
// its accounts upstream at a closed port, so the invitation lookup answers 503 and is logged.
// (The claim page is verification's: its error line uses the same redactUrl, checked below.)
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import t from 'tap';
import { redactUrl } from '@cred/runtime';
import { waitFor } from '@cred/testing';
import { startGatewayOnly } from './fixtures/platform.js';

const token = () => randomBytes(32).toString('base64url');

t.test('a 5xx on a token-bearing path and the access log name no token', async (t) => {
  const sink = new PassThrough();
  let logs = '';
  sink.on('data', (chunk: Buffer) => (logs += chunk.toString('utf8')));
  const service = await startGatewayOnly(t, 'gw-token-logs', { PLATFORM_ADMIN_TOKEN: 'gateway-token-logs-admin-token-0123456789', ACCOUNTS_GRPC_ADDR: '127.0.0.1:1', RATE_LIMIT_IP_PER_MINUTE: '10000' }, sink);
  const base = `http://127.0.0.1:${service.httpPort()}`;
  const lines = () =>
    logs
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  const secrets: string[] = [];
  const requests: Array<{ path: string; failed: boolean }> = [];
  const invitation = token();
  const query = token();
  secrets.push(invitation, query);
  requests.push({ path: `/api/invitations/${invitation}?token=${query}`, failed: true });
  for (const page of ['/invitations/accept', '/verify-email', '/reset-password']) {
    const s = token();
    secrets.push(s);
    requests.push({ path: `${page}?token=${s}`, failed: false });
  }

  let n = 0;
  for (const r of requests) {
    const requestId = `token-log-${n++}-${Date.now()}`;
    const res = await fetch(base + r.path, { headers: { 'x-request-id': requestId, accept: 'application/json' } });
    await res.arrayBuffer();
    if (r.failed) t.equal(res.status, 503, `${r.path.split('?')[0]!.slice(0, 20)}…: accounts is unreachable, a logged 5xx`);
    // Positive signals: the access-log line of the request, and for the 5xx its error line.
    // The gateway names each request with an id of its own (the client's is only logged beside
    // it, as clientRequestId) and answers it in X-Request-Id.
    const ours = res.headers.get('x-request-id');
    const access = await waitFor(`access-log line of ${requestId}`, async () =>
      lines().find((l) => l.requestId === ours && l.clientRequestId === requestId && l.msg === 'request'),
    );
    t.ok(access, 'the request was logged');
    if (r.failed) {
      const failed = await waitFor(`error line of ${requestId}`, async () => lines().find((l) => l.requestId === ours && l.msg === 'request failed'));
      t.equal(failed.path, '/api/invitations/[redacted]?token=[redacted]', 'the error line names the path with its tokens redacted');
    }
  }
  for (const [i, s] of secrets.entries()) t.notOk(logs.includes(s), `token ${i + 1} of ${secrets.length} is in no log line`);
});

t.test('redactUrl: the tokens of every e-mail link and token route', async (t) => {
  const s = 'Q2xhaW0tdG9rZW4tMDEyMzQ1Njc4OWFiY2RlZmdoaWprbG1u';
  const cases: Array<[string, string]> = [
    [`/api/invitations/${s}`, '/api/invitations/[redacted]'],
    [`/api/invitations/short-but-secret`, '/api/invitations/[redacted]'],
    ['/api/invitations/accept', '/api/invitations/accept'],
    [`/invitations/accept?token=${s}`, '/invitations/accept?token=[redacted]'],
    [`/verify-email?token=${s}&next=/home`, '/verify-email?token=[redacted]&next=/home'],
    [`/reset-password?lang=en&token=${s}`, '/reset-password?lang=en&token=[redacted]'],
    [`/claim/CRD-ABCDEFGHJKLM?token=${s}&result=claimed`, '/claim/CRD-ABCDEFGHJKLM?token=[redacted]&result=claimed'],
    [`/claim/0b7c2f9e-4a59-4c5c-9d1a-2f1e8c6a7b10?Token=${s}`, '/claim/0b7c2f9e-4a59-4c5c-9d1a-2f1e8c6a7b10?Token=[redacted]'],
    [`/anything/${s}/more`, '/anything/[redacted]/more'],
    ['/api/organizations/0b7c2f9e-4a59-4c5c-9d1a-2f1e8c6a7b10/members', '/api/organizations/0b7c2f9e-4a59-4c5c-9d1a-2f1e8c6a7b10/members'],
    [`/x?%74oken=${s}`, '/x?%74oken=[redacted]'],
  ];
  for (const [url, expected] of cases) t.equal(redactUrl(url), expected, url.slice(0, 40));
});
