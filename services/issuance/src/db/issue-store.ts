import type { Knex } from '@cred/db';
import type { Badge } from '../domain/badge.js';
import { toBadge, type BadgeRow } from './badge-store.js';

export interface IssueFacts {
  badge: Badge;
  hasSigningKey: boolean;
  /** The newest credential of the badge for the recipient, if any. */
  existingCredentialId: string | null;
}

type FactsRow = BadgeRow & { has_signing_key: boolean; existing_credential_id: string | null };

const EXISTING = `(SELECT c.id FROM credentials c
    WHERE c.organization_id = b.organization_id AND c.badge_id = b.id AND c.recipient_email = ?
    ORDER BY c.issuance_date DESC, c.id DESC LIMIT 1) AS existing_credential_id`;

/**
 * The reads of issuing, each in one round trip (they run on every issue). Tables of this
 * service only: badges, credentials, organization_signing_keys.
 */
export const issueStore = {
  /** Before signing: the badge, whether the organization has a key, and the recipient's existing credential. */
  async facts(db: Knex, organizationId: string, badgeId: string, recipientEmail: string): Promise<IssueFacts | undefined> {
    const r = await db.raw<{ rows: FactsRow[] }>(
      `SELECT b.*,
         EXISTS (SELECT 1 FROM organization_signing_keys k WHERE k.organization_id = b.organization_id::text) AS has_signing_key,
         ${EXISTING}
       FROM badges b WHERE b.id = ? AND b.organization_id = ?`,
      [recipientEmail, badgeId, organizationId],
    );
    const row = r.rows[0];
    return row ? { badge: toBadge(row), hasSigningKey: row.has_signing_key, existingCredentialId: row.existing_credential_id } : undefined;
  },

  /**
   * Inside the issuing transaction, after the recipient lock (a separate statement, so this
   * one's snapshot sees what a competing issue committed while we waited): the badge, locked
   * FOR KEY SHARE so a delete waits for us, and the recipient's existing credential.
   */
  async recheck(trx: Knex.Transaction, organizationId: string, badgeId: string, recipientEmail: string): Promise<{ isActive: boolean; existingCredentialId: string | null } | undefined> {
    const r = await trx.raw<{ rows: Array<{ is_active: boolean; existing_credential_id: string | null }> }>(
      `SELECT b.is_active, ${EXISTING} FROM badges b WHERE b.id = ? AND b.organization_id = ? FOR KEY SHARE OF b`,
      [recipientEmail, badgeId, organizationId],
    );
    const row = r.rows[0];
    return row ? { isActive: row.is_active, existingCredentialId: row.existing_credential_id } : undefined;
  },
};
