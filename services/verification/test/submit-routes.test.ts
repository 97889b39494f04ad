// POST /api/verify/credential and POST /api/verify/baked through HTTP on the in-process service:
// our own credentials (resolved from the read model, never fetched), other platforms' baked
// badges (1EdTech fixture), and hostile uploads (always 4xx with the error shape, never 5xx).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { unbakePng } from '@cred/ob3';
import { multipart, seedIssuer, signedCredential, startVerification, type HttpResult } from './fixtures/harness.js';
import { parseRawResponse, postZeros, rawRequest as rawRequestTo, sendWholeRequest } from '@cred/testing';

const here = path.dirname(fileURLToPath(import.meta.url));
const INTEROP = process.env.OB3_INTEROP_DIR ?? path.resolve(here, '../../../../shared/fixtures/interop');
const fixture = (name: string) => readFileSync(path.join(INTEROP, '1EdTech-digital-credentials-public-validator', name));

const h = await startVerification(t);
const { issuer, badge } = await seedIssuer(h);
const good = await signedCredential(issuer, badge);
await h.publish('credential.issued', good.data);

const json = (_body?: unknown) => ({ 'content-type': 'application/json' }) as Record<string, string>;
const postJson = (p: string, body: unknown) => h.send('POST', p, typeof body === 'string' ? body : JSON.stringify(body), json(body));
const errorShape = (t: Test, r: Pick<HttpResult, 'status' | 'text' | 'body'>, status: number, code: string) => {
  t.equal(r.status, status, `${status} ${code}: ${r.text.slice(0, 160)}`);
  t.equal(r.body?.error, code);
  t.type(r.body?.message, 'string');
  t.type(r.body?.details, 'object');
};

t.test('POST /api/verify/credential: our credential verifies without any network (our did:web from the read model)', async (t) => {
  for (const body of [good.ob3, { credential: good.ob3 }]) {
    const r = await postJson('/api/verify/credential', body);
    t.equal(r.status, 200, r.text.slice(0, 300));
    t.equal(r.body.valid, true);
    t.equal(r.body.status, 'valid');
    t.equal(r.body.verification.signatureValid, true);
    t.equal(r.body.verification.issuerAuthenticated, true, 'the key is listed in our did.json');
    t.equal(r.body.verification.issuerActive, true);
    t.same(r.body.issuedHere, { credentialId: good.credentialId, verificationUrl: `http://localhost:8080/verify/${good.credentialId}` });
    t.ok(r.body.checks.some((c: { name: string }) => c.name === 'registry'));
    t.same(r.body.ob3Credential, good.ob3);
    t.equal(r.headers['cache-control'], 'no-store');
  }
});

t.test('a revoked credential of ours is revoked from its copy too; a tampered one is invalid', async (t) => {
  const c = await signedCredential(issuer, badge, { email: 'rev@example.com' });
  await h.publish('credential.issued', c.data);
  await h.publish('credential.revoked', {
    credentialId: c.credentialId,
    credentialUuid: c.uuid,
    revokedAt: new Date().toISOString(),
    revocationReason: 'Issued in error',
  });
  const r = await postJson('/api/verify/credential', c.ob3);
  t.equal(r.body.valid, false);
  t.equal(r.body.status, 'revoked');
  t.equal(r.body.verification.notRevoked, false);
  t.match(r.body.checks.find((x: { name: string }) => x.name === 'registry').message, /Issued in error/);

  const tampered = structuredClone(good.ob3);
  tampered.credentialSubject.achievement.name = 'Something else';
  const r2 = await postJson('/api/verify/credential', tampered);
  t.equal(r2.status, 200);
  t.equal(r2.body.valid, false);
  t.equal(r2.body.status, 'invalid');
  t.equal(r2.body.verification.signatureValid, false);
});

