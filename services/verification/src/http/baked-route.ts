import type { VerificationContext } from '../app/context.js';
import { AppError } from '@cred/runtime';
import { assertViewable } from '../app/credential-access.js';
import { parseCredentialRef } from '../domain/identifiers.js';
import type { Route } from './respond.js';

/**
 * GET /api/credentials/{id}/baked: the badge image as PNG with exactly one iTXt chunk
 * `openbadgecredential` holding the signed credential, byte for byte as stored (OB3-NOTES 4.1).
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
    res.writeHead(200, {
      'content-type': 'image/png',
      'content-length': png.length,
      'content-disposition': `attachment; filename="${credential.credentialId}.png"`,
      'cache-control': credential.isPublic ? 'no-cache' : 'private, no-store',
      vary: 'Cookie, Authorization',
      'x-content-type-options': 'nosniff',
      ...(credential.isPublic ? { 'access-control-allow-origin': '*' } : {}),
    });
    res.end(png);
  },
};
