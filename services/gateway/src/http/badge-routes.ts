import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import { AppError, readMultipart } from '@cred/runtime';
import type { Upstreams } from '../upstream/clients.js';
import { badgeInput } from '../upstream/issuance-input.js';
import { pathId, requestIdOf } from './body.js';
import { forwardedIdempotency, forwardIdempotency, REPLAYED_HEADER } from './idempotency.js';
import { scopeOf } from './org-scope.js';
import { actingCall } from './acting-call.js';
import { credentialStatus, type CredentialJson } from '../openapi/schemas/credentials.js';
import type { BadgeJson } from '../openapi/schemas/badges.js';
import { validateQuery } from './validate.js';
import { BadgeListQuery } from '../openapi/schemas/queries.js';
import { documentedRouter, type DocumentedRouter } from './routes-kit.js';

/** docs/contract.md "Requests and bodies": badge images at most 2 MiB. */
export const MAX_BADGE_IMAGE_BYTES = 2 * 1024 * 1024;
/** Multipart framing around the file; beyond this the upload is cut off without reading it all. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

type IssuanceClient = Upstreams['issuance'];
type BadgeMessage = Awaited<ReturnType<IssuanceClient['GetBadge']>>;
type CredentialMessage = Awaited<ReturnType<IssuanceClient['GetCredential']>>;

/** A badge template as docs/contract.md shows it. */
export function badgeJson(b: BadgeMessage): BadgeJson {
  return {
    id: b.id,
    name: b.name,
    slug: b.slug,
    description: b.description,
    criteria: b.criteria,
    imageUrl: b.image_url ?? null,
    expiresInDays: b.expires_in_days ?? null,
    tags: b.tags ?? [],
    isActive: b.is_active,
    achievementType: b.achievement_type ?? null,
    alignments: (b.alignments ?? []).map((a) => ({
      targetName: a.target_name,
      targetUrl: a.target_url,
      targetFramework: a.target_framework ?? null,
      targetCode: a.target_code ?? null,
    })),
    resultDescriptions: (b.result_descriptions ?? []).map((d) => ({
      id: d.id,
      name: d.name,
      resultType: d.result_type,
      allowedValues: d.allowed_values ?? [],
      requiredValue: d.required_value ?? null,
      valueMin: d.value_min ?? null,
      valueMax: d.value_max ?? null,
    })),
    createdAt: b.created_at,
    publicUrl: b.public_url,
    achievementUrl: b.achievement_url,
  };
}

/** A credential list item (docs/contract.md "Resources" plus revocationReason, docs/contract.md "Requests and bodies"). */
export function credentialJson(c: CredentialMessage): CredentialJson {
  return {
    id: c.id,
    credentialId: c.credential_id,
    badgeId: c.badge_id,
    badgeName: c.badge_name,
    recipientName: c.recipient_name,
    recipientEmail: c.recipient_email,
    status: credentialStatus(c.status),
    issuanceDate: c.issuance_date,
    expirationDate: c.expiration_date ?? null,
    claimedAt: c.claimed_at ?? null,
    revokedAt: c.revoked_at ?? null,
    revocationReason: c.revocation_reason ?? null,
    isPublic: c.is_public,
    verificationUrl: c.verification_url,
    supersedesCredentialId: c.supersedes_credential_id ?? null,
    supersededByCredentialId: c.superseded_by_credential_id ?? null,
  };
}

export async function listBadgesJson(issuance: IssuanceClient, organizationId: string, req: Request, requestId: string) {
  // `limit` (1-100, default 50), `offset` (0-1,000,000, default 0), `active` (true/false): docs/contract.md "Requests and bodies", no clamping.
  const q = validateQuery(BadgeListQuery, req.query);
  const r = await issuance.ListBadges({ organization_id: organizationId, ...q }, { requestId });
  return { data: (r.badges ?? []).map(badgeJson), pagination: { limit: r.limit, offset: r.offset, total: r.total } };
}

interface Upload {
  data: Buffer;
  mimeType: string;
}

/**
 * Reads the multipart field `image` (one file, at most 2 MiB; nothing else in the form). The
 * declared type is passed on for logging only: the issuance service decides the type from the
 * bytes. A truncated, malformed or aborted upload is a 400 (@cred/runtime readMultipart).
 */
export async function readImageUpload(req: IncomingMessage): Promise<Upload> {
  const onlyImage = (name: string) => AppError.validation(name.slice(0, 64) || 'image', 'The only multipart field is the file "image"');
  const form = await readMultipart(req, {
    field: 'image',
    maxFileBytes: MAX_BADGE_IMAGE_BYTES,
    overheadBytes: MULTIPART_OVERHEAD_BYTES,
    limits: { files: 1, fields: 0, parts: 2, headerPairs: 20 },
    onFile: (name) => (name === 'image' ? 'keep' : onlyImage(name)),
    onField: (name) => onlyImage(name),
    errors: {
      tooLarge: () =>
        new AppError('PAYLOAD_TOO_LARGE', 'image must be at most 2 MiB', { field: 'image', limitBytes: MAX_BADGE_IMAGE_BYTES }),
      noBoundary: () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be multipart/form-data with a file field "image"'),
      tooManyFields: () => onlyImage('image'),
      tooManyFiles: () => AppError.validation('image', 'Upload one file only'),
      tooManyParts: () => AppError.validation('image', 'Upload one file only'),
    },
  });
  const file = form.files[0];
  if (!file) throw AppError.validation('image', 'image is required (multipart file field "image")');
  return { data: file.bytes, mimeType: file.mimeType ?? '' };
}

