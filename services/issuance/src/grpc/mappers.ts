import type { BadgeInput__Output, IssueContent__Output } from '@cred/proto';
import { badgeView, type Badge, type BadgeBody } from '../domain/badge.js';
import type { ChainLink } from '../db/credential-store.js';
import { effectiveStatus, verificationUrl, type Credential } from '../domain/credential.js';

/** The proto Badge message (credentials.issuance.v1.Badge). */
export interface BadgeMessage {
  id: string;
  organization_id: string;
  organization_slug: string;
  name: string;
  slug: string;
  description: string;
  criteria: string;
  image_url?: string;
  expires_in_days?: number;
  tags: string[];
  is_active: boolean;
  created_at: string;
  updated_at: string;
  public_url: string;
  achievement_url: string;
  achievement_type?: string;
  alignments: { target_name: string; target_url: string; target_framework?: string; target_code?: string }[];
  result_descriptions: {
    id: string;
    name: string;
    result_type: string;
    allowed_values: string[];
    required_value?: string;
    value_min?: string;
    value_max?: string;
  }[];
  /** CreateBadge and SetBadgeImage: the stored answer of an earlier call with the same Idempotency-Key. */
  idempotent_replay: boolean;
}

/** Domain badge -> proto Badge (null fields left out: proto3 `optional`). */
export function badgeToProto(badge: Badge, baseUrl: string): BadgeMessage {
  const v = badgeView(badge, baseUrl);
  return {
    id: v.id,
    organization_id: v.organizationId,
    organization_slug: v.organizationSlug,
    name: v.name,
    slug: v.slug,
    description: v.description,
    criteria: v.criteria,
    ...(v.imageUrl === null ? {} : { image_url: v.imageUrl }),
    ...(v.expiresInDays === null ? {} : { expires_in_days: v.expiresInDays }),
    tags: v.tags,
    is_active: v.isActive,
    created_at: v.createdAt,
    updated_at: v.updatedAt,
    public_url: v.publicUrl,
    achievement_url: v.achievementUrl,
    ...optional('achievement_type', v.achievementType),
    alignments: v.alignments.map((a) => ({
      target_name: a.targetName,
      target_url: a.targetUrl,
      ...optional('target_framework', a.targetFramework),
      ...optional('target_code', a.targetCode),
    })),
    result_descriptions: v.resultDescriptions.map((d) => ({
      id: d.id,
      name: d.name,
      result_type: d.resultType,
      allowed_values: d.allowedValues,
      ...optional('required_value', d.requiredValue),
      ...optional('value_min', d.valueMin),
      ...optional('value_max', d.valueMax),
    })),
    idempotent_replay: false,
  };
}

const iso = (d: Date | null) => (d === null ? undefined : d.toISOString());

function optional<K extends string>(key: K, value: string | null | undefined): Partial<Record<K, string>> {
  return value === null || value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

/** Domain credential -> proto Credential, with the status as of `now`. */
export function credentialToProto(c: Credential, baseUrl: string, now: Date) {
  return {
    id: c.id,
    credential_id: c.credentialId,
    badge_id: c.badgeId,
    badge_name: c.badgeName,
    recipient_name: c.recipientName,
    recipient_email: c.recipientEmail,
    status: effectiveStatus(c, now),
    issuance_date: c.issuanceDate.toISOString(),
    ...optional('expiration_date', iso(c.expirationDate)),
    ...optional('claimed_at', iso(c.claimedAt)),
    ...optional('revoked_at', iso(c.revokedAt)),
    ...optional('revocation_reason', c.revocationReason),
    is_public: c.isPublic,
    verification_url: verificationUrl(baseUrl, c.credentialId),
    ...optional('supersedes_credential_id', c.supersedesCredentialId),
    ...optional('superseded_by_credential_id', c.supersededByCredentialId),
    ob3_credential_json: JSON.stringify(c.ob3),
    idempotent_replay: false,
  };
}

/** One credential of a renewal chain -> proto RenewalLink, with the status as of `now`. */
export function chainLinkToProto(l: ChainLink, now: Date) {
  return {
    id: l.id,
    credential_id: l.credentialId,
    status: effectiveStatus(l, now),
    issuance_date: l.issuanceDate.toISOString(),
    ...optional('expiration_date', iso(l.expirationDate)),
    ...optional('revoked_at', iso(l.revokedAt)),
    ...optional('revocation_reason', l.revocationReason),
  };
}

/** Only the fields that are set (proto3 `optional` fields are left out when absent). */
function present<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * BadgeInput -> the badge body with the API's field names, which the domain validates
 * (validateBadgeCreate / validateBadgePatch): a field not set is left out, a Nullable* wrapper
 * without a value is null, a list wrapper is its list.
 */
export function badgeBodyFromProto(b: BadgeInput__Output | null): BadgeBody {
  if (!b) return {};
  const nullable = <T>(w: { value?: T } | null): T | null | undefined => (w === null ? undefined : (w.value ?? null));
  return present({
    name: b.name,
    slug: b.slug,
    description: b.description,
    criteria: b.criteria,
    imageUrl: nullable(b.image_url),
    expiresInDays: nullable(b.expires_in_days),
    tags: b.tags?.values,
    isActive: b.is_active,
    achievementType: nullable(b.achievement_type),
    alignments: b.alignments?.items.map((a) =>
      present({ targetName: a.target_name, targetUrl: a.target_url, targetFramework: a.target_framework, targetCode: a.target_code }),
    ),
    resultDescriptions: b.result_descriptions?.items.map((d) =>
      present({
        id: d.id,
        name: d.name,
        resultType: d.result_type,
        allowedValues: d.allowed_values,
        requiredValue: d.required_value,
        valueMin: d.value_min,
        valueMax: d.value_max,
      }),
    ),
  });
}

/** IssueContent -> the content object the domain validates (validateIssueContent); undefined: none. */
export function issueContentFromProto(c: IssueContent__Output | null) {
  if (!c) return undefined;
  return present({
    evidence: c.evidence.map((e) => present({ url: e.url, name: e.name, description: e.description, narrative: e.narrative })),
    narrative: c.narrative,
    results: c.results.map((r) => present({ resultDescription: r.result_description, value: r.value, status: r.status })),
  });
}
