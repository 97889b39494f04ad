/**
 * Baked badges from anywhere (`POST /api/verify/baked`): extract the credential from a PNG
 * (iTXt `openbadgecredential`) or SVG (`<openbadges:credential>`) and verify it like
 * `POST /api/verify/credential`. Input problems (not an image, no credential, too large) throw
 * ExternalInputError; everything about the credential itself is a result.
 */
import { bakedPayloadKind, BakingError, unbakeOb2Png, unbakeOb2Svg, unbakePng, unbakeSvg } from '@cred/ob3';
import { ExternalInputError } from './errors.js';
import { parseJsonWithLimits } from './json-limits.js';
import { isHttpUrl, isOb2Assertion } from './ob2.js';
import { parseCompactJws } from './vc-jwt.js';
import {
  verifyCredentialObject,
  verifyOb2,
  verifyVcJwt,
  type ExternalVerificationResult,
  type ExternalVerifierDeps,
  type VerifyOptions,
} from './verify-credential.js';

/** docs/contract.md "Requests and bodies": uploaded baked images are limited to 5 MiB. */
export const MAX_BAKED_IMAGE_BYTES = 5 * 1024 * 1024;
/** Largest embedded credential text we extract. */
export const MAX_BAKED_PAYLOAD_BYTES = 512 * 1024;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type BakedImageKind = 'png' | 'svg';

/** Sniffs the bytes (the declared content type is only a hint: a mismatch is refused). */
export function bakedImageKind(bytes: Uint8Array, contentType?: string): BakedImageKind {
  const declared = contentType?.split(';')[0]?.trim().toLowerCase();
  const isPng = bytes.length >= 8 && Buffer.from(bytes.buffer, bytes.byteOffset, 8).equals(PNG_SIGNATURE);
  if (isPng) {
    if (declared && declared !== 'image/png' && declared !== 'application/octet-stream') {
      throw new ExternalInputError('UNSUPPORTED_IMAGE', `the file is a PNG but was sent as ${declared}`, 'file');
    }
    return 'png';
  }
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 4096))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  const looksSvg = head.startsWith('<') && /<svg[\s>]/i.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8'));
  if (
    looksSvg &&
    (!declared ||
      declared === 'image/svg+xml' ||
      declared === 'application/octet-stream' ||
      declared === 'text/xml' ||
      declared === 'application/xml')
  ) {
    return 'svg';
  }
  throw new ExternalInputError(
    'UNSUPPORTED_IMAGE',
    'the file must be a PNG or SVG badge image',
    'file',
    declared ? { contentType: declared } : {},
  );
}

/**
 * Returns the embedded credential text (OB 3.0 first, else an Open Badges 2.0 assertion: its
 * URL, JWS or JSON); throws ExternalInputError if there is none.
 */
export function extractBakedCredential(
  bytes: Uint8Array,
  contentType?: string,
): { kind: BakedImageKind; text: string; version: '3.0' | '2.0' } {
  if (!(bytes instanceof Uint8Array)) throw new ExternalInputError('UNSUPPORTED_IMAGE', 'the file must be binary image data', 'file');
  if (bytes.length > MAX_BAKED_IMAGE_BYTES) {
    throw new ExternalInputError('TOO_LARGE', 'baked images are limited to 5 MiB', 'file', { limitBytes: MAX_BAKED_IMAGE_BYTES });
  }
  if (bytes.length === 0) throw new ExternalInputError('UNSUPPORTED_IMAGE', 'the file is empty', 'file');
  const kind = bakedImageKind(bytes, contentType);
  const limits = { maxInputBytes: MAX_BAKED_IMAGE_BYTES, maxPayloadBytes: MAX_BAKED_PAYLOAD_BYTES };
  let text: string | null;
  let version: '3.0' | '2.0' = '3.0';
  try {
    if (kind === 'png') {
      text = unbakePng(bytes, limits);
      if (text === null) {
        text = unbakeOb2Png(bytes, limits);
        version = '2.0';
      }
    } else {
      let svg: string;
      try {
        svg = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        throw new ExternalInputError('MALFORMED_IMAGE', 'the SVG is not valid UTF-8', 'file');
      }
      text = unbakeSvg(svg, limits);
      if (text === null) {
        text = unbakeOb2Svg(svg, limits);
        version = '2.0';
      }
    }
  } catch (err) {
    if (err instanceof ExternalInputError) throw err;
    if (err instanceof BakingError) {
      if (err.reason === 'TOO_LARGE') throw new ExternalInputError('TOO_LARGE', err.message, 'file');
      throw new ExternalInputError('MALFORMED_IMAGE', `the ${kind.toUpperCase()} cannot be read: ${err.message}`, 'file', {
        baking: err.reason,
      });
    }
    throw err;
  }
  if (text === null || text.trim() === '') {
    throw new ExternalInputError(
      'NO_CREDENTIAL',
      kind === 'png'
        ? 'the PNG has no Open Badges credential (no iTXt chunk with keyword openbadgecredential, nor openbadges for Open Badges 2.0)'
        : 'the SVG has no Open Badges credential (no openbadges:credential element, nor openbadges:assertion for Open Badges 2.0)',
      'file',
    );
  }
  return { kind, text, version };
}

