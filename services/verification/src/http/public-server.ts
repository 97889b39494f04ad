import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from '@cred/db';
import { AppError, toAppError, type Logger } from '@cred/runtime';
import { buildDidDocument, didWebForOrg } from '@cred/ob3';
import { issuerKeyStore } from '../db/issuer-key-store.js';

export interface PublicServerDeps {
  db: Knex;
  logger: Logger;
  baseUrl: string;
}

const DID_JSON = /^\/issuers\/([a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)\/did\.json$/;

function sendJson(res: http.ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': `${contentType}; charset=utf-8`, 'content-length': Buffer.byteLength(text), 'cache-control': status === 200 ? 'public, max-age=60' : 'no-store' });
  res.end(text);
}

/**
 * The public HTTP surface of verification (reached through the gateway, or directly from
 * an ingress). Built on node:http; the framework for the hot verify path is chosen by
 * benchmark in the verification issue.
 */
export async function startPublicServer(port: number, deps: PublicServerDeps): Promise<{ port: number; close(): Promise<void> }> {
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new AppError('NOT_FOUND', 'Route not found');
    const did = DID_JSON.exec(path);
    if (did) {
      const slug = did[1]!;
      const keys = await issuerKeyStore.listPublishedBySlug(deps.db, slug);
      if (keys.length === 0) throw AppError.notFound('Issuer not found');
      const id = didWebForOrg(deps.baseUrl, slug);
      const doc = buildDidDocument(id, keys.map((k) => ({ n: k.sequence, publicKeyMultibase: k.publicKeyMultibase })));
      sendJson(res, 200, doc, 'application/did+json');
      return;
    }
    throw new AppError('NOT_FOUND', 'Route not found');
  };
  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const e = toAppError(err);
      if (e.code === 'INTERNAL_ERROR') deps.logger.error({ err, url: req.url }, 'public request failed');
      if (!res.headersSent) sendJson(res, e.httpStatus, e.toJSON());
      else res.end();
    });
  });
  server.keepAliveTimeout = 65000;
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
