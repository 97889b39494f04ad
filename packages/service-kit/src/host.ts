import {
  AdjustableClock,
  BackgroundLoop,
  createLogger,
  createMetricsRegistry,
  Lifecycle,
  startOpsServer,
  systemClock,
  type Clock,
  type Logger,
  type OpsServer,
  type ReadinessCheck,
  type Registry,
  type Service,
} from '@cred/runtime';
import { createDb, migrateSchema, pingDb, type Knex, type Migration } from '@cred/db';
import {
  RPC_SERVICE_NAMES,
  rpcCallerPolicy,
  startGrpcServer,
  type GrpcServer,
  type GrpcServiceBinding,
  type RpcPublicKeys,
  type RpcServerName,
} from '@cred/grpc';

export interface HostConfig {
  LOG_LEVEL: string;
  OPS_PORT: number;
  TEST_CLOCK: boolean;
}

/** Where a gRPC service listens and whom it lets call (grpcServerEnv and RPC_PUBLIC_KEYS in its config). */
export interface GrpcListenConfig {
  GRPC_PORT: number;
  /** 127.0.0.1 by default (`npm start`, tests); 0.0.0.0 in containers (the Dockerfile sets it). */
  GRPC_HOST: string;
  /** The callers' public keys (ADR 0014). */
  RPC_PUBLIC_KEYS: RpcPublicKeys;
}

export interface HostOverrides {
  logger?: Logger;
  clock?: Clock;
}

/** What the composition root of a service that owns a schema may be given besides its config. */
export interface ServiceOverrides extends HostOverrides {
  /** Apply this service's migrations on start (tests, single-node dev); production runs `pnpm migrate`. */
  migrate?: boolean;
}

/** The database settings of a service that owns a schema (persistenceEnv in @cred/runtime). */
export interface SchemaConfig {
  DATABASE_URL: string;
  DB_SCHEMA: string;
  DB_POOL_MAX: number;
}

/**
 * The shared frame of every service process: logger, metrics, clock, readiness checks,
 * the ops HTTP server and an ordered shutdown. A service's own composition root
 * (src/service.ts) adds its resources in start order; stop() releases them in reverse,
 * after readiness has turned false.
 */
export class ServiceHost {
  readonly logger: Logger;
  readonly metrics: Registry;
  readonly clock: Clock;
  readonly lifecycle: Lifecycle;
  private readonly checks: ReadinessCheck[] = [];
  private readonly testClock: AdjustableClock | undefined;
  private ops: OpsServer | undefined;
  private grpcServers: GrpcServer[] = [];

  constructor(
    readonly name: string,
    private readonly config: HostConfig,
    overrides: HostOverrides = {},
  ) {
    this.logger = overrides.logger ?? createLogger({ service: name, level: config.LOG_LEVEL });
    this.metrics = createMetricsRegistry(name);
    this.testClock = config.TEST_CLOCK && !overrides.clock ? new AdjustableClock() : undefined;
    this.clock = overrides.clock ?? this.testClock ?? systemClock;
    this.lifecycle = new Lifecycle(this.logger);
  }

  addReadinessCheck(check: ReadinessCheck): void {
    this.checks.push(check);
  }

  /**
   * A knex pool on the service's own schema, from its settings: checked for readiness and closed
   * on stop. `migrations`, when given, are applied before it is used.
   */
  async openSchema(config: SchemaConfig, migrations?: Migration[]): Promise<Knex> {
    const db = createDb({
      url: config.DATABASE_URL,
      schema: config.DB_SCHEMA,
      poolMax: config.DB_POOL_MAX,
      logger: this.logger,
      applicationName: this.name,
    });
    this.addReadinessCheck({ name: 'postgres', check: () => pingDb(db) });
    this.lifecycle.onStop({ name: 'postgres', run: () => db.destroy() });
    if (migrations) await migrateSchema(db, config.DB_SCHEMA, migrations);
    return db;
  }

