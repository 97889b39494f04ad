// Issue 14 item 1: every credential carries a BitstringStatusListEntry, the organization's list
// is published under /issuers/{slug}/status/{n}, and Digital Bazaar's verifier (with
// @digitalbazaar/vc-bitstring-status-list, fetching our did.json and the list from the running
// platform) sees status false before a revocation and true within seconds after it.
import t from 'tap';
import { waitFor } from '@cred/testing';
import { setupStep, startTestPlatform } from './harness.js';
import { independentVerifier } from './independent-verifier.js';

const tp = await setupStep('platform', () => startTestPlatform('statuslist'));
t.teardown(() => tp.stop());

const SLUG = 'status-academy';
// BASE_URL: what the platform writes in its documents (localhost), reachable from here.
const BASE = tp.env.BASE_URL!;
const { orgId, token } = await setupStep('sign-up', () => tp.signUpOrganization(SLUG), tp.logFile);
const admin = tp.adminToken;

/** Digital Bazaar reading our did.json and lists from the running platform (independent-verifier.ts). */
const { verify: independent, fetched } = await independentVerifier(BASE);

t.test('setup: an approved professional organization with keys, an API key and two badges', async (t) => {
  t.equal((await tp.api('POST', `/api/admin/organizations/${orgId}/approve`, undefined, admin)).status, 200);
  t.equal((await tp.api('PATCH', `/api/admin/organizations/${orgId}`, { plan: 'professional' }, admin)).status, 200);
  t.equal((await tp.api('POST', `/api/organizations/${orgId}/signing-keys`, undefined, token)).status, 201);
});

let apiKey = '';
const badgeIds: Record<string, string> = {};

t.test('API key and badges', async (t) => {
  const key = await tp.api('POST', `/api/organizations/${orgId}/api-keys`, { name: 'ci' }, token);
  t.equal(key.status, 201);
  apiKey = String(key.body.key);
  for (const [name, extra] of [
    ['Forever', {}],
    ['Yearly', { expiresInDays: 365 }],
  ] as const) {
    const badge = await tp.api(
      'POST',
      `/api/organizations/${orgId}/badges`,
      { name, description: 'A badge.', criteria: 'Did the thing.', ...extra },
      token,
    );
    t.equal(badge.status, 201, badge.text);
    badgeIds[name] = badge.body.id;
  }
});

async function issue(badge: string, email: string) {
  const r = await tp.api('POST', '/api/v1/credentials', { badgeId: badgeIds[badge], recipient: { name: 'Grace Hopper', email } }, apiKey);
  if (r.status !== 201) throw new Error(`issue: ${r.status} ${r.text}`);
  const served = await tp.api('GET', `/credentials/${r.body.credentialId}/ob3`);
  if (served.status !== 200) throw new Error(`ob3: ${served.status}`);
  return { issued: r.body as Record<string, any>, credential: JSON.parse(served.text) as Record<string, any> };
}

