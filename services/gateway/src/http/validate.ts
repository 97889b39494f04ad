import type { Static, TObject, TSchema } from '@sinclair/typebox';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { AppError } from '@cred/runtime';
import { components } from '../openapi/kit.js';

/**
 * Request validation from the definitions that also make the OpenAPI document
 * (docs/adr/0010-schema-first-http.md): `validate(schema, value)` returns the value typed by the
 * schema, or throws the first problem as 400 VALIDATION_ERROR with `details.field` naming it
 * (docs/contract.md "Requests and bodies"): an unknown field before anything else, then a missing
 * one, then a wrong value. Fields are written as paths: `recipient.email`, `evidence[0].url`.
 *
 * Formats (uuid, email, uri, date-time) describe the value; the service that owns it decides
 * whether it is one (an e-mail address is accounts' or issuance's rule, not a regular expression
 * here), so ajv does not check them.
 */
// verbose: each problem carries the schema it broke (whose title may name the rule in words).
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true, verbose: true });
const added = new Set<string>();
const compiled = new WeakMap<TSchema, ValidateFunction>();

function validatorOf(schema: TSchema): ValidateFunction {
  // Named schemas are referenced by their $id (kit.ts Ref): each is given to ajv before a schema that may refer to it is compiled.
  for (const [name, s] of components) {
    if (!added.has(name)) {
      ajv.addSchema(s);
      added.add(name);
    }
  }
  let v = compiled.get(schema);
  if (!v) {
    v = typeof schema.$id === 'string' ? ajv.getSchema(schema.$id) : ajv.compile(schema);
    if (!v) throw new Error(`no schema ${String(schema.$id)}`);
    compiled.set(schema, v);
  }
  return v;
}

/** `/evidence/0/url` -> `evidence[0].url` (JSON Pointer segments, ~1 and ~0 decoded). */
function fieldOf(pointer: string, last?: string): string {
  const segments =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (last !== undefined) segments.push(last.slice(0, 64));
  let out = '';
  for (const s of segments) out += /^\d+$/.test(s) ? `[${s}]` : out === '' ? s : `.${s}`;
  return out.slice(0, 260);
}

const A_TYPE: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function problem(e: ErrorObject): AppError {
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties') {
    const field = fieldOf(e.instancePath, String(p.additionalProperty));
    return AppError.validation(field, `Unknown field: ${field}`);
  }
  if (e.keyword === 'required') {
    const field = fieldOf(e.instancePath, String(p.missingProperty));
    return AppError.validation(field, `${field} is required`);
  }
  if (e.instancePath === '' && e.keyword === 'type') return AppError.validation('body', 'The body must be a JSON object');
  const field = fieldOf(e.instancePath);
  // A schema's title, where it has one, is its rule in words ("an integer from 1 to 36500, or null"): it tells a wrong type or form.
  const title = (e.parentSchema as { title?: unknown } | undefined)?.title;
  if ((e.keyword === 'type' || e.keyword === 'pattern') && typeof title === 'string') return AppError.validation(field, `${field} must be ${title}`);
  const allowed = (e.parentSchema as { enum?: unknown } | undefined)?.enum;
  if (e.keyword === 'type' && Array.isArray(allowed)) return AppError.validation(field, `${field} must be one of ${allowed.map(String).join(', ')}`);
  switch (e.keyword) {
    case 'type': {
      const types = (Array.isArray(p.type) ? p.type : String(p.type).split(',')) as string[];
      return AppError.validation(field, `${field} must be ${types.map((t) => A_TYPE[t] ?? t).join(' or ')}`);
    }
    case 'minLength':
      return AppError.validation(
        field,
        p.limit === 1 ? `${field} must not be empty` : `${field} must be at least ${String(p.limit)} characters`,
      );
    case 'maxLength':
      return AppError.validation(field, `${field} is too long (at most ${String(p.limit)} characters)`);
    case 'enum':
      return AppError.validation(field, `${field} must be one of ${(p.allowedValues as unknown[]).map(String).join(', ')}`);
    case 'minimum':
    case 'maximum':
      return AppError.validation(field, `${field} must be ${e.keyword === 'minimum' ? 'at least' : 'at most'} ${String(p.limit)}`);
    case 'minItems':
      if (p.limit === 1) return AppError.validation(field, `${field} must not be empty`);
      return AppError.validation(field, `${field} must have at least ${String(p.limit)} items`);
    case 'maxItems':
      return AppError.validation(field, `${field} must have at most ${String(p.limit)} items`);
    case 'uniqueItems':
      return AppError.validation(field, `${field} must not repeat an item`);
    case 'pattern':
      return AppError.validation(field, `${field} does not have the required form`);
    case 'minProperties':
      return AppError.validation(field, `${field} needs at least one field`);
    default:
      return AppError.validation(field, `${field} is not valid`);
  }
}

