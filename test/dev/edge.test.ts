// The launcher's edge (scripts/edge.ts, ADR 0009): it reads a connection's first request line and
// hands the connection itself to the process that serves the path, which reads the rest from the
// kernel. Two stand-in processes (fixtures/handed-server.ts) answer what they saw; the client's
// own port seen as the peer proves a hand-over, not a proxy.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import t from 'tap';
import { EdgeTargets, startEdge, upstreamFor } from '../../scripts/edge.js';

const ROOT = new URL('../..', import.meta.url);

function startChild(who: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/dev/fixtures/handed-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, WHO: who },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return child;
}

const accepting = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    const on = (m: unknown) => {
      if ((m as { type?: string }).type === 'cred:accepting') {
        child.off('message', on);
        resolve();
      }
    };
    child.on('message', on);
  });

const targets = new EdgeTargets();
const gateway = startChild('gateway');
const verification = startChild('verification');
targets.track('gateway', gateway);
targets.track('verification', verification);
await Promise.all([accepting(gateway), accepting(verification)]);
const edge = await startEdge(0, '127.0.0.1', targets);
t.teardown(async () => {
  await edge.close();
  for (const c of [gateway, verification]) {
    c.kill('SIGTERM');
    if (c.exitCode === null) await once(c, 'exit');
  }
});

/** A raw connection: writes `parts` with `gapMs` between them and reads `answers` HTTP responses. */
async function exchange(parts: string[], options: { gapMs?: number; answers?: number } = {}) {
  const socket = net.connect(edge.port, '127.0.0.1');
  await once(socket, 'connect');
  const localPort = socket.localPort;
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => (text += d));
  for (const [i, part] of parts.entries()) {
    if (i > 0 && options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
    socket.write(part);
  }
  const want = options.answers ?? 1;
  const deadline = Date.now() + 10_000;
  const bodies = () =>
    [...text.matchAll(/\r\n\r\n(\{[^\r]*?\})(?=HTTP\/1\.1|$)/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  while (bodies().length < want && Date.now() < deadline && !socket.destroyed) await new Promise((r) => setTimeout(r, 10));
  socket.destroy();
  return { localPort, text, bodies: bodies() };
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`;

t.test('routes by the first request line', async (t) => {
  t.equal(upstreamFor('GET /api/verify/ABC HTTP/1.1'), 'verification');
  t.equal(upstreamFor('GET /verify/ABC?x=1 HTTP/1.1'), 'verification');
  t.equal(upstreamFor('POST /api/credentials/ABC/claim HTTP/1.1'), 'gateway', 'a claim is the API');
  t.equal(upstreamFor('GET /api/credentials/ABC/baked HTTP/1.1'), 'verification', 'the baked PNG');
  t.equal(upstreamFor('GET /api/v1/credentials HTTP/1.1'), 'gateway');
  t.equal(upstreamFor('GET http://x/api/verify/ABC HTTP/1.1'), 'gateway', 'absolute-form: the gateway decides');
  t.equal(upstreamFor('garbage'), 'gateway');
});

t.test("a public request goes to verification, an API request to the gateway, each on the client's own connection", async (t) => {
  const pub = await exchange([get('/api/verify/ABC')]);
  t.match(pub.bodies[0], { who: 'verification', url: '/api/verify/ABC', handed: true });
  t.equal(pub.bodies[0]?.peerPort, pub.localPort, 'the peer is the client itself: no proxy in between');
  const api = await exchange([get('/api/v1/credentials')]);
  t.match(api.bodies[0], { who: 'gateway', url: '/api/v1/credentials', handed: true });
  t.equal(api.bodies[0]?.peerPort, api.localPort);
  t.same(edge.handed, { gateway: 1, verification: 1 });
});

t.test('what the client sends after the first line reaches the new owner whole', async (t) => {
  const body = JSON.stringify({ name: 'x'.repeat(5000) });
  const r = await exchange(
    [
      'POST /api/v1/credentials HTTP/1.1\r\n',
      `Host: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      body.slice(0, 1000),
      body.slice(1000),
    ],
    { gapMs: 60 },
  );
  t.match(r.bodies[0], { who: 'gateway', method: 'POST' });
  t.equal(r.bodies[0]?.body, body, 'headers and body sent in later packets all arrived');
});

t.test('many connections at once, each body sent after its head, all reach their owners whole', async (t) => {
  // The edge hands one connection at a time over each IPC channel (Node waits for the child's
  // acknowledgement of a handle before it sends the next): the others wait, and what their
  // clients send meanwhile must not be lost on the way (issue 39: uploads hung at the public port).
  const body = 'b'.repeat(300_000);
  const head = (i: number) =>
    `POST /api/verify/baked?i=${i} HTTP/1.1\r\nHost: x\r\nContent-Type: image/png\r\nContent-Length: ${body.length}\r\n\r\n`;
  const results = await Promise.all(Array.from({ length: 20 }, (_, i) => exchange([head(i), body], { gapMs: 5 })));
  const whole = results.filter((r) => r.bodies[0]?.body === body && r.bodies[0]?.url === `/api/verify/baked?i=${results.indexOf(r)}`);
  t.equal(whole.length, 20, 'every one of the 20 uploads reached verification whole and was answered');
});

t.test('a first line split over packets is read to its end before choosing', async (t) => {
  const r = await exchange(['GE', 'T /verify/ABC', ' HTTP/1.1\r\nHost: x\r\n\r\n'], { gapMs: 50 });
  t.match(r.bodies[0], { who: 'verification', url: '/verify/ABC' });
});

t.test('pipelined and kept-alive requests stay with the process that holds the connection', async (t) => {
  const r = await exchange([get('/verify/ONE') + get('/verify/TWO')], { answers: 2 });
  t.same(
    r.bodies.map((b) => [b.who, b.url]),
    [
      ['verification', '/verify/ONE'],
      ['verification', '/verify/TWO'],
    ],
  );
  const later = await exchange([get('/api/v1/x'), get('/verify/THREE')], { gapMs: 100, answers: 2 });
  t.same(
    later.bodies.map((b) => b.who),
    ['gateway', 'gateway'],
    'the second request was written after the hand-over: the gateway holds the connection (in the platform it passes public paths on)',
  );
});

t.test('a process that drains gets no new connections; with none of a kind, the other kind takes them', async (t) => {
  verification.send({ type: 'test:stop-accepting' });
  await new Promise((r) => setTimeout(r, 200));
  const r = await exchange([get('/api/verify/ABC')]);
  t.match(r.bodies[0], { who: 'gateway', url: '/api/verify/ABC' }, 'the gateway (which passes it on in the platform)');
});

t.test('a process the launcher retired is not taken back by a late announcement', async (t) => {
  targets.retire(verification);
  verification.send({ type: 'test:announce' });
  await new Promise((r) => setTimeout(r, 200));
  const r = await exchange([get('/api/verify/ABC')]);
  t.match(r.bodies[0], { who: 'gateway' }, 'still the gateway');
});

t.test('with no process accepting, a 503 in the error shape', async (t) => {
  gateway.send({ type: 'test:stop-accepting' });
  await new Promise((r) => setTimeout(r, 200));
  const r = await exchange([get('/api/v1/x')]);
  t.match(r.text, /^HTTP\/1\.1 503 /);
  t.match(r.bodies[0], { error: 'UNAVAILABLE', message: String });
});

t.test('a connection that ends before a full line is closed, and the edge keeps serving', async (t) => {
  const socket = net.connect(edge.port, '127.0.0.1');
  await once(socket, 'connect');
  socket.end('GET /verify');
  await once(socket, 'close');
  t.pass('closed');
});
