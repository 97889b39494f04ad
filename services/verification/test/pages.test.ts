// The server-rendered pages over HTTP: escaping of every user-controlled text, the strict CSP,
// 403/404 pages, the lookup redirect and upload, the public badge page.
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { CONTENT_SECURITY_POLICY } from '../src/http/pages/html.js';
import { badgeData, multipart, newBadge, seedIssuer, signedCredential, startVerification } from './fixtures/harness.js';

const h = await startVerification(t);
const { issuer, badge } = await seedIssuer(h);
const XSS = '<img src=x onerror="alert(1)">&\'';

const good = await signedCredential(issuer, badge, { name: 'Jane Doe' });
await h.publish('credential.issued', good.data);

function htmlChecks(t: Test, r: { status: number; headers: Record<string, unknown>; text: string }, status: number) {
  t.equal(r.status, status);
  t.match(String(r.headers['content-type']), /^text\/html; charset=utf-8/);
  t.equal(r.headers['content-security-policy'], CONTENT_SECURITY_POLICY);
  t.match(r.text, /^<!doctype html>\n<html lang="en">/);
  t.match(r.text, /<main id="content">/);
  t.notMatch(r.text, /<script/i, 'no scripts at all');
}

t.test('the verification page of a valid credential', async (t) => {
  const r = await h.get(`/verify/${good.credentialId}`);
  htmlChecks(t, r, 200);
  t.match(r.text, /<h1>Teamwork<\/h1>/);
  t.match(r.text, /Verified: this credential is valid/);
  t.match(r.text, /Jane Doe \(j\*\*\*@example\.com\)/);
  t.notMatch(r.text, /jane\.doe@example\.com/, 'never the full address');
  t.match(r.text, /✓ Domain verified \(acme\.example\)/);
  t.match(r.text, /<svg role="img" aria-label="QR code of the verification address"/);
  t.match(r.text, new RegExp(`href="/credentials/${good.credentialId}/ob3"`));
  t.match(r.text, new RegExp(`href="/api/credentials/${good.credentialId}/baked"`));
  t.match(r.text, new RegExp(`<img src="/o/acme/badges/teamwork/image.png" alt="Badge image: Teamwork"`));
  t.match(r.text, /<li>teamwork<\/li><li>collaboration<\/li>/);
  // Status-dependent: a short public lifetime, revalidated by ETag (ADR 0009).
  t.equal(r.headers['cache-control'], 'public, max-age=5');
  const etag = String(r.headers.etag);
  t.match(etag, /^"[A-Za-z0-9_-]{27}"$/, 'a strong ETag');
  const again = await h.get(`/verify/${good.credentialId}`, { 'if-none-match': etag });
  t.equal(again.status, 304, 'If-None-Match: 304');
  t.equal(again.bytes.length, 0, 'without a body');
  t.equal(again.headers.etag, etag);
  const head = await h.send('HEAD', `/verify/${good.credentialId}`, '');
  t.equal(head.status, 200);
  t.equal(head.bytes.length, 0, 'HEAD: no body');
  t.equal(Number(head.headers['content-length']), r.bytes.length, 'HEAD: the length of the GET');
  t.equal((await h.get(`/verify/${good.credentialId}`, { 'if-none-match': '"other"' })).status, 200, 'another tag: the page');
  const style = /<style>([\s\S]*?)<\/style>/.exec(r.text)![1]!;
  const { createHash } = await import('node:crypto');
  t.ok(CONTENT_SECURITY_POLICY.includes(createHash('sha256').update(style).digest('base64')), 'the inline style is allowed by its hash');
  const byUuid = await h.get(`/verify/${good.uuid}`);
  t.equal(byUuid.status, 200);
});

t.test('user data is HTML-escaped everywhere', async (t) => {
  const evilBadge = { ...newBadge(issuer, 'evil'), name: XSS, description: XSS, criteria: XSS, tags: [XSS] };
  await h.publish('issuance.badge.upserted', badgeData(issuer, evilBadge));
  const c = await signedCredential(issuer, evilBadge, { name: XSS, email: `x${'"'}@example.com` });
  await h.publish('credential.issued', c.data);
  await h.publish('credential.revoked', { credentialId: c.credentialId, credentialUuid: c.uuid, revocationReason: XSS });
  for (const path of [`/verify/${c.credentialId}`, `/o/acme/badges/evil`]) {
    const r = await h.get(path);
    htmlChecks(t, r, 200);
    t.notOk(r.text.includes('<img src=x'), `${path}: no raw markup from user data`);
    t.ok(r.text.includes('&#60;img src=x onerror=&#34;alert(1)&#34;&#62;&#38;&#39;'), `${path}: escaped text is shown`);
  }
  const r = await h.get(`/verify/${c.credentialId}`);
  t.match(r.text, /Revoked: the issuer has revoked this credential/);
});

