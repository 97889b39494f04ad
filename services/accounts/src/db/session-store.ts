import { rowCodec, type Knex, type RowOf } from '@cred/db';

export interface SessionRecord {
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
}

/** The columns are the fields (packages/db rows.ts). */
const columns = rowCodec<SessionRecord>()(['id', 'userId', 'createdAt', 'expiresAt', 'endedAt']);
type SessionRow = RowOf<SessionRecord>;

/**
 * The only place with SQL for sessions. "Live" is decided against the application clock
 * (`now` from the caller), never the database's now() (docs/contract.md "Time").
 */
export const sessionStore = {
  async insert(db: Knex, s: SessionRecord): Promise<void> {
    await db<SessionRow>('sessions').insert(columns.toRow(s));
  },

  /** True when the session exists, belongs to `userId`, has not ended and has not expired at `now`. */
  async isLive(db: Knex, id: string, userId: string, now: Date): Promise<boolean> {
    const row = await db<SessionRow>('sessions')
      .where({ id, user_id: userId })
      .whereNull('ended_at')
      .where('expires_at', '>', now)
      .first('id');
    return row !== undefined;
  },

  /** Ends one live session of `userId`; false when there was none to end. */
  async end(db: Knex, id: string, userId: string, now: Date): Promise<boolean> {
    const n = await db<SessionRow>('sessions')
      .where({ id, user_id: userId })
      .whereNull('ended_at')
      .where('expires_at', '>', now)
      .update({ ended_at: now });
    return n > 0;
  },

  /**
   * Deletes up to `limit` sessions that stopped being live before `cutoff` (expired, or ended by a
   * sign-out or a password reset); returns how many. A row is only needed while it can still be
   * presented, so rows past their end are kept a grace period only (the caller's cutoff).
   */
  async pruneBefore(db: Knex, cutoff: Date, limit: number): Promise<number> {
    const ids = db<SessionRow>('sessions').where('expires_at', '<', cutoff).orWhere('ended_at', '<', cutoff).limit(limit).select('id');
    return db<SessionRow>('sessions').whereIn('id', ids).delete();
  },

  /** Ends every session of the user still open (password reset). */
  async endAllOf(db: Knex, userId: string, now: Date): Promise<number> {
    return db<SessionRow>('sessions').where({ user_id: userId }).whereNull('ended_at').update({ ended_at: now });
  },
};
