import { AppError, newUuid } from '@cred/runtime';
import { isUniqueViolation, type Knex } from '@cred/db';
import { organizationStore } from '../db/organization-store.js';
import { userStore } from '../db/user-store.js';
import { emailRequestStore, type EmailRequest } from '../db/email-request-store.js';
import {
  EMAIL_VERIFICATION_TTL_MS,
  PASSWORD_RESET_TTL_MS,
  type Membership,
  type Organization,
  type TokenPurpose,
  type User,
} from '../domain/model.js';
import { newOneTimeToken, sha256Hex } from '../domain/tokens.js';
import * as v from '../domain/validation.js';
import { emit, EVENTS, type AccountsContext } from './context.js';
import { phantomSession, startSession, type Session } from './sessions.js';
import { sessionStore } from '../db/session-store.js';
import { organizationEventView } from './views.js';
import { audit, SYSTEM, type Acting } from './audit.js';

/** The audit details of a sign-up or sign-in: where it came from, when the gateway said. */
function clientDetails(clientAddress: string | undefined): Record<string, string> {
  return clientAddress ? { clientAddress } : {};
}

/** Nobody in particular (a wrong password is not its account's owner), with the caller's request id. */
function nobodyWith(by: Acting): Acting {
  return { ...SYSTEM, ...(by.requestId ? { requestId: by.requestId } : {}) };
}

export interface UserView {
  user: User;
  memberships: Membership[];
}

export interface SignUpInput {
  email: unknown;
  password: unknown;
  name: unknown;
  organization?: { name: unknown; slug: unknown } | undefined;
  /** The client address the gateway saw (its share of the password lane; the audit entry). */
  clientAddress?: string | undefined;
}

export interface LoginInput {
  email: unknown;
  password: unknown;
  clientAddress?: string | undefined;
}

export interface SignUpResult extends UserView {
  organization: Organization | undefined;
  session: Session;
}

const INVALID_LOGIN = 'Invalid e-mail or password';
/** How many recent account creations the answer for a taken address copies its duration from. */
const CREATION_SAMPLES = 64;
const INVALID_SESSION = 'Invalid or expired session';
/** GetUserNames answers at most this many ids at once (two audit pages' worth). */
export const USER_NAMES_MAX = 200;

/** Sign-up, login, e-mail verification and password reset. */
export class AuthService {
  constructor(private readonly ctx: AccountsContext) {}

  /**
   * Creates an account (and its organization), or, for an address that already has one, answers
   * exactly as if it had (docs/decisions.md, "Fair sign-in admission, a silent sign-up, sign-ins in
   * the audit log", item 3): a user and
   * organization that are never stored and a session token of a session that does not exist, after
   * as long as a real creation recently took. What only a taken address causes (the owner's e-mail,
   * the audit entry) is queued in `account_email_requests` and done by the worker after the answer.
   * A taken organization slug is still 409: it names an organization, which is public, not a person.
   */
  async signUp(input: SignUpInput, by: Acting = SYSTEM): Promise<SignUpResult> {
    const email = v.normalizeEmail(input.email);
    const name = v.displayName(input.name, 'name');
    const password = v.newPassword(input.password);
    const org = input.organization
      ? { name: v.displayName(input.organization.name, 'organization.name'), slug: v.slug(input.organization.slug, 'organization.slug') }
      : undefined;
    // Cheap checks before the expensive hash; the transaction re-checks under constraints.
    if (org && (await organizationStore.slugTaken(this.ctx.db, org.slug))) {
      throw AppError.conflict('This organization slug is taken', { field: 'organization.slug' });
    }
    const passwordHash = await this.ctx.passwords.hash(password, { account: email, address: input.clientAddress });
    const started = performance.now();
    const now = this.ctx.clock.now();
    const user: User = { id: newUuid(), email, name, passwordHash, emailVerifiedAt: null, createdAt: now, updatedAt: now };
    const organization: Organization | undefined = org
      ? {
          id: newUuid(),
          name: org.name,
          slug: org.slug,
          domain: null,
          domainVerified: false,
          status: 'pending_approval',
          plan: 'free',
          subscriptionStatus: 'none',
          emailNotificationsEnabled: true,
          recipientNameInCredentials: false,
          signingKeysGenerated: false,
          createdAt: now,
          updatedAt: now,
        }
      : undefined;
    const memberships: Membership[] = organization ? [{ organizationId: organization.id, userId: user.id, role: 'owner', createdAt: now }] : [];

    const created = await this.ctx.db.transaction(async (trx) => {
      if (!(await userStore.insertIfNew(trx, user))) {
        // Taken: the same answer as below, and the rest after it (fulfilEmailRequest).
        await emailRequestStore.insert(trx, { id: newUuid(), purpose: 'signup_attempt', email, createdAt: now });
        return false;
      }
      if (organization) {
        try {
          await organizationStore.insert(trx, organization);
        } catch (err) {
          if (isUniqueViolation(err)) throw AppError.conflict('This organization slug is taken', { field: 'organization.slug' });
          throw err;
        }
        await organizationStore.addMembership(trx, memberships[0]!);
        await emit(this.ctx, trx, EVENTS.organizationCreated, { organization: organizationEventView(organization), ownerUserId: user.id });
        const founder: Acting = { actor: `user:${user.id}`, ...(by.requestId ? { requestId: by.requestId } : {}) };
        await audit(this.ctx, trx, founder, {
          organizationId: organization.id,
          occurredAt: now,
          action: 'organization.created',
          targetType: 'organization',
          targetId: organization.id,
          details: { name: organization.name, slug: organization.slug },
        });
        await audit(this.ctx, trx, founder, {
          organizationId: organization.id,
          occurredAt: now,
          action: 'member.added',
          targetType: 'membership',
          targetId: user.id,
          details: { userId: user.id, role: 'owner', via: 'signup' },
        });
        await audit(this.ctx, trx, founder, {
          organizationId: organization.id,
          occurredAt: now,
          action: 'user.signed_up',
          targetType: 'user',
          targetId: user.id,
          details: clientDetails(input.clientAddress),
        });
      }
      await this.requestToken(trx, user, 'email_verification');
      return true;
    });
    if (created) {
      const session = await startSession(this.ctx.db, this.ctx.signSessionToken, this.ctx.clock, user.id);
      this.recordCreation(performance.now() - started);
      return { user, memberships, organization, session };
    }
    // Nothing above was stored but the request: a token for a session that does not exist.
    const session = await phantomSession(this.ctx.signSessionToken, this.ctx.clock, user.id);
    const copy = this.sampleCreation();
    const left = copy === undefined ? 0 : copy - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    this.ctx.wakeEmailRequests();
    return { user: { ...user, passwordHash: '' }, memberships, organization, session };
  }

