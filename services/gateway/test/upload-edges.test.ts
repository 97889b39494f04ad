// Edges of request bodies at the gateway, without the rest of the platform: truncated multipart
// uploads (a crash found by fuzzing), bodies over a route's limit on the verification proxy
// (were 503), Expect: 100-continue, and requests node's HTTP parser refuses (were bare 400/431).
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { toAppError } from '@cred/runtime';
import { parseRawResponse, postZeros, rawRequest, sendWholeRequest, type RawResponse } from '@cred/testing';
import { readImageUpload } from '../src/http/badge-routes.js';
import { readBulkUpload } from '../src/http/bulk-routes.js';
import { startGatewayOnly } from './fixtures/platform.js';

type Raw = RawResponse;
const parseRaw = parseRawResponse;

function errorShape(t: Test, r: { status: number; body: Raw['body'] }, status: number, code: string) {
  t.equal(r.status, status, `${status} ${code}`);
  t.same(Object.keys(r.body ?? {}).sort(), ['details', 'error', 'message'], 'error shape');
  t.equal(r.body?.error, code);
}

/** Streams `size` zero bytes with a declared Content-Length (@cred/testing's postZeros). */
const postLarge = (port: number, path: string, size: number, contentType: string) =>
  postZeros(port, path, size, { 'content-type': contentType });