  /** Serves `services` to the callers the allow-list names for this service (ADR 0014), nobody else. */
  async serveGrpc(listen: GrpcListenConfig, services: GrpcServiceBinding[]): Promise<GrpcServer> {
    const self = RPC_SERVICE_NAMES.find((s): s is RpcServerName => s === this.name && s !== 'gateway');
    if (!self) throw new Error(`${this.name} is not a gRPC service of the platform`);
    const server = await startGrpcServer({
      port: listen.GRPC_PORT,
      host: listen.GRPC_HOST,
      callers: rpcCallerPolicy(self, listen.RPC_PUBLIC_KEYS),
      logger: this.logger,
      metrics: this.metrics,
      services,
    });
    this.grpcServers.push(server);
    this.lifecycle.onStop({ name: 'grpc', run: () => server.stop(5000), timeoutMs: 6000 });
    return server;
  }

  /** Registers a resource to release on stop (in reverse order of registration). */
  onStop(name: string, run: () => Promise<void> | void, timeoutMs?: number): void {
    this.lifecycle.onStop({ name, run, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
  }

  /**
   * A periodic job on the one background-loop primitive: a pass now and then every `intervalMs`,
   * each counted in `background_passes_total{loop: name}`, a failed pass logged and retried after
   * a doubling delay, and stopped (after the pass in flight) when the service stops.
   */
  every(name: string, intervalMs: number, pass: () => Promise<unknown>): void {
    const loop = new BackgroundLoop({
      name,
      logger: this.logger,
      intervalMs,
      metrics: this.metrics,
      pass: async () => {
        await pass();
        return false;
      },
    });
    loop.start();
    this.onStop(name, () => loop.stop());
  }

  async startOps(): Promise<OpsServer> {
    this.ops = await startOpsServer({
      port: this.config.OPS_PORT,
      logger: this.logger,
      metrics: this.metrics,
      checks: this.checks,
      ...(this.testClock ? { testClock: this.testClock } : {}),
    });
    const ops = this.ops;
    // Registered first, so it closes last: probes answer until the very end.
    this.lifecycle.onStop({ name: 'ops', run: () => ops.close() });
    return ops;
  }

  /** Marks the process ready (ops /readyz and gRPC health). */
  markReady(): void {
    this.ops?.setReady(true);
    for (const s of this.grpcServers) s.setServing(true);
  }

  /** Readiness turns false before anything closes, so balancers stop sending work first. */
  async stop(): Promise<void> {
    this.ops?.setReady(false);
    for (const s of this.grpcServers) s.setServing(false);
    await this.lifecycle.stop();
  }

  get opsPort(): number | undefined {
    return this.ops?.port;
  }
}

export type { Service };

/** A service process whose work is served over gRPC (every service but the gateway). */
export interface GrpcServiceProcess extends Service {
  readonly host: ServiceHost;
  grpcPort(): number;
}

/** What a gRPC service's composition root says for itself. */
export interface GrpcServiceParts {
  /** Opens the service's own resources in start order (each registering its stop) and returns what it serves. */
  compose(): Promise<GrpcServiceBinding[]>;
}

/**
 * The start and stop of a gRPC service process: the ops server first (probes answer from the
 * start), then the service's own parts; what they serve is served on GRPC_HOST:GRPC_PORT (port 0: any free one,
 * read back through grpcPort()) and the process is marked ready. stop() turns readiness off and
 * releases everything in reverse.
 */
export function grpcServiceProcess(host: ServiceHost, listen: GrpcListenConfig, parts: GrpcServiceParts): GrpcServiceProcess {
  let bound = 0;
  return {
    name: host.name,
    host,
    grpcPort: () => bound,
    async start() {
      await host.startOps();
      const services = await parts.compose();
      bound = (await host.serveGrpc(listen, services)).port;
      host.markReady();
    },
    stop: () => host.stop(),
  };
}
