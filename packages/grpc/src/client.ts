import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { createRequire } from 'node:module';
import { AppError } from '@cred/runtime';
import { fromGrpcError } from './errors.js';
import { rpcServerOf } from './allow-list.js';
import { RPC_IDENTITY_METADATA, type CallerIdentity } from './identity.js';

export interface CallOptions {
  /** Overrides the client's default deadline for this call. */
  deadlineMs?: number;
  /** Request id propagated to the callee's logs. */
  requestId?: string;
  /** Who the call acts for (`user:<id>`, `api_key:<id>`, `operator`, ...), recorded in the callee's audit log. */
  actor?: string;
}

type UnaryMethodNames<C> = {
  [K in keyof C]: K extends string
    ? K extends Uncapitalize<K>
      ? never
      : C[K] extends (argument: never, callback: never) => grpc.ClientUnaryCall
        ? K
        : never
    : never;
}[keyof C];

/** The promise form of a generated client: every unary RPC takes a request and returns its response. */
export type PromiseClient<C> = {
  [K in UnaryMethodNames<C>]: C[K] extends (argument: infer Req, callback: grpc.requestCallback<infer Res>) => grpc.ClientUnaryCall
    ? (request: Req, options?: CallOptions) => Promise<Res>
    : never;
} & { close(): void; readonly raw: C };

export interface ClientOptions {
  /** Default deadline of every call; no call is made without one. */
  deadlineMs?: number;
  /** Who calls (ADR 0014): its token travels with every call. */
  identity: CallerIdentity;
}

const REQUEST_ID = /^[\x21-\x7e]{1,200}$/;

type ClientConstructor<C> = (new (address: string, credentials: grpc.ChannelCredentials, options?: grpc.ChannelOptions) => C) & {
  service?: grpc.ServiceDefinition;
};

/** The fully qualified proto name of a generated client's service (`credentials.accounts.v1.AccountsService`). */
function protoServiceOf(Ctor: { service?: grpc.ServiceDefinition }): string {
  const first = Object.values(Ctor.service ?? {})[0];
  return first?.path.split('/')[1] ?? '';
}

/**
 * The channel target and options for an address: `host:port` (one endpoint, as a Kubernetes
 * Service name is), or `ip:port,ip:port,...`: several replicas, balanced round robin over the
 * ones that are connected, so that one of them restarting (or not started) takes no call.
 */
