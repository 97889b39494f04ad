import type { Migration } from '@cred/db';
import { behindOneMoreProxy, DEFAULT_PORTS, formatTrustProxy, trustProxyEnv } from '@cred/runtime';
import { RPC_CALLERS, rpcIdentityKeyVariable } from '@cred/grpc';

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

/** The ports of one more verification replica (the first one's are in PortMap). */
export interface ReplicaPorts {
  grpc: number;
  ops: number;
  http: number;
}

/** Extra verification replicas under `pnpm start` (VERIFICATION_REPLICAS=n): replica i (2..n) on 8180+i, 50150+i, 9180+i. */
export function defaultReplicaPorts(replicas: number): ReplicaPorts[] {
  return Array.from({ length: Math.max(0, replicas - 1) }, (_, k) => ({ http: 8182 + k, grpc: 50152 + k, ops: 9182 + k }));
}

export function defaultPorts(): PortMap {
  return structuredClone(DEFAULT_PORTS) as unknown as PortMap;
}

/** Variables only one service may see (the session signing seed: the others hold its public key). */
export const ONLY_FOR: Readonly<Record<string, ServiceName>> = { SESSION_SIGNING_KEY: 'accounts' };

/**
 * Environment of each service process for one platform on one machine: shared settings,
 * the service's own ports, and the addresses of the services it calls.
 */
export function serviceEnv(
  name: ServiceName,
  ports: PortMap,
  shared: Record<string, string>,
  /** Verification replicas beyond the first: the gateway passes public requests to each in turn. */
  extraVerification: readonly ReplicaPorts[] = [],
  /**
   * A second set of ports per service, where the launcher starts a service's next process
   * before it stops the current one (scripts/launcher.ts, rollService): callers are given both
   * addresses and use whichever answers.
   */
  surge?: PortMap,
  /**
   * The launcher's edge owns the public port and hands connections to the gateway and
   * verification (scripts/edge.ts): each then also passes the other's requests on.
   */
  edge = false,
): Record<string, string> {
  const addr = (s: ServiceName) => (surge ? `127.0.0.1:${ports[s].grpc},127.0.0.1:${surge[s].grpc}` : `127.0.0.1:${ports[s].grpc}`);
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
  env.VERIFICATION_HTTP_URL = [
    ports.verification.http,
    ...(surge ? [surge.verification.http] : []),
    ...extraVerification.map((r) => r.http),
  ]
    .map((p) => `http://127.0.0.1:${p}`)
    .join(',');
  const inFront = trustProxyEnv().parse(shared.TRUST_PROXY ?? 'false');
  if (name === 'verification' || (edge && name === 'gateway')) {
    // What reaches a service's own listener comes through the other's pass-through, which
    // appends the peer it saw to X-Forwarded-For: that listener trusts one proxy more than what
    // is in front of the platform, so both derive the same client address (ADR 0009). Without
    // the edge the gateway's listener is the public port itself.
    env.TRUST_PROXY = formatTrustProxy(behindOneMoreProxy(inFront));
  }
  if (edge && (name === 'verification' || name === 'gateway')) {
    // Connections the edge hands over have the client (or the proxy in front) as their peer.
    env.HANDED_TRUST_PROXY = formatTrustProxy(inFront);
    env.HANDED_CONNECTIONS = 'true';
    if (name === 'verification')
      env.GATEWAY_HTTP_URL = [ports.gateway.http, ...(surge ? [surge.gateway.http] : [])].map((p) => `http://127.0.0.1:${p}`).join(',');
  }
  for (const [variable, owner] of Object.entries(ONLY_FOR)) if (owner !== name) delete env[variable];
  // Each caller's identity seed (shared as RPC_IDENTITY_KEY_<SERVICE>) reaches that service alone (ADR 0014).
  for (const caller of RPC_CALLERS) {
    const variable = rpcIdentityKeyVariable(caller);
    if (caller === name && shared[variable]) env.RPC_IDENTITY_KEY = shared[variable];
    delete env[variable];
  }
  return env;
}
