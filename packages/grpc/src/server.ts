import * as grpc from '@grpc/grpc-js';
import type { MethodDefinition } from '@grpc/proto-loader';
import { HealthImplementation, service as healthService } from 'grpc-health-check';
import { toAppError, type Logger, Counter, Histogram, type Registry } from '@cred/runtime';
import { internalGrpcError, toGrpcError } from './errors.js';
import { RPC_REFUSED_METADATA, type RpcCallerPolicy } from './identity.js';

export type UnaryHandler<Req, Res> = (request: Req, call: grpc.ServerUnaryCall<Req, Res>) => Promise<Res>;

/**
 * The promise form of a generated `XServiceDefinition` (proto-loader-gen-types): one async
 * function per RPC, taking the request as the loader decodes it (the `__Output` type: with our
 * loader options absent scalars are '' / 0 / false, absent messages null, proto3 `optional`
 * fields absent) and resolving to the response, also in its `__Output` shape: every field that is
 * not `optional` must be given. (The looser input type, where every field may be left out, would
 * let a renamed field through: TypeScript does not check excess properties of what an async
 * function returns.) A missing RPC, an RPC the proto does not have, or a field read or written
 * under a name the message does not have is a type error.
 */
export type UnaryHandlers<D> = {
  [K in keyof D as string extends K ? never : K]: D[K] extends MethodDefinition<infer _RequestIn, infer _ResponseIn, infer Req, infer Res>
    ? UnaryHandler<Req, Res>
    : never;
};

/**
 * A service as the server runs it: handlers by RPC name. Built by grpcService (typed against the
 * generated handler interface); test stubs that serve a subset of a service may build it directly.
 */
export type UnaryImplementation = Record<string, (request: never, call: never) => Promise<unknown>>;

export interface GrpcServiceBinding {
  /** Fully qualified service name, e.g. credentials.signing.v1.SigningService (for health). */
  name: string;
  definition: grpc.ServiceDefinition;
  implementation: UnaryImplementation;
}

/**
 * A service binding whose handlers are typed by the generated service definition (what
 * `loadProtos().x.XService.service` is typed as), e.g.
 * `grpcService('credentials.signing.v1.SigningService', loadProtos().signing.SigningService.service, {...})`.
 */
export function grpcService<D extends grpc.ServiceDefinition>(
  name: string,
  definition: D,
  implementation: UnaryHandlers<D>,
): GrpcServiceBinding {
  return { name, definition, implementation: implementation as unknown as UnaryImplementation };
}

export interface GrpcServerOptions {
  port: number;
  /** The interface to listen on: 127.0.0.1 on one machine (`npm start`), 0.0.0.0 in a container (GRPC_HOST). */
  host: string;
  logger: Logger;
  /**
   * Who may call what (ADR 0014): every RPC is refused unless the call carries a valid identity
   * that the allow-list names for it. 'unchecked' only for test stand-ins of another service.
   * grpc.health.v1 is always open (probes).
   */
  callers: RpcCallerPolicy | 'unchecked';
  metrics?: Registry;
  services: GrpcServiceBinding[];
}

