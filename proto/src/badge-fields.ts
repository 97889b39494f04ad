/**
 * The fields of a badge template a client writes, the ones it may send as null to clear them,
 * and the ones it reads but never writes (docs/contract.md "Requests and bodies"). Issuance checks
 * a badge body against them; the gateway maps a body to BadgeInput from them and its OpenAPI
 * definition of the body lists exactly the writable ones. One list for both, beside the protos
 * like the role table and the webhook event types.
 */
export const BADGE_WRITABLE_FIELDS = [
  'name',
  'slug',
  'description',
  'criteria',
  'imageUrl',
  'expiresInDays',
  'tags',
  'isActive',
  'achievementType',
  'alignments',
  'resultDescriptions',
] as const;
export type BadgeWritableField = (typeof BADGE_WRITABLE_FIELDS)[number];

/** Writable fields a patch may set to null, which clears them. */
export const BADGE_CLEARABLE_FIELDS: ReadonlySet<string> = new Set<BadgeWritableField>(['imageUrl', 'expiresInDays', 'achievementType']);

/** Fields of a badge that only the platform sets: a body that sends one is refused as read-only. */
export const BADGE_READ_ONLY_FIELDS: ReadonlySet<string> = new Set(['id', 'createdAt', 'updatedAt', 'publicUrl', 'achievementUrl', 'organizationId']);
