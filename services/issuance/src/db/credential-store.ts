import type { Knex } from '@cred/db';
import type { Credential, StoredStatus } from '../domain/credential.js';

interface CredentialRow {
  id: string;
  credential_id: string;
  organization_id: string;
  badge_id: string;
  recipient_name: string;
  recipient_email: string;
  status: StoredStatus;
  issuance_date: Date;
  expiration_date: Date | null;
  claimed_at: Date | null;
  revoked_at: Date | null;
  revocation_reason: string | null;
  is_public: boolean;
  supersedes_credential_id: string | null;
  superseded_by_credential_id: string | null;
  ob3: Record<string, unknown>;
  created_at: Date;
}

type JoinedRow = CredentialRow & { badge_name: string };

function toCredential(r: JoinedRow): Credential {
  return {
    id: r.id,
    credentialId: r.credential_id,
    organizationId: r.organization_id,
    badgeId: r.badge_id,
    badgeName: r.badge_name,
    recipientName: r.recipient_name,
    recipientEmail: r.recipient_email,
    status: r.status,
    issuanceDate: r.issuance_date,
    expirationDate: r.expiration_date,
    claimedAt: r.claimed_at,
    revokedAt: r.revoked_at,
    revocationReason: r.revocation_reason,
    isPublic: r.is_public,
    supersedesCredentialId: r.supersedes_credential_id,
    supersededByCredentialId: r.superseded_by_credential_id,
    ob3: r.ob3,
    createdAt: r.created_at,
  };
}

export type NewCredential = Omit<Credential, 'badgeName'>;

/** Postgres unique_violation on the short credential id (retry with a new one). */
export function isCredentialIdCollision(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string };
  return e?.code === '23505' && e.constraint === 'credentials_credential_id_unique';
}

/** The only SQL on credentials. Every lookup is scoped by organization. */
export const credentialStore = {
  async insert(trx: Knex.Transaction, c: NewCredential): Promise<void> {
    await trx<CredentialRow>('credentials').insert({
      id: c.id,
      credential_id: c.credentialId,
      organization_id: c.organizationId,
      badge_id: c.badgeId,
      recipient_name: c.recipientName,
      recipient_email: c.recipientEmail,
      status: c.status,
      issuance_date: c.issuanceDate,
      expiration_date: c.expirationDate,
      claimed_at: c.claimedAt,
      revoked_at: c.revokedAt,
      revocation_reason: c.revocationReason,
      is_public: c.isPublic,
      supersedes_credential_id: c.supersedesCredentialId,
      superseded_by_credential_id: c.supersededByCredentialId,
      // knex would send an object as a pg composite; jsonb takes the text.
      ob3: JSON.stringify(c.ob3) as unknown as Record<string, unknown>,
      created_at: c.createdAt,
    });
  },

  async find(db: Knex, organizationId: string, id: string): Promise<Credential | undefined> {
    const r = await db<CredentialRow>('credentials as c')
      .join('badges as b', 'b.id', 'c.badge_id')
      .where({ 'c.id': id, 'c.organization_id': organizationId })
      .first('c.*', 'b.name as badge_name');
    return r ? toCredential(r as unknown as JoinedRow) : undefined;
  },

  /** Credentials of a badge for one recipient, newest first (the renewal rules read these). */
  async forRecipient(db: Knex, organizationId: string, badgeId: string, recipientEmail: string): Promise<Array<Pick<Credential, 'id' | 'credentialId' | 'status' | 'expirationDate' | 'revokedAt'>>> {
    const rows = await db<CredentialRow>('credentials')
      .where({ organization_id: organizationId, badge_id: badgeId, recipient_email: recipientEmail })
      .orderBy([{ column: 'issuance_date', order: 'desc' }, { column: 'id', order: 'desc' }])
      .select('id', 'credential_id', 'status', 'expiration_date', 'revoked_at');
    return rows.map((r) => ({ id: r.id, credentialId: r.credential_id, status: r.status, expirationDate: r.expiration_date, revokedAt: r.revoked_at }));
  },

  async badgeHasCredentials(db: Knex, badgeId: string): Promise<boolean> {
    const r = await db('credentials').where({ badge_id: badgeId }).first(db.raw('1 as one'));
    return r !== undefined;
  },

  /**
   * Serialises issuing to one (badge, recipient) for the rest of the transaction, so two
   * concurrent first issues cannot both see "no credential yet".
   */
  async lockRecipient(trx: Knex.Transaction, badgeId: string, recipientEmail: string): Promise<void> {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [`issue:${badgeId}:${recipientEmail}`]);
  },
};
