import { AppError, createRefreshingCache, type RefreshingCache } from '@cred/runtime';
import { callOptions, type CallMeta, type IssuanceContext } from './context.js';

export interface OrganizationInfo {
  id: string;
  name: string;
  slug: string;
  status: string;
  plan: string;
  /** The organization writes recipients' names into their credentials (off by default; accounts owns it). */
  recipientNameInCredentials: boolean;
}

/**
 * The organization as the accounts service knows it (name and status can change; the slug
 * cannot). An unknown organization is NOT_FOUND, like anything of another organization.
 */
export async function getOrganization(ctx: IssuanceContext, organizationId: string, meta: CallMeta): Promise<OrganizationInfo> {
  const org = await ctx.accounts.GetOrganization({ organization_id: organizationId }, callOptions(meta));
  if (!org.id || !org.slug) throw AppError.notFound('Organization not found');
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    status: org.status,
    plan: org.plan || 'free',
    recipientNameInCredentials: org.recipient_name_in_credentials === true,
  };
}

/**
 * A short-lived copy of organizations for issuing: one accounts call per organization per
 * `ttlMs` instead of one per credential (the benchmark showed the call on every issue). A
 * rename or a suspension reaches new credentials within `ttlMs`; the gateway's API-key check
 * caches the same facts for as long. The TTL is technical time (monotonic), not business time.
 *
 * No issue waits for accounts while its organization keeps issuing: in the last fifth of a
 * copy's life the first request renews it in the background and every request keeps using the
 * copy meanwhile. Requests that find no usable copy share one call (before this, every issue in
 * flight when a copy expired made its own call and waited for it: 20 calls at once, 42 ms each,
 * every ten seconds, in `pnpm bench issuance`). A copy is never older than `ttlMs`, counted from
 * the start of the call that fetched it. (@cred/runtime's createRefreshingCache.)
 */
export class OrganizationCache {
  private readonly copies: RefreshingCache<string, OrganizationInfo, { ctx: IssuanceContext; meta: CallMeta }>;

  constructor(ttlMs = 10_000, maxEntries = 10_000, now: () => number = () => performance.now()) {
    this.copies = createRefreshingCache({
      ttlMs,
      // A failed renewal is not this request's: the copy expires and the next request calls again.
      refreshAfter: 0.8,
      maxEntries,
      now,
      load: (organizationId, { ctx, meta }) => getOrganization(ctx, organizationId, meta),
    });
  }

  get(ctx: IssuanceContext, organizationId: string, meta: CallMeta): Promise<OrganizationInfo> {
    return this.copies.get(organizationId, { ctx, meta });
  }

  /**
   * Accounts' current record, kept as the new copy. Called before refusing on the cached copy
   * (not approved, over the plan's quota): an organization approved or moved to a larger plan a
   * moment ago issues at once, as the approval's answer said, not when its copy expires. Always
   * a call of its own: one already in flight may have started before the approval. The answer
   * replaces the copy unless a call started later already did.
   */
  refresh(ctx: IssuanceContext, organizationId: string, meta: CallMeta): Promise<OrganizationInfo> {
    return this.copies.reload(organizationId, { ctx, meta });
  }
}
