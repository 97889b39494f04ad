import { AppError, assertNoDuplicateKeys, decodeJsonText } from '@cred/runtime';

/**
 * Checks a raw JSON body before express parses it (docs/contract.md "Requests and bodies", malformed bodies; see
 * docs/decisions.md, gateway 18): UTF-8 only (RFC 8259 8.1; another charset would be decoded
 * after this scan and dodge it), no byte order mark, valid UTF-8, no repeated key. The rules are
 * @cred/runtime's json-body, shared with verification; the parsed value then goes through its
 * assertSafeJsonValue (app.ts).
 */
export function assertCleanJson(buf: Buffer, encoding?: string | null): void {
  if (encoding && encoding.toLowerCase() !== 'utf-8' && encoding.toLowerCase() !== 'utf8') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'JSON bodies must be UTF-8 (charset=utf-8)');
  }
  assertNoDuplicateKeys(decodeJsonText(buf));
}
