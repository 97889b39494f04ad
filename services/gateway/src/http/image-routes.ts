import { AppError } from '@cred/runtime';
import type { Upstreams } from '../upstream/clients.js';
import { pathId, requestIdOf } from './body.js';
import { documentedRouter, type DocumentedRouter } from './routes-kit.js';

const FILE_RE = /^([0-9a-f]{64})\.(png|jpg|webp|svg)$/;

/**
 * Public badge images: `GET /images/badges/{badgeId}/{sha256}.{ext}`. The name is the hash of
 * the bytes, so a response never changes: cached for a year, immutable. Images are embedded
 * in other sites and in signed credentials, hence cross-origin readable; an SVG is served
 * with a sandboxing CSP so that, opened directly, it cannot run anything (the issuance
 * service already refuses scriptable SVG; this is the second line).
 */
export function imageRoutes(upstreams: Pick<Upstreams, 'issuance'>): DocumentedRouter {
  const router = documentedRouter(['']);
  router.get('/images/badges/{badgeId}/{file}', async (req, res) => {
    const badgeId = pathId(req, 'badgeId');
    const m = FILE_RE.exec(String(req.params.file ?? ''));
    if (!m) throw AppError.notFound('Image not found');
    const [, contentHash, extension] = m as unknown as [string, string, string];
    const etag = `"${contentHash}"`;
    const image = await upstreams.issuance.GetBadgeImage(
      { badge_id: badgeId, content_hash: contentHash, extension, organization_id: '' },
      { requestId: requestIdOf(res) },
    );
    res.set({
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    res.status(200).type(image.content_type).send(Buffer.from(image.data));
  });
  return router;
}
