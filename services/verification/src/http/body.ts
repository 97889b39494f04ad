import type http from 'node:http';
import { AppError, assertUtf8Charset, decodeJsonText, parseStrictJson, readLimitedBody, readMultipart } from '@cred/runtime';
import { parseJsonWithLimits } from '../external/index.js';

/** docs/contract.md "Requests and bodies": JSON bodies 64 KiB, uploaded baked images 5 MiB. */
export const MAX_JSON_BYTES = 64 * 1024;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Multipart framing and small fields on top of the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * 413 for a body over its limit. It is answered as soon as the excess is known; the rest of the
 * body is then discarded within a budget (discardRequestBody in public-server.ts), so that the
 * client reads the response instead of a connection reset.
 */
export class BodyTooLarge extends AppError {
  constructor(limitBytes: number, what: string) {
    super('PAYLOAD_TOO_LARGE', `${what} is larger than ${limitBytes} bytes`, { limitBytes });
  }
}

export function mediaType(req: http.IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/** The whole body, at most `limit` bytes (413 beyond it, on the declared Content-Length first); 400 if the client aborts. */
export function readBody(req: http.IncomingMessage, limit: number, what = 'The request body'): Promise<Buffer> {
  return readLimitedBody(req, limit, () => new BodyTooLarge(limit, what));
}

/**
 * A JSON body (64 KiB) under the malformed-body rules of docs/contract.md "Requests and bodies", the same as the
 * gateway's (@cred/runtime json-body.ts): UTF-8 (415 for another charset) without a byte order
 * mark, no duplicate or prototype keys, finite numbers and safe integers only, no unpaired
 * surrogates; plus the depth/size limits for foreign JSON. Any violation is a 400 VALIDATION_ERROR.
 */
export async function readJsonBody(req: http.IncomingMessage): Promise<unknown> {
  const type = mediaType(req);
  if (type !== 'application/json' && !/^application\/[a-z0-9.+-]*\+json$/.test(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
  }
  assertUtf8Charset(req.headers['content-type']);
  const text = decodeJsonText(await readBody(req, MAX_JSON_BYTES));
  return parseStrictJson(text, (t) => parseJsonWithLimits(t));
}

export interface UploadedFile {
  bytes: Buffer;
  /** As declared by the client (a hint; the verifier sniffs the bytes). */
  contentType: string | undefined;
  /** The text fields asked for in `keepFields` that the form had. */
  fields: Record<string, string>;
}

/**
 * The one file of a multipart/form-data body (field `field`, at most `limit` bytes), and the
 * text fields named in `keepFields` (4 KiB each). Other fields and files are ignored; a missing file is a 400, an oversized one a 413, a truncated or
 * aborted upload a 400 (@cred/runtime readMultipart).
 */
export async function readMultipartFile(
  req: http.IncomingMessage,
  field: string,
  limit: number,
  keepFields: readonly string[] = [],
): Promise<UploadedFile> {
  const form = await readMultipart(req, {
    field,
    onField: (name) => keepFields.includes(name),
    maxFileBytes: limit,
    overheadBytes: MULTIPART_OVERHEAD_BYTES,
    limits: { files: 1, fields: 20, fieldSize: 4096, parts: 25, headerPairs: 20 },
    // Parts beyond the limits are dropped (busboy), like the fields nobody reads.
    errors: { tooLarge: () => new BodyTooLarge(limit, 'The upload') },
  });
  const file = form.files[0];
  if (!file) throw AppError.validation(field, `The form has no file in field "${field}"`);
  return { bytes: file.bytes, contentType: file.mimeType, fields: form.fields };
}