t.test('a did:web of our host that names no issuer of ours is not fetched and not authenticated', async (t) => {
  const other = structuredClone(good.ob3);
  other.issuer.id = 'did:web:localhost%3A8080:issuers:nobody';
  const r = await postJson('/api/verify/credential', other);
  t.equal(r.status, 200);
  t.equal(r.body.valid, false);
  t.equal(r.body.status, 'invalid');
});

t.test('POST /api/verify/credential: bad bodies are 4xx with the error shape', async (t) => {
  errorShape(t, await postJson('/api/verify/credential', '{"oops":'), 400, 'VALIDATION_ERROR');
  errorShape(t, await postJson('/api/verify/credential', '[1,2]'), 400, 'VALIDATION_ERROR');
  errorShape(t, await postJson('/api/verify/credential', ''), 400, 'VALIDATION_ERROR');
  errorShape(t, await postJson('/api/verify/credential', '{"__proto__":{"x":1}}'), 400, 'VALIDATION_ERROR');
  errorShape(t, await h.send('POST', '/api/verify/credential', Buffer.from([0x7b, 0xff, 0x7d]), json(null)), 400, 'VALIDATION_ERROR');
  errorShape(
    t,
    await h.send('POST', '/api/verify/credential', JSON.stringify(good.ob3), { 'content-type': 'text/plain' }),
    415,
    'UNSUPPORTED_MEDIA_TYPE',
  );
  const big = JSON.stringify({ credential: good.ob3, padding: 'x'.repeat(70 * 1024) });
  const r = await postJson('/api/verify/credential', big);
  errorShape(t, r, 413, 'PAYLOAD_TOO_LARGE');
  t.equal(r.body.details.limitBytes, 65536);
  errorShape(t, await h.get('/api/verify/credential'), 404, 'NOT_FOUND');
});

t.test('baked PNG round trip: bake ours, unbake gives the stored bytes, upload verifies', async (t) => {
  const r = await h.get(`/api/credentials/${good.credentialId}/baked`);
  t.equal(r.status, 200);
  t.equal(r.headers['content-type'], 'image/png');
  const text = unbakePng(r.bytes);
  t.equal(text, JSON.stringify(good.ob3), 'the stored credential bytes, unchanged');
  const raw = await h.send('POST', '/api/verify/baked', r.bytes, { 'content-type': 'image/png' });
  t.equal(raw.status, 200, raw.text.slice(0, 300));
  t.equal(raw.body.valid, true);
  t.equal(raw.body.status, 'valid');
  const form = multipart({ bytes: r.bytes, filename: `${good.credentialId}.png` });
  const viaForm = await h.send('POST', '/api/verify/baked', form.body, { 'content-type': form.contentType });
  t.equal(viaForm.status, 200);
  t.equal(viaForm.body.valid, true);
  t.same(viaForm.body.issuedHere.credentialId, good.credentialId);
});

t.test('another platform’s baked PNG (1EdTech simple-json.png): signature valid, issuer not confirmed offline', async (t) => {
  const png = fixture('simple-json.png');
  const form = multipart({ bytes: png, filename: 'simple-json.png' });
  for (const r of [
    await h.send('POST', '/api/verify/baked', form.body, { 'content-type': form.contentType }),
    await h.send('POST', '/api/verify/baked', png, { 'content-type': 'image/png' }),
  ]) {
    t.equal(r.status, 200, r.text.slice(0, 300));
    t.equal(r.body.verification.signatureValid, true);
    t.equal(r.body.verification.issuerAuthenticated, false, 'example.com cannot be fetched here (docs/contract.md "Verification")');
    t.equal(r.body.valid, false);
    t.equal(r.body.status, 'invalid');
    t.equal(r.body.issuedHere, undefined);
    t.match(r.body.ob3Credential.issuer, { id: /example\.com/ });
  }
  const svg = fixture('simple-json.svg');
  const rs = await h.send('POST', '/api/verify/baked', svg, { 'content-type': 'image/svg+xml' });
  t.equal(rs.status, 200);
  t.equal(rs.body.verification.signatureValid, true);
});

