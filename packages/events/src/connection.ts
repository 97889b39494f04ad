import amqp, { type ChannelModel } from 'amqplib';
import { doublingDelay, type Logger } from '@cred/runtime';

/** Runs on every (re)connect, before the connection counts as ready. */
export type SetupFn = (model: ChannelModel) => Promise<void>;

export interface BrokerConnectionOptions {
  /** amqp://user:pass@host:port/vhost */
  url: string;
  logger: Logger;
  /** Shown as connection_name in the management UI and `rabbitmqctl list_connections`. */
  name: string;
  /** First reconnect delay; doubles per failed attempt up to maxDelayMs (with jitter). */
  initialDelayMs?: number;
  maxDelayMs?: number;
  heartbeatSeconds?: number;
  /** TCP connect timeout. */
  connectTimeoutMs?: number;
}

export interface BrokerConnection {
  readonly name: string;
  /** Connected and every registered setup has succeeded on this connection (readiness). */
  isConnected(): boolean;
  /** The live connection, if any (it may still be running setups). */
  current(): ChannelModel | undefined;
  /**
   * Registers a setup (declare topology, open channels, start consuming). It runs now if the
   * connection is up (the returned promise waits for it) and again after every reconnect.
   * A failing setup closes the connection so the whole sequence is retried with backoff.
   * Resolves to a function that unregisters the setup.
   */
  addSetup(setup: SetupFn): Promise<() => void>;
  waitUntilConnected(timeoutMs: number): Promise<void>;
  /** Stops reconnecting and closes the connection (channels close with it). */
  close(): Promise<void>;
}

/**
 * One connection per process. amqplib's own `recovery` option is deliberately not used: we need
 * to re-run our own setups (topology, confirm channels, consumers) in a known order and to know
 * when all of them succeeded.
 */
export function createBrokerConnection(options: BrokerConnectionOptions): BrokerConnection {
  const conn = new ManagedConnection(options);
  conn.start();
  return conn;
}

class ManagedConnection implements BrokerConnection {
  readonly name: string;
  private readonly log: Logger;
  private readonly url: string;
  private readonly initialDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly connectTimeoutMs: number;
  private model: ChannelModel | undefined;
  private ready = false;
  private closing = false;
  private failures = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly setups = new Set<SetupFn>();
  private readyWaiters: Array<{ resolve: () => void; reject: (err: Error) => void }> = [];

  constructor(options: BrokerConnectionOptions) {
    this.name = options.name;
    this.log = options.logger.child({ subsystem: 'amqp', connection: options.name });
    const url = new URL(options.url);
    if (!url.searchParams.has('heartbeat')) url.searchParams.set('heartbeat', String(options.heartbeatSeconds ?? 10));
    this.url = url.toString();
    this.initialDelayMs = options.initialDelayMs ?? 200;
    this.maxDelayMs = options.maxDelayMs ?? 10_000;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
  }

  start(): void {
    void this.connectOnce();
  }

  isConnected(): boolean {
    return this.ready && this.model !== undefined;
  }

  current(): ChannelModel | undefined {
    return this.model;
  }

  async addSetup(setup: SetupFn): Promise<() => void> {
    this.setups.add(setup);
    const off = (): void => {
      this.setups.delete(setup);
    };
    const model = this.model;
    // While connecting, the setup loop in connectOnce picks the new setup up itself.
    if (model && this.ready) {
      try {
        await setup(model);
      } catch (err) {
        this.log.error({ err }, 'setup failed on a live connection; reconnecting');
        this.dropConnection(model);
      }
    }
    return off;
  }

  waitUntilConnected(timeoutMs: number): Promise<void> {
    if (this.isConnected()) return Promise.resolve();
    if (this.closing) return Promise.reject(new Error('broker connection is closed'));
    return new Promise((resolve, reject) => {
      const waiter = {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (err: Error) => {
          clearTimeout(timer);
          reject(err);
        },
      };
      const timer = setTimeout(() => {
        this.readyWaiters = this.readyWaiters.filter((w) => w !== waiter);
        reject(new Error(`broker connection ${this.name} not ready after ${timeoutMs} ms`));
      }, timeoutMs);
      this.readyWaiters.push(waiter);
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    this.ready = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const waiters = this.readyWaiters;
    this.readyWaiters = [];
    for (const w of waiters) w.reject(new Error('broker connection is closed'));
    const model = this.model;
    this.model = undefined;
    if (model) {
      try {
        await model.close();
      } catch (err) {
        this.log.debug({ err }, 'close on an already closed connection');
      }
    }
    this.log.info('broker connection closed');
  }

  private scheduleReconnect(): void {
    if (this.closing || this.timer) return;
    const base = doublingDelay(this.failures + 1, this.initialDelayMs, this.maxDelayMs);
    const delay = Math.round(base * (0.75 + Math.random() * 0.5));
    this.failures++;
    this.log.info({ delayMs: delay, attempt: this.failures }, 'reconnecting to broker');
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connectOnce();
    }, delay);
  }

  private dropConnection(model: ChannelModel): void {
    // The 'close' listener schedules the reconnect.
    model.close().catch(() => undefined);
  }

  private async connectOnce(): Promise<void> {
    if (this.closing) return;
    let model: ChannelModel;
    try {
      model = await amqp.connect(this.url, {
        timeout: this.connectTimeoutMs,
        clientProperties: { connection_name: this.name },
      });
    } catch (err) {
      this.log.warn({ err }, 'broker connect failed');
      this.scheduleReconnect();
      return;
    }
    if (this.closing) {
      await model.close().catch(() => undefined);
      return;
    }
    this.model = model;
    model.on('error', (err: Error) => this.log.warn({ err }, 'broker connection error'));
    model.on('blocked', (reason: string) => this.log.warn({ reason }, 'broker blocked the connection'));
    model.on('unblocked', () => this.log.info('broker unblocked the connection'));
    model.on('close', () => {
      if (this.model !== model) return;
      this.model = undefined;
      this.ready = false;
      if (!this.closing) {
        this.log.warn('broker connection lost');
        this.scheduleReconnect();
      }
    });

    // Setups added while this loop runs are picked up too; each runs once per connection.
    const done = new Set<SetupFn>();
    try {
      for (;;) {
        const next = [...this.setups].find((s) => !done.has(s));
        if (!next) break;
        done.add(next);
        await next(model);
        if (this.model !== model) return; // lost the connection mid-setup; close handler reconnects
      }
    } catch (err) {
      this.log.error({ err }, 'broker setup failed; reconnecting');
      this.dropConnection(model);
      return;
    }
    if (this.model !== model || this.closing) return;
    this.ready = true;
    this.failures = 0;
    this.log.info('broker connection ready');
    const waiters = this.readyWaiters;
    this.readyWaiters = [];
    for (const w of waiters) w.resolve();
  }
}
