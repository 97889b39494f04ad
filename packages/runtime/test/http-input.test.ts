// @unit
// The shared HTTP input helpers: multipart uploads (truncated, aborted, oversized), the JSON
// body rules of docs/contract.md "Requests and bodies", the clientError handler and the bounded body discard.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import t, { type Test } from 'tap';
// raw-http.ts imports only Node.js: by its path, since @cred/testing itself depends on this package.
import { postZeros } from '../../testing/src/raw-http.js';
import { AppError, discardRequestBody, installClientErrorHandler, parseJsonBody, readMultipart, toAppError } from '../src/index.js';

const BOUNDARY = 'X';
const part = (name: string, body: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${body}`;
const complete = (name: string, body: string) => Buffer.from(`${part(name, body)}\r\n--${BOUNDARY}--\r\n`);

const options = {
  field: 'file',
  maxFileBytes: 1024,
  errors: { tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', 'too large', { limitBytes: 1024 }) },
};

/** A server answering with readMultipart's result or error as JSON. */
async function uploadServer(t: Test) {
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
  const server = http.createServer((req, res) => {
    readMultipart(req, options).then(
      (form) => send(res, 200, { files: form.files.map((f) => ({ field: f.field, text: f.bytes.toString() })) }),
      (err: unknown) => {
        const e = toAppError(err);
        send(res, e.httpStatus, e.toJSON());
      },
    );
  });
  installClientErrorHandler(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => server.close(() => r())));
  return (server.address() as AddressInfo).port;
}

/** Sends raw bytes, then reads until the server closes (or `waitMs` passes); the raw response text. */
function raw(port: number, bytes: string | Buffer, options: { waitMs?: number; endWrite?: boolean } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = () => {
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('latin1'));
    };
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', done);
    socket.on('error', done);
    socket.write(bytes);
    if (options.endWrite) socket.end();
    setTimeout(done, options.waitMs ?? 3000);
  });
}

function jsonOf(response: string): { status: number; body: { error: string; message: string; details: Record<string, unknown> } } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1]);
  const text = response.slice(response.indexOf('\r\n\r\n') + 4);
  return { status, body: JSON.parse(text.slice(0, text.lastIndexOf('}') + 1)) as never };
}

t.test('readMultipart: a truncated body is a 400 naming the file field, and the process lives on', async (t) => {
  // This is the fuzzer's crash: busboy's file stream emits "Unexpected end of form" with nobody listening.
  const req = new PassThrough() as unknown as http.IncomingMessage;
  Object.assign(req, { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
  const p = readMultipart(req, options);
  (req as unknown as PassThrough).end(Buffer.from(part('file', 'abc')));
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  t.ok(err instanceof AppError);
  t.equal((err as AppError).code, 'VALIDATION_ERROR');
  t.equal((err as AppError).details.field, 'file');
  t.match((err as AppError).message, /incomplete|malformed/);
  // The crash was an 'error' emitted with no listener on a later tick of busboy's stream; nothing
  // signals that busboy is done, so the check gives it a short grace before saying the process lives.
  await new Promise((r) => setTimeout(r, 50));
  t.pass('still alive');
});

t.test('readMultipart over HTTP: complete, truncated, aborted, oversized', async (t) => {
  const port = await uploadServer(t);
  const headers = `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n`;
  const ok = complete('file', 'abc');
  const good = jsonOf(await raw(port, `${headers}Content-Length: ${ok.length}\r\nConnection: close\r\n\r\n${ok.toString()}`));
  t.equal(good.status, 200);
  t.same(good.body, { files: [{ field: 'file', text: 'abc' }] });

  const truncated = Buffer.from(part('file', 'abc'));
  const r = jsonOf(await raw(port, `${headers}Content-Length: ${truncated.length}\r\nConnection: close\r\n\r\n${truncated.toString()}`));
  t.equal(r.status, 400);
  t.same(Object.keys(r.body).sort(), ['details', 'error', 'message']);
  t.equal(r.body.error, 'VALIDATION_ERROR');
  t.equal(r.body.details.field, 'file');

  // Chunked, truncated in the last chunk-less way: the final 0-chunk ends the body early.
  const chunk = truncated.toString();
  const c = jsonOf(
    await raw(
      port,
      `${headers}Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`,
    ),
  );
  t.equal(c.status, 400);
  t.equal(c.body.details.field, 'file');

  // A client that goes away mid-upload: the server must neither crash nor keep anything.
  await raw(port, `${headers}Content-Length: 5000\r\n\r\n${chunk}`, { waitMs: 200 });

  const big = complete('file', 'x'.repeat(2048));
  const l = jsonOf(await raw(port, `${headers}Content-Length: ${big.length}\r\nConnection: close\r\n\r\n${big.toString()}`));
  t.equal(l.status, 413);
  t.equal(l.body.error, 'PAYLOAD_TOO_LARGE');

  const afterwards = jsonOf(await raw(port, `${headers}Content-Length: ${ok.length}\r\nConnection: close\r\n\r\n${ok.toString()}`));
  t.equal(afterwards.status, 200, 'the server still answers');
});

t.test('JSON body rules (docs/contract.md "Requests and bodies")', async (t) => {
  const refused: Array<[string, string | Buffer, string]> = [
    ['duplicate keys', '{"a":1,"a":2}', 'a'],
    ['nested duplicate keys', '{"a":{"b":1,"b":2}}', 'b'],
    ['integer outside the safe range', '{"a":123456789012345678901234567890}', 'a'],
    ['overflow to Infinity', '{"a":{"b":1e999}}', 'a.b'],
    ['BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')]), 'body'],
    ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0x7d]), 'body'],
    ['__proto__', '{"__proto__":{"x":1}}', '__proto__'],
    ['lone surrogate', '{"a":["\\ud800"]}', 'a[0]'],
    ['invalid JSON', '{"a":', 'body'],
    ['empty', '  ', 'body'],
  ];
  for (const [label, body, field] of refused) {
    try {
      parseJsonBody(typeof body === 'string' ? Buffer.from(body) : body);
      t.fail(`${label}: accepted`);
    } catch (err) {
      t.equal((err as AppError).code, 'VALIDATION_ERROR', label);
      t.equal((err as AppError).details.field, field, `${label}: field`);
    }
  }
  t.same(parseJsonBody(Buffer.from('{"a":9007199254740991,"b":"\\ud83d\\ude00","c":[1.5]}')), {
    a: 9007199254740991,
    b: '\u{1F600}',
    c: [1.5],
  });
  t.same(parseJsonBody(Buffer.from('{"s":"\\"a\\":1,\\"a\\":2"}')), { s: '"a":1,"a":2' }, 'keys inside strings are not keys');
});

t.test('clientError: malformed requests get the JSON error shape and Connection: close', async (t) => {
  const port = await uploadServer(t);
  const cases: Array<[string, string, number, string]> = [
    [
      'bad chunked encoding',
      'POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n',
      400,
      'VALIDATION_ERROR',
    ],
    [
      'conflicting Content-Length',
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd',
      400,
      'VALIDATION_ERROR',
    ],
    ['NUL in a header', 'GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n', 400, 'VALIDATION_ERROR'],
    [
      'headers over the limit',
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
      431,
      'REQUEST_HEADER_FIELDS_TOO_LARGE',
    ],
    ['100 KB URL', `GET /${'a'.repeat(100 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431, 'REQUEST_HEADER_FIELDS_TOO_LARGE'],
    ['garbage', 'HELLO\r\n\r\n', 400, 'VALIDATION_ERROR'],
  ];
  for (const [label, request, status, code] of cases) {
    const response = await raw(port, request);
    const r = jsonOf(response);
    t.equal(r.status, status, `${label}: ${response.slice(0, 40)}`);
    t.equal(r.body.error, code, `${label}: code`);
    t.type(r.body.message, 'string');
    t.type(r.body.details, 'object');
    t.match(response, /\r\nConnection: close\r\n/i, `${label}: Connection: close`);
    t.match(response, /\r\nContent-Type: application\/json/i);
  }
});

