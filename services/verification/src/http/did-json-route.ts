import { AppError } from '@cred/runtime';
import type { VerificationContext } from '../app/context.js';
import { didDocumentForSlug } from '../app/issuer-documents.js';
import { isSlug } from '../domain/identifiers.js';
import { sendJson, type Route } from './respond.js';

/** GET /issuers/{slug}/did.json — the issuer's DID document (did:web; every non-revoked key). */
export const didJsonRoute: Route<VerificationContext> = {
  name: 'did-json',
  pattern: /^\/issuers\/([^/]+)\/did\.json$/,
  async handle(_req, res, match, ctx) {
    const slug = match[1]!;
    const doc = isSlug(slug) ? await didDocumentForSlug(ctx.db, ctx.baseUrl, slug) : null;
    if (!doc) throw AppError.notFound('Issuer not found');
    sendJson(res, 200, doc, { contentType: 'application/did+json', cacheControl: 'public, max-age=60', cors: true });
  },
};
