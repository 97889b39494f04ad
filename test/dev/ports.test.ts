// @unit
// Ports for test and benchmark platforms: free when chosen, never handed out twice by one
// process, and outside the range the kernel uses for outgoing connections' local ports (where a
// port found free can be taken a moment later by any connection to PostgreSQL, Redis, RabbitMQ).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import net from 'node:net';
import t from 'tap';
import { allocatePorts, freePort, LEASE_DIR, leasePort, PortTakenError, retryWhenPortTaken } from '../../scripts/launcher.js';

const [ephemeralLow, ephemeralHigh] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number) as [
  number,
  number,
];

t.test('freePort: distinct, bindable, outside the ephemeral range', async (t) => {
  const ports = await Promise.all(Array.from({ length: 60 }, () => freePort()));
  t.equal(new Set(ports).size, ports.length, 'no port handed out twice');
  for (const p of ports) {
    if (p >= ephemeralLow && p <= ephemeralHigh) t.fail(`${p} is in the ephemeral range ${ephemeralLow}-${ephemeralHigh}`);
  }
  t.pass(`all ${ports.length} below ${ephemeralLow}`);
  // Each can be listened on, as a service would (all interfaces).
  const servers = await Promise.all(
    ports.slice(0, 10).map(
      (p) =>
        new Promise<net.Server>((resolve, reject) => {
          const srv = net.createServer();
          srv.once('error', reject);
          srv.listen(p, '0.0.0.0', () => resolve(srv));
        }),
    ),
  );
  t.equal(servers.length, 10);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

t.test('allocatePorts: one distinct port per service endpoint', async (t) => {
  const map = await allocatePorts();
  const all = Object.values(map).flatMap((p) => Object.values(p as Record<string, number>));
  t.equal(all.length, 15);
  t.equal(new Set(all).size, all.length);
});

// Two test files run at once, each choosing dozens of ports it may bind only minutes later (a
// rolling restart's surge slots, already known to every caller). A port one live process was
// handed is never handed to another; a dead holder's lease is taken over.
const launcher = new URL('../../scripts/launcher.ts', import.meta.url).href;
function inChild(code: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `import * as l from ${JSON.stringify(launcher)};\n${code}`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`child exited ${code}`))));
  });
}

t.test('port leases: held across processes while the holder lives, released at its exit', async (t) => {
  const mine = await freePort();
  t.ok(existsSync(join(LEASE_DIR, String(mine))), 'the port is leased under the lease directory');
  t.equal(readFileSync(join(LEASE_DIR, String(mine)), 'utf8'), String(process.pid), 'by this process');
  t.equal(await inChild(`console.log(l.leasePort(${mine}))`), 'false', 'another process cannot lease it while this one lives');

  const theirs = Number(await inChild('console.log(await l.freePort())'));
  t.ok(theirs > 0, `the child was handed ${theirs}`);
  t.notOk(existsSync(join(LEASE_DIR, String(theirs))), "the child's lease went with its exit");
  t.ok(leasePort(theirs), 'so this process can lease it');

  // A holder killed without running its exit hook: its pid is dead, the lease is taken over.
  const dead = spawn(process.execPath, ['-e', '']);
  const deadPid = dead.pid!;
  await new Promise((r) => dead.once('exit', r));
  const stale = await freePort();
  writeFileSync(join(LEASE_DIR, String(stale)), String(deadPid)); // as if the dead process held it
  t.ok(leasePort(stale), "a dead holder's lease is taken over");
  t.equal(readFileSync(join(LEASE_DIR, String(stale)), 'utf8'), String(process.pid), 'and now names this process');
});

// `npm start` and the test platforms place their ports again when one was taken between the
// check and the listen (the service exits with EXIT_ADDRESS_IN_USE); nothing else is retried.
t.test('retryWhenPortTaken: again on PortTakenError, at most three times; other failures at once', async (t) => {
  let calls = 0;
  const retried: string[] = [];
  const up = await retryWhenPortTaken(
    async () => {
      calls++;
      if (calls < 3) throw new PortTakenError(['issuance']);
      return 'up';
    },
    (err, attempt) => retried.push(`${attempt}: ${err.labels.join(',')}`),
  );
  t.equal(up, 'up', 'the third attempt is answered');
  t.same(retried, ['1: issuance', '2: issuance'], 'each retry is reported with what lost its port');

  calls = 0;
  await t.rejects(
    retryWhenPortTaken(async () => {
      calls++;
      throw new PortTakenError(['gateway']);
    }),
    PortTakenError,
    'the third PortTakenError is thrown',
  );
  t.equal(calls, 3, 'three attempts in all');

  calls = 0;
  await t.rejects(
    retryWhenPortTaken(async () => {
      calls++;
      throw new Error('the database is not there');
    }),
    /the database is not there/,
  );
  t.equal(calls, 1, 'any other failure is not retried');
});
