import { buildIssuerProfile } from '@cred/ob3';
import { AppError } from '@cred/runtime';
import type { VerificationContext } from '../app/context.js';
import { issuerDid } from '../app/issuer-documents.js';
import { organizationStore } from '../db/organization-store.js';
import { isSlug } from '../domain/identifiers.js';
import { sendJson, type Route } from './respond.js';

/**
 * GET /issuers/{slug} — the issuer's OB 3.0 Profile (JSON-LD). Its id is the issuer DID, whose
 * document lives one level down at /issuers/{slug}/did.json (docs/standards.md "did:web and keys"). An
 * organization still awaiting approval has issued nothing and is not published.
 */
export const issuerProfileRoute: Route<VerificationContext> = {
  name: 'issuer-profile',
  pattern: /^\/issuers\/([^/]+)$/,
  async handle(_req, res, match, ctx) {
    const slug = match[1]!;
    const org = isSlug(slug) ? await organizationStore.findBySlug(ctx.db, slug) : undefined;
    const did = org && org.status !== 'pending_approval' ? issuerDid(ctx.baseUrl, slug) : null;
    if (!org || !did) throw AppError.notFound('Issuer not found');
    const profile = buildIssuerProfile({ did, name: org.name, url: `${ctx.baseUrl}/issuers/${slug}` });
    sendJson(res, 200, profile, { contentType: 'application/ld+json', cacheControl: 'public, max-age=300', cors: true });
  },
};
