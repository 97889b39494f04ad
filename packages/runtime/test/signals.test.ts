// @unit
// runUntilSignal under the signals a service really gets: Ctrl-C in a terminal sends SIGINT to
// every process of the group and `npm start` then sends SIGTERM to each service, which must
// still drain; Ctrl-C pressed twice stops at once.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const fixture = fileURLToPath(new URL('./fixtures/signal-service.ts', import.meta.url));

async function run(signals: NodeJS.Signals[]): Promise<{ code: number | null; lines: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const ready = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('"msg":"started"')) resolve();
    });
  });
  const ended = new Promise<void>((resolve) => child.stdout.once('end', () => resolve()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await ready; // logged once start() is done and the signal handlers are installed
  for (const s of signals) {
    child.kill(s);
    await new Promise((r) => setTimeout(r, 50));
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
