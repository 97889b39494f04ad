import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, endAfterRequestBody, isErrorCode, redactUrl, toAppError, type Logger } from '@cred/runtime';

/**
 * An error in the error shape, answered on node's response outside express (before a request
 * reaches the app, or on the verification pass-through). With `close`, the connection closes
 * after it (see `options`).
 */
export function sendRawError(
  res: http.ServerResponse,
  error: AppError,
  /**
   * close: the connection ends after the answer. With `closeAfterBodyOf` (an answer given before
   * that request's body was read), only once the body has been read and dropped or the client has
   * gone (endAfterRequestBody), so a client still sending reads the answer instead of a reset.
   */
  options: { close?: boolean; closeAfterBodyOf?: http.IncomingMessage } = {},
): void {
  const body = JSON.stringify(error.toJSON());
  res.writeHead(error.httpStatus, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-request-id': randomUUID(),
    ...(options.close || options.closeAfterBodyOf ? { connection: 'close' } : {}),
  });
  if (options.closeAfterBodyOf) endAfterRequestBody(options.closeAfterBodyOf, res, body);
  else res.end(body);
}

/** 404 with the error shape for every route nobody answered. */
export const notFoundHandler: RequestHandler = (_req, _res, next) => {
  next(new AppError('NOT_FOUND', 'Route not found'));
};

/**
 * The router decodes path parameters with decodeURIComponent and fails with a URIError (status
 * 400) on a malformed percent-encoding (`%E0%A4%A`, a lone `%`). It does not say which parameter,
 * so the field is the path.
 */
function fromPathDecoding(err: unknown): AppError | undefined {
  if (!(err instanceof URIError) || (err as { status?: unknown }).status !== 400) return undefined;
  return AppError.validation('path', 'The URL path is not valid percent-encoding (URL encoding)');
}

function fromBodyParser(err: { type?: string; status?: number; limit?: unknown }): AppError | undefined {
  switch (err.type) {
    case 'entity.too.large':
      // body-parser names the limit of the parser that refused (JSON 64 KiB, the claim form less).
      return new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large', {
        limitBytes: typeof err.limit === 'number' ? err.limit : 65536,
      });
    case 'entity.parse.failed':
      return new AppError('VALIDATION_ERROR', 'Request body is not valid JSON', { field: 'body' });
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported body encoding');
    case 'request.aborted':
      return new AppError('VALIDATION_ERROR', 'Request body was aborted', { field: 'body' });
    default:
      if (err.status && err.status >= 400 && err.status < 500)
        return new AppError('VALIDATION_ERROR', 'Malformed request', { field: 'body' });
      return undefined;
  }
}

/**
 * The one place errors become HTTP: docs/contract.md's shape {error, message, details}, never a stack
 * trace or an upstream body. Unexpected errors are logged with the request id and answered 500.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const appErr =
      err instanceof AppError && isErrorCode(err.code)
        ? err
        : (fromPathDecoding(err) ?? fromBodyParser(err as { type?: string }) ?? toAppError(err));
    if (appErr.code === 'INTERNAL_ERROR' || appErr.code === 'UNAVAILABLE') {
      // The path may carry a one-time token (GET /api/invitations/{token}): redacted, never logged.
      logger.error({ err, requestId: res.locals.requestId, method: req.method, path: redactUrl(req.originalUrl) }, 'request failed');
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(appErr.httpStatus).json(appErr.toJSON());
  };
}
