/**
 * Builders for the JSON-LD documents we publish: AchievementCredential (docs/standards.md "Credential shape"),
 * the standalone Achievement (`GET /achievements/{org}/{badge}`) and the issuer Profile.
 *
 * The shape is fixed on purpose: every `type` an array, `issuer` an embedded Profile, `image`
 * an Image object, recipient as a salted hashed IdentityObject. That passes the strict 1EdTech
 * JSON Schema and the validator's probes; plain values are validated here because a relative
 * or malformed IRI would only surface later as a safe-mode canonicalization failure.
 */
import { createHash } from 'node:crypto';
import { OB3_CONTEXTS, OB_V3_CONTEXT, VC_V2_CONTEXT } from './contexts.js';
import { toXsdDateTime } from './data-integrity.js';
import { Ob3Error } from './errors.js';
import { RESULT_STATUSES } from './result-statuses.js';
import { bitstringStatusListEntry, type BitstringStatusListEntry, type StatusListSlot } from './status-list.js';

export { OB3_CONTEXTS, OB_V3_CONTEXT, VC_V2_CONTEXT };

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
  /** An OB 3.0 AchievementType (ACHIEVEMENT_TYPES) or an `ext:` extension term. */
  achievementType?: string | null;
  alignments?: readonly AlignmentInput[];
  resultDescriptions?: readonly ResultDescriptionInput[];
}

/** A competency, standard or framework item the achievement aligns to (OB 3.0 Alignment). */
export interface AlignmentInput {
  targetName: string;
  targetUrl: string;
  targetFramework?: string | null;
  targetCode?: string | null;
}

/**
 * A badge's alignment as issuance stores it and announces it (`issuance.badge.upserted`), and as
 * verification keeps it: every field present, null when not given. One shape for both services.
 */
export interface BadgeAlignment {
  targetName: string;
  targetUrl: string;
  targetFramework: string | null;
  targetCode: string | null;
}

/** A badge's result description as stored and announced; results of issued credentials name its `id` (`urn:uuid:<uuid>`). */
export interface BadgeResultDescription {
  id: string;
  name: string;
  resultType: string;
  allowedValues: string[];
  requiredValue: string | null;
  valueMin: string | null;
  valueMax: string | null;
}

/** A result an achievement can carry (OB 3.0 ResultDescription); results name it by `id`. */
export interface ResultDescriptionInput {
  /** An absolute IRI, e.g. `urn:uuid:...`. */
  id: string;
  name: string;
  /** An OB 3.0 ResultType (RESULT_TYPES) or an `ext:` extension term. */
  resultType: string;
  /** When present, a result's value must be one of these (ordered, lowest first). */
  allowedValues?: readonly string[];
  requiredValue?: string | null;
  valueMin?: string | null;
  valueMax?: string | null;
}

export interface RecipientInput {
  email: string;
  salt: string;
  /**
   * The recipient's name, written in plain text as a second IdentityObject (identityType
   * `name`, hashed false). Only when the issuing organization chose to (it is off by default).
   */
  name?: string | null;
}

/** Evidence of the achievement (OB 3.0 Evidence); at least one field. `url` becomes its id. */
export interface EvidenceInput {
  url?: string | null;
  name?: string | null;
  description?: string | null;
  narrative?: string | null;
}

/** The recipient's result for one of the achievement's result descriptions (OB 3.0 Result). */
export interface ResultInput {
  /** The id of one of the achievement's result descriptions. */
  resultDescription: string;
  value?: string | null;
  /** An OB 3.0 ResultStatusType (RESULT_STATUSES). */
  status?: string | null;
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
  /** What the recipient did to earn it, in Markdown (AchievementSubject.narrative). */
  narrative?: string | null;
  evidence?: readonly EvidenceInput[];
  results?: readonly ResultInput[];
}

/** OB 3.0 AchievementType (1EdTech JSON Schema enumeration); `ext:` terms extend it. */
export const ACHIEVEMENT_TYPES = [
  'Achievement',
  'ApprenticeshipCertificate',
  'Assessment',
  'Assignment',
  'AssociateDegree',
  'Award',
  'Badge',
  'BachelorDegree',
  'Certificate',
  'CertificateOfCompletion',
  'Certification',
  'CommunityService',
  'Competency',
  'Course',
  'CoCurricular',
  'Degree',
  'Diploma',
  'DoctoralDegree',
  'Fieldwork',
  'GeneralEducationDevelopment',
  'JourneymanCertificate',
  'LearningProgram',
  'License',
  'Membership',
  'ProfessionalDoctorate',
  'QualityAssuranceCredential',
  'MasterCertificate',
  'MasterDegree',
  'MicroCredential',
  'ResearchDoctorate',
  'SecondarySchoolDiploma',
] as const;

