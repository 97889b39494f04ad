/**
 * Builders for the JSON-LD documents we publish: AchievementCredential (OB3-NOTES §1.4 shape),
 * the standalone Achievement (`GET /achievements/{org}/{badge}`) and the issuer Profile.
 *
 * The shape is fixed on purpose: every `type` an array, `issuer` an embedded Profile, `image`
 * an Image object, recipient as a salted hashed IdentityObject. That passes the strict 1EdTech
 * JSON Schema and the validator's probes; plain values are validated here because a relative
 * or malformed IRI would only surface later as a safe-mode canonicalization failure.
 */
import { createHash } from 'node:crypto';
import { toXsdDateTime } from './data-integrity.js';
import { Ob3Error } from './errors.js';
import { bitstringStatusListEntry, type BitstringStatusListEntry, type StatusListSlot } from './status-list.js';

export const VC_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_V3_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
export const OB3_CONTEXTS = [VC_V2_CONTEXT, OB_V3_CONTEXT] as const;

export interface IssuerInput {
  /** did:web of the organization (see didWebForOrg). */
  did: string;
  name: string;
  url?: string | null;
  description?: string | null;
  email?: string | null;
  imageUrl?: string | null;
}

export interface AchievementInput {
  /** Absolute URL of the Achievement document; it is the achievement's id. */
  url: string;
  name: string;
  description: string;
  criteriaNarrative: string;
  imageUrl?: string | null;
  tags?: readonly string[];
}

export interface RecipientInput {
  email: string;
  salt: string;
}

export interface AchievementCredentialInput {
  /** Credential UUID; the id becomes `urn:uuid:<uuid>`. */
  id: string;
  issuer: IssuerInput;
  achievement: AchievementInput;
  recipient: RecipientInput;
  validFrom: Date;
  validUntil: Date | null;
  /** Credential name; defaults to the achievement name. */
  name?: string;
  /** Original award date, kept across renewals. */
  awardedDate?: Date | null;
  /** The credential's revocation entry in its issuer's Bitstring Status List (status-list.ts). */
  status?: StatusListSlot | null;
}

export interface ImageObject {
  id: string;
  type: 'Image';
}

export interface Profile {
  id: string;
  type: ['Profile'];
  name: string;
  url?: string;
  description?: string;
  email?: string;
  image?: ImageObject;
}

export interface Achievement {
  id: string;
  type: ['Achievement'];
  name: string;
  description: string;
  criteria: { narrative: string };
  image?: ImageObject;
  tag?: string[];
}

export interface IdentityObject {
  type: 'IdentityObject';
  identityType: 'emailAddress';
  hashed: true;
  salt: string;
  identityHash: string;
}

export interface AchievementCredential {
  '@context': string[];
  id: string;
  type: ['VerifiableCredential', 'AchievementCredential'];
  issuer: Profile;
  validFrom: string;
  validUntil?: string;
  awardedDate?: string;
  name: string;
  credentialSubject: {
    type: ['AchievementSubject'];
    identifier: IdentityObject[];
    achievement: Achievement;
  };
  credentialStatus?: BitstringStatusListEntry;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function requireText(value: unknown, field: string, max = 10_000): string {
  if (typeof value !== 'string' || value.trim() === '') throw new Ob3Error('INVALID_INPUT', `${field} must be a non-empty string`);
  if (value.length > max) throw new Ob3Error('INVALID_INPUT', `${field} is longer than ${max} characters`);
  return value;
}

function requireUrl(value: unknown, field: string, schemes: readonly string[] = ['https:', 'http:']): string {
  const text = requireText(value, field, 100_000);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Ob3Error('INVALID_INPUT', `${field} must be an absolute URL`);
  }
  if (!schemes.includes(url.protocol)) throw new Ob3Error('INVALID_INPUT', `${field} must use ${schemes.join(' or ')}`);
  return text;
}

function requireDid(value: unknown, field: string): string {
  const text = requireText(value, field, 2_000);
  if (!/^did:[a-z0-9]+:[A-Za-z0-9._:%-]+$/.test(text)) throw new Ob3Error('INVALID_INPUT', `${field} must be a DID (no fragment)`);
  return text;
}

function image(url: string | null | undefined, field: string): { image?: ImageObject } {
  if (url === undefined || url === null) return {};
  return { image: { id: requireUrl(url, field, ['https:', 'http:', 'data:']), type: 'Image' } };
}

/** `sha256$` + hex(sha256(identifier + salt)) — the OB 3.0 IdentityHash. */
export function identityHash(identifier: string, salt: string): string {
  return (
    'sha256$' +
    createHash('sha256')
      .update(identifier + salt, 'utf8')
      .digest('hex')
  );
}

