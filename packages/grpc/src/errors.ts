import * as grpc from '@grpc/grpc-js';
import { AppError, isErrorCode, type ErrorCode } from '@cred/runtime';
import { RPC_REFUSED_METADATA } from './identity.js';

const CODE_KEY = 'app-error-code';
const DETAILS_KEY = 'app-error-details';

/**
 * Limits that keep an error's trailers well inside HTTP/2 header limits (peers reset a stream
 * whose header list is too large, and that would surface as a transport failure). Details and
 * messages can echo client input (an unknown field's name, a stored reason), so they are bounded.
 */
const MAX_MESSAGE_CHARS = 1024;
const MAX_DETAILS_CHARS = 16 * 1024;
const MAX_DETAIL_STRING_CHARS = 1024;

const SAFE_INTERNAL_MESSAGE = 'Internal server error';

/**
 * JSON whose text is printable ASCII only: every character outside U+0020..U+007E is written
 * as a \uXXXX escape (per UTF-16 code unit, so astral characters become escaped surrogate
 * pairs and lone surrogates stay representable). Plain gRPC metadata values must be printable
 * ASCII, and any JSON.parse reads the escapes back to the original string, so receivers that
 * predate this encoding decode it unchanged.
 */
export function asciiJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('value is not JSON-serialisable');
  return json.replace(/[^ -~]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  // Do not leave half of a surrogate pair at the cut.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Replaces lone surrogates with U+FFFD (encodeURI, used for grpc-message, throws on them). */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** The details as ASCII JSON, shortened (long strings cut, then dropped) to fit the limit. */
function encodeDetails(details: unknown): string {
  const full = asciiJson(details ?? {});
  if (full.length <= MAX_DETAILS_CHARS) return full;
  const cut = asciiJson(
    JSON.parse(JSON.stringify(details), (_key, v: unknown) => (typeof v === 'string' ? truncate(v, MAX_DETAIL_STRING_CHARS) : v)),
  );
  if (cut.length <= MAX_DETAILS_CHARS) return cut;
  return asciiJson({ truncated: true });
}

/** The status message as grpc-js will send it: well-formed UTF-16 (it is percent-encoded on the wire), bounded. */
function safeMessage(message: string): string {
  return wellFormed(truncate(message, MAX_MESSAGE_CHARS));
}

/** A bare INTERNAL status, built from constants only, for when an error cannot be encoded. */
export function internalGrpcError(): grpc.ServiceError {
  return Object.assign(new Error(SAFE_INTERNAL_MESSAGE), {
    code: grpc.status.INTERNAL,
    details: SAFE_INTERNAL_MESSAGE,
    metadata: new grpc.Metadata(),
  });
}

/**
 * AppError -> gRPC status with the stable code and details in trailing metadata. Never throws:
 * details that cannot be serialised (cycles, BigInt) are replaced by a bare INTERNAL status.
 */
export function toGrpcError(err: AppError): grpc.ServiceError {
  try {
    const message = safeMessage(err.message);
    const metadata = new grpc.Metadata();
    metadata.set(CODE_KEY, err.code);
    metadata.set(DETAILS_KEY, encodeDetails(err.details));
    return Object.assign(new Error(message), {
      code: err.grpcStatus as grpc.status,
      details: message,
      metadata,
    });
  } catch {
    return internalGrpcError();
  }
}

const STATUS_TO_CODE: Partial<Record<grpc.status, ErrorCode>> = {
  [grpc.status.INVALID_ARGUMENT]: 'VALIDATION_ERROR',
  [grpc.status.UNAUTHENTICATED]: 'UNAUTHORIZED',
  [grpc.status.PERMISSION_DENIED]: 'FORBIDDEN',
  [grpc.status.NOT_FOUND]: 'NOT_FOUND',
  [grpc.status.ALREADY_EXISTS]: 'CONFLICT',
  [grpc.status.RESOURCE_EXHAUSTED]: 'RATE_LIMITED',
};

function decodeDetails(raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * A failed client call -> AppError. Errors raised by our own services keep their code,
 * message and details; transport failures (deadline, unavailable) become UNAVAILABLE with
 * a generic message, so upstream text never reaches an API client unfiltered.
 * Details are JSON in a plain metadata value; senders escape non-ASCII as \uXXXX (see
 * asciiJson), which JSON.parse undoes, so older and newer peers read each other's errors.
 */
export function fromGrpcError(err: grpc.ServiceError, target: string): AppError {
  const code = err.metadata?.get(CODE_KEY)[0];
  if (isErrorCode(code)) {
    const details = decodeDetails(err.metadata.get(DETAILS_KEY)[0]);
    return new AppError(code, err.details || 'Upstream error', details, { cause: err });
  }
  // The callee refused this service's identity (ADR 0014): a fault of the platform's
  // configuration, never the end user's 401 or 403.
  if (err.metadata?.get(RPC_REFUSED_METADATA)[0] === '1') {
    return new AppError('INTERNAL_ERROR', 'Internal server error', {}, { cause: err });
  }
  if (err.code === grpc.status.DEADLINE_EXCEEDED || err.code === grpc.status.UNAVAILABLE) {
    return new AppError('UNAVAILABLE', `Service temporarily unavailable (${target})`, {}, { cause: err });
  }
  const mapped = STATUS_TO_CODE[err.code];
  if (mapped) return new AppError(mapped, err.details || 'Upstream error', {}, { cause: err });
  return new AppError('INTERNAL_ERROR', 'Internal server error', {}, { cause: err });
}
