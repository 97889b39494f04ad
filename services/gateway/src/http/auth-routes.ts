import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { AppError, clientKey, Counter } from '@cred/runtime';
import type { AuthenticatedSession, SessionVerifier } from '../auth/session-verifier.js';
import type { Upstreams } from '../upstream/clients.js';
import { EmailBody, LoginBody, PasswordResetConfirmBody, SignUpBody, VerifyEmailBody } from '../openapi/schemas/accounts.js';
import { requestIdOf } from './body.js';
import { authRateLimit, failedAttemptLimit, loginAdmission, type LimitDeps } from './rate-limit.js';
import { requireSession } from './session-auth.js';
import { validate } from './validate.js';
import { organizationView, userView } from './views.js';
import { documentedRouter, type DocumentedRouter } from './routes-kit.js';

export interface AuthRouteDeps extends LimitDeps {
  upstreams: Upstreams;
  verifySession: SessionVerifier;
  authPer15Minutes: number;
  loginsPerAccountPerMinute: number;
  loginsPerAddressPerMinute: number;
}

/**
 * The calls that hash or check a password (scrypt, about half a second of one core each, two at a
 * time per accounts process) wait for accounts up to 20 s rather than the default 5 s: they may
 * queue briefly for the cores. Accounts bounds that queue itself (a fast 503 with Retry-After
 * beyond it, see passwordCall), so the deadline is a backstop, not the normal way out.
 */
const PASSWORD_CALL_DEADLINE_MS = 20_000;

/**
 * Accounts refuses a password call with 503 UNAVAILABLE when its bounded scrypt lane is full, and
 * with 429 RATE_LIMITED when the caller's account or address already holds its share of the lane
 * (both with details.retryAfter, seconds); either is answered with Retry-After, so a client backs
 * off briefly instead of hammering a busy service.
 */
async function passwordCall<T>(res: Response, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError && (err.code === 'UNAVAILABLE' || err.code === 'RATE_LIMITED') && !res.headersSent) {
      const s = Number(err.details.retryAfter);
      res.setHeader('Retry-After', String(Number.isInteger(s) && s >= 1 && s <= 60 ? s : 1));
    }
    throw err;
  }
}

const ACCEPTED = { message: 'If the address belongs to an account, an e-mail is on its way.' };

/**
 * /api/auth/...: sign-up, login, e-mail verification, password reset (docs/contract.md "Authentication and access").
 * Limits (docs/contract.md "Limits"): 3 per 15 minutes per IP on signup, resend-verification and password-reset;
 * on login, 3 failed attempts per 15 minutes per (IP, e-mail).
 */
