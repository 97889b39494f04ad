/**
 * The richer Open Badges 3.0 content (issue 14): on a badge, its achievement type, alignments and
 * result descriptions; on an issue, evidence, a narrative and results. Checked here with the
 * API's field names; @cred/ob3 checks the same rules again when it builds the credential.
 */
import { ACHIEVEMENT_TYPES, isExtensibleTerm, RESULT_STATUSES, RESULT_TYPES, type BadgeAlignment, type BadgeResultDescription } from '@cred/ob3';
import { AppError, newUuid } from '@cred/runtime';
import { checkText, isPlainObject } from './text.js';

export type { BadgeAlignment, BadgeResultDescription };

export interface EvidenceItem {
  url: string | null;
  name: string | null;
  description: string | null;
  narrative: string | null;
}

export interface ResultItem {
  resultDescription: string;
  value: string | null;
  status: string | null;
}

/** The optional content of one issue. */
export interface IssueContent {
  evidence: EvidenceItem[];
  narrative: string | null;
  results: ResultItem[];
}

export const EMPTY_ISSUE_CONTENT: IssueContent = Object.freeze({ evidence: [], narrative: null, results: [] }) as IssueContent;

export const CONTENT_LIMITS = {
  alignments: 20,
  resultDescriptions: 10,
  allowedValues: 50,
  evidence: 10,
  shortText: 200,
  name: 500,
  text: 5000,
  url: 2048,
} as const;

const RESULT_DESCRIPTION_ID = /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function checkKeysOf(value: Record<string, unknown>, allowed: readonly string[], field: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw AppError.validation(`${field}.${key.slice(0, 64)}`, `Unknown field: ${field}.${key.slice(0, 64)}`);
  }
}

function objectAt(value: unknown, field: string): Record<string, unknown> {
  if (!isPlainObject(value)) throw AppError.validation(field, `${field} must be an object`);
  return value;
}

function arrayAt(value: unknown, field: string, max: number): unknown[] {
  if (!Array.isArray(value)) throw AppError.validation(field, `${field} must be an array`);
  if (value.length > max) throw AppError.validation(field, `${field} holds at most ${max} entries`);
  return value;
}

function optionalText(value: unknown, field: string, max: number, multiline = false): string | null {
  if (value === undefined || value === null) return null;
  return checkText(value, field, { min: 1, max, multiline });
}

/** An absolute http(s) URL without credentials or white space. */
export function checkHttpUrl(value: unknown, field: string): string {
  const text = checkText(value, field, { min: 1, max: CONTENT_LIMITS.url, trim: false });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw AppError.validation(field, `${field} must be an absolute http(s) URL`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || /\s/.test(text) || url.username || url.password) {
    throw AppError.validation(field, `${field} must be an absolute http(s) URL without credentials`);
  }
  return text;
}

export function checkAchievementType(value: unknown): string | null {
  if (value === null) return null;
  const type = checkText(value, 'achievementType', { min: 1, max: CONTENT_LIMITS.shortText, trim: false });
  if (!isExtensibleTerm(type, ACHIEVEMENT_TYPES)) {
    throw AppError.validation(
      'achievementType',
      'achievementType must be an Open Badges 3.0 AchievementType (e.g. "Badge", "Certificate") or an "ext:" term',
    );
  }
  return type;
}

export function checkAlignments(value: unknown): BadgeAlignment[] {
  return arrayAt(value, 'alignments', CONTENT_LIMITS.alignments).map((item, i) => {
    const field = `alignments[${i}]`;
    const a = objectAt(item, field);
    checkKeysOf(a, ['targetName', 'targetUrl', 'targetFramework', 'targetCode'], field);
    if (a.targetName === undefined || a.targetName === null)
      throw AppError.validation(`${field}.targetName`, `${field}.targetName is required`);
    if (a.targetUrl === undefined || a.targetUrl === null)
      throw AppError.validation(`${field}.targetUrl`, `${field}.targetUrl is required`);
    return {
      targetName: checkText(a.targetName, `${field}.targetName`, { min: 1, max: CONTENT_LIMITS.name }),
      targetUrl: checkHttpUrl(a.targetUrl, `${field}.targetUrl`),
      targetFramework: optionalText(a.targetFramework, `${field}.targetFramework`, CONTENT_LIMITS.name),
      targetCode: optionalText(a.targetCode, `${field}.targetCode`, CONTENT_LIMITS.shortText),
    };
  });
}

