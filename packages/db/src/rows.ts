/**
 * A table's rows as a service's domain objects: each camelCase field is the snake_case column of
 * the same name (`organizationId` <-> `organization_id`), so a store lists its fields once and
 * gets the row type, the reading and the writing from that list instead of writing each out.
 */

/** The column of a field, as a type: `organizationId` -> `organization_id`. */
export type SnakeCase<S extends string> = S extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${SnakeCase<Rest>}`
  : S;

/** The row of a domain type: the same values under the columns' names. */
export type RowOf<T> = { [K in keyof T & string as SnakeCase<K>]: T[K] };

/** The column of a field: `organizationId` -> `organization_id`. */
export function snakeCase(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export interface RowCodec<T extends object> {
  /** The columns, in the fields' order (for a select list). */
  readonly columns: readonly string[];
  /** The row to write: JSON fields (jsonb columns) as JSON text, which knex would otherwise send as a pg array. */
  toRow(value: T): RowOf<T>;
  /** The columns of the fields `changes` sets (an UPDATE's SET list); fields left undefined are not set. */
  toPatch(changes: Partial<T>): Partial<RowOf<T>>;
  /** The domain object of a row; columns that are no field (bookkeeping such as `event_at`) are left out. */
  fromRow(row: RowOf<T>): T;
}

type Missing<T, K extends readonly unknown[]> = Exclude<keyof T & string, K[number]>;

/**
 * The codec of T's table from the list of T's fields; `tsc` refuses a list that misses a field.
 * `json` names the fields kept in jsonb columns (objects and arrays).
 *
 *     const badges = rowCodec<Badge>()(['id', 'organizationId', ...], { json: ['tags'] });
 */
export function rowCodec<T extends object>() {
  return <const K extends readonly (keyof T & string)[]>(
    fields: K & ([Missing<T, K>] extends [never] ? unknown : { missingFields: Missing<T, K> }),
    options: { json?: readonly (keyof T & string)[] } = {},
  ): RowCodec<T> => {
    const pairs = (fields as readonly string[]).map(
      (f) => [f, snakeCase(f), options.json?.includes(f as keyof T & string) ?? false] as const,
    );
    return {
      columns: pairs.map(([, column]) => column),
      toRow(value) {
        const row: Record<string, unknown> = {};
        const v = value as Record<string, unknown>;
        for (const [field, column, json] of pairs) row[column] = json && v[field] != null ? JSON.stringify(v[field]) : v[field];
        return row as RowOf<T>;
      },
      toPatch(changes) {
        const row: Record<string, unknown> = {};
        const v = changes as Record<string, unknown>;
        for (const [field, column, json] of pairs) {
          if (v[field] !== undefined) row[column] = json && v[field] !== null ? JSON.stringify(v[field]) : v[field];
        }
        return row as Partial<RowOf<T>>;
      },
      fromRow(row) {
        const out: Record<string, unknown> = {};
        const r = row as Record<string, unknown>;
        for (const [field, column] of pairs) out[field] = r[column];
        return out as T;
      },
    };
  };
}

/** PostgreSQL's unique_violation (23505), on `constraint` when given: another row already holds the value. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string } | undefined;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
