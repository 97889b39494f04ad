import type { VerificationContext } from '../app/context.js';
import { loadViewableCredential } from '../app/credential-access.js';
import { parseCredentialRef } from '../domain/identifiers.js';
import { sendText, type Route } from './respond.js';

/**
 * GET /credentials/{id}/ob3 — the signed OB 3.0 credential, byte for byte as issued
 * (application/ld+json). Private credentials: 403 unless the owner's session is presented.
 */
export const credentialOb3Route: Route<VerificationContext> = {
  name: 'credential-ob3',
  pattern: /^\/credentials\/([^/]+)\/ob3$/,
  async handle(req, res, match, ctx) {
    const credential = await loadViewableCredential(ctx, parseCredentialRef(match[1]!), req.headers);
    // Serving the document is not a verification: no checks ran, so the outcome says so.
    ctx.recorder.record({
      credentialUuid: credential.uuid,
      organizationId: credential.organizationId,
      badgeId: credential.badgeId,
      channel: 'ob3',
      outcome: 'served',
    });
    sendText(res, 200, credential.ob3Json, {
      contentType: 'application/ld+json',
      ...(credential.isPublic
        ? // no-cache: making a credential private must take effect at once, also in shared caches.
          { cacheControl: 'no-cache', cors: true, varyAuthorization: true }
        : { cacheControl: 'private, no-store', varyAuthorization: true }),
    });
  },
};
