// @unit
// Ports for test and benchmark platforms: free when chosen, never handed out twice by one
// process, and outside the range the kernel uses for outgoing connections' local ports (where a
// port found free can be taken a moment later by any connection to PostgreSQL, Redis, RabbitMQ).
import { readFileSync } from 'node:fs';
import net from 'node:net';
import t from 'tap';
import { allocatePorts, freePort } from '../../scripts/launcher.js';

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