t.test('truncated multipart uploads are a 400 naming the file field; the process stays up', async (t) => {
  const readers = { image: readImageUpload, bulk: readBulkUpload };
  const server = http.createServer((req, res) => {
    const reader = req.url === '/image' ? readers.image : readers.bulk;
    reader(req).then(
      () => res.writeHead(200, { 'content-length': 2 }).end('{}'),
      (err: unknown) => {
        const e = toAppError(err);
        const text = JSON.stringify(e.toJSON());
        res.writeHead(e.httpStatus, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
      },
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => server.close(() => r())));
  const port = (server.address() as AddressInfo).port;
  const cases: Array<[string, string, string]> = [
    ['/image', '--X\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc', 'image'],
    [
      '/bulk',
      '--X\r\nContent-Disposition: form-data; name="badgeId"\r\n\r\n00000000-0000-0000-0000-000000000000\r\n' +
        '--X\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nname,email\r\nA,a@b.co',
      'file',
    ],
  ];
  for (const [path, body, field] of cases) {
    const r = parseRaw(
      await rawRequest(
        port,
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=X\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      ),
    );
    errorShape(t, r, 400, 'VALIDATION_ERROR');
    t.equal(r.body?.details?.field, field, `${path}: details.field`);
    t.match(r.body?.message, /incomplete|malformed/);
    // A client that aborts mid-upload: nothing is answered, nothing crashes or hangs.
    await rawRequest(
      port,
      `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=X\r\nContent-Length: 100000\r\n\r\n${body}`,
      200,
    );
  }
  const complete =
    '--X\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc\r\n--X--\r\n';
  const ok = parseRaw(
    await rawRequest(
      port,
      `POST /image HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=X\r\nContent-Length: ${complete.length}\r\nConnection: close\r\n\r\n${complete}`,
    ),
  );
  t.equal(ok.status, 200, 'a complete upload still reads');
});

t.test('the gateway edge: body limits on the verification proxy, Expect: 100-continue, malformed requests', async (t) => {
  // A stand-in for verification's public server that counts what reaches it.
  const reached: string[] = [];
  const upstream = http.createServer((req, res) => {
    reached.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"valid":false}'));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => upstream.close(() => r())));
  const service = await startGatewayOnly(t, 'gw-edges', {
    PLATFORM_ADMIN_TOKEN: 'gateway-edges-admin-token-0123456789',
    VERIFICATION_HTTP_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    RATE_LIMIT_IP_PER_MINUTE: '10000',
  });
  const port = service.httpPort();

  t.test('a declared body over the route limit is 413 at the gateway, never proxied (was 503)', async (t) => {
    const r = await postLarge(port, '/api/verify/baked', 20 * 1024 * 1024, 'image/png');
    errorShape(t, r, 413, 'PAYLOAD_TOO_LARGE');
    t.equal(r.body?.details?.limitBytes, 5 * 1024 * 1024);
    const j = await postLarge(port, '/api/verify/credential', 200 * 1024, 'application/json');
    errorShape(t, j, 413, 'PAYLOAD_TOO_LARGE');
    t.same(reached, [], 'verification saw neither');
    const small = await fetch(`http://127.0.0.1:${port}/api/verify/credential`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    t.equal(small.status, 200, 'bodies within the limit are proxied as before');
    t.same(reached, ['POST /api/verify/credential']);
  });

  t.test('clients that hang up before the proxy runs hold no upstream socket', async (t) => {
    const connections = () => new Promise<number>((r) => upstream.getConnections((_e, n) => r(n)));
    const before = await connections();
    // Each client sends a GET and closes at once, while the per-IP limit's Redis call is in flight.
    await Promise.all(
      Array.from(
        { length: 60 },
        () =>
          new Promise<void>((resolve) => {
            const c = net.connect(port, '127.0.0.1');
            c.on('error', () => resolve());
            c.on('close', () => resolve());
            c.on('connect', () => {
              c.write('GET /api/verify/CRD-0000000000AB HTTP/1.1\r\nHost: x\r\n\r\n');
              c.destroy();
            });
          }),
      ),
    );
    let held = Infinity;
    for (let i = 0; i < 30 && held > before; i++) {
      await new Promise((r) => setTimeout(r, 100)); // a poll: the loop ends as soon as the count is back
      held = await connections();
    }
    t.ok(held <= before, `upstream connections back to ${before} (now ${held}); they used to wait 15 s for a request never ended`);
    const r = await fetch(`http://127.0.0.1:${port}/api/verify/CRD-0000000000AB`);
    t.equal(r.status, 200, 'public verification still answers');
  });

  t.test('a chunked JSON body is refused as soon as it passes 64 KiB, and parsed under the same rules below it', async (t) => {
    const chunked = (body: string) => `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n`;
    const head = 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    // 80 KiB sent, the body not ended: the 413 must come without the rest.
    const over = await rawRequest(port, head + chunked(`{"email":"${'a'.repeat(80 * 1024)}`), 2000);
    t.match(over, /^HTTP\/1\.1 413 /, 'over the limit: 413 before the body ends');
    errorShape(t, parseRaw(over), 413, 'PAYLOAD_TOO_LARGE');
    const duplicate = parseRaw(
      await rawRequest(port, head + chunked('{"email":"a@b.co","email":"c@d.co","password":"x"}') + '0\r\n\r\n', 2000),
    );
    errorShape(t, duplicate, 400, 'VALIDATION_ERROR');
    t.equal(duplicate.body?.details?.field, 'email', 'repeated keys refused as for a declared length');
    const scalar = parseRaw(await rawRequest(port, head + chunked('"just a string"') + '0\r\n\r\n', 2000));
    errorShape(t, scalar, 400, 'VALIDATION_ERROR');
    const overflow = parseRaw(await rawRequest(port, head + chunked('{"email":"a@b.co","password":"x","n":1e999}') + '0\r\n\r\n', 2000));
    errorShape(t, overflow, 400, 'VALIDATION_ERROR');
    t.equal(overflow.body?.details?.field, 'n', 'the parsed value is checked too');
    const fine = parseRaw(
      await rawRequest(port, head + chunked('{"email":"a@b.co",') + chunked('"password":"not the password"}') + '0\r\n\r\n', 2000),
    );
    t.notOk([400, 413, 415].includes(fine.status), `a well-formed chunked body reaches the route (${fine.status})`);
  });

  t.test('a JSON route answers a declared body over its limit at once, without waiting for the body', async (t) => {
    for (const path of ['/api/v1/credentials', '/api/auth/login', '/claim/CRD-0000000000AB', '/api/webhooks/stripe']) {
      // 20 MiB declared, two bytes sent: the answer must come before any more of the body.
      const response = await rawRequest(
        port,
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${20 * 1024 * 1024}\r\n\r\n{}`,
        2000,
      );
      t.match(response, /^HTTP\/1\.1 413 /, `${path}: 413 without the body`);
      errorShape(t, parseRaw(response), 413, 'PAYLOAD_TOO_LARGE');
    }
  });

  t.test('Host missing or repeated, and an Expect other than 100-continue: the error shape, not an empty body', async (t) => {
    const noHost = parseRaw(await rawRequest(port, 'GET /api/v1/credentials HTTP/1.1\r\nAccept: application/json\r\n\r\n', 1000));
    errorShape(t, noHost, 400, 'VALIDATION_ERROR');
    t.equal(noHost.body?.details?.field, 'Host');
    const twoHosts = parseRaw(await rawRequest(port, 'GET /api/verify/CRD-0000000000AB HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n', 1000));
    errorShape(t, twoHosts, 400, 'VALIDATION_ERROR');
    t.equal(twoHosts.body?.details?.field, 'Host');
    const expect = parseRaw(
      await rawRequest(
        port,
        'POST /api/verify/credential HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nExpect: 200-ok\r\n\r\n{}',
        1000,
      ),
    );
    errorShape(t, expect, 417, 'EXPECTATION_FAILED');
    t.equal(expect.body?.details?.field, 'Expect');
    const http10 = await rawRequest(port, 'GET /healthz HTTP/1.0\r\n\r\n', 1000);
    t.notMatch(http10, /^HTTP\/1\.1 400 /, 'HTTP/1.0 needs no Host');
  });

  t.test('Expect: 100-continue with a body over the limit: 413, no 100 Continue', async (t) => {
    const response = await rawRequest(
      port,
      `POST /api/verify/baked HTTP/1.1\r\nHost: x\r\nContent-Type: image/png\r\nContent-Length: ${20 * 1024 * 1024}\r\nExpect: 100-continue\r\n\r\n`,
    );
    t.notMatch(response, /100 Continue/);
    const r = parseRaw(response);
    errorShape(t, r, 413, 'PAYLOAD_TOO_LARGE');
    t.equal(r.headers['connection'], 'close');
    // A client may send its body without waiting for 100 Continue (RFC 9110 10.1.1): one that
    // writes it all before reading gets the 413, not a broken pipe or a reset (issue 39). The
    // gateway reads and drops the body before it closes.
    const eager = await sendWholeRequest(
      port,
      `POST /api/verify/baked HTTP/1.1\r\nHost: x\r\nContent-Type: image/png\r\nContent-Length: ${6 * 1024 * 1024}\r\nExpect: 100-continue\r\n\r\n`,
      Buffer.alloc(6 * 1024 * 1024),
    );
    t.same([eager.writeError, eager.readError], [undefined, undefined], 'the whole body was written and the answer read, without a reset');
    errorShape(t, parseRaw(eager.response), 413, 'PAYLOAD_TOO_LARGE');
    const json = parseRaw(
      await rawRequest(
        port,
        `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\nExpect: 100-continue\r\n\r\n`,
      ),
    );
    errorShape(t, json, 413, 'PAYLOAD_TOO_LARGE');
    const within = await rawRequest(
      port,
      'POST /api/verify/credential HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n',
      500,
    );
    t.match(within, /^HTTP\/1\.1 100 Continue\r\n/, 'within the limit: 100 Continue as before');
    const absolute = await rawRequest(
      port,
      'POST http://x/api/verify/baked HTTP/1.1\r\nHost: x\r\nContent-Type: image/png\r\nContent-Length: 1000000\r\nExpect: 100-continue\r\n\r\n',
      500,
    );
    t.match(absolute, /^HTTP\/1\.1 100 Continue\r\n/, 'an absolute-form target is judged by its path (5 MiB here, not the JSON limit)');
  });

  t.test('requests node refuses to parse get the JSON error shape, not an empty body', async (t) => {
    const cases: Array<[string, string, number, string]> = [
      [
        'bad chunked encoding',
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
        400,
        'VALIDATION_ERROR',
      ],
      [
        'conflicting Content-Length',
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{} ',
        400,
        'VALIDATION_ERROR',
      ],
      ['NUL in a header', 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n', 400, 'VALIDATION_ERROR'],
      [
        'headers over the limit',
        `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
        431,
        'REQUEST_HEADER_FIELDS_TOO_LARGE',
      ],
      ['100 KB URL', `GET /${'a'.repeat(100 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431, 'REQUEST_HEADER_FIELDS_TOO_LARGE'],
    ];
    for (const [label, request, status, code] of cases) {
      const r = parseRaw(await rawRequest(port, request));
      t.test(label, async (t) => {
        errorShape(t, r, status, code);
        t.equal(r.headers['connection'], 'close');
        t.match(r.headers['content-type'], /^application\/json/);
      });
    }
  });
});