/** The order problems are told in: the first of the first kind. */
const RANK: Record<string, number> = { additionalProperties: 0, required: 1 };

/** The first problem of a failed check, in RANK order. */
function firstError(v: ValidateFunction): ErrorObject | undefined {
  return [...(v.errors ?? [])].sort((a, b) => (RANK[a.keyword] ?? 2) - (RANK[b.keyword] ?? 2))[0];
}

export function validate<T extends TSchema>(schema: T, value: unknown): Static<T> {
  const v = validatorOf(schema);
  if (v(value)) return value as Static<T>;
  const e = firstError(v);
  throw e ? problem(e) : AppError.validation('body', 'The body is not valid');
}

interface QueryProperty {
  type?: unknown;
  minimum?: number;
  maximum?: number;
  default?: unknown;
}

/** An integer parameter's rule in words: "an integer from 1 to 100". */
function integerRule(s: QueryProperty): string {
  if (s.minimum !== undefined && s.maximum !== undefined) return `an integer from ${s.minimum} to ${s.maximum}`;
  if (s.minimum !== undefined) return `an integer of at least ${s.minimum}`;
  return 'an integer';
}

/** A query string's value as the schema's type: digits only for an integer, `true`/`false` for a boolean. */
function coerce(name: string, s: QueryProperty, raw: string): unknown {
  if (s.type === 'integer') {
    // Digits only (no sign, point or exponent), and few enough to be exact; the range is the schema's.
    if (!/^\d{1,15}$/.test(raw)) throw AppError.validation(name, `${name} must be ${integerRule(s)}`);
    return Number(raw);
  }
  if (s.type === 'boolean') {
    if (raw !== 'true' && raw !== 'false') throw AppError.validation(name, `${name} must be true or false`);
    return raw === 'true';
  }
  return raw;
}

/**
 * A query string read by its one object schema (the one the document's parameters come from:
 * ../openapi/kit.ts queryParameters): each parameter the schema lists, given once, turned into the
 * schema's type, absent ones given their default, then checked like a body. The value comes back
 * typed; a problem is 400 VALIDATION_ERROR with `details.field` = the parameter's name
 * (docs/contract.md "Requests and bodies"): a parameter the schema does not list when it allows
 * no others, a parameter given twice or as `a[b]=`, a value not of its type, a missing required
 * one, a value out of range or not of the form.
 */
export function validateQuery<T extends TObject>(schema: T, query: unknown): Static<T> {
  const given = (query !== null && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  const properties = schema.properties as Record<string, QueryProperty>;
  if (schema.additionalProperties === false) {
    for (const key of Object.keys(given)) {
      if (Object.hasOwn(properties, key)) continue;
      const name = key.slice(0, 64);
      throw AppError.validation(name, `Unknown query parameter: ${name}`);
    }
  }
  const value: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(properties)) {
    const raw = Object.hasOwn(given, name) ? given[name] : undefined;
    if (raw === undefined) {
      if (s.default !== undefined) value[name] = structuredClone(s.default);
      continue;
    }
    if (typeof raw !== 'string') throw AppError.validation(name, `${name} must be given once, as a plain value`);
    value[name] = coerce(name, s, raw);
  }
  const v = validatorOf(schema);
  if (v(value)) return value as Static<T>;
  const e = firstError(v);
  if (!e) throw AppError.validation('query', 'The query string is not valid');
  const s = e.parentSchema as QueryProperty | undefined;
  // An integer out of range is told with its whole rule, as when it is not an integer at all.
  if ((e.keyword === 'minimum' || e.keyword === 'maximum') && s?.type === 'integer') {
    const field = fieldOf(e.instancePath);
    throw AppError.validation(field, `${field} must be ${integerRule(s)}`);
  }
  throw problem(e);
}
