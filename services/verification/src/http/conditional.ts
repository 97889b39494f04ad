import { createHash } from 'node:crypto';
import type http from 'node:http';

/** If-None-Match as RFC 9110 reads it: `*`, or a list of entity tags compared weakly. */
export function notModified(header: string | string[] | undefined, etag: string): boolean {
  if (typeof header !== 'string') return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

const etags = new WeakMap<Buffer, string>();

/** A strong ETag over the bytes, computed once per (cached) buffer. */
export function etagOf(bytes: Buffer): string {
  let tag = etags.get(bytes);
  if (!tag) {
    tag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
    etags.set(bytes, tag);
  }
  return tag;
}

/**
 * Seconds a client or shared cache may keep a public document whose meaning follows the
 * credential's status (the verification page): a revocation reaches such a verifier at most
 * this long after it reached the replicas (ADR 0009), as for the revocation lists.
 */
export const STATUS_DEPENDENT_MAX_AGE_S = 5;

/**
 * Sends cached bytes with their ETag: 304 without a body for a matching If-None-Match, and
 * HEAD as GET without the body. `headers` are the representation's own (type, cache, vary...).
 */
export function sendCachedBytes(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  bytes: Buffer,
  headers: Record<string, string | number>,
): void {
  const etag = etagOf(bytes);
  const all: Record<string, string | number> = { ...headers, etag };
  if (notModified(req.headers['if-none-match'], etag)) {
    const rest = Object.fromEntries(Object.entries(all).filter(([k]) => k !== 'content-type' && k !== 'content-length'));
    res.writeHead(304, rest);
    res.end();
    return;
  }
  res.writeHead(200, { ...all, 'content-length': bytes.length });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}