t.test(
  'VC-JWT: the 1EdTech baked simple-jwt.png and simple.jwt are verified (header jwk: integrity only; no key: not checked)',
  async (t) => {
    const png = fixture('simple-jwt.png');
    const r = await h.send('POST', '/api/verify/baked', png, { 'content-type': 'image/png' });
    t.equal(r.status, 200, r.text.slice(0, 300));
    t.same(
      [r.body.valid, r.body.status, r.body.verification.signatureValid, r.body.verification.issuerAuthenticated],
      [false, 'invalid', true, false],
    );
    t.match(r.body.checks[0], { name: 'format', passed: true, message: /VC-JWT.*RS256/ });
    t.match(
      r.body.checks.find((c: { name: string }) => c.name === 'issuer'),
      { passed: false, message: /JOSE header jwk/ },
    );
    t.equal(r.body.ob3Credential.id, 'http://example.com/credentials/3527');
    const jwt = fixture('simple.jwt').toString('utf8');
    const c = await postJson('/api/verify/credential', { credential: jwt });
    t.equal(c.status, 200, c.text.slice(0, 300));
    t.same([c.body.valid, c.body.status, c.body.verification.signatureValid], [false, 'invalid', false]);
    t.match(
      c.body.checks.find((x: { name: string }) => x.name === 'signature'),
      { passed: false, message: /signing key is not available/ },
    );
    // A JWS whose header is not JSON is a result (format check failed), not an error.
    const bad = await postJson('/api/verify/credential', { credential: 'bm90IGpzb24.e30.c2ln' });
    t.equal(bad.status, 200);
    t.match(bad.body, { valid: false, status: 'invalid', checks: [{ name: 'format', passed: false }] });
  },
);