/**
 * Fingerprint of an image upload for Idempotency-Key: the badge of the path and the bytes read
 * (res.locals.upload), so the same file sent again is the same request, and another file, or
 * the same file for another badge, is another (422 under one key).
 */
function uploadFingerprint(req: Request, res: Response): string {
  const upload = res.locals.upload as Upload | undefined;
  return createHash('sha256')
    .update(`${String(req.params.badgeId)}\n`)
    .update(upload?.data ?? Buffer.alloc(0))
    .digest('base64url');
}

/**
 * Badge templates of an organization: for its members under `/api/organizations/:orgId` and for
 * API keys under `/api/v1`, mounted after the authentication that sets the organization scope
 * (./org-scope.ts). Bodies go to the issuance service as BadgeInput messages
 * (../upstream/issuance-input.ts checks their JSON shape; issuance checks every value). The image
 * upload reads its own multipart body, so app.ts lets multipart through on its path only. The
 * POSTs honour Idempotency-Key: issuance keeps the record with the badge it creates or changes
 * (forwardIdempotency, docs/decisions.md "Idempotency-Key"), and a retry is answered the
 * stored badge, rendered as the first answer was, with Idempotent-Replayed: true.
 */
export function badgeRoutes(upstreams: Pick<Upstreams, 'issuance'>): DocumentedRouter {
  const router = documentedRouter(['/api/organizations/{orgId}', '/api/v1']);
  const issuance = upstreams.issuance;

  router.post('/badges', forwardIdempotency('badges.create'), async (req, res) => {
    const scope = scopeOf(res);
    const badge = await issuance.CreateBadge(
      { organization_id: scope.organizationId, badge: badgeInput(req.body ?? {}, 'create'), idempotency: forwardedIdempotency(res) },
      actingCall(res),
    );
    if (badge.idempotent_replay) res.set(REPLAYED_HEADER, 'true');
    res.status(201).location(`${scope.basePath}/badges/${badge.id}`).json(badgeJson(badge));
  });

  router.get('/badges', async (req, res) => {
    res.status(200).json(await listBadgesJson(issuance, scopeOf(res).organizationId, req, requestIdOf(res)));
  });

  router.get('/badges/{badgeId}', async (req, res) => {
    const badge = await issuance.GetBadge(
      { organization_id: scopeOf(res).organizationId, badge_id: pathId(req, 'badgeId') },
      { requestId: requestIdOf(res) },
    );
    res.status(200).json(badgeJson(badge));
  });

  router.patch('/badges/{badgeId}', async (req, res) => {
    const badgeId = pathId(req, 'badgeId');
    const badge = await issuance.UpdateBadge(
      { organization_id: scopeOf(res).organizationId, badge_id: badgeId, badge: badgeInput(req.body ?? {}, 'update') },
      actingCall(res),
    );
    res.status(200).json(badgeJson(badge));
  });

  // 204 when deleted; 200 with the badge when it has credentials and was deactivated instead.
  router.delete('/badges/{badgeId}', async (req, res) => {
    const r = await issuance.DeleteBadge(
      { organization_id: scopeOf(res).organizationId, badge_id: pathId(req, 'badgeId') },
      actingCall(res),
    );
    if (r.deleted || !r.badge) res.status(204).end();
    else res.status(200).json(badgeJson(r.badge));
  });

  router.post(
    '/badges/{badgeId}/image',
    async (req, res, next) => {
      pathId(req, 'badgeId');
      scopeOf(res);
      if (!req.is('multipart/form-data'))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be multipart/form-data with a file field "image"');
      res.locals.upload = await readImageUpload(req);
      next();
    },
    forwardIdempotency('badges.image', { fingerprint: uploadFingerprint }),
    async (req, res) => {
      const upload = res.locals.upload as Upload;
      const badge = await issuance.SetBadgeImage(
        {
          organization_id: scopeOf(res).organizationId,
          badge_id: pathId(req, 'badgeId'),
          data: upload.data,
          declared_content_type: upload.mimeType,
          idempotency: forwardedIdempotency(res),
        },
        actingCall(res, { deadlineMs: 30000 }),
      );
      if (badge.idempotent_replay) res.set(REPLAYED_HEADER, 'true');
      res.status(200).json(badgeJson(badge));
    },
  );

  return router;
}
