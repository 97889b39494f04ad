/**
 * Size and depth caps for foreign JSON (docs/security.md "Foreign documents": depth <= 32), applied before any
 * JSON-LD processing. Iterative, so a hostile document cannot overflow the stack here, and
 * bounded by `maxNodes`, so cyclic objects passed by a programmatic caller terminate too.
 */
export interface JsonLimits {
  maxDepth: number;
  maxNodes: number;
  maxArrayLength: number;
  maxStringLength: number;
}

export const DEFAULT_JSON_LIMITS: JsonLimits = {
  maxDepth: 32,
  maxNodes: 20_000,
  maxArrayLength: 1_000,
  maxStringLength: 1_000_000,
};

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Returns null if `value` is within the limits (and has no prototype keys), else the reason. */
export function jsonLimitViolation(value: unknown, limits: JsonLimits = DEFAULT_JSON_LIMITS): string | null {
  const stack: Array<{ v: unknown; depth: number }> = [{ v: value, depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (++nodes > limits.maxNodes) return `more than ${limits.maxNodes} JSON values`;
    if (typeof v === 'string') {
      if (v.length > limits.maxStringLength) return `a string longer than ${limits.maxStringLength} characters`;
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= limits.maxDepth) return `nested deeper than ${limits.maxDepth} levels`;
    if (Array.isArray(v)) {
      if (v.length > limits.maxArrayLength) return `an array with more than ${limits.maxArrayLength} elements`;
      for (const item of v) stack.push({ v: item, depth: depth + 1 });
    } else {
      for (const key of Object.keys(v)) {
        // docs/contract.md "Requests and bodies": prototype keys are refused (they would be silently skipped or misread downstream).
        if (FORBIDDEN_KEYS.has(key)) return `a forbidden key "${key}"`;
        stack.push({ v: (v as Record<string, unknown>)[key], depth: depth + 1 });
      }
    }
  }
  return null;
}

/** JSON.parse + limits; throws SyntaxError / RangeError with a readable message. */
export function parseJsonWithLimits(text: string, limits: JsonLimits = DEFAULT_JSON_LIMITS): unknown {
  // A cheap pre-check so that pathological nesting never reaches the parser at all.
  let depth = 0;
  let maxSeen = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > maxSeen) maxSeen = depth;
      if (maxSeen > limits.maxDepth) throw new RangeError(`JSON nested deeper than ${limits.maxDepth} levels`);
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  const value: unknown = JSON.parse(text);
  const violation = jsonLimitViolation(value, limits);
  if (violation) throw new RangeError(`JSON has ${violation}`);
  return value;
}
