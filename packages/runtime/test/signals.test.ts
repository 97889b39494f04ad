// @unit
// runUntilSignal under the signals a service really gets: Ctrl-C in a terminal sends SIGINT to
// every process of the group and `npm start` then sends SIGTERM to each service, which must
// still drain; Ctrl-C pressed twice stops at once.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import t from 'tap';
import { EXIT_ADDRESS_IN_USE, isAddressInUse } from '../src/index.js';

const fixture = fileURLToPath(new URL('./fixtures/signal-service.ts', import.meta.url));

async function run(signals: NodeJS.Signals[]): Promise<{ code: number | null; lines: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  let began: () => void = () => undefined;
  const stopping = new Promise<void>((resolve) => (began = resolve));
  const ready = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('"msg":"started"')) resolve();
      if (output.includes('"msg":"stopping"')) began();
    });
  });
  const ended = new Promise<void>((resolve) => child.stdout.once('end', () => resolve()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await ready; // logged once start() is done and the signal handlers are installed
  for (const [i, s] of signals.entries()) {
    child.kill(s);
    // The next signal goes once this one was handled: the stop began and said so.
    if (i < signals.length - 1) await stopping;
  }
  const [code] = await Promise.all([exited, ended]);
  return { code, lines: output.split('\n').filter(Boolean) };
}

const messages = (lines: string[]) => lines.map((l) => (JSON.parse(l) as { msg: string }).msg);

t.test('SIGTERM drains and exits 0', async (t) => {
  const r = await run(['SIGTERM']);
  t.equal(r.code, 0);
  const m = messages(r.lines);
  t.ok(m.includes('stopping') && m.includes('drained') && m.includes('stopped'), m.join(', '));
});

t.test('SIGINT then SIGTERM (Ctrl-C under npm start) still drains', async (t) => {
  const r = await run(['SIGINT', 'SIGTERM']);
  t.equal(r.code, 0, 'a clean exit');
  const m = messages(r.lines);
  t.ok(m.includes('already stopping'), 'the second signal is the same request');
  t.notOk(m.includes('second signal, exiting now'));
  t.ok(m.includes('drained') && m.includes('stopped'), 'the stop ran to its end');
});

t.test('the same signal twice (Ctrl-C pressed twice) exits at once', async (t) => {
  const r = await run(['SIGINT', 'SIGINT']);
  t.equal(r.code, 1);
  const m = messages(r.lines);
  t.ok(m.includes('second signal, exiting now'));
  t.notOk(m.includes('drained'), 'without waiting for the drain');
});

// A start that fails on a taken port exits with its own code, so `npm start` can place the ports
// again; any other start failure stays exit 1.
async function startFailure(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  return { code, output };
}

t.test('a start on a taken port exits with EXIT_ADDRESS_IN_USE; another failure with 1', async (t) => {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '0.0.0.0', () => resolve()));
  t.teardown(() => new Promise((r) => holder.close(r)));
  const port = (holder.address() as net.AddressInfo).port;
  const taken = await startFailure({ FIXTURE_LISTEN_PORT: String(port) });
  t.equal(taken.code, EXIT_ADDRESS_IN_USE, 'the port-taken exit code');
  t.match(taken.output, /failed to start: a port is taken/);
  const other = await startFailure({ FIXTURE_FAIL: '1' });
  t.equal(other.code, 1, 'any other start failure');
  t.match(other.output, /"msg":"failed to start"/);
});

t.test('isAddressInUse: node\'s error and gRPC\'s bind summary, nothing else', async (t) => {
  t.ok(isAddressInUse(Object.assign(new Error('listen EADDRINUSE: address already in use :::8080'), { code: 'EADDRINUSE' })));
  // @grpc/grpc-js reports a failed bind without a code, the errno only in its message.
  t.ok(isAddressInUse(new Error('No address added out of total 1 resolved errors: [listen EADDRINUSE: address already in use 0.0.0.0:50052]')));
  t.notOk(isAddressInUse(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })));
  t.notOk(isAddressInUse('EADDRINUSE'), 'a bare string is not an error');
  t.notOk(isAddressInUse(undefined));
});