export interface GrpcServer {
  readonly port: number;
  setServing(serving: boolean): void;
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * A gRPC server with grpc.health.v1, per-RPC logging and metrics, and AppError mapping.
 * Handlers throw AppError; anything else is logged and answered INTERNAL with no detail.
 */
export async function startGrpcServer(options: GrpcServerOptions): Promise<GrpcServer> {
  // No channelz: we do not use it, and its per-call bookkeeping costs ~7% of a call (ADR 0005).
  const server = new grpc.Server({ 'grpc.max_receive_message_length': 8 * 1024 * 1024, 'grpc.enable_channelz': 0 });
  const health = new HealthImplementation({ '': 'NOT_SERVING' });
  health.addToServer(server as never);
  void healthService;

  const requests = options.metrics
    ? new Counter({
        name: 'grpc_server_requests_total',
        help: 'gRPC requests handled',
        labelNames: ['method', 'code'],
        registers: [options.metrics],
      })
    : undefined;
  const duration = options.metrics
    ? new Histogram({
        name: 'grpc_server_duration_seconds',
        help: 'gRPC handler duration',
        labelNames: ['method'],
        buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
        registers: [options.metrics],
      })
    : undefined;

  for (const binding of options.services) {
    const wrapped: grpc.UntypedServiceImplementation = {};
    for (const [rpcName, method] of Object.entries(binding.definition)) {
      const handler = (binding.implementation[rpcName] ?? binding.implementation[method.originalName ?? '']) as
        ((request: unknown, call: grpc.ServerUnaryCall<unknown, unknown>) => Promise<unknown>) | undefined;
      if (!handler) throw new Error(`${binding.name}: no handler for ${rpcName}`);
      const label = `${binding.name}/${rpcName}`;
      const policy = options.callers === 'unchecked' ? undefined : options.callers;
      wrapped[rpcName] = (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
        const started = process.hrtime.bigint();
        const refusal = policy?.check(call.metadata, rpcName);
        if (refusal) {
          options.logger.warn({ rpc: label, caller: refusal.caller, reason: refusal.message }, 'rpc refused: caller not allowed');
          requests?.inc({ method: label, code: grpc.status[refusal.status] });
          const metadata = new grpc.Metadata();
          metadata.set(RPC_REFUSED_METADATA, '1');
          callback({ code: refusal.status, details: refusal.message, metadata });
          return;
        }
        // Every call is answered exactly once: if sending the real outcome throws (an error
        // status that cannot be encoded, a response grpc-js rejects), a bare INTERNAL status
        // goes out instead, so the caller never waits for its deadline.
        const answer = (send: () => void) => {
          try {
            send();
          } catch (sendErr) {
            options.logger.error({ err: sendErr, rpc: label }, 'rpc answer could not be sent; answering INTERNAL');
            try {
              callback(internalGrpcError());
            } catch (fallbackErr) {
              options.logger.error({ err: fallbackErr, rpc: label }, 'rpc fallback answer failed');
            }
          }
        };
        Promise.resolve()
          .then(() => handler(call.request, call))
          .then(
            (response) => {
              requests?.inc({ method: label, code: 'OK' });
              duration?.observe({ method: label }, Number(process.hrtime.bigint() - started) / 1e9);
              answer(() => callback(null, response));
            },
            (err: unknown) => {
              const appErr = toAppError(err);
              if (appErr.code === 'INTERNAL_ERROR') options.logger.error({ err, rpc: label }, 'rpc failed');
              else if (appErr !== err) options.logger.warn({ err, rpc: label }, 'rpc failed: a dependency is unavailable');
              else options.logger.debug({ rpc: label, code: appErr.code }, 'rpc rejected');
              requests?.inc({ method: label, code: appErr.code });
              duration?.observe({ method: label }, Number(process.hrtime.bigint() - started) / 1e9);
              answer(() => callback(toGrpcError(appErr)));
            },
          )
          .catch((unexpected: unknown) => {
            // Only reachable if logging or metrics threw; still answer the call.
            answer(() => {
              options.logger.error({ err: unexpected, rpc: label }, 'rpc wrapper failed');
              callback(internalGrpcError());
            });
          });
      };
    }
    server.addService(binding.definition, wrapped);
  }

  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${options.host}:${options.port}`, grpc.ServerCredentials.createInsecure(), (err, bound) =>
      err ? reject(err) : resolve(bound),
    );
  });
  options.logger.info({ host: options.host, port }, 'gRPC server listening');

  const setServing = (serving: boolean) => {
    const status = serving ? 'SERVING' : 'NOT_SERVING';
    health.setStatus('', status);
    for (const b of options.services) health.setStatus(b.name, status);
  };

  return {
    port,
    setServing,
    stop: (timeoutMs = 5000) =>
      new Promise<void>((resolve) => {
        setServing(false);
        const timer = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, timeoutMs);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}
