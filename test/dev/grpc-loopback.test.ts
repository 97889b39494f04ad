// Under `npm start` every gRPC server listens on this machine's loopback only (issue 39,
// finding 4): the launcher leaves GRPC_HOST unset, each service's config defaults it to
// 127.0.0.1, and a server started that way is bound to 127.0.0.1 (read back from the kernel's
// socket table), so no other machine on the network reaches an internal RPC. Containers set
// GRPC_HOST=0.0.0.0 (test/deploy/manifests.test.ts).
import { readFileSync } from 'node:fs';
import t from 'tap';
import { createLogger } from '@cred/runtime';
import { createIsolation, newRpcIdentitySecrets, platformSecrets } from '@cred/testing';
import { defaultPorts, serviceEnv, type ServiceName } from '../../scripts/platform.js';
import * as accounts from '../../services/accounts/src/config.js';
import * as billing from '../../services/billing/src/config.js';
import * as issuance from '../../services/issuance/src/config.js';
import * as notification from '../../services/notification/src/config.js';
import * as signing from '../../services/signing/src/config.js';
import * as verification from '../../services/verification/src/config.js';
import { createAccountsService } from '../../services/accounts/src/service.js';

const CONFIGS: Partial<Record<ServiceName, { loadConfig(env: Record<string, string | undefined>): unknown }>> = {
  accounts,
  issuance,
  signing,
  verification,
  notification,
  billing,
};

/** The local addresses (hex, as /proc/net/tcp{,6} write them) of the sockets listening on `port`. */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[3] === '0A' && cols[1]?.endsWith(`:${hexPort}`))
      .map((cols) => cols[1]!.split(':')[0]!),
  );
}

t.test('the launcher gives every gRPC server 127.0.0.1 to listen on', async (t) => {
  const shared = { ...platformSecrets(), ...newRpcIdentitySecrets(), DATABASE_URL: 'postgres://x@127.0.0.1:5432/x' };
  for (const [name, config] of Object.entries(CONFIGS)) {
    const env = serviceEnv(name as ServiceName, defaultPorts(), shared);
    t.equal((config.loadConfig(env) as { GRPC_HOST: string }).GRPC_HOST, '127.0.0.1', name);
  }
});

t.test('a gRPC server on the default GRPC_HOST is bound to the loopback address only', async (t) => {
  const iso = await createIsolation('grpc-loopback');
  t.teardown(() => iso.cleanup());
  const env = serviceEnv('accounts', defaultPorts(), {
    ...platformSecrets(),
    DATABASE_URL: iso.databaseUrl,
    AMQP_URL: iso.amqpUrl,
    EVENTS_EXCHANGE: iso.eventsExchange,
    LOG_LEVEL: 'silent',
  });
  const service = createAccountsService(accounts.loadConfig({ ...env, GRPC_PORT: '0', OPS_PORT: '0' }), {
    migrate: true,
    logger: createLogger({ service: 'accounts', level: 'silent' }),
  });
  await service.start();
  t.teardown(() => service.stop());
  t.same(listeningAddresses(service.grpcPort()), ['0100007F'], '127.0.0.1 only (not 0.0.0.0, not ::)');
});