t.test('private credentials: 403 page unless the owner; unknown ids: 404 page', async (t) => {
  const c = await signedCredential(issuer, badge, { email: 'secret@example.com', isPublic: false });
  await h.publish('credential.issued', c.data);
  const anon = await h.get(`/verify/${c.credentialId}`);
  htmlChecks(t, anon, 403);
  t.match(anon.text, /<h1>This credential is private<\/h1>/);
  t.equal(anon.headers['cache-control'], 'no-store');
  const session = await h.recipientSession('secret@example.com');
  const stranger = await h.get(`/verify/${c.credentialId}`, { cookie: `__Host-session=${await h.recipientSession('nosy@example.com')}` });
  htmlChecks(t, stranger, 403);
  for (const headers of [{ authorization: `Bearer ${session}` }, { cookie: `__Host-session=${session}` }] as Array<Record<string, string>>) {
    const owner = await h.get(`/verify/${c.credentialId}`, headers);
    htmlChecks(t, owner, 200);
    t.equal(owner.headers['cache-control'], 'no-store');
    t.equal(owner.headers['vary'], 'Cookie, Authorization', 'the answer depends on the session');
  }
  for (const id of ['CRD-0000000000ZZ', 'nope', '%3Cscript%3E', '00000000-0000-4000-8000-000000000000']) {
    const r = await h.get(`/verify/${id}`);
    htmlChecks(t, r, 404);
    t.match(r.text, /<h1>Not found<\/h1>/);
  }
});

/** The baked credential's achievement renamed (same length), with the chunk's CRC made right again. */
function tamperedPng(png: Buffer): Buffer {
  const out = Buffer.from(png);
  const at = out.indexOf('Teamwork');
  out.write('Tearwork', at, 'latin1');
  const chunkType = out.lastIndexOf('iTXt', at);
  const length = out.readUInt32BE(chunkType - 4);
  out.writeUInt32BE(crc32(out.subarray(chunkType, chunkType + 4 + length)), chunkType + 4 + length);
  return out;
}

t.test('/verify-lookup: form, redirect, errors, upload', async (t) => {
  const form = await h.get('/verify-lookup');
  htmlChecks(t, form, 200);
  t.match(form.text, /<form method="get" action="\/verify-lookup">/);
  t.match(form.text, /<form method="post" action="\/verify-lookup" enctype="multipart\/form-data">/);
  t.match(form.text, /<label for="file">/);

  const redirect = await h.get(`/verify-lookup?id=${good.credentialId.toLowerCase()}`);
  t.equal(redirect.status, 303);
  t.equal(redirect.headers.location, `/verify/${good.credentialId}`);
  const byUuid = await h.get(`/verify-lookup?id=+${good.uuid.toUpperCase()}+`);
  t.equal(byUuid.headers.location, `/verify/${good.uuid}`);

  const bad = await h.get(`/verify-lookup?id=${encodeURIComponent('<b>hi</b>')}`);
  htmlChecks(t, bad, 400);
  t.match(bad.text, /That is not a credential ID/);
  t.match(bad.text, /value="&#60;b&#62;hi&#60;\/b&#62;"/);
  t.match(bad.text, /aria-invalid="true"/);

  const baked = await h.get(`/api/credentials/${good.credentialId}/baked`);
  const upload = multipart({ bytes: baked.bytes });
  const result = await h.send('POST', '/verify-lookup', upload.body, { 'content-type': upload.contentType });
  htmlChecks(t, result, 200);
  t.match(result.text, /Verified: this credential is valid/);
  t.match(result.text, new RegExp(`href="http://localhost:8080/verify/${good.credentialId}"`));

  // Another platform's badge whose key is only in its verification method id (MANIFEST [F]):
  // not valid (docs/contract.md "Verification"), and the banner says what is missing.
  const interop =
    process.env.OB3_INTEROP_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/fixtures/interop');
  const foreign = multipart({
    bytes: readFileSync(path.join(interop, '1EdTech-digital-credentials-public-validator/simple-json.png')),
  });
  const unconfirmed = await h.send('POST', '/verify-lookup', foreign.body, { 'content-type': foreign.contentType });
  htmlChecks(t, unconfirmed, 200);
  t.match(unconfirmed.text, /Not verified: the signature is intact, but the key could not be confirmed as the issuer/);
  t.match(unconfirmed.text, /✗ Failed<\/span>: issuer/);
  t.notMatch(unconfirmed.text, /Verified: this credential is valid/);
  const forged = multipart({
    bytes: tamperedPng(readFileSync(path.join(interop, '1EdTech-digital-credentials-public-validator/simple-json.png'))),
  });
  const forgedResult = await h.send('POST', '/verify-lookup', forged.body, { 'content-type': forged.contentType });
  htmlChecks(t, forgedResult, 200);
  t.match(forgedResult.text, /Not valid: this credential could not be verified/, 'a broken proof is not "intact"');

  const junk = multipart({ bytes: Buffer.from('not a png'), contentType: 'image/png' });
  const refused = await h.send('POST', '/verify-lookup', junk.body, { 'content-type': junk.contentType });
  htmlChecks(t, refused, 400);
  t.match(refused.text, /role="alert"/);
  const huge = multipart({ bytes: Buffer.alloc(6 * 1024 * 1024) });
  const tooBig = await h.send('POST', '/verify-lookup', huge.body, { 'content-type': huge.contentType });
  htmlChecks(t, tooBig, 413);
  const notForm = await h.send('POST', '/verify-lookup', 'id=1', { 'content-type': 'application/x-www-form-urlencoded' });
  htmlChecks(t, notForm, 415);
});

