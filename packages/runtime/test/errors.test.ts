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
  t.ok(Object.keys(ERROR_CODES).length >= 7);
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
