/**
 * credentialStatus checks for foreign credentials (docs/standards.md "Verification and status"):
 *
 * - `BitstringStatusListEntry` (W3C REC) and the legacy `StatusList2021Entry`: fetch the list
 *   credential (guarded), check its type, purpose, validity period and proof, expand
 *   `encodedList` (multibase `u` + base64url, or plain base64 for 2021 lists; GZIP, bounded
 *   output) and read bit `statusListIndex`, most significant bit first. Lists shorter than the
 *   REC's 131,072 entries are tolerated (the DCC lists have 100,000; MANIFEST [L]).
 * - `1EdTechRevocationList`: GET the list URL; the credential is revoked if its `id` appears in
 *   `revokedCredential` with `revoked` true or absent. These lists are plain JSON without a
 *   proof: they are trusted because the (signed) credential names the URL.
 *
 * Purposes other than revocation and suspension (`message`, `refresh`) are not evaluated.
 */
import { gunzipSync } from 'node:zlib';
import { errorMessage, FetchError } from './errors.js';
import type { RemoteDocuments } from './remote-documents.js';

export type StatusState = 'ok' | 'revoked' | 'suspended' | 'ignored' | 'invalid' | 'unavailable';

export interface StatusOutcome {
  state: StatusState;
  message: string;
}

export interface StatusContext {
  credential: Record<string, unknown>;
  documents: RemoteDocuments;
  now: Date;
  /** Verifies a status list credential's proof and that its signer is trusted for it. */
  verifyListProof(list: Record<string, unknown>): Promise<{ ok: boolean; message: string }>;
}

/** W3C Bitstring Status List minimum (131,072 bits = 16 KiB). */
export const BSL_MIN_BITS = 131_072;
/** Largest expanded list we accept (16 Mi entries). */
const MAX_LIST_BYTES = 2 * 1024 * 1024;
const MAX_REVOKED_ENTRIES = 100_000;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function asArray(v: unknown): unknown[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

function typesOf(v: unknown): string[] {
  return asArray(isRecord(v) ? v['type'] : undefined).filter((t): t is string => typeof t === 'string');
}

const XSD_DATE_TIME = /^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

export function parseDateTime(v: unknown): Date | null {
  if (typeof v !== 'string' || !XSD_DATE_TIME.test(v)) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Expands `encodedList`. Throws with a reason on anything malformed. */
export function decodeEncodedList(encoded: unknown): Buffer {
  if (typeof encoded !== 'string' || encoded.length === 0) throw new Error('encodedList is missing');
  // Multibase base64url ('u') per the REC; StatusList2021 lists carry no prefix.
  const body = encoded.startsWith('u') ? encoded.slice(1) : encoded;
  if (!/^[A-Za-z0-9_\-+/]+={0,2}$/.test(body)) throw new Error('encodedList is not base64url');
  const compressed = Buffer.from(body, 'base64'); // Node's base64 decoder accepts both alphabets
  if (compressed.length < 18 || compressed[0] !== 0x1f || compressed[1] !== 0x8b) throw new Error('encodedList is not GZIP data');
  try {
    return gunzipSync(compressed, { maxOutputLength: MAX_LIST_BYTES });
  } catch (err) {
    throw new Error(`encodedList does not decompress: ${errorMessage(err)}`);
  }
}

export function bitAt(list: Buffer, index: number): number {
  const byte = list[index >> 3];
  if (byte === undefined) throw new RangeError(`index ${index} is outside the list (${list.length * 8} entries)`);
  return (byte >> (7 - (index & 7))) & 1;
}

function parseIndex(v: unknown): number | null {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  if (typeof v === 'string' && /^\d{1,10}$/.test(v)) {
    const n = Number(v);
    return Number.isSafeInteger(n) ? n : null;
  }
  return null;
}

function validityProblem(doc: Record<string, unknown>, now: Date): string | null {
  const from = doc['validFrom'] ?? doc['issuanceDate'];
  const until = doc['validUntil'] ?? doc['expirationDate'];
  if (from !== undefined) {
    const d = parseDateTime(from);
    if (!d) return 'its validFrom/issuanceDate is not a date-time';
    if (d.getTime() > now.getTime()) return `it is not valid before ${String(from)}`;
  }
  if (until !== undefined) {
    const d = parseDateTime(until);
    if (!d) return 'its validUntil/expirationDate is not a date-time';
    if (now.getTime() > d.getTime()) return `it expired ${String(until)}`;
  }
  return null;
}

async function fetchList(url: string, ctx: StatusContext): Promise<{ list: unknown } | StatusOutcome> {
  try {
    return { list: await ctx.documents.fetchStatusList(url) };
  } catch (err) {
    const why = err instanceof FetchError ? `${err.code}: ${err.message}` : errorMessage(err);
    return { state: 'unavailable', message: `status unavailable: cannot fetch ${url} (${why})` };
  }
}

async function checkBitstringEntry(entry: Record<string, unknown>, kind: 'bitstring' | '2021', ctx: StatusContext): Promise<StatusOutcome> {
  const purpose = entry['statusPurpose'];
  if (typeof purpose !== 'string') return { state: 'invalid', message: 'status entry has no statusPurpose' };
  if (purpose !== 'revocation' && purpose !== 'suspension') {
    return { state: 'ignored', message: `status purpose "${purpose}" is informational and was not evaluated` };
  }
  const index = parseIndex(entry['statusListIndex']);
  if (index === null) return { state: 'invalid', message: 'statusListIndex is not a non-negative integer' };
  const url = entry['statusListCredential'];
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url))
    return { state: 'invalid', message: 'statusListCredential is not an http(s) URL' };

  const fetched = await fetchList(url, ctx);
  if ('state' in fetched) return fetched;
  const list = fetched.list;
  const bad = (why: string): StatusOutcome => ({ state: 'invalid', message: `status list ${url} cannot be used: ${why}` });
  if (!isRecord(list)) return bad('it is not a JSON object');
  const listType = kind === 'bitstring' ? 'BitstringStatusListCredential' : 'StatusList2021Credential';
  const subjectType = kind === 'bitstring' ? 'BitstringStatusList' : 'StatusList2021';
  if (!typesOf(list).includes(listType)) return bad(`its type is not ${listType}`);
  const subject = asArray(list['credentialSubject'])[0];
  if (!isRecord(subject)) return bad('it has no credentialSubject');
  if (!typesOf(subject).includes(subjectType)) return bad(`its credentialSubject type is not ${subjectType}`);
  if (subject['statusPurpose'] !== undefined && asArray(subject['statusPurpose']).every((p) => p !== purpose)) {
    return bad(`its statusPurpose ${JSON.stringify(subject['statusPurpose'])} does not match "${purpose}"`);
  }
  const statusSize = entry['statusSize'] ?? subject['statusSize'];
  if (statusSize !== undefined && statusSize !== 1 && statusSize !== '1')
    return bad(`statusSize ${JSON.stringify(statusSize)} is not supported`);
  const period = validityProblem(list, ctx.now);
  if (period) return bad(period);
  const proof = await ctx.verifyListProof(list);
  if (!proof.ok) return bad(proof.message);
  let bits: Buffer;
  try {
    bits = decodeEncodedList(subject['encodedList']);
  } catch (err) {
    return bad(errorMessage(err));
  }
  let bit: number;
  try {
    bit = bitAt(bits, index);
  } catch (err) {
    return bad(errorMessage(err));
  }
  const entries = bits.length * 8;
  const shortNote = entries < BSL_MIN_BITS ? ` (short list of ${entries} entries, below the ${BSL_MIN_BITS} minimum; tolerated)` : '';
  if (bit === 1) {
    return purpose === 'revocation'
      ? { state: 'revoked', message: `revoked: bit ${index} of ${url} is set${shortNote}` }
      : { state: 'suspended', message: `suspended: bit ${index} of ${url} is set${shortNote}` };
  }
  return { state: 'ok', message: `not ${purpose === 'revocation' ? 'revoked' : 'suspended'}: bit ${index} of ${url} is clear${shortNote}` };
}