/**
 * Result descriptions. An entry without `id` gets a new `urn:uuid:` id; one with an id keeps it
 * (send the ids back when changing a badge, so results of credentials issued later keep naming
 * the same description).
 */
export function checkResultDescriptions(value: unknown): BadgeResultDescription[] {
  const seen = new Set<string>();
  return arrayAt(value, 'resultDescriptions', CONTENT_LIMITS.resultDescriptions).map((item, i) => {
    const field = `resultDescriptions[${i}]`;
    const d = objectAt(item, field);
    checkKeysOf(d, ['id', 'name', 'resultType', 'allowedValues', 'requiredValue', 'valueMin', 'valueMax'], field);
    let id: string;
    if (d.id === undefined || d.id === null) id = `urn:uuid:${newUuid()}`;
    else {
      if (typeof d.id !== 'string' || !RESULT_DESCRIPTION_ID.test(d.id))
        throw AppError.validation(
          `${field}.id`,
          `${field}.id must be "urn:uuid:" followed by a lower-case UUID (leave it out for a new one)`,
        );
      id = d.id;
    }
    if (seen.has(id)) throw AppError.validation(`${field}.id`, `${field}.id repeats another result description's id`);
    seen.add(id);
    if (d.name === undefined || d.name === null) throw AppError.validation(`${field}.name`, `${field}.name is required`);
    if (d.resultType === undefined || d.resultType === null)
      throw AppError.validation(`${field}.resultType`, `${field}.resultType is required`);
    const resultType = checkText(d.resultType, `${field}.resultType`, { min: 1, max: CONTENT_LIMITS.shortText, trim: false });
    if (!isExtensibleTerm(resultType, RESULT_TYPES)) {
      throw AppError.validation(
        `${field}.resultType`,
        `${field}.resultType must be an Open Badges 3.0 ResultType (e.g. "LetterGrade", "Percent") or an "ext:" term`,
      );
    }
    const allowedValues =
      d.allowedValues === undefined || d.allowedValues === null
        ? []
        : arrayAt(d.allowedValues, `${field}.allowedValues`, CONTENT_LIMITS.allowedValues).map((v, j) =>
            checkText(v, `${field}.allowedValues[${j}]`, { min: 1, max: CONTENT_LIMITS.shortText }),
          );
    if (new Set(allowedValues).size !== allowedValues.length)
      throw AppError.validation(`${field}.allowedValues`, `${field}.allowedValues repeats a value`);
    const requiredValue = optionalText(d.requiredValue, `${field}.requiredValue`, CONTENT_LIMITS.shortText);
    if (requiredValue !== null && allowedValues.length > 0 && !allowedValues.includes(requiredValue)) {
      throw AppError.validation(`${field}.requiredValue`, `${field}.requiredValue must be one of allowedValues`);
    }
    return {
      id,
      name: checkText(d.name, `${field}.name`, { min: 1, max: CONTENT_LIMITS.name }),
      resultType,
      allowedValues,
      requiredValue,
      valueMin: optionalText(d.valueMin, `${field}.valueMin`, CONTENT_LIMITS.shortText),
      valueMax: optionalText(d.valueMax, `${field}.valueMax`, CONTENT_LIMITS.shortText),
    };
  });
}

const ISSUE_CONTENT_FIELDS = ['evidence', 'narrative', 'results'] as const;

