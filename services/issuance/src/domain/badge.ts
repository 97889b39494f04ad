import { BADGE_CLEARABLE_FIELDS as NULLABLE, BADGE_READ_ONLY_FIELDS as READ_ONLY, BADGE_WRITABLE_FIELDS as WRITABLE } from '@cred/proto/badge-fields';
import { AppError } from '@cred/runtime';
import { checkAchievementType, checkAlignments, checkResultDescriptions, type BadgeAlignment, type BadgeResultDescription } from './content.js';
import { checkText } from './text.js';

/** What a client may set. On create, absent optional fields take their defaults. */
export interface BadgeFields {
  name: string;
  slug: string;
  description: string;
  criteria: string;
  imageUrl: string | null;
  expiresInDays: number | null;
  tags: string[];
  isActive: boolean;
  /** OB 3.0 content (issue 14); null and empty when not set. */
  achievementType: string | null;
  alignments: BadgeAlignment[];
  resultDescriptions: BadgeResultDescription[];
}

/** A badge template (docs/contract.md "Resources"), as stores return it: what a client may set, and what the service keeps. */
export interface Badge extends BadgeFields {
  id: string;
  organizationId: string;
  /** Organization slugs never change (accounts does not allow it), so the badge keeps a copy for its URLs. */
  organizationSlug: string;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A badge body as the client sent it, with the API's names (gRPC BadgeInput, mapped in
 * grpc/mappers.ts): a field left out was not sent, null is the client's null. Its values are
 * checked by validateBadgeCreate / validateBadgePatch.
 */
export type BadgeBody = {
  [K in keyof BadgeFields]?: K extends 'alignments' | 'resultDescriptions' ? Array<Record<string, unknown>> : BadgeFields[K];
};

export type BadgeCreateInput = Omit<BadgeFields, 'slug'> & { slug: string | undefined };
export type BadgePatch = Partial<BadgeFields>;

export const BADGE_LIMITS = {
  name: 200,
  slug: 100,
  description: 5000,
  criteria: 5000,
  imageUrl: 2048,
  tags: 50,
  tag: 100,
  expiresInDaysMax: 36500,
} as const;

export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function checkKeys(body: Record<string, unknown>): void {
  for (const key of Object.keys(body)) {
    if ((WRITABLE as readonly string[]).includes(key)) continue;
    const shown = key.slice(0, 64);
    if (READ_ONLY.has(key)) throw AppError.validation(shown, `${shown} is read-only`);
    throw AppError.validation(shown, `Unknown field: ${shown}`);
  }
}

function checkSlug(value: unknown): string {
  const slug = checkText(value, 'slug', { min: 1, max: BADGE_LIMITS.slug, trim: false });
  if (!SLUG_RE.test(slug)) throw AppError.validation('slug', 'slug must be lower-case letters, digits and single hyphens (e.g. "team-player")');
  return slug;
}

function checkImageUrl(value: unknown): string | null {
  if (value === null) return null;
  const text = checkText(value, 'imageUrl', { min: 1, max: BADGE_LIMITS.imageUrl, trim: false });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw AppError.validation('imageUrl', 'imageUrl must be an absolute http(s) URL');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || /\s/.test(text) || url.username || url.password) {
    throw AppError.validation('imageUrl', 'imageUrl must be an absolute http(s) URL without credentials');
  }
  return text;
}

function checkExpiresInDays(value: unknown): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > BADGE_LIMITS.expiresInDaysMax) {
    throw AppError.validation('expiresInDays', `expiresInDays must be an integer from 1 to ${BADGE_LIMITS.expiresInDaysMax}, or null`);
  }
  return value;
}

function checkTags(value: unknown): string[] {
  if (!Array.isArray(value)) throw AppError.validation('tags', 'tags must be an array of strings');
  if (value.length > BADGE_LIMITS.tags) throw AppError.validation('tags', `tags holds at most ${BADGE_LIMITS.tags} entries`);
  const seen = new Set<string>();
  return value.map((tag: unknown, index) => {
    if (typeof tag !== 'string') throw AppError.validation('tags', 'tags must be an array of strings', { index });
    let text: string;
    try {
      text = checkText(tag, 'tags', { min: 1, max: BADGE_LIMITS.tag });
    } catch (err) {
      if (err instanceof AppError) throw AppError.validation('tags', `tags[${index}]: ${err.message.replace(/^tags /, '')}`, { index });
      throw err;
    }
    if (seen.has(text)) throw AppError.validation('tags', `tags[${index}] repeats "${text.slice(0, 100)}"`, { index });
    seen.add(text);
    return text;
  });
}

function checkBoolean(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw AppError.validation(field, `${field} must be true or false`);
  return value;
}

