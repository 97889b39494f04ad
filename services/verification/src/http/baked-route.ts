import type { VerificationContext } from '../app/context.js';
import { AppError } from '@cred/runtime';
import { assertViewable } from '../app/credential-access.js';
import { parseCredentialRef } from '../domain/identifiers.js';
import { sendCachedBytes } from './conditional.js';
import type { Route } from './respond.js';

/** Seconds a public baked PNG may be kept (it is withheld once its credential goes private). */
export const BAKED_MAX_AGE_S = 60;

/**
 * GET /api/credentials/{id}/baked: the badge image as PNG with exactly one iTXt chunk
 * `openbadgecredential` holding the signed credential, byte for byte as stored (docs/standards.md "Baking").
 * Private credentials: 403 unless the owner's session is presented (same rule as /api/verify).
 */
export const bakedRoute: Route<VerificationContext> = {
  name: 'baked',
  pattern: /^\/api\/credentials\/([^/]+)\/baked$/,
  async handle(req, res, match, ctx) {
    const ref = parseCredentialRef(match[1]!);
    const found = ref ? await ctx.readModel.find(ref) : undefined;
    if (!found) throw AppError.notFound('Credential not found');
    const { credential } = found;
    await assertViewable(ctx, credential, req.headers);
    const png = await ctx.baked.bake(credential);
    // A download, not a verification: no checks ran (like the OB3 document route).
    ctx.recorder.record({
      credentialUuid: credential.uuid,
      organizationId: credential.organizationId,
      badgeId: credential.badgeId,
      channel: 'baked',
      outcome: 'served',
    });
    // The bytes (the stored credential in the badge image) do not change with the status, only
    // whether they are shown (visibility): a short public max-age bounds how long a shared cache
    // keeps serving a credential made private; ETag and 304 make revalidation free.
    sendCachedBytes(req, res, png, {
      'content-type': 'image/png',
      'content-disposition': `attachment; filename="${credential.credentialId}.png"`,
      'cache-control': credential.isPublic ? `public, max-age=${BAKED_MAX_AGE_S}` : 'private, no-store',
      vary: 'Cookie, Authorization',
      'x-content-type-options': 'nosniff',
      ...(credential.isPublic ? { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'ETag' } : {}),
    });
  },
};
