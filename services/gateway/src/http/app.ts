import express, { type Express, type Request, type RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import {
  AppError,
  assertSafeJsonValue,
  assertUtf8Charset,
  discardRequestBody,
  readLimitedBody,
  compileTrustProxy,
  type Clock,
  type LocalLimiter,
  type Logger,
  type RateLimiter,
  type Registry,
} from '@cred/runtime';
import type { PrincipalCache } from '../auth/principal-cache.js';
import type { SessionVerifier } from '../auth/session-verifier.js';
import { platformOperators, type GatewayConfig } from '../config.js';
import type { Upstreams } from '../upstream/clients.js';
import { adminRoutes } from './admin-routes.js';
import { apiKeyAuth } from './api-key-auth.js';
import { authRoutes } from './auth-routes.js';
import { errorHandler, notFoundHandler } from './errors.js';
import { assertCleanJson } from './json-guard.js';
import { openApiRoute } from './openapi-route.js';
import { organizationRoutes } from './organization-routes.js';
import { ipRateLimit } from './rate-limit.js';
import { bodyLimitFor, declaredBodyLimit, MAX_JSON_BODY_BYTES, payloadTooLarge } from './body-limits.js';
import { requestContext } from './request-context.js';
import { singleHeaders } from './single-headers.js';
import { v1AccountRoutes } from './v1-routes.js';
import { apiKeyScope } from './org-scope.js';
import { badgeRoutes } from './badge-routes.js';
import { imageRoutes } from './image-routes.js';
import { issuanceV1Routes } from './issuance-v1-routes.js';
import { notificationSessionRoutes } from './notification-routes.js';
import { stripeWebhookRoute } from './stripe-route.js';
import { webhookRoutes } from './webhook-routes.js';
import { analyticsSessionRoutes } from './analytics-routes.js';
import { claimFormRoute, credentialSessionRoutes, recipientRoutes } from './credential-routes.js';
import { bulkRoutes } from './bulk-routes.js';
import { WEB_TEMPLATES, webRoutes } from './web-routes.js';
import { documentedApp } from './routes-kit.js';
import type { WebAssets } from '../web/assets.js';
import { meRoutes } from './me-routes.js';
import { auditRoutes } from './audit-routes.js';
import { invitationRoutes } from './member-routes.js';

/**
 * The routes that take multipart (each parses its own): a badge image upload, a bulk-issuance
 * CSV (upload and preview), for members and under /api/v1.
 */
const MULTIPART_ROUTE = /^\/api\/(?:v1|organizations\/[^/]+)\/(?:badges\/[^/]+\/image|bulk-issuances(?:\/preview)?)$/;

export interface AppDeps {
  config: GatewayConfig;
  logger: Logger;
  metrics: Registry;
  upstreams: Upstreams;
  /** Aggregated readiness: this process and every upstream. */
  readiness: () => Promise<{ ready: boolean; checks: Record<string, string> }>;
  clock: Clock;
  redis: Redis;
  limiter: RateLimiter;
  localLimiter: LocalLimiter;
  cache: PrincipalCache;
  verifySession: SessionVerifier;
  /** The browser application's bundle (web/), built when the gateway starts. */
  web: WebAssets;
}

const JSON_TYPES = ['application/json', 'application/*+json'];

const parseJson = express.json({
  limit: MAX_JSON_BODY_BYTES,
  strict: true,
  type: JSON_TYPES,
  verify(_req, _res, buf, encoding) {
    assertCleanJson(buf, encoding);
  },
});

/**
 * JSON bodies (docs/contract.md "Requests and bodies", malformed bodies): UTF-8 without a BOM, 64 KiB at most,
 * no repeated keys (checked on the raw bytes), then, once parsed, no prototype keys, no number
 * that overflowed or lost its digits, no unpaired surrogate (checked on the value, with its path).
 * Every JSON route gets its body through here, so no route sees a value JSON.parse changed.
 */
const jsonBody: RequestHandler = (req, res, next) => {
  const parsed = (err?: unknown) => {
    if (err !== undefined && err !== null) {
      next(err);
      return;
    }
    try {
      if (req.body !== undefined) assertSafeJsonValue(req.body);
    } catch (e) {
      next(e);
      return;
    }
    next();
  };
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] !== undefined && req.is(JSON_TYPES)) {
    readChunkedJson(req).then(
      () => parsed(),
      (err: unknown) => {
        discardRequestBody(req);
        parsed(err);
      },
    );
    return;
  }
  parseJson(req, res, parsed);
};

/**
 * A JSON body sent without a Content-Length (chunked). body-parser reads such a body to its end
 * before answering 413 when it passes the limit, so it is read here instead: refused as soon as
 * it passes 64 KiB, then checked and parsed exactly as parseJson would (UTF-8, no BOM, no
 * repeated key, an object or array at the top, `{}` when empty). body-parser then skips the
 * request, whose stream is finished.
 */
