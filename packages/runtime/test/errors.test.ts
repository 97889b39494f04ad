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