/** An Open Badges 2.0 baked assertion: a hosted assertion's URL, a signed assertion's JWS or the JSON. */
function verifyBakedOb2(kind: BakedImageKind, text: string, deps: ExternalVerifierDeps, options: VerifyOptions) {
  const trimmed = text.trim();
  if (isHttpUrl(trimmed)) return verifyOb2({ kind: 'url', url: trimmed }, deps, options, 'file');
  const payload = bakedPayloadKind(trimmed);
  if (payload === 'jws') {
    const parsed = parseCompactJws(trimmed);
    if (!parsed.ok) {
      throw new ExternalInputError(
        'MALFORMED_CREDENTIAL',
        `the ${kind.toUpperCase()}'s Open Badges 2.0 JWS is unusable: ${parsed.message}`,
        'file',
      );
    }
    return verifyOb2({ kind: 'jws', jws: parsed.jws }, deps, options, 'file');
  }
  let assertion: unknown;
  try {
    assertion = payload === 'json' ? parseJsonWithLimits(trimmed) : undefined;
  } catch (err) {
    throw new ExternalInputError(
      'MALFORMED_CREDENTIAL',
      `the embedded assertion is not acceptable JSON: ${(err as Error).message}`,
      'file',
    );
  }
  if (
    typeof assertion !== 'object' ||
    assertion === null ||
    Array.isArray(assertion) ||
    !isOb2Assertion(assertion as Record<string, unknown>)
  ) {
    throw new ExternalInputError(
      'MALFORMED_CREDENTIAL',
      `the ${kind.toUpperCase()}'s openbadges text is neither a URL, a JWS nor an Open Badges 2.0 assertion`,
      'file',
    );
  }
  return verifyOb2({ kind: 'object', assertion: assertion as Record<string, unknown> }, deps, options, 'file');
}

export async function verifyBakedImage(
  bytes: Buffer | Uint8Array,
  contentType: string | undefined,
  deps: ExternalVerifierDeps,
  options: VerifyOptions = {},
): Promise<ExternalVerificationResult> {
  const { kind, text, version } = extractBakedCredential(bytes, contentType);
  if (version === '2.0') return verifyBakedOb2(kind, text, deps, options);
  const payload = bakedPayloadKind(text);
  if (payload === 'jws') return verifyVcJwt(text, deps);
  if (payload !== 'json') {
    throw new ExternalInputError(
      'MALFORMED_CREDENTIAL',
      `the ${kind.toUpperCase()}'s embedded credential is neither JSON nor a compact JWS`,
      'file',
    );
  }
  let credential: unknown;
  try {
    credential = parseJsonWithLimits(text);
  } catch (err) {
    throw new ExternalInputError(
      'MALFORMED_CREDENTIAL',
      `the embedded credential is not acceptable JSON: ${(err as Error).message}`,
      'file',
    );
  }
  if (typeof credential !== 'object' || credential === null || Array.isArray(credential)) {
    throw new ExternalInputError('MALFORMED_CREDENTIAL', 'the embedded credential is not a JSON object', 'file');
  }
  return verifyCredentialObject(credential as Record<string, unknown>, deps);
}
