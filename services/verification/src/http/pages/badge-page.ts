import { AppError } from '@cred/runtime';
import type { VerificationContext } from '../../app/context.js';
import { badgeStore } from '../../db/badge-store.js';
import { organizationStore } from '../../db/organization-store.js';
import { isSlug } from '../../domain/identifiers.js';
import type { Badge } from '../../domain/model.js';
import type { Route } from '../respond.js';
import { issuerLine, tagList } from './common.js';
import { achievementDetails } from './content.js';
import { html, layout, sendHtml } from './html.js';

async function publishedBadge(ctx: VerificationContext, orgSlug: string, badgeSlug: string): Promise<Badge> {
  const badge = isSlug(orgSlug) && isSlug(badgeSlug) ? await badgeStore.findBySlugs(ctx.db, orgSlug, badgeSlug) : undefined;
  if (!badge) throw AppError.notFound('Badge not found');
  return badge;
}

/** GET /o/{org_slug}/badges/{badge_slug}: the public badge page, from the badge read model. */
export const badgePageRoute: Route<VerificationContext> = {
  name: 'badge-page',
  pattern: /^\/o\/([^/]+)\/badges\/([^/]+)$/,
  html: true,
  async handle(_req, res, match, ctx) {
    const badge = await publishedBadge(ctx, match[1]!, match[2]!);
    const org = await organizationStore.findById(ctx.db, badge.organizationId);
    if (org?.status === 'pending_approval') throw AppError.notFound('Badge not found');
    const achievementUrl = badge.achievementUrl ?? `${ctx.baseUrl}/achievements/${badge.organizationSlug}/${badge.slug}`;
    const page = layout(
      `${badge.name} — badge`,
      html`<h1>${badge.name}</h1>
${badge.isActive ? '' : html`<p class="card" role="note">This badge is no longer awarded. Credentials already issued stay valid.</p>`}
<section class="card badge" aria-labelledby="about-h">
<img src="/o/${badge.organizationSlug}/badges/${badge.slug}/image.png" alt="Badge image: ${badge.name}" width="160" height="160">
<div>
<h2 id="about-h">About this badge</h2>
${badge.description ? html`<p>${badge.description}</p>` : ''}
${badge.criteria ? html`<h3>Criteria</h3><p>${badge.criteria}</p>` : ''}
${tagList(badge.tags)}
${achievementDetails(badge, true)}
</div>
</section>
<section class="card" aria-labelledby="issuer-h">
<h2 id="issuer-h">Issuer</h2>
<p>${issuerLine(org?.name ?? null, org?.domainVerified ?? false, org?.domain ?? null)}</p>
<dl class="facts">
<dt>Credentials expire</dt><dd>${badge.expiresInDays ? `${badge.expiresInDays} days after issuance` : 'Never'}</dd>
</dl>
<p><a href="${achievementUrl}">Open Badges 3.0 achievement (JSON-LD)</a></p>
</section>`,
      { description: badge.description.slice(0, 200) },
    );
    sendHtml(res, 200, page, { headers: { 'cache-control': 'public, max-age=60' } });
  },
};

/** GET /o/{org_slug}/badges/{badge_slug}/image.png: the badge image as PNG (converted, or a placeholder). */
export const badgeImageRoute: Route<VerificationContext> = {
  name: 'badge-image',
  pattern: /^\/o\/([^/]+)\/badges\/([^/]+)\/image\.png$/,
  async handle(_req, res, match, ctx) {
    const badge = await publishedBadge(ctx, match[1]!, match[2]!);
    const { png, hash } = await ctx.badgeImages.forBadge(badge.id);
    res.writeHead(200, {
      'content-type': 'image/png',
      'content-length': png.length,
      'cache-control': 'public, max-age=300',
      etag: `"${hash.slice(0, 32)}"`,
      'x-content-type-options': 'nosniff',
      'access-control-allow-origin': '*',
    });
    res.end(png);
  },
};