async function readChunkedJson(req: Request): Promise<void> {
  const limit = bodyLimitFor(req.method, req.path);
  const buf = await readLimitedBody(req, limit.maxBodyBytes, () => payloadTooLarge(limit));
  assertUtf8Charset(req.headers['content-type']);
  assertCleanJson(buf);
  const text = buf.toString('utf8');
  if (text.trim() === '') {
    req.body = {};
    return;
  }
  if (!/^\s*[{[]/.test(text)) throw AppError.validation('body', 'Request body is not valid JSON');
  try {
    req.body = JSON.parse(text) as unknown;
  } catch {
    throw AppError.validation('body', 'Request body is not valid JSON');
  }
}

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // The same trust function as the public pass-through and verification (@cred/runtime client-ip.ts).
  app.set('trust proxy', compileTrustProxy(deps.config.TRUST_PROXY));
  app.set('etag', false);
  // Every route below is registered through routes-kit.ts, by its operation in the OpenAPI document,
  // and matched exactly as the document writes it (case-sensitive, no trailing slash: EXACT_ROUTING).
  const routes = documentedApp(app);
  app.use(requestContext(deps.logger, deps.metrics));
  // A repeated Authorization or Content-Type is refused before anything reads either one.
  app.use(singleHeaders());

  routes.get('/healthz', async (_req, res) => {
    const r = await deps.readiness();
    res.status(r.ready ? 200 : 503).json({ status: r.ready ? 'ok' : 'unavailable', checks: r.checks });
  });

  // Every route below counts against the client's per-IP limit (docs/contract.md "Limits": all requests;
  // probes above do not). The public verification surfaces count in the same Redis key, at
  // verification (public-proxy.ts).
  const limitDeps = { limiter: deps.limiter, logger: deps.logger, metrics: deps.metrics };
  app.use(ipRateLimit(limitDeps, deps.config.RATE_LIMIT_IP_PER_MINUTE));
  // A declared body over the route's limit is 413 before anything waits for it (body-limits.ts).
  app.use(declaredBodyLimit());

  // The public verification surfaces never get here: the server hands them to verification
  // before express runs (public-proxy.ts, ADR 0009), and verification limits them itself.

  // Badge images: public, immutable (content-addressed), cached by clients and proxies.
  routes.mount('', imageRoutes(deps.upstreams));

  // The web application: its hashed assets and the HTML document of each of its pages.
  routes.undocumented('get', WEB_TEMPLATES, 'pages and assets of the web application, for browsers: not API operations', webRoutes(deps.web));

  // The claim page's form (urlencoded; the page itself is verification's).
  routes.mount('', claimFormRoute(deps.upstreams));

  // The payment provider's webhook needs its raw bytes for the signature: before any parser.
  routes.post('/api/webhooks/stripe', ...stripeWebhookRoute(deps.upstreams));

  app.use('/api', (req, _res, next) => {
    // A body on /api must be JSON; multipart routes mount their own parser before this one.
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (hasBody && MULTIPART_ROUTE.test(req.originalUrl.split('?')[0] ?? '') && req.is('multipart/form-data')) {
      next();
      return;
    }
    if (hasBody && !req.is(['application/json', 'application/*+json'])) {
      next(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json'));
      return;
    }
    next();
  });
  app.use('/api', jsonBody);
  routes.mount('/api/v1', openApiRoute());
  app.use(
    '/api/v1',
    apiKeyAuth({
      upstreams: deps.upstreams,
      cache: deps.cache,
      limiter: deps.limiter,
      local: deps.localLimiter,
      redis: deps.redis,
      logger: deps.logger,
      metrics: deps.metrics,
    }),
  );
  app.use('/api/v1', apiKeyScope());
  routes.mount('/api/v1', v1AccountRoutes(deps.upstreams));
  // What an organization manages, for its API keys and (below) for its members: the same routers.
  const organizationRouters = [
    badgeRoutes(deps.upstreams),
    bulkRoutes(deps.upstreams),
    webhookRoutes(deps.upstreams),
  ];
  routes.mount('/api/v1', issuanceV1Routes(deps.upstreams), ...organizationRouters);
  routes.mount(
    '/api/auth',
    authRoutes({
      ...limitDeps,
      upstreams: deps.upstreams,
      verifySession: deps.verifySession,
      authPer15Minutes: deps.config.RATE_LIMIT_AUTH_PER_15_MINUTES,
      loginsPerAccountPerMinute: deps.config.RATE_LIMIT_LOGIN_PER_ACCOUNT_PER_MINUTE,
      loginsPerAddressPerMinute: deps.config.RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE,
    }),
  );
  routes.mount(
    '/api/organizations',
    organizationRoutes({
      ...limitDeps,
      authPer15Minutes: deps.config.RATE_LIMIT_AUTH_PER_15_MINUTES,
      signingKeyChangesPerDay: deps.config.SIGNING_KEY_CHANGES_PER_DAY,
      upstreams: deps.upstreams,
      verifySession: deps.verifySession,
      cache: deps.cache,
      logger: deps.logger,
      memberRoutes: [
        ...organizationRouters,
        credentialSessionRoutes(deps.upstreams),
        notificationSessionRoutes(deps.upstreams),
        analyticsSessionRoutes(deps.upstreams),
        auditRoutes(deps.upstreams),
      ],
    }),
  );
  routes.mount('/api/invitations', invitationRoutes(deps.upstreams, deps.verifySession));
  routes.mount('/api/credentials', recipientRoutes(deps.upstreams, deps.verifySession));
  routes.mount('/api/me', meRoutes(deps.upstreams, deps.verifySession));
  routes.mount(
    '/api/admin',
    adminRoutes({
      ...limitDeps,
      operators: platformOperators(deps.config),
      upstreams: deps.upstreams,
      cache: deps.cache,
      clock: deps.clock,
      baseUrl: deps.config.BASE_URL,
      authPer15Minutes: deps.config.RATE_LIMIT_AUTH_PER_15_MINUTES,
      redis: deps.redis,
    }),
  );

  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
