// @unit
// The gateway's check of its upstreams (/healthz and readiness; src/upstream/clients.ts): a check
// that times out once is made again before the upstream counts as unavailable; one that keeps
// timing out, or answers NOT_SERVING, fails.
import { connect, createServer, type Server, type Socket } from 'node:net';
import t from 'tap';
import { startGrpcServer } from '@cred/grpc';
import { createLogger } from '@cred/runtime';
import { checkUpstreams } from '../src/upstream/clients.js';

const logger = createLogger({ service: 'upstream-health-test', level: 'silent' });

/** A TCP front for `target` that holds the connections `hold` picks open without a byte (a check then times out). */
async function front(target: number, hold: (connection: number) => boolean) {
  let connections = 0;
  const held: Socket[] = [];
  const server: Server = createServer((socket) => {
    if (hold(++connections)) {
      held.push(socket);
      return;
    }
    const upstream = connect(target, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    address: `127.0.0.1:${port}`,
    connections: () => connections,
    close: () => {
      for (const s of held) s.destroy();
      server.close();
    },
  };
}

t.test('one late answer is checked again; a lasting one fails; NOT_SERVING fails at once', async (t) => {
  const serving = await startGrpcServer({ port: 0, host: '127.0.0.1', callers: 'unchecked', logger, services: [] });
  serving.setServing(true);
  const notServing = await startGrpcServer({ port: 0, host: '127.0.0.1', callers: 'unchecked', logger, services: [] });
  const lateOnce = await front(serving.port, (n) => n === 1);
  const alwaysLate = await front(serving.port, () => true);
  t.teardown(async () => {
    lateOnce.close();
    alwaysLate.close();
    await serving.stop();
    await notServing.stop();
  });
  const r = await checkUpstreams({
    up: `127.0.0.1:${serving.port}`,
    late: lateOnce.address,
    slow: alwaysLate.address,
    down: `127.0.0.1:${notServing.port}`,
  });
  t.equal(r['up'], 'ok');
  t.equal(r['late'], 'ok', 'late once: ok on the second check');
  t.equal(lateOnce.connections(), 2, 'checked twice');
  t.match(r['slow'], /DEADLINE_EXCEEDED$/, 'late twice: unavailable');
  t.equal(alwaysLate.connections(), 2, 'and no more than twice');
  t.match(r['down'], /NOT_SERVING$/, 'NOT_SERVING: unavailable at once');
});
