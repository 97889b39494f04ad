import { z } from 'zod';
import { EVENT_CATALOG } from './catalog.js';

export interface CatalogEntry {
  type: string;
  version: number;
  producer: string;
  consumers: readonly string[];
  summary: string;
  /** The data's fields: `name`, `name?` (may be absent), `name|null`, nested objects in braces. */
  fields: string;
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
};

function nullable(s: JsonSchema): boolean {
  return (s.anyOf ?? []).some((x) => x.type === 'null') || (Array.isArray(s.type) && s.type.includes('null'));
}

function inner(s: JsonSchema): JsonSchema {
  return (s.anyOf ?? []).find((x) => x.type !== 'null') ?? s;
}

function describeValue(s: JsonSchema): string {
  const v = inner(s);
  if (v.const !== undefined) return ` (\`${String(v.const)}\`)`;
  if (v.enum) return ` (${v.enum.map((e) => `\`${String(e)}\``).join(' \\| ')})`;
  if (v.type === 'object' && v.properties) return `: {${describeObject(v)}}`;
  if (v.type === 'array' && v.items) {
    const item = inner(v.items);
    return item.type === 'object' && item.properties ? `: [{${describeObject(item)}}]` : '[]';
  }
  return '';
}

function describeObject(s: JsonSchema): string {
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties ?? {})
    .map(([name, p]) => `${name}${required.has(name) ? '' : '?'}${describeValue(p)}${nullable(p) ? '\\|null' : ''}`)
    .join(', ');
}

/** The catalogue as rows for docs/events.md, derived from the schemas themselves. */
export function describeCatalog(): CatalogEntry[] {
  return Object.entries(EVENT_CATALOG).map(([type, c]) => {
    const schema = z.toJSONSchema(c.data, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    return { type, version: c.version, producer: c.producer, consumers: c.consumers, summary: c.summary, fields: describeObject(schema) };
  });
}