t.test('a credential before and after its revocation, as Digital Bazaar and our verifier see it', async (t) => {
  const { issued, credential } = await issue('Forever', 'grace@example.com');
  const entry = credential.credentialStatus;
  const listUrl = `${BASE}/issuers/${SLUG}/status/1`;
  t.same(Object.keys(entry).sort(), ['id', 'statusListCredential', 'statusListIndex', 'statusPurpose', 'type']);
  t.equal(entry.type, 'BitstringStatusListEntry');
  t.equal(entry.statusPurpose, 'revocation');
  t.equal(entry.statusListCredential, listUrl);
  t.match(entry.statusListIndex, /^\d+$/);
  t.same(credential['@context'], ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'], 'no extra context');

  const before = await independent(credential);
  t.equal(before.verified, true, `Digital Bazaar verifies the credential and the list: ${before.error}`);
  t.equal(before.revoked, false, 'status false: not revoked');
  t.ok(fetched.includes(listUrl), 'the list was fetched from the platform');

  // The list as served: HEAD, ETag, a short Cache-Control, conditional GET.
  const head = await fetch(listUrl, { method: 'HEAD' });
  t.equal(head.status, 200);
  t.equal(await head.text(), '', 'HEAD has no body');
  const etag = head.headers.get('etag');
  t.match(etag, /^"[A-Za-z0-9_-]+"$/, 'a strong ETag');
  t.equal(head.headers.get('cache-control'), 'public, max-age=5');
  t.match(head.headers.get('content-type'), /^application\/ld\+json/);
  t.ok(Number(head.headers.get('content-length')) > 100, 'HEAD tells the length');
  const same = await fetch(listUrl, { headers: { 'if-none-match': etag! } });
  t.equal(same.status, 304, 'If-None-Match with the current ETag: 304');
  t.equal(same.headers.get('etag'), etag);
  t.equal(await same.text(), '');
  const list = (await (await fetch(listUrl)).json()) as Record<string, any>;
  t.same(list.type, ['VerifiableCredential', 'BitstringStatusListCredential']);
  t.equal(list.credentialSubject.statusPurpose, 'revocation');
  t.match(list.credentialSubject.encodedList, /^u[A-Za-z0-9_-]+$/);

  const oursBefore = await tp.api('POST', '/api/verify/credential', credential);
  t.equal(oursBefore.status, 200);
  t.equal(oursBefore.body.valid, true, JSON.stringify(oursBefore.body.checks));
  t.match(oursBefore.body.checks.find((c: { name: string }) => c.name === 'status')?.message, /not revoked: bit \d+ of .*status\/1 is clear/);

  const revoked = await tp.api('DELETE', `/api/organizations/${orgId}/credentials/${issued.id}`, { reason: 'Issued in error' }, token);
  t.equal(revoked.status, 200, revoked.text);
  const answeredAt = Date.now();

  // The stated bound is a few seconds; this replica's cache is READ_MODEL_CACHE_MS (500 ms).
  const after = await waitFor(
    'Digital Bazaar sees the revocation',
    async () => {
      const r = await independent(credential);
      return r.revoked === true ? r : undefined;
    },
    10_000,
    100,
  );
  const lag = Date.now() - answeredAt;
  t.equal(after.verified, true, `the list still verifies: ${after.error}`);
  t.equal(after.revoked, true, 'status true: revoked');
  t.ok(lag < 5000, `seen ${lag} ms after the revocation answered`);

  const changed = await fetch(listUrl, { headers: { 'if-none-match': etag! } });
  t.equal(changed.status, 200, 'the old ETag no longer matches');
  t.not(changed.headers.get('etag'), etag);

  const oursAfter = await tp.api('POST', '/api/verify/credential', credential);
  t.equal(oursAfter.body.valid, false);
  t.equal(oursAfter.body.status, 'revoked');
  t.match(oursAfter.body.checks.find((c: { name: string }) => c.name === 'status')?.message, /revoked: bit \d+ of .*status\/1 is set/);
  const page = await tp.api('GET', `/api/verify/${issued.credentialId}`);
  t.equal(page.body.status, 'revoked');
  t.equal(page.body.verification.notRevoked, false);
});

t.test('a renewal that supersedes an active credential revokes it on the list', async (t) => {
  const prior = await issue('Yearly', 'ada@example.com');
  t.equal((await independent(prior.credential)).revoked, false, 'active: clear');
  const renewal = await issue('Yearly', 'ada@example.com');
  t.equal(renewal.issued.supersedesCredentialId, prior.issued.id);
  const seen = await waitFor(
    'the superseded credential is revoked on the list',
    async () => ((await independent(prior.credential)).revoked === true ? true : undefined),
    10_000,
    100,
  );
  t.ok(seen);
  const fresh = await independent(renewal.credential);
  t.equal(fresh.verified, true, fresh.error);
  t.equal(fresh.revoked, false, 'the renewal is not revoked');
  t.not(renewal.credential.credentialStatus.statusListIndex, prior.credential.credentialStatus.statusListIndex, 'an entry of its own');
});

t.test('lists that do not exist', async (t) => {
  for (const path of [`/issuers/${SLUG}/status/2`, `/issuers/${SLUG}/status/0`, '/issuers/nobody-here/status/1']) {
    const r = await fetch(`${BASE}${path}`);
    t.equal(r.status, 404, path);
    t.equal(r.headers.get('cache-control'), 'no-store', 'errors are not cached');
  }
});
