import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock, Logger, Service } from '@cred/runtime';
import {
  acceptHandedConnections,
  clientAddress,
  compileTrustProxy,
  drainableHttpServer,
  installClientErrorHandler,
  isHandedConnection,
  LocalLimiter,
  RateLimiter,
  runReadinessChecks,
} from '@cred/runtime';
import { ServiceHost } from '@cred/service-kit';
import type { GatewayConfig } from './config.js';
import { createApp } from './http/app.js';
import { continueOrRefuse, refuseExpectation } from './http/expect-continue.js';
import { publicPassThrough } from './http/public-proxy.js';
import { checkUpstreams, createUpstreams } from './upstream/clients.js';
import { PrincipalCache } from './auth/principal-cache.js';
import { createSessionVerifier } from './auth/session-verifier.js';
import { createRedis, waitForRedis } from './redis.js';
import { buildWebAssets } from './web/assets.js';

export interface GatewayOverrides {
  logger?: Logger;
  clock?: Clock;
}

export interface GatewayService extends Service {
  readonly host: ServiceHost;
  httpPort(): number;
}

/**
 * The gateway: the only HTTP edge for API clients. It authenticates, limits and routes;
 * the business rules live behind it in the other services.
 */
export function createGatewayService(config: GatewayConfig, overrides: GatewayOverrides = {}): GatewayService {
  const host = new ServiceHost('gateway', config, overrides);
  let server: http.Server | undefined;
  let ready = false;
  // Health of the whole platform, cached briefly so probes cannot amplify into upstream load.
  let cached: { at: number; value: { ready: boolean; checks: Record<string, string> } } | undefined;

  return {
    name: 'gateway',
    host,
    httpPort: () => (server?.address() as AddressInfo | null)?.port ?? 0,
    async start() {
      await host.startOps();
      const upstreams = createUpstreams(config);
      host.onStop('upstream-clients', () => upstreams.close());
      host.addReadinessCheck({
        name: 'upstreams',
        check: async () => {
          const r = await checkUpstreams(upstreams.targets);
          const bad = Object.entries(r).filter(([, v]) => v !== 'ok');
          if (bad.length) throw new Error(bad.map(([k, v]) => `${k}: ${v}`).join('; '));
        },
      });
      const readiness = async () => {
        if (!ready) return { ready: false, checks: { gateway: 'starting or stopping' } };
        if (cached && Date.now() - cached.at < 1000) return cached.value;
        const [upstream, own] = await Promise.all([checkUpstreams(upstreams.targets), runReadinessChecks([])]);
        const checks = { ...upstream, ...own.checks };
        const value = { ready: Object.values(checks).every((v) => v === 'ok'), checks };
        cached = { at: Date.now(), value };
        return value;
      };
      const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, host.logger.child({ subsystem: 'redis' }));
      host.onStop('redis', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
      if (!(await waitForRedis(redis, 3000))) host.logger.warn('redis not reachable at start; rate limits degrade by policy until it is');
      const web = await buildWebAssets();
      host.logger.info(
        { script: web.script.path, scriptBytesBr: web.script.br.length, styleBytesBr: web.style.br.length },
        'web application built',
      );
      if (web.warnings.length)
        host.logger.warn({ warnings: web.warnings }, 'web application built with warnings (a stylesheet may be broken)');
      const app = createApp({
        config,
        web,
        logger: host.logger,
        metrics: host.metrics,
        upstreams,
        readiness,
        clock: host.clock,
        redis,
        limiter: new RateLimiter(redis, host.clock),
        localLimiter: new LocalLimiter(host.clock),
        cache: new PrincipalCache(redis, host.logger.child({ subsystem: 'principal-cache' }), host.metrics),
        verifySession: createSessionVerifier({
          publicKeys: config.SESSION_PUBLIC_KEYS,
          clock: host.clock,
          accounts: upstreams.accounts,
          baseUrl: config.BASE_URL,
        }),
      });
      // Public verification requests go to verification's replicas before express (ADR 0009).
      const toVerification = publicPassThrough(config.VERIFICATION_HTTP_URL, host.metrics);
      host.onStop('public-pass-through', () => toVerification.close());
      // A connection the launcher's edge handed over has the client as its peer: its address is
      // read with what is in front of the platform (HANDED_TRUST_PROXY), not with this listener's
      // TRUST_PROXY, which counts verification's pass-through as one more proxy (ADR 0009).
      const handedTrust = config.HANDED_TRUST_PROXY === undefined ? undefined : compileTrustProxy(config.HANDED_TRUST_PROXY);
      // Host is checked by the app (single-headers.ts), so that its absence gets the error shape too.
      server = http.createServer({ requireHostHeader: false }, (req, res) => {
        if (handedTrust && isHandedConnection(req.socket)) {
          const ip = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], handedTrust);
          Object.defineProperty(req, 'ip', { value: ip, enumerable: true, configurable: true });
        }
        if (!toVerification(req, res)) app(req, res);
      });
      const drain = drainableHttpServer(server);
      // Requests node's parser refuses get the JSON error shape too (not a bare 400/431).
      installClientErrorHandler(server);
      // Expect: 100-continue with a declared body over the route's limit: 413 instead of 100 Continue.
      server.on('checkContinue', continueOrRefuse(server));
      server.on('checkExpectation', refuseExpectation);
      server.keepAliveTimeout = 65000;
      server.headersTimeout = 66000;
      server.requestTimeout = 30000;
      const s = server;
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(config.PORT, '0.0.0.0', () => resolve());
      });
      // Under `pnpm start`, connections from the launcher's public port are handed over too.
      const handed = acceptHandedConnections(server, config.HANDED_CONNECTIONS);
      host.logger.info({ port: this.httpPort(), handedConnections: handed.enabled }, 'HTTP listening');
      // First to close: requests in flight are answered while everything behind them is still open.
      host.onStop(
        'http',
        async () => {
          handed.stopAccepting();
          await drain();
        },
        10000,
      );
      ready = true;
      host.markReady();
    },
    async stop() {
      ready = false;
      await host.stop();
    },
  };
}
