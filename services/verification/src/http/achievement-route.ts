import { buildAchievement } from '@cred/ob3';
import { AppError } from '@cred/runtime';
import type { VerificationContext } from '../app/context.js';
import { badgeStore } from '../db/badge-store.js';
import { isSlug } from '../domain/identifiers.js';
import { sendJson, type Route } from './respond.js';

/**
 * GET /achievements/{org_slug}/{badge_slug} — the badge as an OB 3.0 Achievement (JSON-LD).
 * Deactivated badges stay published: credentials issued from them still point here.
 */
export const achievementRoute: Route<VerificationContext> = {
  name: 'achievement',
  pattern: /^\/achievements\/([^/]+)\/([^/]+)$/,
  async handle(_req, res, match, ctx) {
    const orgSlug = match[1]!;
    const badgeSlug = match[2]!;
    const badge = isSlug(orgSlug) && isSlug(badgeSlug) ? await badgeStore.findBySlugs(ctx.db, orgSlug, badgeSlug) : undefined;
    if (!badge) throw AppError.notFound('Achievement not found');
    const doc = buildAchievement({
      url: badge.achievementUrl ?? `${ctx.baseUrl}/achievements/${orgSlug}/${badgeSlug}`,
      name: badge.name,
      // OB 3.0 requires both; a template saved without them still gets a well-formed document.
      description: badge.description.trim() || badge.name,
      criteriaNarrative: badge.criteria.trim() || badge.description.trim() || badge.name,
      imageUrl: badge.imageUrl,
      tags: badge.tags,
      achievementType: badge.achievementType,
      alignments: badge.alignments,
      resultDescriptions: badge.resultDescriptions,
    });
    sendJson(res, 200, doc, { contentType: 'application/ld+json', cacheControl: 'public, max-age=300', cors: true });
  },
};
