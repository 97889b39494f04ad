import { AppError } from '@cred/runtime';
import type { VerificationContext } from '../app/context.js';
import { isSlug } from '../domain/identifiers.js';
import { notModified } from './conditional.js';
import type { Route } from './respond.js';

/**
 * Seconds a client may keep a list without asking again. Together with this replica's cache
 * (READ_MODEL_CACHE_MS) it bounds how late a revocation reaches a verifier that honours it.
 */
export const STATUS_LIST_MAX_AGE_S = 5;

/**
 * GET/HEAD /issuers/{slug}/status/{listNumber}: the organization's signed revocation list
 * (BitstringStatusListCredential, ADR 0007), as issuance signed it. ETag over its bytes, a
 * short public max-age, and 304 for a matching If-None-Match.
 */
export const statusListRoute: Route<VerificationContext> = {
  name: 'status-list',
  pattern: /^\/issuers\/([^/]+)\/status\/([1-9]\d{0,8})$/,
  async handle(req, res, match, ctx) {
    const slug = match[1]!;
    const list = isSlug(slug) ? await ctx.statusLists.get(slug, Number(match[2])) : null;
    if (!list) throw AppError.notFound('Status list not found');
    const headers: Record<string, string | number> = {
      etag: list.etag,
      'cache-control': `public, max-age=${STATUS_LIST_MAX_AGE_S}`,
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'ETag',
      'x-content-type-options': 'nosniff',
    };
    if (notModified(req.headers['if-none-match'], list.etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(200, {
      ...headers,
      'content-type': 'application/ld+json; charset=utf-8',
      'content-length': Buffer.byteLength(list.json),
    });
    res.end(req.method === 'HEAD' ? undefined : list.json);
  },
};
