/**
 * The client's JSON -> the structured messages issuance takes for what clients write: a badge's
 * fields (BadgeInput) and an issue's content (IssueContent). Here the JSON *shape* is checked
 * (each field's JSON type, unknown and read-only fields, null where the API does not allow it);
 * issuance checks the *values* (lengths, URLs, ranges, Open Badges terms). Both name the field in
 * details.field with the API's names (e.g. `alignments[0].targetUrl`) and the messages the API
 * has always given (docs/adr/0011-typed-grpc-contracts.md).
 */
import { RESULT_STATUSES } from '@cred/ob3';
import type { BadgeInput, IssueContent } from '@cred/proto';
import { AppError } from '@cred/runtime';

type Json = Record<string, unknown>;

function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

const bad = (field: string, message: string, details: Record<string, unknown> = {}) => AppError.validation(field, message, details);

function text(value: unknown, field: string): string {
  if (typeof value !== 'string') throw bad(field, `${field} must be a string`);
  return value;
}

/** A string that may be absent or null (both: not set). */
function optionalText(value: unknown, field: string): string | undefined {
  return value === undefined || value === null ? undefined : text(value, field);
}

/** A required string: absent or null travels as "", which issuance refuses as missing. */
function requiredText(value: unknown, field: string): string {
  return value === undefined || value === null ? '' : text(value, field);
}

function array(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw bad(field, `${field} must be an array`);
  return value;
}

function object(value: unknown, field: string): Json {
  if (!isPlainObject(value)) throw bad(field, `${field} must be an object`);
  return value;
}

function knownKeys(value: Json, allowed: readonly string[], field: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw bad(`${field}.${key.slice(0, 64)}`, `Unknown field: ${field}.${key.slice(0, 64)}`);
  }
}

