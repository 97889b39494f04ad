import type http from 'node:http';
import busboy from 'busboy';
import { AppError } from '@cred/runtime';
import { parseJsonWithLimits } from '../external/index.js';

/** DECISIONS.md section 1: JSON bodies 64 KiB, uploaded baked images 5 MiB. */
export const MAX_JSON_BYTES = 64 * 1024;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Multipart framing and small fields on top of the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Marks a request whose body was not (fully) read: the error response closes the connection
 * instead of leaving unread bytes on a keep-alive socket.
 */
export class BodyTooLarge extends AppError {
  constructor(limitBytes: number, what: string) {
    super('PAYLOAD_TOO_LARGE', `${what} is larger than ${limitBytes} bytes`, { limitBytes });
  }
}

/** How much of an oversized body we still read and discard so that the client sees the 413. */
function drainCap(limit: number): number {
  return Math.max(limit * 2, 16 * 1024 * 1024);
}

export function mediaType(req: http.IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/** The whole body, at most `limit` bytes (413 beyond it, checked on Content-Length first). */
export function readBody(req: http.IncomingMessage, limit: number, what = 'The request body'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > drainCap(limit)) {
      reject(new BodyTooLarge(limit, what));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        if (size > drainCap(limit)) {
          reject(new BodyTooLarge(limit, what));
          req.pause();
        }
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => (over ? reject(new BodyTooLarge(limit, what)) : resolve(Buffer.concat(chunks))));
    req.on('error', () => reject(AppError.validation('body', 'The request body could not be read')));
  });
}

/** A JSON body (64 KiB): valid UTF-8, JSON within the depth/size limits, no prototype keys. */
export async function readJsonBody(req: http.IncomingMessage): Promise<unknown> {
  const type = mediaType(req);
  if (type !== 'application/json' && !/^application\/[a-z0-9.+-]*\+json$/.test(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
  }
  const bytes = await readBody(req, MAX_JSON_BYTES);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw AppError.validation('body', 'The request body is not valid UTF-8');
  }
  if (text.trim() === '') throw AppError.validation('body', 'The request body is empty');
  try {
    return parseJsonWithLimits(text);
  } catch (err) {
    throw AppError.validation('body', `The request body is not acceptable JSON: ${(err as Error).message}`);
  }
}

export interface UploadedFile {
  bytes: Buffer;
  /** As declared by the client (a hint; the verifier sniffs the bytes). */
  contentType: string | undefined;
}

/**
 * The one file of a multipart/form-data body (field `field`, at most `limit` bytes). Other
 * fields are ignored; a missing file is a 400, an oversized one a 413.
 */
export function readMultipartFile(req: http.IncomingMessage, field: string, limit: number): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: limit, fields: 20, fieldSize: 4096, parts: 25, headerPairs: 20 },
      });
    } catch {
      reject(AppError.validation(field, 'The multipart body has no boundary'));
      return;
    }
    let file: UploadedFile | undefined;
    let tooLarge = false;
    let settled = false;
    let total = 0;
    const fail = (err: AppError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.resume();
      reject(err);
    };
    req.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit + MULTIPART_OVERHEAD) tooLarge = true;
      if (total > drainCap(limit)) {
        fail(new BodyTooLarge(limit, 'The upload'));
        req.pause();
      }
    });
    parser.on('file', (name, stream, info) => {
      if (name !== field || file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('end', () => {
        if (!tooLarge) file = { bytes: Buffer.concat(chunks), contentType: info.mimeType || undefined };
        chunks.length = 0;
      });
    });
    parser.on('error', () => fail(AppError.validation(field, 'The multipart body is malformed')));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      if (tooLarge) reject(new BodyTooLarge(limit, 'The upload'));
      else if (!file) reject(AppError.validation(field, `The form has no file in field "${field}"`));
      else resolve(file);
    });
    req.on('error', () => fail(AppError.validation(field, 'The upload could not be read')));
    req.pipe(parser);
  });
}