export function authRoutes(deps: AuthRouteDeps): DocumentedRouter {
  const router = documentedRouter(['/api/auth']);
  const { upstreams } = deps;
  const limit = (endpoint: string) => authRateLimit(deps, endpoint, deps.authPer15Minutes);
  const loginFailures = new Counter({ name: 'gateway_login_failures_total', help: 'Failed logins', registers: [deps.metrics] });

  router.post('/signup', limit('signup'), async (req, res) => {
    const { organization, ...account } = validate(SignUpBody, req.body ?? {});
    const input = { ...account, ...(organization ? { organization } : {}), client_address: clientKey(req.ip) };
    const r = await passwordCall(res, () => upstreams.accounts.SignUp(input, { requestId: requestIdOf(res), deadlineMs: PASSWORD_CALL_DEADLINE_MS }));
    res.status(201).json({
      user: userView(r.user!),
      organization: r.organization ? organizationView(r.organization) : null,
      token: r.session!.token,
      expiresAt: r.session!.expires_at,
    });
  });

  const limitedLogin = failedAttemptLimit(deps, 'login', deps.authPer15Minutes);
  const admitLogin = loginAdmission(deps, deps.loginsPerAccountPerMinute, deps.loginsPerAddressPerMinute);
  /**
   * The one login of both `POST /login` (token in the body) and `POST /session` (cookie): same
   * body rules, the same admission budgets per account and per address (every attempt), and the
   * same failed-attempt counter per (IP, e-mail), so switching between the two endpoints buys no
   * extra attempts.
   */
  const login = async (req: Request, res: Response) => {
    const { email, password } = validate(LoginBody, req.body ?? {});
    const emailKey = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
    const address = clientKey(req.ip);
    await admitLogin(res, emailKey, address);
    return limitedLogin(
      res,
      `login:${address}:${emailKey}`,
      () =>
        passwordCall(res, () =>
          upstreams.accounts.Login(
            { email, password, client_address: address },
            { requestId: requestIdOf(res), deadlineMs: PASSWORD_CALL_DEADLINE_MS },
          ),
        ),
      () => loginFailures.inc(),
    );
  };

  router.post('/login', async (req, res) => {
    const r = await login(req, res);
    res.status(200).json({ token: r.session!.token, expiresAt: r.session!.expires_at, user: userView(r.user!) });
  });

  // Browsers (docs/decisions.md, "Browser sessions and CSRF"): the JWT goes only into an HttpOnly
  // cookie, never into the body, so page scripts cannot read it; the CSRF token they need for
  // unsafe requests is in the body instead.
  router.post('/session', async (req, res) => {
    const r = await login(req, res);
    const token = r.session!.token;
    const expiresAt = new Date(r.session!.expires_at);
    const claims = await deps.verifySession.claimsOf(token);
    deps.verifySession.setCookie(res, token, expiresAt);
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).json({ user: userView(r.user!), expiresAt: r.session!.expires_at, csrfToken: deps.verifySession.csrfToken(claims) });
  });

  router.get('/session', requireSession(deps.verifySession), (_req, res) => {
    const session = res.locals.session as AuthenticatedSession;
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).json({
      user: userView(session.record),
      expiresAt: session.expiresAt.toISOString(),
      csrfToken: deps.verifySession.csrfToken(session),
    });
  });

  // Logout: the session ends in accounts (so a copied token stops working too) and the cookie goes.
  router.delete('/session', requireSession(deps.verifySession), async (_req, res) => {
    const session = res.locals.session as AuthenticatedSession;
    await upstreams.accounts.EndSession({ session_id: session.sessionId, user_id: session.userId }, { requestId: requestIdOf(res) });
    deps.verifySession.clearCookie(res);
    res.setHeader('Cache-Control', 'no-store');
    res.status(204).end();
  });

  router.post('/verify-email', async (req, res) => {
    const { token } = validate(VerifyEmailBody, req.body ?? {});
    const user = await upstreams.accounts.VerifyEmail({ token }, { requestId: requestIdOf(res) });
    res.status(200).json({ user: userView(user) });
  });

  router.post('/resend-verification', limit('resend-verification'), async (req, res) => {
    await upstreams.accounts.ResendVerification(validate(EmailBody, req.body ?? {}), { requestId: requestIdOf(res) });
    res.status(202).json(ACCEPTED);
  });

  router.post('/password-reset', limit('password-reset'), async (req, res) => {
    await upstreams.accounts.RequestPasswordReset(validate(EmailBody, req.body ?? {}), { requestId: requestIdOf(res) });
    res.status(202).json(ACCEPTED);
  });

  router.post('/password-reset/confirm', async (req, res) => {
    const input = validate(PasswordResetConfirmBody, req.body ?? {});
    await passwordCall(res, () => upstreams.accounts.ConfirmPasswordReset(input, { requestId: requestIdOf(res), deadlineMs: PASSWORD_CALL_DEADLINE_MS }));
    res.status(200).json({ message: 'The password has been changed.' });
  });

  // The user as accounts has them now (requireSession's GetSession answer): no second call.
  router.get('/me', requireSession(deps.verifySession), (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).json({ user: userView((res.locals.session as AuthenticatedSession).record) });
  });

  return router;
}
