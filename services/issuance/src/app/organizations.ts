import { AppError } from '@cred/runtime';
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
 */
export class OrganizationCache {
  private readonly entries = new Map<string, { org: OrganizationInfo; expiresAt: number }>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  async get(ctx: IssuanceContext, organizationId: string, meta: CallMeta): Promise<OrganizationInfo> {
    const hit = this.entries.get(organizationId);
    if (hit && hit.expiresAt > this.now()) return hit.org;
    const org = await getOrganization(ctx, organizationId, meta);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(organizationId, { org, expiresAt: this.now() + this.ttlMs });
    return org;
  }

  /**
   * Accounts' current record, kept as the new copy. Called before refusing on the cached copy
   * (not approved, over the plan's quota): an organization approved or moved to a larger plan a
   * moment ago issues at once, as the approval's answer said, not when its copy expires.
   */
  async refresh(ctx: IssuanceContext, organizationId: string, meta: CallMeta): Promise<OrganizationInfo> {
    this.entries.delete(organizationId);
    return this.get(ctx, organizationId, meta);
  }

  forget(organizationId: string): void {
    this.entries.delete(organizationId);
  }
}