/**
 * The optional content of an issue body (the gateway passes these fields on as one JSON object):
 * evidence (each with at least one of url, name, description, narrative; url http(s) only), a
 * narrative, and results. Whether results name the badge's result descriptions is checked once
 * the badge is known (checkResultsAgainstBadge).
 */
export function validateIssueContent(value: unknown): IssueContent {
  if (value === undefined || value === null) return EMPTY_ISSUE_CONTENT;
  const body = objectAt(value, 'body');
  for (const key of Object.keys(body)) {
    if (!(ISSUE_CONTENT_FIELDS as readonly string[]).includes(key))
      throw AppError.validation(key.slice(0, 64), `Unknown field: ${key.slice(0, 64)}`);
  }
  const evidence =
    body.evidence === undefined || body.evidence === null
      ? []
      : arrayAt(body.evidence, 'evidence', CONTENT_LIMITS.evidence).map((item, i) => {
          const field = `evidence[${i}]`;
          const e = objectAt(item, field);
          checkKeysOf(e, ['url', 'name', 'description', 'narrative'], field);
          const out: EvidenceItem = {
            url: e.url === undefined || e.url === null ? null : checkHttpUrl(e.url, `${field}.url`),
            name: optionalText(e.name, `${field}.name`, CONTENT_LIMITS.name),
            description: optionalText(e.description, `${field}.description`, CONTENT_LIMITS.text, true),
            narrative: optionalText(e.narrative, `${field}.narrative`, CONTENT_LIMITS.text, true),
          };
          if (out.url === null && out.name === null && out.description === null && out.narrative === null) {
            throw AppError.validation(field, `${field} needs at least one of url, name, description, narrative`);
          }
          return out;
        });
  const results =
    body.results === undefined || body.results === null
      ? []
      : arrayAt(body.results, 'results', CONTENT_LIMITS.resultDescriptions).map((item, i) => {
          const field = `results[${i}]`;
          const r = objectAt(item, field);
          checkKeysOf(r, ['resultDescription', 'value', 'status'], field);
          if (typeof r.resultDescription !== 'string' || r.resultDescription === '')
            throw AppError.validation(
              `${field}.resultDescription`,
              `${field}.resultDescription must be the id of one of the badge's resultDescriptions`,
            );
          const status = r.status === undefined || r.status === null ? null : r.status;
          if (status !== null && !(RESULT_STATUSES as readonly unknown[]).includes(status)) {
            throw AppError.validation(`${field}.status`, `${field}.status must be one of ${RESULT_STATUSES.join(', ')}`);
          }
          const out: ResultItem = {
            resultDescription: r.resultDescription.slice(0, 200),
            value: optionalText(r.value, `${field}.value`, CONTENT_LIMITS.shortText),
            status: status as string | null,
          };
          if (out.value === null && out.status === null) throw AppError.validation(field, `${field} needs a value or a status`);
          return out;
        });
  const seen = new Set<string>();
  results.forEach((r, i) => {
    if (seen.has(r.resultDescription))
      throw AppError.validation(`results[${i}].resultDescription`, `results[${i}] repeats a result description`);
    seen.add(r.resultDescription);
  });
  return { evidence, narrative: optionalText(body.narrative, 'narrative', CONTENT_LIMITS.text, true), results };
}

/** Each result names one of the badge's result descriptions and, if it lists allowed values, uses one. */
export function checkResultsAgainstBadge(content: IssueContent, descriptions: readonly BadgeResultDescription[]): void {
  content.results.forEach((r, i) => {
    const d = descriptions.find((x) => x.id === r.resultDescription);
    if (!d) {
      throw AppError.validation(
        `results[${i}].resultDescription`,
        `results[${i}].resultDescription is not the id of one of the badge's resultDescriptions`,
      );
    }
    if (r.value !== null && d.allowedValues.length > 0 && !d.allowedValues.includes(r.value)) {
      throw AppError.validation(
        `results[${i}].value`,
        `results[${i}].value must be one of ${d.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`,
      );
    }
  });
}
