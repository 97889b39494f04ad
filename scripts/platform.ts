import type { Migration } from '@cred/db';
import { DEFAULT_PORTS } from '@cred/runtime';

/** The seven services, in start order (dependencies first). */
export const SERVICE_NAMES = ['signing', 'accounts', 'issuance', 'verification', 'notification', 'billing', 'gateway'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Services that own a PostgreSQL schema, with their migrations. */
export const MIGRATED_SERVICES = ['accounts', 'issuance', 'signing', 'verification', 'notification', 'billing'] as const;

export async function loadMigrations(service: (typeof MIGRATED_SERVICES)[number]): Promise<Migration[]> {
  const mod = (await import(`../services/${service}/src/db/migrations.ts`)) as { migrations: Migration[] };
  return mod.migrations;
}

export type PortMap = { [K in ServiceName]: { grpc?: number; ops: number; http?: number } };

export function defaultPorts(): PortMap {
  return structuredClone(DEFAULT_PORTS) as unknown as PortMap;
}

/** Variables only one service may see (the session signing seed: the others hold its public key). */
export const ONLY_FOR: Readonly<Record<string, ServiceName>> = { SESSION_SIGNING_KEY: 'accounts' };

/**
 * Environment of each service process for one platform on one machine: shared settings,
 * the service's own ports, and the addresses of the services it calls.
 */
export function serviceEnv(name: ServiceName, ports: PortMap, shared: Record<string, string>): Record<string, string> {
  const addr = (s: ServiceName) => `127.0.0.1:${ports[s].grpc}`;
  const own = ports[name];
  const env: Record<string, string> = { ...shared, OPS_PORT: String(own.ops) };
  if (own.grpc !== undefined) env.GRPC_PORT = String(own.grpc);
  if (name === 'gateway') env.PORT = String(own.http);
  if (name === 'verification') env.HTTP_PORT = String(own.http);
  env.ACCOUNTS_GRPC_ADDR = addr('accounts');
  env.ISSUANCE_GRPC_ADDR = addr('issuance');
  env.SIGNING_GRPC_ADDR = addr('signing');
  env.VERIFICATION_GRPC_ADDR = addr('verification');
  env.NOTIFICATION_GRPC_ADDR = addr('notification');
  env.BILLING_GRPC_ADDR = addr('billing');
  env.VERIFICATION_HTTP_URL = `http://127.0.0.1:${ports.verification.http}`;
  for (const [variable, owner] of Object.entries(ONLY_FOR)) if (owner !== name) delete env[variable];
  return env;
}