t.test('discardRequestBody: an early 413 is read by a client still sending a large body', async (t) => {
  const server = http.createServer((req, res) => {
    discardRequestBody(req, { maxBytes: 64 * 1024 * 1024, maxMs: 10_000 });
    res.writeHead(413, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'PAYLOAD_TOO_LARGE', message: 'too large', details: {} }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => server.close(() => r())));
  const port = (server.address() as AddressInfo).port;
  const size = 20 * 1024 * 1024;
  const result = await postZeros(port, '/', size);
  t.equal(result.status, 413);
  t.equal(JSON.parse(result.text).error, 'PAYLOAD_TOO_LARGE');
});

t.test('a request aborted before readMultipart is called settles at once (no event will ever come)', async (t) => {
  const outcome = new Promise<unknown>((resolve) => {
    const server = http.createServer((req) => {
      // Stands for the awaited middleware before an upload route (rate limit, session lookup).
      req.socket.once('close', () =>
        setImmediate(() =>
          readMultipart(req, options).then(
            () => resolve('resolved'),
            (err: unknown) => resolve(err),
          ),
        ),
      );
    });
    server.listen(0, '127.0.0.1', () => {
      const c = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
      c.on('error', () => undefined);
      c.write(
        `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 5000\r\n\r\n${part('file', 'abc')}`,
      );
      setTimeout(() => c.destroy(), 50);
    });
    t.teardown(() => server.close());
  });
  const timeout = new Promise((resolve) => setTimeout(() => resolve('still pending after 3 s'), 3000).unref());
  const err = await Promise.race([outcome, timeout]);
  t.type(err, AppError, `rejected (got ${String(err)})`);
  t.match(toAppError(err).toJSON(), { error: 'VALIDATION_ERROR', details: { field: 'file' } });
});