/** OB 3.0 ResultType; `ext:` terms extend it. */
export const RESULT_TYPES = [
  'GradePointAverage',
  'LetterGrade',
  'Percent',
  'PerformanceLevel',
  'PredictedScore',
  'RawScore',
  'Result',
  'RubricCriterion',
  'RubricCriterionLevel',
  'RubricScore',
  'ScaledScore',
  'Status',
] as const;

export { RESULT_STATUSES };

/** The schema's extension pattern, anchored: `ext:` then letters, digits, `.`, `-`, `_`. */
export const EXTENSION_TERM = /^ext:[A-Za-z0-9._-]+$/;

export function isExtensibleTerm(value: string, known: readonly string[]): boolean {
  return known.includes(value) || EXTENSION_TERM.test(value);
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
  achievementType?: string;
  alignment?: Alignment[];
  resultDescription?: ResultDescription[];
}

export interface Alignment {
  type: ['Alignment'];
  targetName: string;
  targetUrl: string;
  targetFramework?: string;
  targetCode?: string;
}

export interface ResultDescription {
  id: string;
  type: ['ResultDescription'];
  name: string;
  resultType: string;
  allowedValue?: string[];
  requiredValue?: string;
  valueMin?: string;
  valueMax?: string;
}

export interface Evidence {
  id?: string;
  type: ['Evidence'];
  name?: string;
  description?: string;
  narrative?: string;
}

export interface Result {
  type: ['Result'];
  resultDescription: string;
  value?: string;
  status?: string;
}

export type IdentityObject =
  | { type: 'IdentityObject'; identityType: 'emailAddress'; hashed: true; salt: string; identityHash: string }
  | { type: 'IdentityObject'; identityType: 'name'; hashed: false; identityHash: string };

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
    narrative?: string;
    result?: Result[];
  };
  evidence?: Evidence[];
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

/** E-mails are compared case-insensitively (docs/contract.md "Requests and bodies"), so the hash covers the lower-cased address. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function buildEmailIdentity(email: string, salt: string): IdentityObject {
  const normalized = normalizeEmail(requireText(email, 'recipient.email', 254));
  if (!/^[^\s@]+@[^\s@]+$/.test(normalized)) throw new Ob3Error('INVALID_INPUT', 'recipient.email is not an e-mail address');
  requireText(salt, 'recipient.salt', 256);
  return { type: 'IdentityObject', identityType: 'emailAddress', hashed: true, salt, identityHash: identityHash(normalized, salt) };
}

/** The recipient's name in plain text (OB 3.0 IdentityObject, identityType `name`, not hashed). */
export function buildNameIdentity(name: string): IdentityObject {
  return { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: requireText(name, 'recipient.name', 500) };
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
  if (a.achievementType != null) {
    const type = requireText(a.achievementType, 'achievement.achievementType', 200);
    if (!isExtensibleTerm(type, ACHIEVEMENT_TYPES))
      throw new Ob3Error('INVALID_INPUT', 'achievement.achievementType is not an OB 3.0 AchievementType or ext: term');
    achievement.achievementType = type;
  }
  const alignments = (a.alignments ?? []).map((al, i) => buildAlignment(al, `achievement.alignments[${i}]`));
  if (alignments.length > 0) achievement.alignment = alignments;
  const descriptions = (a.resultDescriptions ?? []).map((rd, i) => buildResultDescription(rd, `achievement.resultDescriptions[${i}]`));
  if (new Set(descriptions.map((d) => d.id)).size !== descriptions.length) {
    throw new Ob3Error('INVALID_INPUT', 'achievement.resultDescriptions ids must be distinct');
  }
  if (descriptions.length > 0) achievement.resultDescription = descriptions;
  return achievement;
}

function optionalText(target: Record<string, unknown>, key: string, value: string | null | undefined, field: string, max = 10_000): void {
  if (value !== null && value !== undefined) target[key] = requireText(value, field, max);
}

function buildAlignment(a: AlignmentInput, field: string): Alignment {
  const alignment: Alignment = {
    type: ['Alignment'],
    targetName: requireText(a.targetName, `${field}.targetName`, 500),
    targetUrl: requireUrl(a.targetUrl, `${field}.targetUrl`),
  };
  optionalText(alignment as unknown as Record<string, unknown>, 'targetFramework', a.targetFramework, `${field}.targetFramework`, 500);
  optionalText(alignment as unknown as Record<string, unknown>, 'targetCode', a.targetCode, `${field}.targetCode`, 500);
  return alignment;
}

