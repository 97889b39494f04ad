// drainableHttpServer: a drain that answers what is in flight and then lets go of kept-alive
// connections, instead of waiting for keepAliveTimeout while they keep bringing requests.
import http from 'node:http';
import type net from 'node:net';
import t from 'tap';
import { waitFor } from '@cred/testing';
import { drainableHttpServer } from '../src/index.js';

/** Polls `probe` until it holds; fails naming `what` after 5 s (waitFor, every 5 ms). */
const until = async (what: string, probe: () => boolean): Promise<void> => void (await waitFor(what, probe, 5_000, 5));

async function listen(handler: http.RequestListener): Promise<{ server: http.Server; port: number; drain: () => Promise<void> }> {
  const server = http.createServer(handler);
  const drain = drainableHttpServer(server);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, port: (server.address() as net.AddressInfo).port, drain };
}

function get(
  port: number,
  path: string,
  agent: http.Agent,
): Promise<{ status: number; body: string; connection: string | undefined; socketClosed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      const socketClosed = new Promise<void>((r) => res.socket.once('close', () => r()));
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection, socketClosed }));
    });
    req.on('error', reject);
  });
}

t.test(
  'requests in flight are answered, their kept-alive connections closed, and the close does not wait for keepAliveTimeout',
  async (t) => {
    let slowArrived = false;
    const { server, port, drain } = await listen((req, res) => {
      if (req.url === '/slow') slowArrived = true;
      const delay = req.url === '/slow' ? 400 : 0;
      setTimeout(() => res.end(`answered ${req.url}`), delay);
    });
    t.teardown(() => server.closeAllConnections());
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    t.teardown(() => agent.destroy());

    // Two kept-alive connections: one idle when the drain starts, one busy.
    const warm = await Promise.all([get(port, '/fast', agent), get(port, '/fast', agent)]);
    t.same(
      warm.map((w) => w.connection),
      ['keep-alive', 'keep-alive'],
      'kept alive before the drain',
    );
    const slow = get(port, '/slow', agent);
    await until('the slow request reached the handler', () => slowArrived);
    const startedAt = Date.now();
    let closedAt = 0;
    const closing = drain().then(() => (closedAt = Date.now()));

    const refused = await get(port, '/fast', new http.Agent()).catch((err: NodeJS.ErrnoException) => err.code);
    t.equal(refused, 'ECONNREFUSED', 'no new connection is accepted');
    const answered = await slow;
    t.same([answered.status, answered.body], [200, 'answered /slow'], 'the request in flight is answered');
    t.equal(answered.connection, 'close', 'with Connection: close');
    await answered.socketClosed;
    await closing;
    // keepAliveTimeout is 65 s: a close that waited for it would be far past this bound.
    t.ok(closedAt - startedAt < 10_000, `closed once the last response was out (${closedAt - startedAt} ms)`);
  },
);

t.test('a kept-alive connection answering when the drain starts brings no request after it', async (t) => {
  let served = 0;
  const { server, port, drain } = await listen((_req, res) => {
    served++;
    setTimeout(() => res.end('ok'), 200);
  });
  t.teardown(() => server.closeAllConnections());
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  t.teardown(() => agent.destroy());
  // Queued behind the first on the agent's only socket: without Connection: close it would be
  // sent on that socket once the first is answered.
  const first = get(port, '/one', agent);
  await until('the first request reached the handler', () => served === 1);
  const closing = drain();
  const second = get(port, '/two', agent).catch((err: NodeJS.ErrnoException) => err.code);
  t.equal((await first).connection, 'close');
  t.equal(await second, 'ECONNREFUSED', 'the queued request had to open a new connection, which the drained server refused');
  await closing;
  t.equal(served, 1, 'the server answered the request in flight only');
});
