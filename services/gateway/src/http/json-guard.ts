import { AppError } from '@cred/runtime';

const fields = new WeakMap<Error, string>();

/**
 * A body refused while it is parsed. body-parser strips own properties from errors thrown by
 * JSON.parse's reviver, so the field lives in a WeakMap and the class survives as the marker.
 */
export class BodyRejection extends Error {
  constructor(message: string, field: string) {
    super(message);
    fields.set(this, field);
  }
  toAppError(): AppError {
    return AppError.validation(fields.get(this) ?? 'body', this.message);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Checks a raw JSON body before it is parsed (DECISIONS.md section 1, malformed bodies): it
 * must be valid UTF-8, and no object may repeat a key (JSON.parse would silently keep the last
 * one, so two parsers could disagree on what a request says). One linear pass; syntax errors
 * are left to JSON.parse.
 */
export function assertCleanJson(buf: Buffer): void {
  let text: string;
  try {
    text = utf8.decode(buf);
  } catch {
    throw AppError.validation('body', 'Request body is not valid UTF-8');
  }
  const stack: Array<{ keys: Set<string> | undefined; expectKey: boolean }> = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (top?.keys && top.expectKey) {
        let key: string;
        try {
          key = JSON.parse(text.slice(i, j + 1)) as string;
        } catch {
          return;
        }
        if (top.keys.has(key)) throw AppError.validation(key.slice(0, 64), `Duplicate key in body: ${key.slice(0, 64)}`);
        top.keys.add(key);
        top.expectKey = false;
      }
      i = j;
    } else if (ch === '{') stack.push({ keys: new Set(), expectKey: true });
    else if (ch === '[') stack.push({ keys: undefined, expectKey: false });
    else if (ch === '}' || ch === ']') stack.pop();
    else if (ch === ',') {
      const top = stack[stack.length - 1];
      if (top?.keys) top.expectKey = true;
    }
  }
}
