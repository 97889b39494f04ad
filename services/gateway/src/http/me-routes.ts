import { AppError } from '@cred/runtime';
import type { SessionVerifier } from '../auth/session-verifier.js';
import type { Upstreams } from '../upstream/clients.js';
import { requestIdOf } from './body.js';
import { credentialJson } from './badge-routes.js';
import { requireSession } from './session-auth.js';
import type { RecipientCredentialJson } from '../openapi/schemas/credentials.js';
import { validateQuery } from './validate.js';
import { MyCredentialsQuery } from '../openapi/schemas/queries.js';
import { documentedRouter, type DocumentedRouter } from './routes-kit.js';

/**
 * /api/me: the signed-in user as a recipient (session JWT, any user, no organization needed).
 *
 * `GET /api/me/credentials?limit&offset`: every credential issued to the user's e-mail address
 * in any organization, private ones included, newest first (issuanceDate desc, id desc), each
 * a credential list item plus `issuerName` and `badgeImageUrl`. The address and whether it is
 * verified come from accounts' current record, not from the session's claims: an address
 * verified after sign-in counts at once, and an address that is not verified (yet) shows
 * nothing, since anyone can sign up with anyone's address (403).
 */
export function meRoutes(upstreams: Pick<Upstreams, 'accounts' | 'issuance'>, verifySession: SessionVerifier): DocumentedRouter {
  const router = documentedRouter(['/api/me']);
  router.use(requireSession(verifySession));

  router.get('/credentials', async (req, res) => {
    const { limit, offset } = validateQuery(MyCredentialsQuery, req.query);
    const requestId = requestIdOf(res);
    const user = await upstreams.accounts.GetUser({ user_id: String(res.locals.userId) }, { requestId });
    if (!user.email_verified) throw AppError.forbidden('Verify your e-mail address to see the credentials issued to it');
    const r = await upstreams.issuance.ListRecipientCredentials({ email: user.email, limit, offset }, { requestId });
    const data: RecipientCredentialJson[] = (r.credentials ?? []).map((item) => ({
      ...credentialJson(item.credential!),
      issuerName: item.issuer_name,
      badgeImageUrl: item.badge_image_url ?? null,
    }));
    res.status(200).json({ data, pagination: { limit: r.limit, offset: r.offset, total: r.total } });
  });

  return router;
}