/** E-mails are compared case-insensitively (DECISIONS.md §1), so the hash covers the lower-cased address. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function buildEmailIdentity(email: string, salt: string): IdentityObject {
  const normalized = normalizeEmail(requireText(email, 'recipient.email', 254));
  if (!/^[^\s@]+@[^\s@]+$/.test(normalized)) throw new Ob3Error('INVALID_INPUT', 'recipient.email is not an e-mail address');
  requireText(salt, 'recipient.salt', 256);
  return { type: 'IdentityObject', identityType: 'emailAddress', hashed: true, salt, identityHash: identityHash(normalized, salt) };
}

/**
 * Does an IdentityObject identify `value` (OB 3.0 verification step 5)? Hashed values support
 * sha256$ and md5$; plain ones are compared as is. E-mails are normalized first.
 */
export function identityMatches(identity: unknown, identityType: string, value: string): boolean {
  if (typeof identity !== 'object' || identity === null) return false;
  const id = identity as Record<string, unknown>;
  if (id['identityType'] !== identityType || typeof id['identityHash'] !== 'string') return false;
  const candidate = identityType === 'emailAddress' ? normalizeEmail(value) : value;
  if (id['hashed'] !== true) return id['identityHash'] === candidate;
  const salt = typeof id['salt'] === 'string' ? id['salt'] : '';
  const [alg, hex] = id['identityHash'].split('$');
  if ((alg !== 'sha256' && alg !== 'md5') || !hex) return false;
  return (
    createHash(alg)
      .update(candidate + salt, 'utf8')
      .digest('hex') === hex.toLowerCase()
  );
}

export function buildIssuerProfileObject(issuer: IssuerInput): Profile {
  const profile: Profile = {
    id: requireDid(issuer.did, 'issuer.did'),
    type: ['Profile'],
    name: requireText(issuer.name, 'issuer.name', 500),
  };
  if (issuer.url != null) profile.url = requireUrl(issuer.url, 'issuer.url');
  if (issuer.description != null) profile.description = requireText(issuer.description, 'issuer.description');
  if (issuer.email != null) profile.email = requireText(issuer.email, 'issuer.email', 254);
  Object.assign(profile, image(issuer.imageUrl, 'issuer.imageUrl'));
  return profile;
}

export function buildAchievementObject(a: AchievementInput): Achievement {
  const achievement: Achievement = {
    id: requireUrl(a.url, 'achievement.url'),
    type: ['Achievement'],
    name: requireText(a.name, 'achievement.name', 500),
    description: requireText(a.description, 'achievement.description'),
    criteria: { narrative: requireText(a.criteriaNarrative, 'achievement.criteriaNarrative') },
    ...image(a.imageUrl, 'achievement.imageUrl'),
  };
  const tags = (a.tags ?? []).map((t, i) => requireText(t, `achievement.tags[${i}]`, 200));
  if (tags.length > 0) achievement.tag = tags;
  return achievement;
}

/** The AchievementCredential we sign (OB3-NOTES §1.4), without proof. */
export function buildAchievementCredential(input: AchievementCredentialInput): AchievementCredential {
  const uuid = requireText(input.id, 'id', 100).replace(/^urn:uuid:/i, '');
  if (!UUID.test(uuid)) throw new Ob3Error('INVALID_INPUT', 'id must be a UUID');
  const validFrom = toXsdDateTime(input.validFrom);
  let validUntil: string | undefined;
  if (input.validUntil !== null && input.validUntil !== undefined) {
    if (input.validUntil.getTime() <= input.validFrom.getTime()) throw new Ob3Error('INVALID_INPUT', 'validUntil must be after validFrom');
    validUntil = toXsdDateTime(input.validUntil);
  }
  const achievement = buildAchievementObject(input.achievement);
  const credential: AchievementCredential = {
    '@context': [...OB3_CONTEXTS],
    id: `urn:uuid:${uuid.toLowerCase()}`,
    type: ['VerifiableCredential', 'AchievementCredential'],
    issuer: buildIssuerProfileObject(input.issuer),
    validFrom,
    ...(validUntil !== undefined ? { validUntil } : {}),
    ...(input.awardedDate ? { awardedDate: toXsdDateTime(input.awardedDate) } : {}),
    name: input.name !== undefined ? requireText(input.name, 'name', 500) : achievement.name,
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [buildEmailIdentity(input.recipient.email, input.recipient.salt)],
      achievement,
    },
  };
  if (input.status) credential.credentialStatus = bitstringStatusListEntry(input.status);
  return credential;
}

/** Standalone Achievement JSON-LD document (`GET /achievements/{org}/{badge}`). */
export function buildAchievement(a: AchievementInput): Achievement & { '@context': string[] } {
  return { '@context': [...OB3_CONTEXTS], ...buildAchievementObject(a) };
}

/** Standalone issuer Profile JSON-LD document (`GET /issuers/{slug}`). */
export function buildIssuerProfile(issuer: IssuerInput): Profile & { '@context': string[] } {
  return { '@context': [...OB3_CONTEXTS], ...buildIssuerProfileObject(issuer) };
}
