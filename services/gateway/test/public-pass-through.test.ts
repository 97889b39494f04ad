// The gateway's pass-through to verification's replicas while one of them is gone or draining
// (a restart, a rollout's empty surge slot): no request is lost, whatever its method.
import http from 'node:http';
import type net from 'node:net';
import t from 'tap';
import { createMetricsRegistry } from '@cred/runtime';
import { publicPassThrough } from '../src/http/public-proxy.js';

async function listen(handler: http.RequestListener): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, port: (server.address() as net.AddressInfo).port };
}

/** A port that refuses connections (a replica that is not running). */
async function closedPort(): Promise<number> {
  const { server, port } = await listen(() => undefined);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function send(port: number, method: string, path: string, body?: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
  });
  return { status: res.status, text: await res.text() };
}

/** A gateway-like front: the pass-through first, 404 for anything else. */
async function front(targets: string[]) {
  const pass = publicPassThrough(targets, createMetricsRegistry('pass-through-test'));
  const f = await listen((req, res) => {
    if (!pass(req, res)) res.writeHead(404).end();
  });
  return {
    port: f.port,
    close: async () => {
      pass.close();
      f.server.closeAllConnections();
      await new Promise<void>((resolve) => f.server.close(() => resolve()));
    },
  };
}

t.test('a replica that refuses connections costs no request, GET or POST', async (t) => {
  const seen: string[] = [];
  const live = await listen((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} ${body}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method, body }));
    });
  });
  t.teardown(() => live.server.close());
  const gone = await closedPort();
  const f = await front([`http://127.0.0.1:${gone}`, `http://127.0.0.1:${live.port}`]);
  t.teardown(() => f.close());

  const answers = [];
  for (let i = 0; i < 6; i++) {
    answers.push(await send(f.port, 'GET', `/api/verify/CRD-${i}`));
    answers.push(await send(f.port, 'POST', '/api/verify/credential', JSON.stringify({ n: i })));
  }
  t.same(
    answers.map((a) => a.status),
    Array<number>(12).fill(200),
    'every request answered by the live replica',
  );
  const posts = seen.filter((s) => s.startsWith('POST'));
  t.same(
    posts,
    Array.from({ length: 6 }, (_, i) => `POST /api/verify/credential {"n":${i}}`),
    'every POST body arrived whole, once',
  );
});

t.test('a GET on a kept-alive connection the replica drops is sent again', async (t) => {
  // Each connection answers its first request and drops the second unanswered (a replica that
  // closes an idle connection just as a request is sent on it).
  const perSocket = new WeakMap<net.Socket, number>();
  let received = 0;
  const flaky = await listen((req, res) => {
    received++;
    const n = (perSocket.get(req.socket) ?? 0) + 1;
    perSocket.set(req.socket, n);
    if (n > 1) {
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`answered ${req.url}`);
  });
  t.teardown(() => flaky.server.close());
  const f = await front([`http://127.0.0.1:${flaky.port}`]);
  t.teardown(() => f.close());

  const first = await send(f.port, 'GET', '/api/verify/CRD-1');
  const second = await send(f.port, 'GET', '/api/verify/CRD-2');
  t.same([first.status, first.text], [200, 'answered /api/verify/CRD-1']);
  t.same([second.status, second.text], [200, 'answered /api/verify/CRD-2'], 'the dropped GET was sent again on a new connection');
  t.equal(received, 3, 'the replica saw it twice: once dropped, once answered');
});