function requireIri(value: unknown, field: string): string {
  const text = requireText(value, field, 2_000);
  if (!/^[a-z][a-z0-9+.-]*:\S+$/i.test(text)) throw new Ob3Error('INVALID_INPUT', `${field} must be an absolute IRI`);
  return text;
}

function buildResultDescription(d: ResultDescriptionInput, field: string): ResultDescription {
  const resultType = requireText(d.resultType, `${field}.resultType`, 200);
  if (!isExtensibleTerm(resultType, RESULT_TYPES))
    throw new Ob3Error('INVALID_INPUT', `${field}.resultType is not an OB 3.0 ResultType or ext: term`);
  const description: ResultDescription = {
    id: requireIri(d.id, `${field}.id`),
    type: ['ResultDescription'],
    name: requireText(d.name, `${field}.name`, 500),
    resultType,
  };
  const allowed = (d.allowedValues ?? []).map((v, i) => requireText(v, `${field}.allowedValues[${i}]`, 200));
  if (allowed.length > 0) description.allowedValue = allowed;
  const rec = description as unknown as Record<string, unknown>;
  optionalText(rec, 'requiredValue', d.requiredValue, `${field}.requiredValue`, 200);
  optionalText(rec, 'valueMin', d.valueMin, `${field}.valueMin`, 200);
  optionalText(rec, 'valueMax', d.valueMax, `${field}.valueMax`, 200);
  return description;
}

function buildEvidence(e: EvidenceInput, field: string): Evidence {
  const evidence: Evidence = { type: ['Evidence'] };
  if (e.url !== null && e.url !== undefined) evidence.id = requireUrl(e.url, `${field}.url`);
  const rec = evidence as unknown as Record<string, unknown>;
  optionalText(rec, 'name', e.name, `${field}.name`, 500);
  optionalText(rec, 'description', e.description, `${field}.description`);
  optionalText(rec, 'narrative', e.narrative, `${field}.narrative`);
  if (Object.keys(evidence).length === 1)
    throw new Ob3Error('INVALID_INPUT', `${field} needs at least one of url, name, description, narrative`);
  return evidence;
}

/** A result must name one of the achievement's result descriptions, and fit its allowed values. */
function buildResult(r: ResultInput, descriptions: readonly ResultDescription[], field: string): Result {
  const id = requireText(r.resultDescription, `${field}.resultDescription`, 2_000);
  const description = descriptions.find((d) => d.id === id);
  if (!description) throw new Ob3Error('INVALID_INPUT', `${field}.resultDescription does not name a result description of the achievement`);
  const result: Result = { type: ['Result'], resultDescription: id };
  if (r.value !== null && r.value !== undefined) {
    result.value = requireText(r.value, `${field}.value`, 200);
    if (description.allowedValue && !description.allowedValue.includes(result.value)) {
      throw new Ob3Error('INVALID_INPUT', `${field}.value is not one of the result description's allowed values`);
    }
  }
  if (r.status !== null && r.status !== undefined) {
    if (!(RESULT_STATUSES as readonly string[]).includes(r.status))
      throw new Ob3Error('INVALID_INPUT', `${field}.status is not an OB 3.0 ResultStatusType`);
    result.status = r.status;
  }
  if (result.value === undefined && result.status === undefined) throw new Ob3Error('INVALID_INPUT', `${field} needs a value or a status`);
  return result;
}

/** The AchievementCredential we sign (docs/standards.md "Credential shape"), without proof. */
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
      identifier: [
        buildEmailIdentity(input.recipient.email, input.recipient.salt),
        ...(input.recipient.name != null ? [buildNameIdentity(input.recipient.name)] : []),
      ],
      achievement,
    },
  };
  if (input.narrative != null) credential.credentialSubject.narrative = requireText(input.narrative, 'narrative');
  const results = (input.results ?? []).map((r, i) => buildResult(r, achievement.resultDescription ?? [], `results[${i}]`));
  if (new Set(results.map((r) => r.resultDescription)).size !== results.length) {
    throw new Ob3Error('INVALID_INPUT', 'results name each result description at most once');
  }
  if (results.length > 0) credential.credentialSubject.result = results;
  const evidence = (input.evidence ?? []).map((e, i) => buildEvidence(e, `evidence[${i}]`));
  if (evidence.length > 0) credential.evidence = evidence;
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
