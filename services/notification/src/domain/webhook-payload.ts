/**
 * What customers receive (docs/events.md, "Outbound webhook payloads"). Built from a whitelist
 * per type: never the OB3 payload, token hashes or anything internal.
 */
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@cred/proto/webhook-events';

export { WEBHOOK_EVENT_TYPES, type WebhookEventType };

export const PING_EVENT_TYPE = 'webhook.ping';

export function isWebhookEventType(v: unknown): v is WebhookEventType {
  return typeof v === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(v);
}

/** Facts kept from credential.issued/renewed for the later lifecycle events of the credential. */
export interface CredentialFacts {
  credentialId: string;
  credentialUuid: string;
  organizationId: string;
  badgeId: string;
  recipientEmail: string;
}

const FIELDS: Record<WebhookEventType, readonly string[]> = {
  'credential.issued': ['recipientName', 'issuanceDate', 'expirationDate', 'status', 'isPublic', 'supersedesCredentialId'],
  'credential.renewed': ['recipientName', 'issuanceDate', 'expirationDate', 'status', 'isPublic', 'supersedesCredentialId'],
  'credential.claimed': ['claimedAt'],
  'credential.revoked': ['revokedAt', 'revocationReason', 'supersededByCredentialId'],
  'credential.expired': ['expiredAt', 'expirationDate'],
  'bulk_issuance.completed': ['bulkIssuanceId', 'badgeId', 'status', 'total', 'issued', 'renewed', 'conflicts', 'invalid', 'failed', 'completedAt'],
};

const scalar = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

export function webhookData(
  type: WebhookEventType,
  data: Record<string, unknown>,
  facts: CredentialFacts | undefined,
  baseUrl: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (type !== 'bulk_issuance.completed') {
    const credentialId = typeof data.credentialId === 'string' ? data.credentialId : facts?.credentialId;
    out.credentialId = credentialId ?? null;
    out.credentialUuid = (typeof data.credentialUuid === 'string' ? data.credentialUuid : facts?.credentialUuid) ?? null;
    out.badgeId = (typeof data.badgeId === 'string' ? data.badgeId : facts?.badgeId) ?? null;
    out.recipientEmail = (typeof data.recipientEmail === 'string' ? data.recipientEmail : facts?.recipientEmail) ?? null;
    if (credentialId) out.verificationUrl = `${baseUrl.replace(/\/$/, '')}/verify/${encodeURIComponent(credentialId)}`;
  }
  for (const f of FIELDS[type]) {
    if (f in data && scalar(data[f])) out[f] = data[f];
  }
  return out;
}

/** The exact body sent; serialized once and stored, so every attempt and replay signs the same bytes. */
export function webhookBody(event: { id: string; type: string; createdAt: string }, data: Record<string, unknown>): string {
  return JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt, data });
}