export function channelTarget(address: string): { target: string; options: grpc.ChannelOptions } {
  // A peer that went away (a restart, a rollout, an outage) is tried again within a second,
  // instead of grpc-js's default backoff that grows to two minutes: a replica started since is
  // picked up at once, and a caller does not fail on a peer that is long back.
  const options: grpc.ChannelOptions = {
    'grpc.keepalive_time_ms': 30000,
    'grpc.max_receive_message_length': 8 * 1024 * 1024,
    // We do not use channelz; its per-call bookkeeping costs ~7% of a call here (ADR 0005).
    'grpc.enable_channelz': 0,
    'grpc.initial_reconnect_backoff_ms': 250,
    'grpc.max_reconnect_backoff_ms': 1000,
  };
  const endpoints = address.split(',');
  if (endpoints.length === 1) return { target: address, options };
  return {
    target: `ipv4:${endpoints.join(',')}`,
    options: { ...options, 'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }) },
  };
}

/**
 * Wraps a generated client: every call has a deadline, failures come back as AppError
 * (see fromGrpcError), and the request id travels as metadata.
 */
export function createClient<C extends grpc.Client>(Ctor: ClientConstructor<C>, address: string, options: ClientOptions): PromiseClient<C> {
  const audience = rpcServerOf(protoServiceOf(Ctor));
  if (!audience) throw new Error(`not a service of the platform: ${protoServiceOf(Ctor) || '(unnamed)'}`);
  const { identity } = options;
  const channel = channelTarget(address);
  const raw = new Ctor(channel.target, grpc.credentials.createInsecure(), channel.options);
  const defaultDeadline = options.deadlineMs ?? 5000;
  return new Proxy({} as PromiseClient<C>, {
    get(_target, prop) {
      if (prop === 'close') return () => raw.close();
      if (prop === 'raw') return raw;
      if (prop === 'then') return undefined;
      const fn = (raw as unknown as Record<string, unknown>)[prop as string];
      if (typeof fn !== 'function') return undefined;
      return (request: unknown, callOptions: CallOptions = {}) =>
        new Promise((resolve, reject: (e: AppError) => void) => {
          const metadata = new grpc.Metadata();
          metadata.set(RPC_IDENTITY_METADATA, identity.tokenFor(audience, String(prop)));
          // Plain metadata values must be printable ASCII; an id that is not is not propagated.
          if (callOptions.requestId && REQUEST_ID.test(callOptions.requestId)) metadata.set('x-request-id', callOptions.requestId);
          if (callOptions.actor && REQUEST_ID.test(callOptions.actor)) metadata.set('x-actor', callOptions.actor);
          const deadline = Date.now() + (callOptions.deadlineMs ?? defaultDeadline);
          try {
            (fn as (...a: unknown[]) => unknown).call(
              raw,
              request,
              metadata,
              { deadline },
              (err: grpc.ServiceError | null, response: unknown) => {
                if (err) reject(fromGrpcError(err, `${address} ${String(prop)}`));
                else resolve(response);
              },
            );
          } catch (err) {
            // Callers get AppErrors only, with no internal detail.
            reject(new AppError('INTERNAL_ERROR', 'Internal server error', {}, { cause: err }));
          }
        });
    },
  });
}

/**
 * Calls grpc.health.v1 Check on a target; resolves when it reports SERVING. For several
 * replicas (`ip:port,ip:port`), when one of them does: the callers' channels use the ones that do.
 * A check that times out is made once more before it fails: one answer late by the deadline (a
 * busy event loop, a machine under load) is not an outage. NOT_SERVING or a refused connection
 * fails at once.
 */
export async function checkGrpcHealth(address: string, deadlineMs = 1000): Promise<void> {
  const endpoints = address.split(',');
  if (endpoints.length > 1) {
    try {
      await Promise.any(endpoints.map((e) => checkGrpcHealth(e, deadlineMs)));
      return;
    } catch (err) {
      throw new Error((err as AggregateError).errors.map((e: unknown) => (e instanceof Error ? e.message : String(e))).join('; '));
    }
  }
  for (let attempt = 1; ; attempt++) {
    const Health = healthClientConstructor();
    const client = new Health(address, grpc.credentials.createInsecure());
    try {
      const code = await new Promise<grpc.status | undefined>((resolve, reject) => {
        client.Check({ service: '' }, { deadline: Date.now() + deadlineMs }, (err: grpc.ServiceError | null, res: { status?: string }) => {
          if (err) resolve(err.code);
          else if (res.status !== 'SERVING') reject(new Error(`${address}: ${res.status ?? 'UNKNOWN'}`));
          else resolve(undefined);
        });
      });
      if (code === undefined) return;
      if (code === grpc.status.DEADLINE_EXCEEDED && attempt === 1) continue;
      throw new Error(`${address}: ${grpc.status[code] ?? code}`);
    } finally {
      client.close();
    }
  }
}

type HealthClient = grpc.Client & {
  Check(req: { service: string }, options: grpc.CallOptions, cb: (err: grpc.ServiceError | null, res: { status?: string }) => void): void;
};
let healthCtor: (new (address: string, creds: grpc.ChannelCredentials) => HealthClient) | undefined;

function healthClientConstructor() {
  if (healthCtor) return healthCtor;
  const require = createRequire(import.meta.url);
  const { protoPath } = require('grpc-health-check') as { protoPath: string };
  const def = protoLoader.loadSync(protoPath, { keepCase: true, enums: String, defaults: true });
  const pkg = grpc.loadPackageDefinition(def) as unknown as { grpc: { health: { v1: { Health: typeof healthCtor } } } };
  healthCtor = pkg.grpc.health.v1.Health;
  return healthCtor!;
}