  private readonly creations: number[] = [];
  private nextCreation = 0;

  private recordCreation(ms: number): void {
    if (this.creations.length < CREATION_SAMPLES) this.creations.push(ms);
    else this.creations[this.nextCreation] = ms;
    this.nextCreation = (this.nextCreation + 1) % CREATION_SAMPLES;
  }

  private sampleCreation(): number | undefined {
    if (this.creations.length === 0) return undefined;
    return this.creations[Math.floor(Math.random() * this.creations.length)];
  }

  /**
   * A login is audited in the log of each organization the person belongs to (docs/decisions.md,
   * "Fair sign-in admission, a silent sign-up, sign-ins in the audit log", item 4): a success in the transaction that starts the session,
   * a wrong password after the answer (so a known address's 401 costs no write before it). An
   * address without an account is recorded nowhere: there is no one to record it for.
   */
  async login(input: LoginInput, by: Acting = SYSTEM): Promise<UserView & { session: Session }> {
    const password = v.presentedPassword(input.password);
    let email: string | undefined;
    try {
      email = v.normalizeEmail(input.email);
    } catch {
      email = undefined;
    }
    if (!password || !email) throw AppError.unauthorized(INVALID_LOGIN);
    const caller = { account: email, address: input.clientAddress };
    const user = await userStore.findByEmail(this.ctx.db, email);
    // An unknown address takes as long as a wrong password but spends no scrypt (see PasswordHasher).
    const ok = user ? await this.ctx.passwords.verify(password, user.passwordHash, caller) : await this.ctx.passwords.verifyNobody(caller);
    if (!user) throw AppError.unauthorized(INVALID_LOGIN);
    if (!ok) {
      this.recordSignIn(user.id, 'user.sign_in_failed', nobodyWith(by), input.clientAddress).catch((err: unknown) =>
        this.ctx.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'failed sign-in not audited'),
      );
      throw AppError.unauthorized(INVALID_LOGIN);
    }
    const { memberships, session } = await this.ctx.db.transaction(async (trx) => {
      const session = await startSession(trx, this.ctx.signSessionToken, this.ctx.clock, user.id);
      const memberships = await this.recordSignIn(user.id, 'user.signed_in', { ...by, actor: `user:${user.id}` }, input.clientAddress, trx);
      return { memberships, session };
    });
    return { user, memberships, session };
  }

  /** One entry per organization of the user; answers the memberships it read. */
  private async recordSignIn(
    userId: string,
    action: 'user.signed_in' | 'user.sign_in_failed' | 'user.sign_up_attempted',
    who: Acting,
    clientAddress: string | undefined,
    trx?: Knex.Transaction,
  ): Promise<Membership[]> {
    const write = async (t: Knex.Transaction) => {
      const memberships = await organizationStore.membershipsOf(t, userId);
      for (const m of memberships) {
        await audit(this.ctx, t, who, {
          organizationId: m.organizationId,
          action,
          targetType: 'user',
          targetId: userId,
          details: clientDetails(clientAddress),
        });
      }
      return memberships;
    };
    return trx ? write(trx) : this.ctx.db.transaction(write);
  }

  /**
   * Re-authentication before a grave action (docs/decisions.md "Compromised keys: what a
   * verifier can trust"): the user's current password, checked as a login checks it (an
   * unknown user takes as long as a wrong password). Starts no session.
   */
  async confirmPassword(input: { userId: unknown; password: unknown }): Promise<void> {
    const password = v.presentedPassword(input.password);
    const user = v.isUuid(input.userId) ? await userStore.findById(this.ctx.db, input.userId) : undefined;
    const ok = user && password ? await this.ctx.passwords.verify(password, user.passwordHash) : await this.ctx.passwords.verifyNobody();
    if (!user || !password || !ok) throw AppError.unauthorized('The password is not correct');
  }

  async getUser(userId: string): Promise<UserView> {
    const user = v.isUuid(userId) ? await userStore.findById(this.ctx.db, userId) : undefined;
    if (!user) throw AppError.notFound('User not found');
    return { user, memberships: await organizationStore.membershipsOf(this.ctx.db, user.id) };
  }

  /** Display names by user id (at most USER_NAMES_MAX ids; what is not a user's UUID is left out). */
  async userNames(userIds: unknown): Promise<Array<{ id: string; name: string }>> {
    if (!Array.isArray(userIds)) throw AppError.validation('user_ids', 'user_ids must be a list');
    if (userIds.length > USER_NAMES_MAX) throw AppError.validation('user_ids', `At most ${USER_NAMES_MAX} user ids at once`);
    const ids = [...new Set(userIds.filter((id): id is string => v.isUuid(id)))];
    return userStore.namesOf(this.ctx.db, ids);
  }

  /**
   * The user of a live session, as the account is now. Unknown, ended, expired (application
   * clock) and another user's session are all the same UNAUTHORIZED, so a caller learns nothing
   * about sessions it does not hold.
   */
  async getSession(sessionId: unknown, userId: unknown): Promise<UserView> {
    if (!v.isUuid(sessionId) || !v.isUuid(userId)) throw AppError.unauthorized(INVALID_SESSION);
    if (!(await sessionStore.isLive(this.ctx.db, sessionId.toLowerCase(), userId.toLowerCase(), this.ctx.clock.now()))) {
      throw AppError.unauthorized(INVALID_SESSION);
    }
    const user = await userStore.findById(this.ctx.db, userId.toLowerCase());
    if (!user) throw AppError.unauthorized(INVALID_SESSION);
    return { user, memberships: await organizationStore.membershipsOf(this.ctx.db, user.id) };
  }

  /** Ends a live session (logout); the same UNAUTHORIZED as getSession when there is none. */
  async endSession(sessionId: unknown, userId: unknown): Promise<void> {
    if (!v.isUuid(sessionId) || !v.isUuid(userId)) throw AppError.unauthorized(INVALID_SESSION);
    if (!(await sessionStore.end(this.ctx.db, sessionId.toLowerCase(), userId.toLowerCase(), this.ctx.clock.now()))) {
      throw AppError.unauthorized(INVALID_SESSION);
    }
  }

  async verifyEmail(token: unknown): Promise<UserView> {
    const hash = this.tokenHash(token);
    const now = this.ctx.clock.now();
    const user = await this.ctx.db.transaction(async (trx) => {
      const userId = await userStore.consumeToken(trx, hash, 'email_verification', now);
      if (!userId) throw AppError.validation('token', 'The token is invalid, used or expired');
      await userStore.invalidateTokens(trx, userId, 'email_verification', now);
      return userStore.markEmailVerified(trx, userId, now);
    });
    return { user, memberships: await organizationStore.membershipsOf(this.ctx.db, user.id) };
  }

  /**
   * Resend-verification and password-reset answer the same, after the same work, whatever the
   * address: the request is one INSERT into `account_email_requests` (committed, so it survives a
   * crash) and the EmailRequestWorker does the rest after the answer (looks the address up, and
   * for an account issues the token and the event). Doing that work here made a known address
   * measurably slower than an unknown one (three writes against none).
   */
  async resendVerification(emailInput: unknown): Promise<void> {
    await this.queueEmailRequest(emailInput, 'email_verification');
  }

  async requestPasswordReset(emailInput: unknown): Promise<void> {
    await this.queueEmailRequest(emailInput, 'password_reset');
  }

  private async queueEmailRequest(emailInput: unknown, purpose: TokenPurpose): Promise<void> {
    const email = v.normalizeEmail(emailInput);
    await emailRequestStore.insert(this.ctx.db, { id: newUuid(), purpose, email, createdAt: this.ctx.clock.now() });
    this.ctx.wakeEmailRequests();
  }

  /**
   * The deferred half of the two requests above, run by the worker inside the transaction that
   * deletes the request: silent for unknown addresses and, for verification, verified ones.
   */
  async fulfilEmailRequest(trx: Knex.Transaction, request: EmailRequest): Promise<void> {
    const user = await userStore.findByEmail(trx, request.email);
    if (!user) return;
    if (request.purpose === 'signup_attempt') {
      await this.recordSignIn(user.id, 'user.sign_up_attempted', SYSTEM, undefined, trx);
      await emit(this.ctx, trx, EVENTS.signUpAttempted, {
        userId: user.id,
        email: user.email,
        name: user.name,
        signInUrl: `${this.ctx.baseUrl.replace(/\/$/, '')}/login`,
        resetUrl: `${this.ctx.baseUrl.replace(/\/$/, '')}/forgot-password`,
      });
      return;
    }
    if (request.purpose === 'email_verification' && user.emailVerifiedAt) return;
    await this.requestToken(trx, user, request.purpose);
  }

  async confirmPasswordReset(input: { token: unknown; password: unknown }): Promise<void> {
    const hash = this.tokenHash(input.token);
    const password = v.newPassword(input.password);
    // Bogus tokens must not cost a password hash each (a cheap way to burn CPU otherwise).
    if (!(await userStore.tokenIsLive(this.ctx.db, hash, 'password_reset', this.ctx.clock.now()))) {
      throw AppError.validation('token', 'The token is invalid, used or expired');
    }
    const passwordHash = await this.ctx.passwords.hash(password);
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async (trx) => {
      const userId = await userStore.consumeToken(trx, hash, 'password_reset', now);
      if (!userId) throw AppError.validation('token', 'The token is invalid, used or expired');
      await userStore.invalidateTokens(trx, userId, 'password_reset', now);
      await userStore.setPasswordHash(trx, userId, passwordHash, now);
      // Whoever held the old password may hold a session too: every session ends with it.
      await sessionStore.endAllOf(trx, userId, now);
      // Whoever reset the password controls the mailbox: the address is verified too.
      const user = await userStore.findById(trx, userId);
      if (user && !user.emailVerifiedAt) await userStore.markEmailVerified(trx, userId, now);
    });
  }

  private tokenHash(token: unknown): string {
    if (typeof token !== 'string' || token.length < 16 || token.length > 256) throw AppError.validation('token', 'The token is invalid, used or expired');
    return sha256Hex(token);
  }

  /**
   * Stores the hash of a fresh one-time token (older ones of the purpose stop working) and
   * emits the event the notification service turns into an e-mail. The event carries the
   * link with the plaintext token: see docs/decisions.md, "One-time tokens in events".
   */
  private async requestToken(trx: Knex.Transaction, user: User, purpose: TokenPurpose): Promise<void> {
    const now = this.ctx.clock.now();
    const ttl = purpose === 'email_verification' ? EMAIL_VERIFICATION_TTL_MS : PASSWORD_RESET_TTL_MS;
    const { token, hash } = newOneTimeToken();
    const expiresAt = new Date(now.getTime() + ttl);
    await userStore.invalidateTokens(trx, user.id, purpose, now);
    await userStore.insertToken(trx, { id: newUuid(), userId: user.id, purpose, tokenHash: hash, expiresAt, usedAt: null, createdAt: now });
    const base = this.ctx.baseUrl.replace(/\/$/, '');
    if (purpose === 'email_verification') {
      await emit(this.ctx, trx, EVENTS.emailVerificationRequested, {
        userId: user.id,
        email: user.email,
        name: user.name,
        verificationUrl: `${base}/verify-email?token=${token}`,
        expiresAt: expiresAt.toISOString(),
      });
    } else {
      await emit(this.ctx, trx, EVENTS.passwordResetRequested, {
        userId: user.id,
        email: user.email,
        name: user.name,
        resetUrl: `${base}/reset-password?token=${token}`,
        expiresAt: expiresAt.toISOString(),
      });
    }
  }
}
