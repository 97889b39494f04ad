import { AppError } from './errors.js';

/**
 * The malformed-body rules of docs/contract.md "Requests and bodies" for JSON request bodies, shared by every
 * HTTP edge so that the gateway and verification refuse the same bodies:
 *
 * - valid UTF-8, and no byte order mark (RFC 8259 section 8.1 forbids senders to add one; it is
 *   refused rather than skipped so that every parser in the chain reads the same text);
 * - valid JSON;
 * - no object repeats a key (JSON.parse silently keeps the last one, so two parsers could
 *   disagree on what a request says);
 * - no prototype keys (`__proto__`, `constructor`, `prototype`);
 * - every number is finite and every integer within the safe range (2^53 - 1): larger ones
 *   would silently lose precision;
 * - no unpaired UTF-16 surrogate escape in a string or key, nesting at most 64 levels;
 * - a `charset` other than UTF-8 on the Content-Type is 415 (assertUtf8Charset).
 *
 * Every other violation is a 400 VALIDATION_ERROR; `details.field` is the path of the offending
 * value (`organization.slug`, `tags[2]`), else `body`. These are the gateway's rules
 * (services/gateway/src/http/json-guard.ts, docs/decisions.md gateway 18), here so that
 * verification applies the same ones.
 */

/** Keys that would reach Object.prototype (or a constructor) through a careless merge. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Bytes to text: valid UTF-8 without a BOM (400 otherwise). */
export function decodeJsonText(bytes: Uint8Array): string {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    throw AppError.validation('body', 'The request body starts with a byte order mark; send JSON without one');
  }
  try {
    return utf8.decode(bytes);
  } catch {
    throw AppError.validation('body', 'The request body is not valid UTF-8');
  }
}

/**
 * Throws a 400 naming the first key that an object of `text` repeats. One linear pass over the
 * text; syntax errors are left to JSON.parse (the scan stops quietly at one it cannot follow).
 */
export function assertNoDuplicateKeys(text: string): void {
  const stack: Array<{ keys: Set<string> | undefined; expectKey: boolean }> = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22 /* " */) {
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== 0x22) j += text.charCodeAt(j) === 0x5c /* \ */ ? 2 : 1;
      const top = stack[stack.length - 1];
      if (top?.keys && top.expectKey) {
        let key: string;
        try {
          key = JSON.parse(text.slice(i, j + 1)) as string;
        } catch {
          return;
        }
        if (top.keys.has(key)) throw AppError.validation(printable(key), `Duplicate key in body: ${printable(key)}`);
        top.keys.add(key);
        top.expectKey = false;
      }
      i = j;
    } else if (ch === 0x7b /* { */) stack.push({ keys: new Set(), expectKey: true });
    else if (ch === 0x5b /* [ */) stack.push({ keys: undefined, expectKey: false });
    else if (ch === 0x7d /* } */ || ch === 0x5d /* ] */) stack.pop();
    else if (ch === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      if (top?.keys) top.expectKey = true;
    }
  }
}

/** A UTF-16 surrogate without its partner: \ud800 not followed by \udc00-\udfff, or a lone \udc00. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Objects and arrays nested deeper than this are refused (JSON.stringify overflows the stack at a few thousand). */
export const MAX_JSON_BODY_DEPTH = 64;

interface Visit {
  value: unknown;
  parent: Visit | undefined;
  /** The object key or array index that leads here from the parent. */
  step: string | number | undefined;
  depth: number;
}

/**
 * Checks a parsed body for what JSON.parse accepts but changes: a number that overflowed to
 * +-Infinity, an integer outside the safe range (its digits are already lost), a string or key
 * with an unpaired surrogate escape, prototype keys, nesting deeper than MAX_JSON_BODY_DEPTH.
 * 400 VALIDATION_ERROR with `details.field` = the value's path (`organization.slug`, `tags[2]`,
 * `body` for the whole). Iterative.
 */
export function assertSafeJsonValue(root: unknown): void {
  const stack: Visit[] = [{ value: root, parent: undefined, step: undefined, depth: 0 }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw AppError.validation(pathOf(visit), 'Numbers must be finite (this one overflows a 64-bit float)');
      if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
        throw AppError.validation(pathOf(visit), 'Integers must be within the safe range (-(2^53 - 1) to 2^53 - 1)');
      }
    } else if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value))
        throw AppError.validation(pathOf(visit), 'Strings must not contain an unpaired UTF-16 surrogate escape');
    } else if (typeof value === 'object' && value !== null) {
      if (visit.depth >= MAX_JSON_BODY_DEPTH) {
        throw AppError.validation(pathOf(visit), `Objects and arrays may be nested at most ${MAX_JSON_BODY_DEPTH} levels deep`);
      }
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--)
          stack.push({ value: value[i] as unknown, parent: visit, step: i, depth: visit.depth + 1 });
      } else {
        const keys = Object.keys(value);
        for (let i = keys.length - 1; i >= 0; i--) {
          const key = keys[i]!;
          const here: Visit = { value: (value as Record<string, unknown>)[key], parent: visit, step: key, depth: visit.depth + 1 };
          if (FORBIDDEN_KEYS.has(key)) throw AppError.validation(pathOf(here), `Forbidden key in body: ${key}`);
          if (LONE_SURROGATE.test(key))
            throw AppError.validation(pathOf(here), 'Keys must not contain an unpaired UTF-16 surrogate escape');
          stack.push(here);
        }
      }
    }
  }
}

const MAX_PATH = 256;

/** `a.b[2].c`, keys cut to 64 characters, lone surrogates shown as U+FFFD, at most 256 characters. */
function pathOf(visit: Visit): string {
  const steps: Array<string | number> = [];
  for (let v: Visit | undefined = visit; v?.step !== undefined; v = v.parent) steps.push(v.step);
  let path = '';
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i]!;
    path += typeof step === 'number' ? `[${step}]` : `${path === '' ? '' : '.'}${printable(step)}`;
    if (path.length > MAX_PATH) return `${path.slice(0, MAX_PATH)}...`;
  }
  return path === '' ? 'body' : path;
}

function printable(key: string): string {
  return key.slice(0, 64).replace(new RegExp(LONE_SURROGATE.source, 'g'), '\ufffd');
}

/** 415 unless the Content-Type's charset (if any) is UTF-8 (RFC 8259 8.1). */
export function assertUtf8Charset(contentType: string | undefined): void {
  const m = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType ?? '');
  if (!m) return;
  const charset = (m[1] ?? '').toLowerCase();
  if (charset !== 'utf-8' && charset !== 'utf8') throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'JSON bodies must be UTF-8 (charset=utf-8)');
}

/**
 * Text to value under the rules above. `parse` replaces JSON.parse, for callers with their own
 * size and depth limits around it (its errors become a 400 naming `body`).
 */
export function parseStrictJson(text: string, parse: (text: string) => unknown = JSON.parse): unknown {
  if (text.trim() === '') throw AppError.validation('body', 'The request body is empty');
  assertNoDuplicateKeys(text);
  let value: unknown;
  try {
    value = parse(text);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw AppError.validation('body', `The request body is not acceptable JSON: ${(err as Error).message}`);
  }
  assertSafeJsonValue(value);
  return value;
}

/** Raw body bytes to a value under the rules above (UTF-8 without BOM, then {@link parseStrictJson}). */
export function parseJsonBody(bytes: Uint8Array): unknown {
  return parseStrictJson(decodeJsonText(bytes));
}