t.test('the public badge page', async (t) => {
  const r = await h.get('/o/acme/badges/teamwork');
  htmlChecks(t, r, 200);
  t.match(r.text, /<h1>Teamwork<\/h1>/);
  t.match(r.text, /Collaborates effectively\./);
  t.match(r.text, /Peer nominated\./);
  t.match(r.text, /href="http:\/\/localhost:8080\/achievements\/acme\/teamwork"/);
  t.match(r.text, /Acme Academy <span class="verified">/);
  htmlChecks(t, await h.get('/o/acme/badges/unknown'), 404);
  htmlChecks(t, await h.get('/o/ACME/badges/teamwork'), 404);
  const inactive = { ...newBadge(issuer, 'retired') };
  await h.publish('issuance.badge.upserted', badgeData(issuer, inactive, { isActive: false }));
  t.match((await h.get('/o/acme/badges/retired')).text, /no longer awarded/);
});

t.test('Open Badges 3.0 content on the badge page, the verification page and the Achievement document', async (t) => {
  const gradeId = 'urn:uuid:f6ab24cd-86e8-4eaf-b8c6-ded74e8fd41c';
  const rich = {
    ...newBadge(issuer, 'project'),
    achievementType: 'MicroCredential',
    alignments: [
      { targetName: 'Collaboration', targetUrl: 'https://example.org/skills/col', targetFramework: 'Skills <Framework>', targetCode: 'SK-1' },
    ],
    resultDescriptions: [
      { id: gradeId, name: 'Final grade', resultType: 'LetterGrade', allowedValues: ['C', 'B', 'A'], requiredValue: 'C', valueMin: null, valueMax: null },
    ],
  };
  await h.publish('issuance.badge.upserted', badgeData(issuer, rich));
  const page = await h.get('/o/acme/badges/project');
  htmlChecks(t, page, 200);
  t.match(page.text, /<strong>Type:<\/strong> Micro credential/);
  t.match(page.text, /<a href="https:\/\/example.org\/skills\/col" rel="nofollow noopener noreferrer">Collaboration<\/a> <span class="code">\(SK-1\)<\/span> — Skills &#60;Framework&#62;/);
  t.match(page.text, /Final grade \(Letter grade\): C, B, A; required: C/);

  const doc = await h.get('/achievements/acme/project');
  t.equal(doc.status, 200);
  const achievement = JSON.parse(doc.text);
  t.equal(achievement.achievementType, 'MicroCredential');
  t.same(achievement.alignment, [
    { type: ['Alignment'], targetName: 'Collaboration', targetUrl: 'https://example.org/skills/col', targetFramework: 'Skills <Framework>', targetCode: 'SK-1' },
  ]);
  t.same(achievement.resultDescription[0].allowedValue, ['C', 'B', 'A']);

  const c = await signedCredential(issuer, rich, {
    name: 'Jane Doe',
    nameInCredential: true,
    content: {
      narrative: `Built the **thing**.\nSecond line ${XSS}`,
      evidence: [
        { url: 'https://example.com/report', name: 'Report', description: 'The final report.' },
        { narrative: `Observed ${XSS}` },
      ],
      results: [{ resultDescription: gradeId, value: 'A', status: 'Completed' }],
    },
  });
  await h.publish('credential.issued', c.data);
  const r = await h.get(`/verify/${c.credentialId}`);
  htmlChecks(t, r, 200);
  t.match(r.text, /Verified: this credential is valid/, 'the content is signed: the checks pass');
  t.match(r.text, /<h2 id="earned-h">How it was earned<\/h2>/);
  t.match(r.text, /<p class="md">Built the \*\*thing\*\*\.\nSecond line &#60;img/);
  t.match(r.text, /<dt>Final grade<\/dt><dd>A — Completed<\/dd>/);
  t.match(r.text, /<a href="https:\/\/example.com\/report" rel="nofollow noopener noreferrer">Report<\/a><p>The final report\.<\/p>/);
  t.match(r.text, /<strong>Type:<\/strong> Micro credential/);
  t.match(r.text, />Collaboration<\/a>/);
  t.notOk(r.text.includes('<img src=x'), 'narratives are escaped');

  // A credential without content has no such section.
  t.notMatch((await h.get(`/verify/${good.credentialId}`)).text, /How it was earned/);
});

t.test('analytics: page views are recorded as channel page', async (t) => {
  const c = await signedCredential(issuer, badge);
  await h.publish('credential.issued', c.data);
  await h.get(`/verify/${c.credentialId}`);
  await h.service.flushAnalytics();
  const rows = await h.db('verification_daily').where({ credential_uuid: c.uuid });
  t.same(
    rows.map((r: Record<string, unknown>) => [r.channel, r.outcome, Number(r.count)]),
    [['page', 'valid', 1]],
  );
});
