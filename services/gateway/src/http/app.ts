import express, { type Express } from 'express';
import { AppError, type Logger, type Registry } from '@cred/runtime';
import type { GatewayConfig } from '../config.js';
import type { Upstreams } from '../upstream/clients.js';
import { adminRoutes } from './admin-routes.js';
import { errorHandler, notFoundHandler } from './errors.js';
import { requestContext } from './request-context.js';
import { PUBLIC_VERIFICATION_PREFIXES, publicProxy } from './public-proxy.js';

export interface AppDeps {
  config: GatewayConfig;
  logger: Logger;
  metrics: Registry;
  upstreams: Upstreams;
  /** Aggregated readiness: this process and every upstream. */
  readiness: () => Promise<{ ready: boolean; checks: Record<string, string> }>;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** JSON bodies: objects only, 64 KiB at most, no prototype-polluting keys (DECISIONS.md section 1). */
const jsonBody = express.json({
  limit: 64 * 1024,
  strict: true,
  type: ['application/json', 'application/*+json'],
  reviver(key, value) {
    if (FORBIDDEN_KEYS.has(key)) throw new AppError('VALIDATION_ERROR', `Forbidden key in body: ${key}`, { field: key });
    return value as unknown;
  },
});

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.TRUST_PROXY);
  app.set('etag', false);
  app.use(requestContext(deps.logger, deps.metrics));

  app.get('/healthz', async (_req, res) => {
    const r = await deps.readiness();
    res.status(r.ready ? 200 : 503).json({ status: r.ready ? 'ok' : 'unavailable', checks: r.checks });
  });

  // Public verification surfaces stream through untouched (bodies included: baked uploads).
  const toVerification = publicProxy(deps.config.VERIFICATION_HTTP_URL);
  app.use((req, res, next) => {
    if (PUBLIC_VERIFICATION_PREFIXES.some((p) => req.path === p || req.path.startsWith(p.endsWith('/') ? p : `${p}/`) || req.path === p.replace(/\/$/, ''))) {
      toVerification(req, res, next);
      return;
    }
    next();
  });

  app.use('/api', (req, _res, next) => {
    // A body on /api must be JSON; multipart routes mount their own parser before this one.
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (hasBody && !req.is(['application/json', 'application/*+json'])) {
      next(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json'));
      return;
    }
    next();
  });
  app.use('/api', jsonBody);
  app.use('/api/admin', adminRoutes(deps.config.PLATFORM_ADMIN_TOKEN, deps.upstreams));

  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
