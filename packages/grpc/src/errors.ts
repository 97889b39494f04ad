import * as grpc from '@grpc/grpc-js';
import { AppError, isErrorCode, type ErrorCode } from '@cred/runtime';

const CODE_KEY = 'app-error-code';
const DETAILS_KEY = 'app-error-details';

/** AppError -> gRPC status with the stable code and details in trailing metadata. */
export function toGrpcError(err: AppError): grpc.ServiceError {
  const metadata = new grpc.Metadata();
  metadata.set(CODE_KEY, err.code);
  metadata.set(DETAILS_KEY, JSON.stringify(err.details));
  return Object.assign(new Error(err.message), {
    code: err.grpcStatus as grpc.status,
    details: err.message,
    metadata,
  });
}

const STATUS_TO_CODE: Partial<Record<grpc.status, ErrorCode>> = {
  [grpc.status.INVALID_ARGUMENT]: 'VALIDATION_ERROR',
  [grpc.status.UNAUTHENTICATED]: 'UNAUTHORIZED',
  [grpc.status.PERMISSION_DENIED]: 'FORBIDDEN',
  [grpc.status.NOT_FOUND]: 'NOT_FOUND',
  [grpc.status.ALREADY_EXISTS]: 'CONFLICT',
  [grpc.status.RESOURCE_EXHAUSTED]: 'RATE_LIMITED',
};

/**
 * A failed client call -> AppError. Errors raised by our own services keep their code,
 * message and details; transport failures (deadline, unavailable) become UNAVAILABLE with
 * a generic message, so upstream text never reaches an API client unfiltered.
 */
export function fromGrpcError(err: grpc.ServiceError, target: string): AppError {
  const code = err.metadata?.get(CODE_KEY)[0];
  if (isErrorCode(code)) {
    let details: Record<string, unknown> = {};
    const raw = err.metadata.get(DETAILS_KEY)[0];
    if (typeof raw === 'string') {
      try {
        details = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        details = {};
      }
    }
    return new AppError(code, err.details || 'Upstream error', details, { cause: err });
  }
  if (err.code === grpc.status.DEADLINE_EXCEEDED || err.code === grpc.status.UNAVAILABLE) {
    return new AppError('UNAVAILABLE', `Service temporarily unavailable (${target})`, {}, { cause: err });
  }
  const mapped = STATUS_TO_CODE[err.code];
  if (mapped) return new AppError(mapped, err.details || 'Upstream error', {}, { cause: err });
  return new AppError('INTERNAL_ERROR', 'Internal server error', {}, { cause: err });
}
