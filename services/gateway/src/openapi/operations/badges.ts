import { Badge, BadgeInput, BadgeList } from '../schemas/badges.js';
import { badgeId, cacheControl, common, error, json, multipartBody, ok, orgId, rateHeaders, session } from './shared.js';
import type { PathItems } from './shared.js';
import { queryParameters } from '../kit.js';
import { BadgeListQuery } from '../schemas/queries.js';

export const badgesPaths = {
  '/api/organizations/{orgId}/badges': {
    parameters: [orgId],
    post: {
      summary: 'Create a badge template',
      description: 'name, description and criteria are required; the slug is derived from the name (made unique) unless given.',
      security: session,
      requestBody: { required: true, content: json({ allOf: [BadgeInput, { required: ['name', 'description', 'criteria'] }] }) },
      responses: {
        '201': {
          description: 'Created. Location: the badge.',
          headers: { ...rateHeaders, Location: { schema: { type: 'string' }, description: 'badges/{badgeId}, relative to this URL.' } },
          content: json(Badge),
        },
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND: not a member'),
        '409': error('CONFLICT (details.field = slug): the slug is used by another badge of the organization.'),
        ...common,
      },
    },
    get: {
      summary: "The organization's badge templates, newest first (same query and answer as GET /api/v1/badges)",
      security: session,
      parameters: queryParameters(BadgeListQuery),
      responses: {
        ...ok('200', 'A page of badges.', BadgeList),
        '400': common['400'],
        '401': error('UNAUTHORIZED'),
        '404': error('NOT_FOUND: not a member'),
        '429': common['429'],
      },
    },
  },
  '/api/organizations/{orgId}/badges/{badgeId}': {
    parameters: [orgId, badgeId],
    get: {
      summary: 'One badge template',
      security: session,
      responses: {
        ...ok('200', 'The badge.', Badge),
        '401': error('UNAUTHORIZED'),
        '404': error("NOT_FOUND: unknown or another organization's badge."),
        '429': common['429'],
      },
    },
    patch: {
      summary: 'Change a badge template (only the fields sent)',
      description:
        '`null` clears imageUrl and expiresInDays and is refused for the other fields. Credentials already issued keep what they ' +
        'were signed with; renewals use the template as it is then.',
      security: session,
      requestBody: { required: true, content: json(BadgeInput) },
      responses: {
        ...ok('200', 'The badge.', Badge),
        '401': error('UNAUTHORIZED'),
        '404': error("NOT_FOUND: unknown or another organization's badge."),
        '409': error(
          'CONFLICT (details.field = slug): the slug is taken, or it cannot change because credentials were issued from the badge.',
        ),
        ...common,
      },
    },
    delete: {
      summary: 'Delete a badge template; one with credentials is deactivated instead',
      security: session,
      responses: {
        '204': { description: 'Deleted.', headers: rateHeaders },
        ...ok('200', 'The badge had credentials: it was deactivated (isActive false) instead, and is returned.', Badge),
        '401': error('UNAUTHORIZED'),
        '404': error("NOT_FOUND: unknown or another organization's badge."),
        '429': common['429'],
      },
    },
  },
  '/api/organizations/{orgId}/badges/{badgeId}/image': {
    parameters: [orgId, badgeId],
    post: {
      summary: "Upload the badge's image (PNG, JPEG, WebP or SVG, at most 2 MiB)",
      description:
        'multipart/form-data with exactly one part, the file `image`. The type is decided from the bytes; scriptable or ' +
        'malformed SVG is refused. The badge then gets an imageUrl under /images/badges/{badgeId}/.',
      security: session,
      requestBody: multipartBody({
        type: 'object',
        additionalProperties: false,
        required: ['image'],
        properties: { image: { type: 'string', format: 'binary', contentMediaType: 'image/*' } },
      }),
      responses: {
        ...ok('200', 'The badge with its new imageUrl.', Badge),
        '400': error('VALIDATION_ERROR (details.field = image): missing, empty, not a PNG/JPEG/WebP/SVG, refused SVG, other fields.'),
        '401': error('UNAUTHORIZED'),
        '404': error("NOT_FOUND: unknown or another organization's badge."),
        '413': error('PAYLOAD_TOO_LARGE (details.field = image, details.limitBytes): larger than 2 MiB.'),
        '415': error('UNSUPPORTED_MEDIA_TYPE: not multipart/form-data.'),
        '429': common['429'],
      },
    },
  },
  '/images/badges/{badgeId}/{file}': {
    parameters: [
      badgeId,
      {
        name: 'file',
        in: 'path',
        required: true,
        description: 'The SHA-256 (hex) of the image bytes and its extension, as in the badge imageUrl.',
        schema: { type: 'string', pattern: '^[0-9a-f]{64}\\.(png|jpg|webp|svg)$' },
      },
    ],
    get: {
      summary: 'A badge image (public, content-addressed, immutable)',
      description: 'Cross-origin readable; an SVG is served with a sandboxing Content-Security-Policy.',
      parameters: [{ name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } }],
      responses: {
        '200': {
          description: 'The image bytes as uploaded.',
          headers: {
            ...rateHeaders,
            'Cache-Control': cacheControl('public, max-age=31536000, immutable'),
            ETag: { schema: { type: 'string' }, description: 'The quoted content hash.' },
          },
          content: {
            'image/png': { schema: { type: 'string', format: 'binary' } },
            'image/jpeg': { schema: { type: 'string', format: 'binary' } },
            'image/webp': { schema: { type: 'string', format: 'binary' } },
            'image/svg+xml': { schema: { type: 'string' } },
          },
        },
        '304': { description: 'Not modified (If-None-Match matched the ETag).', headers: rateHeaders },
        '404': error('NOT_FOUND'),
        '429': common['429'],
      },
    },
  },
} satisfies PathItems;
