// @unit
import t from 'tap';
import { AppError, toAppError, ERROR_CODES } from '../src/index.js';

t.test('AppError maps codes to HTTP and gRPC statuses', async (t) => {
  const e = AppError.validation('recipient.email', 'bad e-mail');
  t.equal(e.httpStatus, 400);
  t.equal(e.grpcStatus, 3);
  t.same(e.toJSON(), { error: 'VALIDATION_ERROR', message: 'bad e-mail', details: { field: 'recipient.email' } });
  t.equal(new AppError('RATE_LIMITED', 'slow down').httpStatus, 429);
});

t.test('unknown errors become INTERNAL_ERROR without their message', async (t) => {
  const e = toAppError(new Error('password=hunter2 in connection string'));
  t.equal(e.code, 'INTERNAL_ERROR');
  t.notMatch(e.message, /hunter2/);
});

t.test('every error code answers its own HTTP and gRPC status, in the error shape', async (t) => {
  const httpSeen = new Map<number, string>();
  for (const code of Object.keys(ERROR_CODES) as Array<keyof typeof ERROR_CODES>) {
    const e = new AppError(code, `about ${code}`, { field: 'x' });
    t.ok(e.httpStatus >= 400 && e.httpStatus <= 599, `${code}: an HTTP error status (${e.httpStatus})`);
    t.ok(Number.isInteger(e.grpcStatus) && e.grpcStatus > 0 && e.grpcStatus <= 16, `${code}: a gRPC error status (${e.grpcStatus})`);
    t.notOk(httpSeen.has(e.httpStatus), `${code}: no other code answers ${e.httpStatus} (${httpSeen.get(e.httpStatus) ?? 'none'})`);
    httpSeen.set(e.httpStatus, code);
    t.same(e.toJSON(), { error: code, message: `about ${code}`, details: { field: 'x' } }, `${code}: the error shape`);
    t.equal(toAppError(e), e, `${code}: an AppError passes through unchanged`);
  }
  // What clients of the contract rely on, code by code.
  t.same(
    ['VALIDATION_ERROR', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED', 'INTERNAL_ERROR', 'UNAVAILABLE'].map((c) => ERROR_CODES[c as keyof typeof ERROR_CODES].http),
    [400, 401, 403, 404, 409, 429, 500, 503],
  );
});

t.test('a dependency that cannot be reached right now is UNAVAILABLE (503), without its message', async (t) => {
  const pgError = (code: string) => Object.assign(new Error(`sorry (${code}) password=hunter2`), { code, severity: 'FATAL' });
  for (const code of ['53300', '57P01', '57P03', '08006', '08001']) {
    const e = toAppError(pgError(code));
    t.same([e.code, e.httpStatus, e.grpcStatus], ['UNAVAILABLE', 503, 14], `PostgreSQL ${code}`);
    t.notMatch(e.message, /hunter2/);
  }
  for (const code of ['ECONNREFUSED', 'ECONNRESET']) t.equal(toAppError(Object.assign(new Error('x'), { code })).code, 'UNAVAILABLE', code);
  const knexTimeout = Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), { name: 'KnexTimeoutError' });
  t.equal(toAppError(knexTimeout).code, 'UNAVAILABLE', 'no pooled connection in time');
  // What the request or the code got wrong stays INTERNAL_ERROR.
  for (const code of ['23505', '42P01', '22P02', '40001']) t.equal(toAppError(pgError(code)).code, 'INTERNAL_ERROR', `PostgreSQL ${code}`);
  t.equal(toAppError(Object.assign(new Error('x'), { code: 530 })).code, 'INTERNAL_ERROR', 'a numeric code is no SQLSTATE');
});