const BADGE_FIELDS = [
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
const BADGE_READ_ONLY = new Set(['id', 'createdAt', 'updatedAt', 'publicUrl', 'achievementUrl', 'organizationId']);
/** The maximum of expiresInDays, for the message of a value that is not a number (issuance checks the range). */
const EXPIRES_IN_DAYS_MAX = 36500;

function alignmentsInput(value: unknown): NonNullable<BadgeInput['alignments']> {
  return {
    items: array(value, 'alignments').map((item, i) => {
      const field = `alignments[${i}]`;
      const a = object(item, field);
      knownKeys(a, ['targetName', 'targetUrl', 'targetFramework', 'targetCode'], field);
      const framework = optionalText(a.targetFramework, `${field}.targetFramework`);
      const code = optionalText(a.targetCode, `${field}.targetCode`);
      return {
        target_name: requiredText(a.targetName, `${field}.targetName`),
        target_url: requiredText(a.targetUrl, `${field}.targetUrl`),
        ...(framework === undefined ? {} : { target_framework: framework }),
        ...(code === undefined ? {} : { target_code: code }),
      };
    }),
  };
}

function resultDescriptionsInput(value: unknown): NonNullable<BadgeInput['result_descriptions']> {
  return {
    items: array(value, 'resultDescriptions').map((item, i) => {
      const field = `resultDescriptions[${i}]`;
      const d = object(item, field);
      knownKeys(d, ['id', 'name', 'resultType', 'allowedValues', 'requiredValue', 'valueMin', 'valueMax'], field);
      if (d.id !== undefined && d.id !== null && typeof d.id !== 'string') {
        throw bad(`${field}.id`, `${field}.id must be "urn:uuid:" followed by a lower-case UUID (leave it out for a new one)`);
      }
      const optional = {
        id: optionalText(d.id, `${field}.id`),
        required_value: optionalText(d.requiredValue, `${field}.requiredValue`),
        value_min: optionalText(d.valueMin, `${field}.valueMin`),
        value_max: optionalText(d.valueMax, `${field}.valueMax`),
      };
      return {
        ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
        name: requiredText(d.name, `${field}.name`),
        result_type: requiredText(d.resultType, `${field}.resultType`),
        allowed_values:
          d.allowedValues === undefined || d.allowedValues === null
            ? []
            : array(d.allowedValues, `${field}.allowedValues`).map((v, j) => text(v, `${field}.allowedValues[${j}]`)),
      };
    }),
  };
}

/**
 * A badge body (docs/contract.md "Requests and bodies") as BadgeInput. `create`: null for a
 * required field is "missing" (issuance answers that it is required), null alignments or result
 * descriptions are none. `update`: a field left out stays; null clears imageUrl, expiresInDays
 * and achievementType and is refused for every other field.
 */
export function badgeInput(body: unknown, mode: 'create' | 'update'): BadgeInput {
  if (!isPlainObject(body)) throw bad('body', 'The body must be a JSON object');
  for (const key of Object.keys(body)) {
    if ((BADGE_FIELDS as readonly string[]).includes(key)) continue;
    const shown = key.slice(0, 64);
    if (BADGE_READ_ONLY.has(key)) throw bad(shown, `${shown} is read-only`);
    throw bad(shown, `Unknown field: ${shown}`);
  }
  const input: BadgeInput = {};
  for (const field of BADGE_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    if (value === null) {
      if (field === 'imageUrl') input.image_url = {};
      else if (field === 'expiresInDays') input.expires_in_days = {};
      else if (field === 'achievementType') input.achievement_type = {};
      else if (mode === 'update') throw bad(field, `${field} cannot be null`);
      // On create, null is "not given" where a default or "required" applies; slug, tags and
      // isActive have no null form.
      else if (field === 'slug') throw bad(field, 'slug must be a string');
      else if (field === 'tags') throw bad(field, 'tags must be an array of strings');
      else if (field === 'isActive') throw bad(field, 'isActive must be true or false');
      continue;
    }
    switch (field) {
      case 'name':
      case 'slug':
      case 'description':
      case 'criteria':
        input[field] = text(value, field);
        break;
      case 'imageUrl':
        input.image_url = { value: text(value, field) };
        break;
      case 'achievementType':
        input.achievement_type = { value: text(value, field) };
        break;
      case 'expiresInDays':
        if (typeof value !== 'number')
          throw bad(field, `expiresInDays must be an integer from 1 to ${EXPIRES_IN_DAYS_MAX}, or null`);
        input.expires_in_days = { value };
        break;
      case 'tags':
        if (!Array.isArray(value)) throw bad(field, 'tags must be an array of strings');
        input.tags = {
          values: value.map((tag: unknown, index) => {
            if (typeof tag !== 'string') throw bad(field, 'tags must be an array of strings', { index });
            return tag;
          }),
        };
        break;
      case 'isActive':
        if (typeof value !== 'boolean') throw bad(field, 'isActive must be true or false');
        input.is_active = value;
        break;
      case 'alignments':
        input.alignments = alignmentsInput(value);
        break;
      case 'resultDescriptions':
        input.result_descriptions = resultDescriptionsInput(value);
        break;
    }
  }
  return input;
}

/**
 * The content fields of an issue body (evidence, narrative, results; issue 14) as IssueContent;
 * undefined when none is given (null is none).
 */
export function issueContent(body: { evidence?: unknown; narrative?: unknown; results?: unknown }): IssueContent | undefined {
  const given = (v: unknown) => v !== undefined && v !== null;
  if (!given(body.evidence) && !given(body.narrative) && !given(body.results)) return undefined;
  const content: IssueContent = {
    evidence: given(body.evidence)
      ? array(body.evidence, 'evidence').map((item, i) => {
          const field = `evidence[${i}]`;
          const e = object(item, field);
          knownKeys(e, ['url', 'name', 'description', 'narrative'], field);
          const parts = {
            url: optionalText(e.url, `${field}.url`),
            name: optionalText(e.name, `${field}.name`),
            description: optionalText(e.description, `${field}.description`),
            narrative: optionalText(e.narrative, `${field}.narrative`),
          };
          return Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== undefined));
        })
      : [],
    results: given(body.results)
      ? array(body.results, 'results').map((item, i) => {
          const field = `results[${i}]`;
          const r = object(item, field);
          knownKeys(r, ['resultDescription', 'value', 'status'], field);
          if (typeof r.resultDescription !== 'string')
            throw bad(`${field}.resultDescription`, `${field}.resultDescription must be the id of one of the badge's resultDescriptions`);
          if (r.status !== undefined && r.status !== null && typeof r.status !== 'string')
            throw bad(`${field}.status`, `${field}.status must be one of ${RESULT_STATUSES.join(', ')}`);
          const value = optionalText(r.value, `${field}.value`);
          const status = optionalText(r.status, `${field}.status`);
          return {
            result_description: r.resultDescription,
            ...(value === undefined ? {} : { value }),
            ...(status === undefined ? {} : { status }),
          };
        })
      : [],
  };
  const narrative = optionalText(body.narrative, 'narrative');
  if (narrative !== undefined) content.narrative = narrative;
  return content;
}
