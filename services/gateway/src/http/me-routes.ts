import { AppError } from '@cred/runtime';
import type { SessionVerifier } from '../auth/session-verifier.js';
import type { Upstreams } from '../upstream/clients.js';
import { requestIdOf } from './body.js';
import { credentialJson } from './badge-routes.js';
import { requireSession } from './session-auth.js';
import type { RecipientCredentialJson } from '../openapi/schemas/credentials.js';
import { validateQuery } from './validate.js';
import { MyCredentialsQuery, NoQuery } from '../openapi/schemas/queries.js';
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
 *
 * `GET /api/me/credentials/export`: the same credentials, all of them, in one download
 * (docs/decisions.md, "Download all my credentials"): each signed credential spliced into the
 * document byte for byte as issuance holds it, with the badge image it names when that image is
 * one of this platform's (never fetched from elsewhere). Private data: no-store.
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

  router.get('/credentials/export', async (req, res) => {
    validateQuery(NoQuery, req.query);
    const requestId = requestIdOf(res);
    const user = await upstreams.accounts.GetUser({ user_id: String(res.locals.userId) }, { requestId });
    if (!user.email_verified) throw AppError.forbidden('Verify your e-mail address to see the credentials issued to it');
    const email = user.email.toLowerCase();
    const items: Array<{ id: string }> = [];
    for (let offset = 0; ; offset += EXPORT_PAGE) {
      const r = await upstreams.issuance.ListRecipientCredentials({ email: user.email, limit: EXPORT_PAGE, offset }, { requestId });
      const page = r.credentials ?? [];
      items.push(...page.map((item) => ({ id: item.credential!.id })));
      if (page.length < EXPORT_PAGE || offset + page.length >= r.total) break;
    }
    const images = new Map<string, Promise<string>>();
    const entries: string[] = [];
    for (const item of items) {
      const record = await upstreams.issuance.GetCredentialRecord({ credential_ref: item.id }, { requestId });
      const c = record.credential!;
      // The list is scoped to the address already; this keeps anyone else's credential out whatever the list did.
      if (c.recipient_email.toLowerCase() !== email) continue;
      const signed = c.ob3_credential_json;
      const url = imageUrlOf(signed);
      let image = 'null';
      if (url) {
        if (!images.has(url)) images.set(url, badgeImage(upstreams, url, requestId));
        image = await images.get(url)!;
      }
      entries.push(`{"credential":${signed},"image":${image}}`);
    }
    const exportedAt = new Date().toISOString();
    res
      .status(200)
      .set('Content-Disposition', `attachment; filename="credentials-${exportedAt.slice(0, 10)}.json"`)
      .set('Cache-Control', 'no-store')
      .type('application/json')
      .send(`{"exportedAt":${JSON.stringify(exportedAt)},"credentials":[${entries.join(',')}]}`);
  });

  return router;
}

const EXPORT_PAGE = 100;
const IMAGE_PATH = /^\/images\/badges\/([0-9a-f-]{36})\/([0-9a-f]{64})\.(png|jpg|webp|svg)$/;

/** The image the signed credential names (its achievement's image), if any. */
function imageUrlOf(signed: string): string | undefined {
  const doc = JSON.parse(signed) as { credentialSubject?: { achievement?: { image?: { id?: unknown } | string } } };
  const image = doc.credentialSubject?.achievement?.image;
  const id = typeof image === 'string' ? image : image?.id;
  return typeof id === 'string' ? id : undefined;
}

/** `{contentType, dataBase64}` as JSON for one of this platform's badge images; `null` for any other URL or a missing image. */
async function badgeImage(upstreams: Pick<Upstreams, 'issuance'>, url: string, requestId: string): Promise<string> {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return 'null';
  }
  const m = IMAGE_PATH.exec(path);
  if (!m) return 'null';
  const [, badgeId, contentHash, extension] = m as unknown as [string, string, string, string];
  try {
    const image = await upstreams.issuance.GetBadgeImage({ badge_id: badgeId, content_hash: contentHash, extension, organization_id: '' }, { requestId });
    return JSON.stringify({ contentType: image.content_type, dataBase64: Buffer.from(image.data).toString('base64') });
  } catch (e) {
    if (e instanceof AppError && e.code === 'NOT_FOUND') return 'null';
    throw e;
  }
}
