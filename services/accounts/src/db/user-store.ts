import type { Knex } from '@cred/db';
import type { TokenPurpose, User } from '../domain/model.js';

interface UserRow {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  email_verified_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

interface TokenRow {
  id: string;
  user_id: string;
  purpose: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

function toUser(r: UserRow): User {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    passwordHash: r.password_hash,
    emailVerifiedAt: r.email_verified_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export interface OneTimeToken {
  id: string;
  userId: string;
  purpose: TokenPurpose;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

/** The only place with SQL for users and their one-time tokens. */
export const userStore = {
  async findById(db: Knex, id: string): Promise<User | undefined> {
    const row = await db<UserRow>('users').where({ id }).first();
    return row ? toUser(row) : undefined;
  },

  async findByEmail(db: Knex, email: string): Promise<User | undefined> {
    const row = await db<UserRow>('users').where({ email }).first();
    return row ? toUser(row) : undefined;
  },

  /** Inserts unless the e-mail is taken; returns false when it was (a unique-index race included). */
  async insertIfNew(trx: Knex.Transaction, u: User): Promise<boolean> {
    const rows = await trx<UserRow>('users')
      .insert({
        id: u.id,
        email: u.email,
        name: u.name,
        password_hash: u.passwordHash,
        email_verified_at: u.emailVerifiedAt,
        created_at: u.createdAt,
        updated_at: u.updatedAt,
      })
      .onConflict('email')
      .ignore()
      .returning('id');
    return rows.length === 1;
  },

  async markEmailVerified(trx: Knex.Transaction, userId: string, at: Date): Promise<User> {
    const [row] = await trx<UserRow>('users').where({ id: userId }).update({ email_verified_at: at, updated_at: at }).returning('*');
    return toUser(row as UserRow);
  },

  async setPasswordHash(trx: Knex.Transaction, userId: string, hash: string, at: Date): Promise<void> {
    await trx<UserRow>('users').where({ id: userId }).update({ password_hash: hash, updated_at: at });
  },

  async insertToken(trx: Knex.Transaction, t: OneTimeToken): Promise<void> {
    await trx<TokenRow>('user_tokens').insert({
      id: t.id,
      user_id: t.userId,
      purpose: t.purpose,
      token_hash: t.tokenHash,
      expires_at: t.expiresAt,
      used_at: t.usedAt,
      created_at: t.createdAt,
    });
  },

  /** True when an unused, unexpired token of this purpose exists (a read; nothing is spent). */
  async tokenIsLive(db: Knex, tokenHash: string, purpose: TokenPurpose, now: Date): Promise<boolean> {
    const row = await db<TokenRow>('user_tokens').where({ token_hash: tokenHash, purpose }).whereNull('used_at').where('expires_at', '>', now).first('id');
    return row !== undefined;
  },

  /**
   * Marks the token used, if it exists, has this purpose, is unused and unexpired at `now`.
   * One UPDATE, so two concurrent redemptions cannot both succeed.
   */
  async consumeToken(trx: Knex.Transaction, tokenHash: string, purpose: TokenPurpose, now: Date): Promise<string | undefined> {
    const rows = await trx<TokenRow>('user_tokens')
      .where({ token_hash: tokenHash, purpose })
      .whereNull('used_at')
      .where('expires_at', '>', now)
      .update({ used_at: now })
      .returning('user_id');
    return rows[0]?.user_id;
  },

  /** Earlier outstanding tokens of a purpose stop working when a new one is issued or one is used. */
  async invalidateTokens(trx: Knex.Transaction, userId: string, purpose: TokenPurpose, now: Date): Promise<void> {
    await trx<TokenRow>('user_tokens').where({ user_id: userId, purpose }).whereNull('used_at').update({ used_at: now });
  },
};
