/**
 * Application errors with stable codes. Services throw AppError; only the edges (the
 * gateway's HTTP layer, gRPC servers and clients) translate codes to transport statuses.
 */
export const ERROR_CODES = {
  VALIDATION_ERROR: { http: 400, grpc: 3 /* INVALID_ARGUMENT */ },
  UNAUTHORIZED: { http: 401, grpc: 16 /* UNAUTHENTICATED */ },
  FORBIDDEN: { http: 403, grpc: 7 /* PERMISSION_DENIED */ },
  NOT_FOUND: { http: 404, grpc: 5 /* NOT_FOUND */ },
  CONFLICT: { http: 409, grpc: 6 /* ALREADY_EXISTS */ },
  /** Protocol level only (answered by the HTTP servers' clientError handlers, see client-error.ts). */
  REQUEST_TIMEOUT: { http: 408, grpc: 4 /* DEADLINE_EXCEEDED */ },
  PAYLOAD_TOO_LARGE: { http: 413, grpc: 3 },
  UNSUPPORTED_MEDIA_TYPE: { http: 415, grpc: 3 },
  /** Protocol level only: an Expect header other than 100-continue. */
  EXPECTATION_FAILED: { http: 417, grpc: 3 },
  /** Protocol level only: the request line and headers exceed the server's limit. */
  REQUEST_HEADER_FIELDS_TOO_LARGE: { http: 431, grpc: 3 },
  UNPROCESSABLE: { http: 422, grpc: 9 /* FAILED_PRECONDITION */ },
  RATE_LIMITED: { http: 429, grpc: 8 /* RESOURCE_EXHAUSTED */ },
  INTERNAL_ERROR: { http: 500, grpc: 13 /* INTERNAL */ },
  UNAVAILABLE: { http: 503, grpc: 14 /* UNAVAILABLE */ },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, value);
}

export type ErrorDetails = Record<string, unknown>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails;

  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get httpStatus(): number {
    return ERROR_CODES[this.code].http;
  }

  get grpcStatus(): number {
    return ERROR_CODES[this.code].grpc;
  }

  toJSON(): { error: ErrorCode; message: string; details: ErrorDetails } {
    return { error: this.code, message: this.message, details: this.details };
  }

  static validation(field: string, message: string, extra: ErrorDetails = {}): AppError {
    return new AppError('VALIDATION_ERROR', message, { field, ...extra });
  }
  static notFound(message = 'Resource not found'): AppError {
    return new AppError('NOT_FOUND', message);
  }
  static forbidden(message: string, details: ErrorDetails = {}): AppError {
    return new AppError('FORBIDDEN', message, details);
  }
  static unauthorized(message = 'Missing or invalid authorization'): AppError {
    return new AppError('UNAUTHORIZED', message);
  }
  static conflict(message: string, details: ErrorDetails = {}): AppError {
    return new AppError('CONFLICT', message, details);
  }
  static internal(message = 'Internal server error'): AppError {
    return new AppError('INTERNAL_ERROR', message);
  }
}

/**
 * PostgreSQL's SQLSTATEs and the socket errors that say a dependency cannot be reached right now
 * (not that the request or the code is wrong): connection exceptions (class 08), too many
 * connections, the server shutting down or starting up.
 */
const UNREACHABLE_SQLSTATE = /^(08...|53300|57P01|57P02|57P03)$/;
const UNREACHABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Whether a thrown value says a dependency (PostgreSQL, a socket) is unreachable for now. */
export function isDependencyUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; name?: unknown };
  if (typeof e.code === 'string' && (UNREACHABLE_SQLSTATE.test(e.code) || UNREACHABLE_SOCKET.has(e.code))) return true;
  // knex: no pooled connection within acquireConnectionTimeout.
  return e.name === 'KnexTimeoutError';
}

/**
 * Any thrown value as an AppError without leaking its text: a dependency that cannot be reached
 * right now (isDependencyUnavailable) is UNAVAILABLE (503: retry later), anything else
 * INTERNAL_ERROR.
 */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isDependencyUnavailable(err)) return new AppError('UNAVAILABLE', 'Service temporarily unavailable; retry later', {}, { cause: err });
  return new AppError('INTERNAL_ERROR', 'Internal server error', {}, { cause: err });
}
