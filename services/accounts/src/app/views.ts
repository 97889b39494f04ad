import type { ApiKey, Organization } from '../domain/model.js';

/** The organization as it travels in events (docs/contract.md "Resources"). */
export function organizationEventView(o: Organization) {
  return {
    id: o.id,
    name: o.name,
    slug: o.slug,
    domain: o.domain,
    domainVerified: o.domainVerified,
    status: o.status,
    plan: o.plan,
    subscriptionStatus: o.subscriptionStatus,
    emailNotificationsEnabled: o.emailNotificationsEnabled,
    recipientNameInCredentials: o.recipientNameInCredentials,
    signingKeysGenerated: o.signingKeysGenerated,
    createdAt: o.createdAt.toISOString(),
  };
}

/** An API key in events: never the hash or the secret. */
export function apiKeyEventView(k: ApiKey) {
  return {
    id: k.id,
    organizationId: k.organizationId,
    name: k.name,
    prefix: k.prefix,
    rateLimitPerMinute: k.rateLimitPerMinute,
    revokedAt: k.revokedAt ? k.revokedAt.toISOString() : null,
  };
}
