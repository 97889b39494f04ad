import { rowCodec, type Knex, type RowOf } from '@cred/db';
import type { TokenPurpose, User } from '../domain/model.js';

export interface OneTimeToken {
  id: string;
  userId: string;
  purpose: TokenPurpose;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

/** The columns are the fields (packages/db rows.ts). */
const userColumns = rowCodec<User>()(['id', 'email', 'name', 'passwordHash', 'emailVerifiedAt', 'createdAt', 'updatedAt']);
type UserRow = RowOf<User>;
const toUser = (r: UserRow): User => userColumns.fromRow(r);
const tokenColumns = rowCodec<OneTimeToken>()(['id', 'userId', 'purpose', 'tokenHash', 'expiresAt', 'usedAt', 'createdAt']);
type TokenRow = RowOf<OneTimeToken>;

/** The only place with SQL for users and their one-time tokens. */
export const userStore = {
  async findById(db: Knex, id: string): Promise<User | undefined> {
    const row = await db<UserRow>('users').where({ id }).first();
    return row ? toUser(row) : undefined;
  },

  /** The names of those of `ids` that are users (UUIDs only). */
  async namesOf(db: Knex, ids: readonly string[]): Promise<Array<{ id: string; name: string }>> {
    if (ids.length === 0) return [];
    return (await db('users').whereIn('id', [...ids]).select('id', 'name')) as Array<{ id: string; name: string }>;
  },

  async findByEmail(db: Knex, email: string): Promise<User | undefined> {
    const row = await db<UserRow>('users').where({ email }).first();
    return row ? toUser(row) : undefined;
  },

  /** Inserts unless the e-mail is taken; returns false when it was (a unique-index race included). */
  async insertIfNew(trx: Knex.Transaction, u: User): Promise<boolean> {
    const rows = await trx<UserRow>('users').insert(userColumns.toRow(u)).onConflict('email').ignore().returning('id');
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
    await trx<TokenRow>('user_tokens').insert(tokenColumns.toRow(t));
  },

  /** True when an unused, unexpired token of this purpose exists (a read; nothing is spent). */
  async tokenIsLive(db: Knex, tokenHash: string, purpose: TokenPurpose, now: Date): Promise<boolean> {
    const row = await db<TokenRow>('user_tokens')
      .where({ token_hash: tokenHash, purpose })
      .whereNull('used_at')
      .where('expires_at', '>', now)
      .first('id');
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
