import t from 'tap';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cleanupStack, testDb, testExchange } from './fixtures/helpers.js';
import { consumerTopology } from '../src/index.js';

t.test('after relay.stop, consumer.stop and connection.close the process exits by itself', async (t) => {
  const defer = cleanupStack(t);
  const { schema } = await testDb(defer);
  const exchange = testExchange(defer, () => {
    const topo = consumerTopology(exchange, 'notification', 'exit');
    return [topo.queue, topo.retryQueue, topo.deadLetterQueue];
  });
  const fixture = fileURLToPath(new URL('./fixtures/graceful-exit.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    env: { ...process.env, EVENTS_TEST_SCHEMA: schema, EVENTS_TEST_EXCHANGE: exchange },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exit = await new Promise<{ code: number | null; timedOut: boolean }>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ code: null, timedOut: true });
    }, 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, timedOut: false });
    });
  });
  t.equal(exit.timedOut, false, 'exited without being killed (no open handles)');
  t.equal(exit.code, 0, stderr);
  t.same(JSON.parse(stdout.trim().split('\n').pop() ?? '{}'), { handled: 1, connected: false });
});
