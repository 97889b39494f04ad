import { Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';

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
export const Dict = <T extends TSchema>(values: T, options: Record<string, unknown> = {}): TUnsafe<Record<string, Static<T>>> =>
  Type.Unsafe<Record<string, Static<T>>>({ type: 'object', additionalProperties: values, ...options });

/** Any JSON object (a signed credential, a JSON-LD document): described, not constrained. */
export const AnyObject = (options: Record<string, unknown> = {}): TUnsafe<Record<string, unknown>> =>
  Type.Unsafe<Record<string, unknown>>({ type: 'object', ...options });