const CHECKS = {
  name: (v: unknown) => checkText(v, 'name', { min: 1, max: BADGE_LIMITS.name }),
  slug: checkSlug,
  description: (v: unknown) => checkText(v, 'description', { min: 1, max: BADGE_LIMITS.description, multiline: true }),
  criteria: (v: unknown) => checkText(v, 'criteria', { min: 1, max: BADGE_LIMITS.criteria, multiline: true }),
  imageUrl: checkImageUrl,
  expiresInDays: checkExpiresInDays,
  tags: checkTags,
  isActive: (v: unknown) => checkBoolean(v, 'isActive'),
  achievementType: checkAchievementType,
  alignments: checkAlignments,
  resultDescriptions: checkResultDescriptions,
} satisfies { [K in keyof BadgeFields]: (v: unknown) => BadgeFields[K] };

/**
 * The body of a badge create: name, description and criteria are required (they are required
 * in the OB3 Achievement); slug is derived from the name when absent.
 */
export function validateBadgeCreate(body: Record<string, unknown>): BadgeCreateInput {
  checkKeys(body);
  for (const field of ['name', 'description', 'criteria'] as const) {
    if (body[field] === undefined || body[field] === null) throw AppError.validation(field, `${field} is required`);
  }
  return {
    name: CHECKS.name(body.name),
    slug: body.slug === undefined ? undefined : CHECKS.slug(body.slug),
    description: CHECKS.description(body.description),
    criteria: CHECKS.criteria(body.criteria),
    imageUrl: body.imageUrl === undefined ? null : CHECKS.imageUrl(body.imageUrl),
    expiresInDays: body.expiresInDays === undefined ? null : CHECKS.expiresInDays(body.expiresInDays),
    tags: body.tags === undefined ? [] : CHECKS.tags(body.tags),
    isActive: body.isActive === undefined ? true : CHECKS.isActive(body.isActive),
    achievementType: body.achievementType === undefined ? null : CHECKS.achievementType(body.achievementType),
    alignments: body.alignments === undefined || body.alignments === null ? [] : CHECKS.alignments(body.alignments),
    resultDescriptions:
      body.resultDescriptions === undefined || body.resultDescriptions === null ? [] : CHECKS.resultDescriptions(body.resultDescriptions),
  };
}

/**
 * A patch: only the fields present change; null clears imageUrl, expiresInDays and
 * achievementType and is refused elsewhere. alignments and resultDescriptions are replaced
 * whole (an empty array clears them).
 */
export function validateBadgePatch(body: Record<string, unknown>): BadgePatch {
  checkKeys(body);
  const patch: BadgePatch = {};
  for (const field of WRITABLE) {
    const value = body[field];
    if (value === undefined) continue;
    if (value === null && !NULLABLE.has(field)) throw AppError.validation(field, `${field} cannot be null`);
    (patch as Record<string, unknown>)[field] = CHECKS[field](value);
  }
  return patch;
}

/** URL-safe slug of a name: ASCII letters and digits, hyphen-separated ("Teamwork & Co." -> "teamwork-co"). */
const LETTERS: Record<string, string> = { æ: 'ae', ø: 'o', ß: 'ss', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[æøßœłđðþı]/g, (c) => LETTERS[c] ?? c)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'badge';
}

/** The next free slug: `base`, else `base-2`, `base-3`, ... given the taken ones. */
export function nextFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export function trimBase(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

export function badgePublicUrl(baseUrl: string, orgSlug: string, badgeSlug: string): string {
  return `${trimBase(baseUrl)}/o/${orgSlug}/badges/${badgeSlug}`;
}

export function badgeAchievementUrl(baseUrl: string, orgSlug: string, badgeSlug: string): string {
  return `${trimBase(baseUrl)}/achievements/${orgSlug}/${badgeSlug}`;
}

/** The JSON shape of a badge everywhere outside the service (events, and the gateway's view). */
export interface BadgeView extends Omit<Badge, 'createdAt' | 'updatedAt'> {
  createdAt: string;
  updatedAt: string;
  publicUrl: string;
  achievementUrl: string;
}

export function badgeView(badge: Badge, baseUrl: string): BadgeView {
  return {
    id: badge.id,
    organizationId: badge.organizationId,
    organizationSlug: badge.organizationSlug,
    slug: badge.slug,
    name: badge.name,
    description: badge.description,
    criteria: badge.criteria,
    imageUrl: badge.imageUrl,
    expiresInDays: badge.expiresInDays,
    tags: [...badge.tags],
    isActive: badge.isActive,
    achievementType: badge.achievementType,
    alignments: badge.alignments.map((a) => ({ ...a })),
    resultDescriptions: badge.resultDescriptions.map((d) => ({ ...d, allowedValues: [...d.allowedValues] })),
    createdAt: badge.createdAt.toISOString(),
    updatedAt: badge.updatedAt.toISOString(),
    publicUrl: badgePublicUrl(baseUrl, badge.organizationSlug, badge.slug),
    achievementUrl: badgeAchievementUrl(baseUrl, badge.organizationSlug, badge.slug),
  };
}
