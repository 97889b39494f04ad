/**
 * The client's JSON -> the structured messages issuance takes for what clients write: a badge's
 * fields (BadgeInput) and an issue's content (IssueContent). The JSON shape is checked against
 * the bodies' definitions (BadgeInput, IssueCredentialBody; docs/adr/0010-schema-first-http.md),
 * the same ones the OpenAPI document shows; here only what a mode makes of null and the read-only
 * fields are added, then the mapping. Issuance checks the *values* (URLs, ranges, Open Badges
 * terms) and keeps the last word. Both name the field in details.field with the API's names (e.g.
 * `alignments[0].targetUrl`) (docs/adr/0011-typed-grpc-contracts.md).
 */
import type { Static } from '@sinclair/typebox';
import type { BadgeInput, IssueContent } from '@cred/proto';
import { BADGE_CLEARABLE_FIELDS, BADGE_READ_ONLY_FIELDS, BADGE_WRITABLE_FIELDS } from '@cred/proto/badge-fields';
import { AppError } from '@cred/runtime';
import { validate } from '../http/validate.js';
import { BadgeInput as BadgeInputSchema } from '../openapi/schemas/badges.js';
import type { IssueCredentialBody } from '../openapi/schemas/credentials.js';

type Json = Record<string, unknown>;

function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

const bad = (field: string, message: string) => AppError.validation(field, message);

type BadgeBody = Static<typeof BadgeInputSchema>;
/** On create, null for these is "not given": issuance applies the default or answers that the field is required. */
const NULL_IS_ABSENT_ON_CREATE = new Set(['name', 'description', 'criteria', 'alignments', 'resultDescriptions']);

/**
 * The body with what the mode makes of null settled before its shape is checked: a read-only
 * field is refused by name; on update null is refused where it cannot clear the field; on create
 * null is dropped where it means "not given".
 */
function settledNulls(body: unknown, mode: 'create' | 'update'): unknown {
  if (!isPlainObject(body)) return body;
  const out: Json = {};
  for (const [key, value] of Object.entries(body)) {
    if (BADGE_READ_ONLY_FIELDS.has(key)) {
      const shown = key.slice(0, 64);
      throw bad(shown, `${shown} is read-only`);
    }
    if (value === null && !BADGE_CLEARABLE_FIELDS.has(key) && (BADGE_WRITABLE_FIELDS as readonly string[]).includes(key)) {
      if (mode === 'update') throw bad(key, `${key} cannot be null`);
      if (NULL_IS_ABSENT_ON_CREATE.has(key)) continue;
    }
    out[key] = value;
  }
  return out;
}

/** Present (a value or null) in the body: a field left out stays as it is. */
const given = <K extends keyof BadgeBody>(body: BadgeBody, field: K): body is BadgeBody & Required<Pick<BadgeBody, K>> => body[field] !== undefined;
/** A nullable field as its wrapper message: `{}` clears, `{ value }` sets. */
const wrapped = <T>(value: T | null) => (value === null ? {} : { value });
/** Set when not null: optional proto fields are left out rather than sent empty. */
const when = <K extends string, T>(key: K, value: T | null | undefined) => (value === undefined || value === null ? {} : ({ [key]: value } as Record<K, T>));

/**
 * A badge body (docs/contract.md "Requests and bodies") as BadgeInput: its shape and lengths are
 * checked against its definition (BadgeInput in src/openapi/schemas/badges.ts), issuance checks
 * the values. `create`: null for a required field is "missing" (issuance answers that it is
 * required), null alignments or result descriptions are none. `update`: a field left out stays;
 * null clears imageUrl, expiresInDays and achievementType and is refused for every other field.
 */
export function badgeInput(raw: unknown, mode: 'create' | 'update'): BadgeInput {
  const body = validate(BadgeInputSchema, settledNulls(raw, mode));
  const input: BadgeInput = {};
  for (const field of ['name', 'slug', 'description', 'criteria'] as const) if (given(body, field)) input[field] = body[field];
  if (given(body, 'imageUrl')) input.image_url = wrapped(body.imageUrl);
  if (given(body, 'expiresInDays')) input.expires_in_days = wrapped(body.expiresInDays);
  if (given(body, 'achievementType')) input.achievement_type = wrapped(body.achievementType);
  if (given(body, 'tags')) input.tags = { values: body.tags };
  if (given(body, 'isActive')) input.is_active = body.isActive;
  if (given(body, 'alignments')) {
    input.alignments = {
      items: body.alignments.map((a) => ({
        target_name: a.targetName,
        target_url: a.targetUrl,
        ...when('target_framework', a.targetFramework),
        ...when('target_code', a.targetCode),
      })),
    };
  }
  if (given(body, 'resultDescriptions')) {
    input.result_descriptions = {
      items: body.resultDescriptions.map((d) => ({
        ...when('id', d.id),
        ...when('required_value', d.requiredValue),
        ...when('value_min', d.valueMin),
        ...when('value_max', d.valueMax),
        name: d.name,
        result_type: d.resultType,
        allowed_values: d.allowedValues ?? [],
      })),
    };
  }
  return input;
}

/** The content fields of an issue body, as IssueCredentialBody has checked them. */
type IssueContentBody = Pick<Static<typeof IssueCredentialBody>, 'evidence' | 'narrative' | 'results'>;

/**
 * The content fields of an issue body (evidence, narrative, results; issue 14), checked by
 * IssueCredentialBody (src/http/issue-credential.ts), as IssueContent; undefined when none is given.
 */
export function issueContent(body: IssueContentBody): IssueContent | undefined {
  if (body.evidence === undefined && body.narrative === undefined && body.results === undefined) return undefined;
  return {
    evidence: (body.evidence ?? []).map((e) => ({ ...when('url', e.url), ...when('name', e.name), ...when('description', e.description), ...when('narrative', e.narrative) })),
    results: (body.results ?? []).map((r) => ({ result_description: r.resultDescription, ...when('value', r.value), ...when('status', r.status) })),
    ...when('narrative', body.narrative),
  };
}
