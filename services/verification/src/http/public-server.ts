import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  acceptHandedConnections,
  AppError,
  drainableHttpServer,
  isHandedConnection,
  isPublicVerificationRequest,
  passThrough,
  declaredLength,
  discardRequestBody,
  installClientErrorHandler,
  redactUrl,
  singleHeaderProblem,
  toAppError,
  type Logger,
  type Registry,
} from '@cred/runtime';
import type { VerificationContext } from '../app/context.js';
import { BodyTooLarge, MAX_JSON_BYTES, MAX_UPLOAD_BYTES, MULTIPART_OVERHEAD_BYTES } from './body.js';
import { errorPage, sendHtml } from './pages/html.js';
import type { PublicLimit } from './public-limit.js';
import { createRequestStats } from './request-stats.js';
import { sendJson, type Route } from './respond.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;
import { PUBLIC_ROUTES } from './routes.js';

/** An error thrown by a route, with the route (pages render errors as HTML). */
class RouteFailure {
  constructor(
    readonly route: Route<VerificationContext>,
    readonly error: unknown,
  ) {}
}

const DEFAULT_METHODS: readonly string[] = ['GET', 'HEAD'];

/** Longest path we look at; real ones are under 100 characters. */
const MAX_PATH = 2048;

/** The 413 for a declared body over what the route reads (body.ts limits), else undefined. */
function refuseBeforeContinue(req: http.IncomingMessage): AppError | undefined {
  const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
  const upload = req.method === 'POST' && (path === '/api/verify/baked' || path === '/verify-lookup');
  const limit = upload ? MAX_UPLOAD_BYTES : MAX_JSON_BYTES;
  const declared = declaredLength(req);
  if (declared === undefined || declared <= limit + (upload ? MULTIPART_OVERHEAD_BYTES : 0)) return undefined;
  return new BodyTooLarge(limit, upload ? 'The upload' : 'The request body');
}

/**
 * The public HTTP surface of verification (reached through the gateway, or directly from an
 * ingress). Plain node:http with one module per route (src/http/*-route.ts, pages in
 * src/http/pages/); ADR 0004 has the benchmark behind that choice. Paths are matched undecoded:
 * identifiers and slugs only use unreserved characters, so anything percent-encoded, dotted or
 * oversized is simply not found, and nothing reaches a store that a pattern did not accept first.
 */
export async function startPublicServer(
  port: number,
  ctx: VerificationContext,
  logger: Logger,
  options: { metrics: Registry; limit?: PublicLimit; gatewayUrls?: readonly string[]; handedConnections?: boolean },
): Promise<{ port: number; close(): Promise<void> }> {
  const stats = createRequestStats(options.metrics, logger.child({ subsystem: 'public-http' }));
  // Under `pnpm start` the launcher's edge hands this process connections whose first request is
  // public (ADR 0009); a later request on such a connection that is the API's goes on to the gateway.
  const toGateway = options.gatewayUrls
    ? passThrough({
        targets: options.gatewayUrls,
        metrics: options.metrics,
        errorMetric: {
          name: 'verification_gateway_upstream_errors_total',
          help: 'API requests on handed-over connections the gateway could not take (503)',
        },
        unavailable: 'The API is temporarily unavailable',
        sendError: (res, e) => sendJson(res, e.httpStatus, e.toJSON()),
        keepHost: true,
        forwardExpect: true,
      })
    : undefined;
  /** An API request on a connection the edge handed here: the gateway's. */
  const forGateway = (req: http.IncomingMessage) =>
    toGateway !== undefined &&
    isHandedConnection(req.socket) &&
    !isPublicVerificationRequest(req.method ?? 'GET', (req.url ?? '/').split('?', 1)[0]!);
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse, seen: { route: string }): Promise<void> => {
    // Every request counts against the client's per-IP limit (docs/contract.md "Limits"), 404s included.
    if (options.limit && !(await options.limit(req, res))) {
      if (!req.complete) discardRequestBody(req);
      seen.route = 'rate_limited';
      return;
    }
    // Reached from an ingress directly: the same header rules as the gateway's edge.
    const refused = singleHeaderProblem(req);
    if (refused) throw refused;
    const url = req.url ?? '/';
    const path = url.split('?', 1)[0] ?? '/';
    if (!path.startsWith('/') || path.length > MAX_PATH) throw new AppError('NOT_FOUND', 'Route not found');
    const method = req.method ?? 'GET';
    for (const route of PUBLIC_ROUTES) {
      if (!(route.methods ?? DEFAULT_METHODS).includes(method)) continue;
      const match = route.pattern.exec(path);
      if (match) {
        seen.route = route.name;
        try {
          await route.handle(req, res, match, ctx);
        } catch (err) {
          throw new RouteFailure(route, err);
        }
        return;
      }
    }
    throw new AppError('NOT_FOUND', 'Route not found');
  };
  const server = http.createServer({ requireHostHeader: false }, (req, res) => {
    if (forGateway(req)) {
      toGateway!(req, res);
      return;
    }
    const started = performance.now();
    // Every answer names its request (the gateway's rule): a well-formed X-Request-Id from the
    // caller (the gateway's pass-through forwards the client's) is kept, else a new one.
    const incoming = req.headers['x-request-id'];
    res.setHeader('X-Request-Id', typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID());
    const seen = { route: 'unmatched' };
    res.once('finish', () => stats.record(seen.route, req.method ?? 'GET', res.statusCode, (performance.now() - started) / 1000));
    handle(req, res, seen).catch((thrown: unknown) => {
      const route = thrown instanceof RouteFailure ? thrown.route : undefined;
      const err = thrown instanceof RouteFailure ? thrown.error : thrown;
      const e = toAppError(err);
      if (e.code === 'INTERNAL_ERROR') logger.error({ err, path: redactUrl(req.url ?? '') }, 'public request failed'); // claim links carry ?token=
      if (res.headersSent) {
        res.end();
        return;
      }
      // A body we did not read to the end (a 413 answered early, a refused upload): read and
      // discard the rest within a budget rather than resetting a client that is still sending.
      if (!req.complete) discardRequestBody(req);
      if (route?.html) sendHtml(res, e.httpStatus, errorPage(e.httpStatus, e.message));
      else sendJson(res, e.httpStatus, e.toJSON());
    });
  });
  const drain = drainableHttpServer(server);
  // Requests node's parser refuses get the JSON error shape too (not a bare 400/431).
  installClientErrorHandler(server);
  // Expect: 100-continue with a declared body over the route's limit: a final 413, not 100 Continue.
  server.on('checkContinue', (req: http.IncomingMessage, res: http.ServerResponse) => {
    // The gateway decides on its own requests' bodies (the 100 it sends is passed back).
    if (forGateway(req)) {
      toGateway!(req, res);
      return;
    }
    const refused = refuseBeforeContinue(req);
    if (!refused) {
      res.writeContinue();
      server.emit('request', req, res);
      return;
    }
    // Final: the client should not send the body; one that sends it anyway reads the 413 first.
    sendJson(res, refused.httpStatus, refused.toJSON(), { closeAfterBodyOf: req });
  });
  server.keepAliveTimeout = 65000;
  server.headersTimeout = 10000;
  server.requestTimeout = 30000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => resolve());
  });
  const handed = acceptHandedConnections(server, options.handedConnections ?? false);
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      handed.stopAccepting();
      await drain();
      toGateway?.close();
      stats.stop();
    },
  };
}
