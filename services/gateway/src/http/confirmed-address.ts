import type { RequestHandler } from 'express';
import { AppError } from '@cred/runtime';
import type { AuthenticatedSession } from '../auth/session-verifier.js';

/**
 * Issuing (single or bulk) and creating API keys need a member whose e-mail address is confirmed
 * (docs/decisions.md, "A confirmed address before issuing"): credentials e-mail their recipients
 * in the organization's name, so an unconfirmed sign-up must not be able to send them. The check
 * reads the session's account as accounts has it on this request, so a confirmation counts at
 * once. API-key callers pass: a key exists only if a confirmed member created it.
 */
export const requireConfirmedAddress: RequestHandler = (_req, res, next) => {
  const session = res.locals.session as AuthenticatedSession | undefined;
  if (session && !session.user.emailVerified) {
    throw AppError.forbidden('Confirm your e-mail address before issuing credentials or creating API keys: use the link we sent you, or ask for a new one', {
      reason: 'email_not_verified',
    });
  }
  next();
};
