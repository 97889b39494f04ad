// @unit
// The operator console's cookie session when Redis cannot be asked whether it was ended
// (docs/decisions.md, "Browser sessions and CSRF", operator console): the cookie is refused with
// 503 UNAVAILABLE rather than accepted, since an ended session could not be told apart.
import t from 'tap';
import type { Request, Response } from 'express';
import { Redis } from 'ioredis';
import { AppError, systemClock } from '@cred/runtime';
import { createAdminSessions } from '../src/auth/admin-session.js';

const ADMIN_TOKEN = 'operator-token-for-this-test-0123456789';

t.test('Redis unreachable: an authentic cookie is refused with 503, never accepted', async (t) => {
  // Port 1 on loopback refuses at once; no retries and no offline queue, so each call fails fast.
  const redis = new Redis({ host: '127.0.0.1', port: 1, lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
  t.teardown(() => redis.disconnect());
  const operator = { name: 'operator', token: ADMIN_TOKEN };
  const admin = createAdminSessions({ operators: [operator], clock: systemClock, baseUrl: 'http://localhost:8080', redis });

  const cookies: string[] = [];
  const res = { append: (_name: string, value: string) => cookies.push(value) } as unknown as Response;
  admin.start(res, operator);
  const value = /^__Host-admin_session=([^;]+)/.exec(cookies[0]!)?.[1];
  t.ok(value, 'a cookie was set');
  const req = { method: 'GET', headers: { cookie: `__Host-admin_session=${value}` }, get: () => undefined } as unknown as Request;

  for (const [what, call] of [
    ['authenticate', () => admin.authenticateCookie(req)],
    ['describe', () => admin.describe(req)],
    ['sign out', () => admin.end(req, res)],
  ] as const) {
    const err = await (call as () => Promise<unknown>)().then(
      () => undefined,
      (e: unknown) => e,
    );
    t.ok(err instanceof AppError, `${what}: an AppError`);
    t.equal((err as AppError).code, 'UNAVAILABLE', `${what}: UNAVAILABLE`);
    t.equal((err as AppError).httpStatus, 503, `${what}: 503`);
  }

  // A cookie that is not authentic never reaches Redis: plain "no session".
  const forged = { method: 'GET', headers: { cookie: `__Host-admin_session=1.${'A'.repeat(22)}.${'B'.repeat(43)}` }, get: () => undefined } as unknown as Request;
  t.equal(await admin.authenticateCookie(forged), undefined);
});
