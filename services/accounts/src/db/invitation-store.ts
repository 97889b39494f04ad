import type { Knex } from '@cred/db';
import type { Invitation, MembershipRole } from '../domain/model.js';

interface InvitationRow {
  id: string;
  organization_id: string;
  email: string;
  role: string;
  token_hash: string;
  invited_by_user_id: string;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_by_user_id: string | null;
  revoked_at: Date | null;
}

function toInvitation(r: InvitationRow): Invitation {
  return {
    id: r.id,
    organizationId: r.organization_id,
    email: r.email,
    role: r.role as MembershipRole,
    tokenHash: r.token_hash,
    invitedByUserId: r.invited_by_user_id,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    acceptedAt: r.accepted_at,
    acceptedByUserId: r.accepted_by_user_id,
    revokedAt: r.revoked_at,
  };
}

/** A pending invitation: neither accepted nor revoked, and not expired at `now`. */
function pending(q: Knex.QueryBuilder, now: Date): Knex.QueryBuilder {
  return q.whereNull('accepted_at').whereNull('revoked_at').where('expires_at', '>', now);
}

/** The only place with SQL for invitations. */
export const invitationStore = {
  async insert(trx: Knex.Transaction, i: Invitation): Promise<void> {
    await trx<InvitationRow>('invitations').insert({
      id: i.id,
      organization_id: i.organizationId,
      email: i.email,
      role: i.role,
      token_hash: i.tokenHash,
      invited_by_user_id: i.invitedByUserId,
      created_at: i.createdAt,
      expires_at: i.expiresAt,
      accepted_at: i.acceptedAt,
      accepted_by_user_id: i.acceptedByUserId,
      revoked_at: i.revokedAt,
    });
  },

  async listPending(db: Knex, organizationId: string, now: Date): Promise<Invitation[]> {
    const rows = (await pending(db<InvitationRow>('invitations').where({ organization_id: organizationId }), now).orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])) as InvitationRow[];
    return rows.map(toInvitation);
  },

  async countPending(db: Knex, organizationId: string, now: Date): Promise<number> {
    const [row] = (await pending(db('invitations').where({ organization_id: organizationId }), now).count('* as count')) as Array<{ count: string }>;
    return Number(row?.count ?? 0);
  },

  /**
   * Invitations created since `since`, whatever their state now (revoked ones too), by one
   * organization or one inviter: the count and the oldest one's creation time.
   */
  async createdSince(db: Knex, by: { organizationId: string } | { invitedByUserId: string }, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const where = 'organizationId' in by ? { organization_id: by.organizationId } : { invited_by_user_id: by.invitedByUserId };
    const [row] = (await db('invitations').where(where).where('created_at', '>', since).select(db.raw('count(*) as count'), db.raw('min(created_at) as oldest'))) as Array<{
      count: string;
      oldest: Date | null;
    }>;
    return { count: Number(row?.count ?? 0), oldest: row?.oldest ?? null };
  },

  async findPendingFor(db: Knex, organizationId: string, email: string, now: Date): Promise<Invitation | undefined> {
    const row = (await pending(db<InvitationRow>('invitations').where({ organization_id: organizationId, email }), now).first()) as InvitationRow | undefined;
    return row ? toInvitation(row) : undefined;
  },

  async find(db: Knex, organizationId: string, id: string): Promise<Invitation | undefined> {
    const row = await db<InvitationRow>('invitations').where({ organization_id: organizationId, id }).first();
    return row ? toInvitation(row) : undefined;
  },

  async findByTokenHash(db: Knex, tokenHash: string): Promise<Invitation | undefined> {
    const row = await db<InvitationRow>('invitations').where({ token_hash: tokenHash }).first();
    return row ? toInvitation(row) : undefined;
  },

  /** Row-locks the invitation of a token, so concurrent accepts of it run one after the other. */
  async findByTokenHashForUpdate(trx: Knex.Transaction, tokenHash: string): Promise<Invitation | undefined> {
    const row = await trx<InvitationRow>('invitations').where({ token_hash: tokenHash }).forUpdate().first();
    return row ? toInvitation(row) : undefined;
  },

  /** Revokes a pending invitation; undefined when it was not pending (accepted, revoked, expired). */
  async revoke(trx: Knex.Transaction, organizationId: string, id: string, now: Date): Promise<Invitation | undefined> {
    const [row] = (await pending(trx<InvitationRow>('invitations').where({ organization_id: organizationId, id }), now)
      .update({ revoked_at: now })
      .returning('*')) as InvitationRow[];
    return row ? toInvitation(row) : undefined;
  },

  /** Revokes the organization's pending invitations sent by `userId` for which `withdraw(role)` holds. */
  async revokeSentBy(trx: Knex.Transaction, organizationId: string, userId: string, now: Date, withdraw: (role: string) => boolean): Promise<Invitation[]> {
    const rows = (await pending(trx<InvitationRow>('invitations').where({ organization_id: organizationId, invited_by_user_id: userId }), now)
      .forUpdate()
      .select('*')) as InvitationRow[];
    const ids = rows.filter((r) => withdraw(r.role)).map((r) => r.id);
    if (ids.length === 0) return [];
    const revoked = (await trx<InvitationRow>('invitations').whereIn('id', ids).update({ revoked_at: now }).returning('*')) as InvitationRow[];
    return revoked.map(toInvitation);
  },

  /** Marks a pending invitation accepted; undefined when it was not pending (one UPDATE: one winner). */
  async accept(trx: Knex.Transaction, id: string, userId: string, now: Date): Promise<Invitation | undefined> {
    const [row] = (await pending(trx<InvitationRow>('invitations').where({ id }), now)
      .update({ accepted_at: now, accepted_by_user_id: userId })
      .returning('*')) as InvitationRow[];
    return row ? toInvitation(row) : undefined;
  },
};
