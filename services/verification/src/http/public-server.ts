import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError, toAppError, type Logger } from '@cred/runtime';
import type { VerificationContext } from '../app/context.js';
import { achievementRoute } from './achievement-route.js';
import { credentialOb3Route } from './credential-ob3-route.js';
import { didJsonRoute } from './did-json-route.js';
import { issuerProfileRoute } from './issuer-profile-route.js';
import { sendJson, type Route } from './respond.js';
import { verifyRoute } from './verify-route.js';

const ROUTES: ReadonlyArray<Route<VerificationContext>> = [
  verifyRoute,
  credentialOb3Route,
  didJsonRoute,
  issuerProfileRoute,
  achievementRoute,
];

/** Longest path we look at; real ones are under 100 characters. */
const MAX_PATH = 2048;

/**
 * The public HTTP surface of verification (reached through the gateway, or directly from an
 * ingress). Plain node:http with one module per route (src/http/*-route.ts); the framework for
 * the hot path is chosen by benchmark later. Paths are matched undecoded: identifiers and slugs
 * only use unreserved characters, so anything percent-encoded, dotted or oversized is simply
 * not found, and nothing reaches a store that a pattern did not accept first.
 */
export async function startPublicServer(
  port: number,
  ctx: VerificationContext,
  logger: Logger,
): Promise<{ port: number; close(): Promise<void> }> {
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = req.url ?? '/';
    const path = url.split('?', 1)[0] ?? '/';
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new AppError('NOT_FOUND', 'Route not found');
    if (!path.startsWith('/') || path.length > MAX_PATH) throw new AppError('NOT_FOUND', 'Route not found');
    for (const route of ROUTES) {
      const match = route.pattern.exec(path);
      if (match) {
        await route.handle(req, res, match, ctx);
        return;
      }
    }
    throw new AppError('NOT_FOUND', 'Route not found');
  };
  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const e = toAppError(err);
      if (e.code === 'INTERNAL_ERROR') logger.error({ err, path: (req.url ?? '').slice(0, 200) }, 'public request failed');
      if (!res.headersSent) sendJson(res, e.httpStatus, e.toJSON());
      else res.end();
    });
  });
  server.keepAliveTimeout = 65000;
  server.headersTimeout = 10000;
  server.requestTimeout = 30000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