async function check1EdTechRevocationList(entry: Record<string, unknown>, ctx: StatusContext): Promise<StatusOutcome> {
  const url = entry['id'];
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url))
    return { state: 'invalid', message: '1EdTechRevocationList id is not an http(s) URL' };
  const credentialId = ctx.credential['id'];
  if (typeof credentialId !== 'string') return { state: 'invalid', message: 'the credential has no id to look up in its revocation list' };
  const fetched = await fetchList(url, ctx);
  if ('state' in fetched) return fetched;
  const list = fetched.list;
  if (!isRecord(list) || !Array.isArray(list['revokedCredential'])) {
    return { state: 'invalid', message: `revocation list ${url} has no revokedCredential array` };
  }
  const revoked = list['revokedCredential'];
  if (revoked.length > MAX_REVOKED_ENTRIES) return { state: 'invalid', message: `revocation list ${url} is too long` };
  const hit = revoked.find((r) => isRecord(r) && r['id'] === credentialId) as Record<string, unknown> | undefined;
  if (hit && hit['revoked'] !== false) {
    const reason = typeof hit['revocationReason'] === 'string' ? ` (${hit['revocationReason'].slice(0, 200)})` : '';
    return { state: 'revoked', message: `revoked: listed in ${url}${reason}` };
  }
  return { state: 'ok', message: `not revoked: not listed in ${url}` };
}

export async function checkStatusEntry(entry: unknown, ctx: StatusContext): Promise<StatusOutcome> {
  if (!isRecord(entry)) return { state: 'invalid', message: 'credentialStatus entry is not an object' };
  const types = typesOf(entry);
  if (types.includes('BitstringStatusListEntry')) return checkBitstringEntry(entry, 'bitstring', ctx);
  if (types.includes('StatusList2021Entry')) return checkBitstringEntry(entry, '2021', ctx);
  if (types.includes('1EdTechRevocationList')) return check1EdTechRevocationList(entry, ctx);
  return { state: 'invalid', message: `unsupported status method ${JSON.stringify(entry['type'])}` };
}
