import type http from 'node:http';
import busboy from 'busboy';
import { AppError } from './errors.js';
import { DEFAULT_DRAIN_BUDGET, declaredLength, discardRequestBody } from './http-drain.js';

export interface MultipartFile {
  /** The form field the file came in. */
  field: string;
  bytes: Buffer;
  /** As declared by the client (a hint only). */
  mimeType: string | undefined;
  filename: string | undefined;
}

export interface MultipartForm {
  /** The files that `onFile` kept, in order. */
  files: MultipartFile[];
  /** Text fields that `onField` kept (a null-prototype record). */
  fields: Record<string, string>;
}

/** What to do with one file part: keep it, read past it, or refuse the form with this error. */
export type FileDecision = 'keep' | 'skip' | AppError;

export interface MultipartOptions {
  /** The field named by generic errors (malformed, incomplete or aborted upload): the file field. */
  field: string;
  /** Largest file accepted (bytes); a larger one is `errors.tooLarge()`. */
  maxFileBytes: number;
  /** Room for framing and text fields on top of the file; a body larger than both is cut off unread. Default 64 KiB. */
  overheadBytes?: number;
  /** busboy limits (files, fields, parts, fieldSize, fieldNameSize, headerPairs); fileSize is maxFileBytes. */
  limits?: Omit<busboy.Limits, 'fileSize'>;
  /** Decides each file part (default: keep the field `field`, skip others). */
  onFile?: (name: string, info: busboy.FileInfo) => FileDecision;
  /** Decides each text field: an error refuses the form; true keeps the value; false ignores it (default). */
  onField?: (name: string, value: string, info: busboy.FieldInfo) => AppError | boolean;
  errors: {
    /** 413 for a file or body over the limit. */
    tooLarge: () => AppError;
    /** The Content-Type has no usable boundary (default 400 naming `field`). */
    noBoundary?: () => AppError;
    /** More files / fields / parts than the limits allow; without one, busboy drops the extra parts and the form is read on. */
    tooManyFiles?: () => AppError;
    tooManyFields?: () => AppError;
    tooManyParts?: () => AppError;
  };
}

/**
 * Reads a multipart/form-data body with busboy, for every upload route of the platform (badge
 * images and bulk CSVs at the gateway, baked badges at verification). The promise settles
 * exactly once and the process never sees an unhandled stream error, whatever the client sends:
 *
 * - a truncated or otherwise malformed body (busboy's "Unexpected end of form", emitted on busboy
 *   *and* on the open file stream) is a 400 VALIDATION_ERROR naming `field`;
 * - a client that aborts (or a request stream error) is the same 400, never a hang;
 * - a declared Content-Length beyond the limit is refused before reading, a body that grows past
 *   it (chunked) is cut off, and an oversized file is refused once seen: `errors.tooLarge()`;
 * - the result is only produced after busboy has seen the closing boundary, so a caller never
 *   stores a half-received file.
 *
 * When the form is refused before the body was read to the end, the rest is discarded within a
 * budget (discardRequestBody) so that the client can read the error response.
 */
export function readMultipart(req: http.IncomingMessage, options: MultipartOptions): Promise<MultipartForm> {
  const { field, maxFileBytes, errors } = options;
  const bodyCap = maxFileBytes + (options.overheadBytes ?? 64 * 1024);
  const invalid = (message: string) => AppError.validation(field, message);
  const declared = declaredLength(req);
  if (declared !== undefined && declared > bodyCap) return Promise.reject(errors.tooLarge());
  // Aborted while earlier middleware awaited (rate limit, session): no event will come any more.
  if (req.destroyed && !req.complete) {
    return Promise.reject(invalid('The upload is incomplete or malformed (the multipart body did not end properly)'));
  }

  return new Promise<MultipartForm>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { ...options.limits, fileSize: maxFileBytes } });
    } catch {
      reject(errors.noBoundary?.() ?? invalid('The multipart body has no boundary'));
      return;
    }
    const files: MultipartFile[] = [];
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    let settled = false;
    let fileTooLarge = false;
    let received = 0;

    const fail = (err: AppError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      // Stop parsing: whatever arrives from now on is not looked at (and open file streams end with an error, which is listened to).
      parser.destroy();
      discardRequestBody(req, { ...DEFAULT_DRAIN_BUDGET, maxBytes: Math.max(DEFAULT_DRAIN_BUDGET.maxBytes, 2 * bodyCap) });
      reject(err);
    };
    const incomplete = () => fail(invalid('The upload is incomplete or malformed (the multipart body did not end properly)'));

    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      // Chunked uploads declare no length: stop reading once the body is past every limit.
      if (received > bodyCap) fail(errors.tooLarge());
    });
    // A client that goes away mid-upload: 'close' before the body was complete (and possibly an 'error').
    req.on('error', incomplete);
    req.on('close', () => {
      if (!req.complete) incomplete();
    });

    parser.on('file', (name, stream, info) => {
      // Every file stream gets an error listener: busboy destroys the open one with an error on a truncated body.
      stream.on('error', incomplete);
      const decision = settled ? 'skip' : options.onFile ? options.onFile(name, info) : name === field ? 'keep' : 'skip';
      if (decision !== 'keep') {
        stream.resume();
        if (decision instanceof AppError) fail(decision);
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => {
        if (fileTooLarge) return;
        size += c.length;
        chunks.push(c);
      });
      stream.on('limit', () => {
        fileTooLarge = true;
        chunks.length = 0;
      });
      stream.on('end', () => {
        if (!fileTooLarge && !settled) {
          files.push({ field: name, bytes: Buffer.concat(chunks, size), mimeType: info.mimeType || undefined, filename: info.filename });
        }
        chunks.length = 0;
      });
    });
    parser.on('field', (name, value, info) => {
      if (settled) return;
      const decision = options.onField ? options.onField(name, value, info) : false;
      if (decision instanceof AppError) fail(decision);
      else if (decision) fields[name] = value;
    });
    const { tooManyFiles, tooManyFields, tooManyParts } = errors;
    if (tooManyFiles) parser.on('filesLimit', () => fail(tooManyFiles()));
    if (tooManyFields) parser.on('fieldsLimit', () => fail(tooManyFields()));
    if (tooManyParts) parser.on('partsLimit', () => fail(tooManyParts()));
    parser.on('error', incomplete);
    parser.on('close', () => {
      if (settled) return;
      if (fileTooLarge) return fail(errors.tooLarge());
      settled = true;
      resolve({ files, fields });
    });
    req.pipe(parser);
  });
}