t.test('hostile uploads are 4xx with the error shape, never 5xx', async (t) => {
  const baked = (await h.get(`/api/credentials/${good.credentialId}/baked`)).bytes;
  const cases: Array<[string, Buffer, string, number, string]> = [
    ['truncated PNG', baked.subarray(0, Math.floor(baked.length / 2)), 'image/png', 400, 'VALIDATION_ERROR'],
    ['PNG signature only', baked.subarray(0, 8), 'image/png', 400, 'VALIDATION_ERROR'],
    ['not an image', Buffer.from('hello, this is not an image'), 'image/png', 400, 'VALIDATION_ERROR'],
    ['empty', Buffer.alloc(0), 'image/png', 400, 'VALIDATION_ERROR'],
    ['a PNG sent as SVG', baked, 'image/svg+xml', 400, 'VALIDATION_ERROR'],
    ['SVG without a credential', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/svg+xml', 400, 'VALIDATION_ERROR'],
    ['wrong content type', baked, 'text/plain', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['no content type', baked, '', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['6 MiB', Buffer.concat([baked, Buffer.alloc(6 * 1024 * 1024)]), 'image/png', 413, 'PAYLOAD_TOO_LARGE'],
  ];
  for (const [name, bytes, type, status, code] of cases) {
    const r = await h.send('POST', '/api/verify/baked', bytes, type ? { 'content-type': type } : {});
    t.test(name, async (t) => errorShape(t, r, status, code));
    const form = multipart({ bytes, contentType: type || 'application/octet-stream' });
    if (status !== 415) {
      const f = await h.send('POST', '/api/verify/baked', form.body, { 'content-type': form.contentType });
      t.test(`${name} (multipart)`, async (t) => errorShape(t, f, status, code));
    }
  }
  const noCredential = unbakeStrip(baked);
  const r = await h.send('POST', '/api/verify/baked', noCredential, { 'content-type': 'image/png' });
  errorShape(t, r, 400, 'VALIDATION_ERROR');
  t.equal(r.body.details.reason, 'NO_CREDENTIAL', 'a PNG without a credential is 400');
  const wrongField = multipart({ field: 'image', bytes: baked });
  errorShape(
    t,
    await h.send('POST', '/api/verify/baked', wrongField.body, { 'content-type': wrongField.contentType }),
    400,
    'VALIDATION_ERROR',
  );
  errorShape(t, await h.send('POST', '/api/verify/baked', 'garbage', { 'content-type': 'multipart/form-data' }), 400, 'VALIDATION_ERROR');
  errorShape(
    t,
    await h.send('POST', '/api/verify/baked', 'garbage without parts', { 'content-type': 'multipart/form-data; boundary=xyz' }),
    400,
    'VALIDATION_ERROR',
  );
  // The service is still healthy after all that.
  t.equal((await h.get(`/api/verify/${good.credentialId}`)).status, 200);
});

/** Raw bytes to this harness's verification server (@cred/testing's rawRequest). */
const rawRequest = (bytes: string | Buffer, waitMs = 5000) => rawRequestTo(Number(new URL(h.base).port), bytes, waitMs);
const parseRaw = parseRawResponse;

t.test('a truncated multipart upload is a 400 naming the file field, and the service stays up (fuzz crash)', async (t) => {
  const truncated = Buffer.from(
    '--X\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
  );
  const headers = { 'content-type': 'multipart/form-data; boundary=X' };
  const r = await h.send('POST', '/api/verify/baked', truncated, headers);
  errorShape(t, r, 400, 'VALIDATION_ERROR');
  t.equal(r.body.details.field, 'file');
  t.match(r.body.message, /incomplete|malformed/);
  // The web form (HTML) takes the same path.
  const page = await h.send('POST', '/verify-lookup', truncated, headers);
  t.equal(page.status, 400);
  t.match(page.text, /incomplete|malformed/);
  // A file part cut off after more of the file, and one aborted by the client.
  const baked = (await h.get(`/api/credentials/${good.credentialId}/baked`)).bytes;
  const form = multipart({ bytes: baked });
  errorShape(
    t,
    await h.send('POST', '/api/verify/baked', form.body.subarray(0, form.body.length - 10), { 'content-type': form.contentType }),
    400,
    'VALIDATION_ERROR',
  );
  await rawRequest(
    Buffer.concat([
      Buffer.from(
        `POST /api/verify/baked HTTP/1.1\r\nHost: x\r\nContent-Type: ${form.contentType}\r\nContent-Length: ${form.body.length}\r\n\r\n`,
      ),
      form.body.subarray(0, 100),
    ]),
    200,
  );
  t.equal((await h.get(`/api/verify/${good.credentialId}`)).status, 200, 'the process is still up');
  const ok = await h.send('POST', '/api/verify/baked', form.body, { 'content-type': form.contentType });
  t.equal(ok.status, 200, 'and still verifies complete uploads');
});

t.test('POST /api/verify/credential applies the malformed-body rules (docs/contract.md "Requests and bodies")', async (t) => {
  const cases: Array<[string, string | Buffer, string]> = [
    ['duplicate keys', '{"a":1,"a":2}', 'a'],
    ['duplicate keys in the credential', JSON.stringify(good.ob3).replace('{', '{"id":"urn:uuid:x",'), 'id'],
    ['integer outside the safe range', '{"a":123456789012345678901234567890}', 'a'],
    ['number overflowing to Infinity', '{"credential":{"a":1e999}}', 'credential.a'],
    ['UTF-8 byte order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(good.ob3))]), 'body'],
    ['unpaired surrogate', '{"credential":"\\ud800"}', 'credential'],
  ];
  for (const [label, body, field] of cases) {
    const r = await h.send('POST', '/api/verify/credential', body, json(null));
    t.test(label, async (t) => {
      errorShape(t, r, 400, 'VALIDATION_ERROR');
      t.equal(r.body.details.field, field);
    });
  }
  errorShape(
    t,
    await h.send('POST', '/api/verify/credential', JSON.stringify(good.ob3), { 'content-type': 'application/json; charset=utf-16' }),
    415,
    'UNSUPPORTED_MEDIA_TYPE',
  );
  const ok = await h.send('POST', '/api/verify/credential', JSON.stringify(good.ob3), {
    'content-type': 'application/json; charset=UTF-8',
  });
  t.equal(ok.status, 200, 'charset=UTF-8 is fine');
});

t.test('bodies over the limit: 413 with the error shape, read by the client (not a reset), also on Expect: 100-continue', async (t) => {
  // A declared 20 MiB body: answered at once, the rest discarded while the client is still sending.
  const size = 20 * 1024 * 1024;
  const r = await postZeros(Number(new URL(h.base).port), '/api/verify/baked', size, { 'content-type': 'image/png' });
  errorShape(t, r, 413, 'PAYLOAD_TOO_LARGE');

  const expect = parseRaw(
    await rawRequest(
      `POST /api/verify/baked HTTP/1.1\r\nHost: x\r\nContent-Type: image/png\r\nContent-Length: ${size}\r\nExpect: 100-continue\r\n\r\n`,
    ),
  );
  errorShape(t, expect, 413, 'PAYLOAD_TOO_LARGE');
  t.equal(expect.headers['connection'], 'close');
  // A client may send its body without waiting for 100 Continue (RFC 9110 10.1.1): one that writes
  // it all before reading gets the 413, not a broken pipe or a reset (issue 39).
  const eager = await sendWholeRequest(
    Number(new URL(h.base).port),
    `POST /api/verify/baked HTTP/1.1\r\nHost: x\r\nContent-Type: image/png\r\nContent-Length: ${6 * 1024 * 1024}\r\nExpect: 100-continue\r\n\r\n`,
    Buffer.alloc(6 * 1024 * 1024),
  );
  t.same([eager.writeError, eager.readError], [undefined, undefined], 'the whole body was written and the answer read, without a reset');
  errorShape(t, parseRaw(eager.response), 413, 'PAYLOAD_TOO_LARGE');
  const small = await rawRequest(
    'POST /api/verify/credential HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n',
    500,
  );
  t.match(small, /^HTTP\/1\.1 100 Continue\r\n/, 'within the limit: 100 Continue as before');
});

t.test('requests node refuses to parse get the JSON error shape, not an empty body', async (t) => {
  const cases: Array<[string, string, number, string]> = [
    [
      'bad chunked encoding',
      'POST /api/verify/credential HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
      400,
      'VALIDATION_ERROR',
    ],
    [
      'conflicting Content-Length',
      'POST /api/verify/credential HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{} ',
      400,
      'VALIDATION_ERROR',
    ],
    ['NUL in a header', 'GET /api/verify/x HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n', 400, 'VALIDATION_ERROR'],
    [
      'headers over the limit',
      `GET /api/verify/x HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
      431,
      'REQUEST_HEADER_FIELDS_TOO_LARGE',
    ],
    ['100 KB URL', `GET /${'a'.repeat(100 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431, 'REQUEST_HEADER_FIELDS_TOO_LARGE'],
  ];
  for (const [label, request, status, code] of cases) {
    const r = parseRaw(await rawRequest(request));
    t.test(label, async (t) => {
      errorShape(t, r, status, code);
      t.equal(r.headers['connection'], 'close');
      t.match(r.headers['content-type'], /^application\/json/);
    });
  }
  t.equal((await h.get(`/api/verify/${good.credentialId}`)).status, 200);
});

/** The PNG without its iTXt chunk: rebuild from chunks, dropping iTXt. */
function unbakeStrip(png: Buffer): Buffer {
  const parts = [png.subarray(0, 8)];
  let off = 8;
  while (off < png.length) {
    const len = png.readUInt32BE(off);
    const type = png.toString('latin1', off + 4, off + 8);
    const end = off + 12 + len;
    if (type !== 'iTXt') parts.push(png.subarray(off, end));
    off = end;
  }
  return Buffer.concat(parts);
}
