import { Gauge } from '@cred/runtime';
import type { Knex } from '@cred/db';
import { writeOutbox, type DomainEvent } from '@cred/events';
import { newEvent } from '@cred/event-contracts';
import {
  ServiceHost,
  grpcServiceProcess,
  openBroker,
  startOutboxRelay,
  type GrpcServiceProcess,
  type HostOverrides,
} from '@cred/service-kit';
import type { SigningConfig } from './config.js';
import { KeyService, type OrganizationKeyView } from './app/key-service.js';
import { signingBinding } from './grpc/signing-server.js';
import { kekKeyring } from './domain/envelope.js';

/** What both key events say of the key. */
function keyFacts(key: OrganizationKeyView) {
  return {
    organizationId: key.organizationId,
    organizationSlug: key.organizationSlug,
    keyId: key.keyId,
    sequence: key.sequence,
    publicKeyMultibase: key.publicKeyMultibase,
    createdAt: key.createdAt.toISOString(),
  };
}

/** How often keys still under a previous KEK are looked for (a KEK rollout in progress). */
const REWRAP_INTERVAL_MS = 5 * 60_000;

export type SigningOverrides = HostOverrides;
export type SigningService = GrpcServiceProcess;

/**
 * Signing: the only holder of private keys. Serves SigningService over gRPC (only the
 * issuance service may reach it; see k8s NetworkPolicies) and publishes each new public key
 * as `signing.key.created`, so the verification service can serve did.json without ever
 * calling this service.
 */
export function createSigningService(config: SigningConfig, overrides: SigningOverrides = {}): SigningService {
  const host = new ServiceHost('signing', config, overrides);
  return grpcServiceProcess(host, config, {
    async compose() {
      const db = await host.openSchema(config);
      const broker = openBroker(host, { url: config.AMQP_URL, exchange: config.EVENTS_EXCHANGE });
      const relay = await startOutboxRelay(host, db, config.DB_SCHEMA, broker, config.EVENTS_EXCHANGE);
      /** A key's event goes out with the transaction that changed the key; the relay is woken after its commit. */
      const publish = async (trx: Knex.Transaction, event: DomainEvent): Promise<void> => {
        await writeOutbox(trx, config.DB_SCHEMA, event);
        trx.executionPromise.then(
          () => relay.wake(),
          () => undefined,
        );
      };
      const keys = new KeyService({
        db,
        clock: host.clock,
        logger: host.logger,
        baseUrl: config.BASE_URL,
        keyring: kekKeyring(
          Buffer.from(config.KEY_ENCRYPTION_KEY, 'hex'),
          config.KEY_ENCRYPTION_KEY_PREVIOUS ? [Buffer.from(config.KEY_ENCRYPTION_KEY_PREVIOUS, 'hex')] : [],
        ),
        onKeyCreated: (trx, key) =>
          publish(trx, newEvent('signing.key.created', keyFacts(key), { producer: 'signing', clock: host.clock })),
        onKeyCompromised: (trx, key) =>
          publish(
            trx,
            newEvent(
              'signing.key.compromised',
              { ...keyFacts(key), compromisedAt: key.compromisedAt.toISOString() },
              { producer: 'signing', clock: host.clock },
            ),
          ),
      });
      // KEK rotation (ADR 0008): keys under KEY_ENCRYPTION_KEY_PREVIOUS move to the current KEK
      // before this replica serves, and again every few minutes, so keys another replica of the
      // previous phase wrapped meanwhile are moved too. Conditional updates: replicas never clash.
      const underOtherKek = new Gauge({
        name: 'signing_keys_under_other_kek',
        help: 'Signing keys wrapped under a KEK other than KEY_ENCRYPTION_KEY (0: KEY_ENCRYPTION_KEY_PREVIOUS can be dropped)',
        registers: [host.metrics],
      });
      const rewrap = async () => {
        const r = await keys.rewrapStoredKeys();
        const counts = await keys.keysByKek();
        const current = keys.currentKekId;
        underOtherKek.set(Object.entries(counts).reduce((n, [id, c]) => (id === current ? n : n + c), 0));
        return r;
      };
      await rewrap();
      // Then on the loop primitive (its first pass right away finds nothing left to re-wrap).
      host.every('KEK re-wrap', REWRAP_INTERVAL_MS, rewrap);
      return [signingBinding(keys, () => host.clock.now())];
    },
  });
}
