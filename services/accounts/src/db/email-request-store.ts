import type { Knex } from '@cred/db';
import type { TokenPurpose } from '../domain/model.js';

/**
 * What a request asks for: a one-time token, or (`signup_attempt`) telling the owner of an address
 * that someone tried to sign up with it.
 */
export type EmailRequestPurpose = TokenPurpose | 'signup_attempt';

/** A resend-verification, password-reset or sign-up request, answered already, not yet acted on. */
export interface EmailRequest {
  id: string;
  purpose: EmailRequestPurpose;
  /** Normalised (lower-cased); whether it has an account is decided only when it is acted on. */
  email: string;
  createdAt: Date;
}

interface EmailRequestRow {
  id: string;
  purpose: string;
  email: string;
  created_at: Date;
}

/** The only place with SQL for `account_email_requests`. */
export const emailRequestStore = {
  async insert(db: Knex, r: EmailRequest): Promise<void> {
    await db<EmailRequestRow>('account_email_requests').insert({ id: r.id, purpose: r.purpose, email: r.email, created_at: r.createdAt });
  },

  /**
   * Takes the oldest request nobody else holds and deletes it in `trx` (FOR UPDATE SKIP LOCKED, so
   * replicas share the queue). If `trx` rolls back, the request is back for the next pass.
   */
  async takeOldest(trx: Knex.Transaction): Promise<EmailRequest | undefined> {
    const row = await trx<EmailRequestRow>('account_email_requests').orderBy('created_at', 'asc').forUpdate().skipLocked().first();
    if (!row) return undefined;
    await trx('account_email_requests').where({ id: row.id }).delete();
    return { id: row.id, purpose: row.purpose as EmailRequestPurpose, email: row.email, createdAt: row.created_at };
  },
};
