import type { Logger } from 'pino';

/** A running unit: created by a service factory, started once, stopped once. */
export interface Service {
  readonly name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface ShutdownStep {
  name: string;
  run: () => Promise<void> | void;
  timeoutMs?: number;
}

/**
 * Ordered shutdown: steps registered as resources are opened run in reverse order, each
 * bounded by a timeout so one hung dependency cannot keep the process alive.
 */
export class Lifecycle {
  private readonly steps: ShutdownStep[] = [];
  private stopping: Promise<void> | undefined;

  constructor(private readonly logger: Logger) {}

  onStop(step: ShutdownStep): void {
    this.steps.push(step);
  }

  stop(): Promise<void> {
    this.stopping ??= this.runSteps();
    return this.stopping;
  }

  private async runSteps(): Promise<void> {
    for (const step of [...this.steps].reverse()) {
      const timeoutMs = step.timeoutMs ?? 5000;
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          Promise.resolve().then(step.run),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        this.logger.debug({ step: step.name }, 'shutdown step done');
      } catch (err) {
        this.logger.warn({ step: step.name, err }, 'shutdown step failed');
      } finally {
        if (timer) clearTimeout(timer);
      }
    }
  }
}

/**
 * The exit code of a service whose start failed because a port it listens on was taken (the
 * errno of EADDRINUSE on Linux): whoever launched it can place the ports again and retry, which
 * no other start failure warrants.
 */
export const EXIT_ADDRESS_IN_USE = 98;

/** A listen that failed because the address is taken: node's own error, or gRPC's bind summary naming it. */
export function isAddressInUse(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  if ((err as { code?: unknown }).code === 'EADDRINUSE') return true;
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && message.includes('EADDRINUSE');
}

/**
 * Starts a service and keeps the process alive until SIGTERM or SIGINT, then stops it
 * gracefully. The same signal a second time (Ctrl-C pressed twice), or a stop that overruns,
 * exits at once. Another signal while stopping is the same request and changes nothing: Ctrl-C
 * in a terminal sends SIGINT to every process of the group, and `npm start` then sends SIGTERM
 * to each service, which must still drain.
 */
export async function runUntilSignal(service: Service, logger: Logger, graceMs = 15000): Promise<void> {
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled promise rejection');
  });
  try {
    await service.start();
  } catch (err) {
    const taken = isAddressInUse(err);
    logger.fatal({ err, ...(taken ? { exitCode: EXIT_ADDRESS_IN_USE } : {}) }, taken ? 'failed to start: a port is taken' : 'failed to start');
    await service.stop().catch(() => undefined);
    process.exit(taken ? EXIT_ADDRESS_IN_USE : 1);
  }
  logger.info('started');
  let signalled: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled === signal) {
      logger.warn({ signal }, 'second signal, exiting now');
      process.exit(1);
    }
    if (signalled !== undefined) {
      logger.info({ signal, first: signalled }, 'already stopping');
      return;
    }
    signalled = signal;
    logger.info({ signal }, 'stopping');
    const force = setTimeout(() => {
      logger.error('graceful stop overran, exiting');
      process.exit(1);
    }, graceMs);
    force.unref();
    service.stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (err) => {
        logger.error({ err }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
