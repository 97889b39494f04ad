import { Type, type Static, type TObject, type TSchema, type TUnsafe } from '@sinclair/typebox';

/**
 * The few builders the gateway's HTTP definitions need beyond TypeBox's own, each emitting the
 * plain JSON Schema that OpenAPI 3.1 and ajv read (docs/adr/0010-schema-first-http.md).
 */

/** Every named schema (`components.schemas` of the document), by name, in the order defined. */
export const components = new Map<string, TSchema>();

/**
 * A named schema: listed in the document's components and referenced there by `$ref`. The name
 * is its `$id`, which is also how the request validator resolves references to it.
 */
export function component<T extends TSchema>(name: string, schema: T): T & { $id: string } {
  if (components.has(name)) throw new Error(`schema ${name} is defined twice`);
  const named = { ...schema, $id: name };
  components.set(name, named);
  return named;
}

/** A reference to a named schema (`$ref`), typed as the schema it names. */
export const Ref = <T extends TSchema & { $id: string }>(schema: T): TUnsafe<Static<T>> => Type.Unsafe<Static<T>>({ $ref: schema.$id });

/** The schema or null: `type: [t, 'null']`, as JSON Schema writes it. */
export const Nullable = <T extends TSchema>(schema: T): TUnsafe<Static<T> | null> =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type as string, 'null'] });

/** A string out of a fixed list (`enum`), typed as the union of its values. */
export const StringEnum = <const V extends readonly string[]>(values: V, options: Record<string, unknown> = {}): TUnsafe<V[number]> =>
  Type.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options });

/** An object of any keys whose values all have one schema (`additionalProperties`). */
/**
 * A value an upstream service answered, checked against the list the document shows and typed as
 * its member; anything else is a fault of the platform (500), never passed on to clients.
 */
export function listed<const V extends readonly string[]>(values: V, value: string, what: string): V[number] {
  const known = values.find((x) => x === value);
  if (known === undefined) throw new Error(`unknown ${what} ${value.slice(0, 32)}`);
  return known;
}

export const Dict = <T extends TSchema>(values: T, options: Record<string, unknown> = {}): TUnsafe<Record<string, Static<T>>> =>
  Type.Unsafe<Record<string, Static<T>>>({ type: 'object', additionalProperties: values, ...options });

/** Any JSON object (a signed credential, a JSON-LD document): described, not constrained. */
export const AnyObject = (options: Record<string, unknown> = {}): TUnsafe<Record<string, unknown>> =>
  Type.Unsafe<Record<string, unknown>>({ type: 'object', ...options });

/** One query parameter of an operation (OpenAPI 3.1 Parameter Object, `in: query`). */
export interface QueryParameter {
  name: string;
  in: 'query';
  required?: true;
  description?: string;
  schema: Record<string, unknown>;
}

/**
 * The `parameters` of an operation from the one object schema of its query string, which the
 * route reads with validateQuery (../http/validate.ts): one parameter per property, the
 * property's `description` moved onto the parameter. A property the object requires is a
 * required parameter unless it has a default (which validateQuery fills in).
 */
export function queryParameters(query: TObject): QueryParameter[] {
  const required = new Set(query.required ?? []);
  return Object.entries(query.properties).map(([name, property]) => {
    const { description, ...schema } = property as TSchema & { description?: string };
    return {
      name,
      in: 'query' as const,
      ...(required.has(name) && schema.default === undefined ? { required: true as const } : {}),
      ...(typeof description === 'string' ? { description } : {}),
      schema,
    };
  });
}

/** A whole number from `minimum` to `maximum` (a query's page size or position), with its default. */
export const IntegerIn = (minimum: number, maximum: number, fallback?: number) =>
  Type.Integer({ minimum, maximum, ...(fallback === undefined ? {} : { default: fallback }) });
