// A port found free is taken by another program before its service listens (an outgoing
// connection of anything on the machine can be handed it): the service exits with
// EXIT_ADDRESS_IN_USE, the launcher stops the rest and says which port was lost, and a launch
// on ports placed again comes up. The real platform, with one gRPC port held by this test.
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { createIsolation, isolationEnv, platformSecrets } from '@cred/testing';
import { allocatePorts, launchPlatform, listensOn, PortTakenError, retryWhenPortTaken, type RunningPlatform } from '../../scripts/launcher.js';
import type { PortMap } from '../../scripts/platform.js';
import { migrateAll } from '../../scripts/migrate-all.js';
import { startMailCatcher } from '../../scripts/mail-catcher.js';

t.test('a port taken before the listen: PortTakenError, nothing left running, a new placement comes up', async (t) => {
  const isolation = await createIsolation('port_taken');
  t.teardown(() => isolation.cleanup());
  const mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  t.teardown(() => mail.close());
  await migrateAll(isolation.databaseUrl);
  const env: Record<string, string> = {
    ...isolationEnv(isolation),
    BASE_URL: 'http://localhost:8080',
    SMTP_URL: mail.smtpUrl,
    LOG_LEVEL: 'info',
    ...platformSecrets(),
  };
  const logFile = join(mkdtempSync(join(tmpdir(), 'port-taken-')), 'platform.log');
  const launch = (ports: PortMap) => launchPlatform({ ports, env, output: { kind: 'file', path: logFile }, readyTimeoutMs: 90000 });

  // Issuance's gRPC port, found free, is taken before issuance listens.
  const first = await allocatePorts();
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(first.issuance.grpc, '0.0.0.0', () => resolve()));
  t.teardown(() => new Promise((r) => holder.close(r)));

  const failed = await launch(first).then(
    (p) => p,
    (err: unknown) => err,
  );
  if (!(failed instanceof PortTakenError)) {
    if (failed && typeof (failed as RunningPlatform).stop === 'function') await (failed as RunningPlatform).stop();
    t.fail(`expected PortTakenError, got ${failed instanceof Error ? failed.message : 'a running platform'}`);
    return;
  }
  t.same(failed.labels, ['issuance'], 'the service that lost its port is named');
  const others = Object.entries(first).flatMap(([name, p]) =>
    Object.entries(p as Record<string, number>)
      .filter(([kind]) => !(name === 'issuance' && kind === 'grpc'))
      .map(([kind, port]) => ({ endpoint: `${name} ${kind}`, port })),
  );
  const stillHeld: string[] = [];
  for (const { endpoint, port } of others) if (!(await listensOn(port))) stillHeld.push(`${endpoint} ${port}`);
  t.same(stillHeld, [], 'every other service was stopped: its ports are free again');

  // The remedy `npm start` and the test platforms use: place the ports again and launch.
  const placements: PortMap[] = [first, await allocatePorts()];
  const retried: string[] = [];
  const platform = await retryWhenPortTaken(
    () => launch(placements.shift()!),
    (err) => retried.push(err.labels.join(',')),
  );
  t.teardown(() => platform.stop());
  t.same(retried, ['issuance'], 'the first placement lost issuance again; the second launched');
  const health = await fetch(`${platform.gatewayUrl}/healthz`);
  t.equal(health.status, 200, 'the platform on its new ports is healthy');
  t.not(platform.ports.issuance.grpc, first.issuance.grpc, 'issuance listens on another port');
});
