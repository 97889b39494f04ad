import type { Knex } from '@cred/db';
import type { Badge } from '../domain/badge.js';
import type { StoredStatus } from '../domain/credential.js';
import type { PriorCredential } from '../domain/lifecycle.js';
import { toBadge, type BadgeRow } from './badge-store.js';

export interface IssueFacts {
  badge: Badge;
  hasSigningKey: boolean;
  /** The recipient's credential of the badge that the transitions table looks at, if any. */
  prior: PriorCredential | null;
  /** Whether the recipient already counts towards this month's quota. */
  recipientCounted: boolean;
  /** Unique recipients counted this month so far. */
  quotaUsed: number;
}

interface PriorColumns {
  prior_id: string | null;
  prior_credential_id: string | null;
  prior_status: StoredStatus | null;
  prior_expiration_date: Date | null;
  prior_revoked_at: Date | null;
}

type FactsRow = BadgeRow & PriorColumns & { has_signing_key: boolean; recipient_counted: boolean; quota_used: number };

/**
 * The recipient's active credential of the badge if there is one (at most one: the
 * credentials_one_active_idx invariant), else the newest. Bindings: recipient e-mail.
 *
 * The organization is compared as text on purpose: that keeps the (organization_id, badge_id,
 * ...) listing indexes out of the planner's choice, which without fresh statistics (a new
 * table, a fast-growing badge) it took, scanning every credential of the badge on every issue.
 * The lookup always goes through credentials_badge_recipient_idx (ADR 0005).
 */
const PRIOR = `LEFT JOIN LATERAL (
    SELECT c.id AS prior_id, c.credential_id AS prior_credential_id, c.status AS prior_status,
           c.expiration_date AS prior_expiration_date, c.revoked_at AS prior_revoked_at
    FROM credentials c
    WHERE c.badge_id = b.id AND c.recipient_email = ? AND c.organization_id::text = b.organization_id::text
    ORDER BY (c.status IN ('pending', 'valid')) DESC, c.issuance_date DESC, c.id DESC
    LIMIT 1) p ON true`;

function priorOf(r: PriorColumns): PriorCredential | null {
  if (r.prior_id === null || r.prior_credential_id === null || r.prior_status === null) return null;
  return { id: r.prior_id, credentialId: r.prior_credential_id, status: r.prior_status, expirationDate: r.prior_expiration_date, revokedAt: r.prior_revoked_at };
}

function factsOf(row: FactsRow): IssueFacts {
  return {
    badge: toBadge(row),
    hasSigningKey: row.has_signing_key,
    prior: priorOf(row),
    recipientCounted: row.recipient_counted,
    quotaUsed: Number(row.quota_used),
  };
}

/**
 * The reads of issuing, each in one round trip (they run on every issue). Tables of this
 * service only: badges, credentials, organization_signing_keys, quota_*. Both are named
 * prepared statements: PostgreSQL plans them once per connection instead of on every issue
 * (planning was most of their cost; ADR 0005).
 */
export const issueStore = {
  /** Before signing: the badge, the organization's key, the recipient's prior credential and the quota. */
  async facts(db: Knex, organizationId: string, badgeId: string, recipientEmail: string, month: string): Promise<IssueFacts | undefined> {
    const r = await db.raw<{ rows: FactsRow[] }>(
      `SELECT b.*, p.*,
         EXISTS (SELECT 1 FROM organization_signing_keys k WHERE k.organization_id = CAST(b.organization_id AS text)) AS has_signing_key,
         EXISTS (SELECT 1 FROM quota_recipients q WHERE q.organization_id = b.organization_id AND q.month = ? AND q.recipient_email = ?) AS recipient_counted,
         COALESCE((SELECT qc.used FROM quota_counters qc WHERE qc.organization_id = b.organization_id AND qc.month = ?), 0) AS quota_used
       FROM badges b ${PRIOR}
       WHERE b.id = ? AND b.organization_id = ?`,
      [month, recipientEmail, month, recipientEmail, badgeId, organizationId],
    ).options({ name: 'issuance_issue_facts' });
    const row = r.rows[0];
    return row ? factsOf(row) : undefined;
  },

  /**
   * facts() for several issues of one organization and month in one statement (a named prepared
   * statement too: its text does not depend on how many); aligned with `items`, undefined where
   * the badge is not the organization's.
   */
  async factsMany(
    db: Knex,
    organizationId: string,
    month: string,
    items: ReadonlyArray<{ badgeId: string; recipientEmail: string }>,
  ): Promise<Array<IssueFacts | undefined>> {
    const r = await db.raw<{ rows: Array<FactsRow & { idx: string }> }>(
      `SELECT j.idx, b.*, p.*,
         EXISTS (SELECT 1 FROM organization_signing_keys k WHERE k.organization_id = CAST(b.organization_id AS text)) AS has_signing_key,
         EXISTS (SELECT 1 FROM quota_recipients q WHERE q.organization_id = b.organization_id AND q.month = ? AND q.recipient_email = j.recipient_email) AS recipient_counted,
         COALESCE((SELECT qc.used FROM quota_counters qc WHERE qc.organization_id = b.organization_id AND qc.month = ?), 0) AS quota_used
       FROM unnest(?::uuid[], ?::text[]) WITH ORDINALITY AS j(badge_id, recipient_email, idx)
       JOIN badges b ON b.id = j.badge_id AND b.organization_id = ?
       ${PRIOR.replace('c.recipient_email = ?', 'c.recipient_email = j.recipient_email')}`,
      [month, month, items.map((i) => i.badgeId), items.map((i) => i.recipientEmail), organizationId],
    ).options({ name: 'issuance_issue_facts_many' });
    const out: Array<IssueFacts | undefined> = items.map(() => undefined);
    for (const row of r.rows) out[Number(row.idx) - 1] = factsOf(row);
    return out;
  },

  /**
   * Inside the issuing transaction, after the recipient lock (a separate statement, so this
   * one's snapshot sees what a competing issue committed while we waited): the badge, locked
   * FOR KEY SHARE so a delete waits for us, and the recipient's prior credential.
   */
  async recheck(trx: Knex.Transaction, organizationId: string, badgeId: string, recipientEmail: string): Promise<{ isActive: boolean; prior: PriorCredential | null } | undefined> {
    const r = await trx.raw<{ rows: Array<PriorColumns & { is_active: boolean }> }>(
      `SELECT b.is_active, p.* FROM badges b ${PRIOR} WHERE b.id = ? AND b.organization_id = ? FOR KEY SHARE OF b`,
      [recipientEmail, badgeId, organizationId],
    ).options({ name: 'issuance_issue_recheck' });
    const row = r.rows[0];
    return row ? { isActive: row.is_active, prior: priorOf(row) } : undefined;
  },

  /**
   * The prior credential (as facts() reads it) of each address for one badge, in one statement:
   * what a bulk preview measures its rows against. Addresses without a credential are absent.
   */
  async priorsOf(db: Knex, organizationId: string, badgeId: string, recipientEmails: readonly string[]): Promise<Map<string, PriorCredential>> {
    const out = new Map<string, PriorCredential>();
    if (recipientEmails.length === 0) return out;
    const r = await db.raw<{ rows: Array<PriorColumns & { recipient_email: string }> }>(
      `SELECT j.recipient_email, p.*
         FROM unnest(?::text[]) AS j(recipient_email)
         JOIN badges b ON b.id = ? AND b.organization_id = ?
         ${PRIOR.replace('c.recipient_email = ?', 'c.recipient_email = j.recipient_email')}`,
      [[...recipientEmails], badgeId, organizationId],
    );
    for (const row of r.rows) {
      const prior = priorOf(row);
      if (prior) out.set(row.recipient_email, prior);
    }
    return out;
  },

  /** recheck() for several recipients of one organization in one statement; aligned with `items`. */
  async recheckMany(
    trx: Knex.Transaction,
    organizationId: string,
    items: ReadonlyArray<{ badgeId: string; recipientEmail: string }>,
  ): Promise<Array<{ isActive: boolean; prior: PriorCredential | null } | undefined>> {
    const r = await trx.raw<{ rows: Array<PriorColumns & { is_active: boolean; idx: string }> }>(
      `SELECT j.idx, b.is_active, p.*
         FROM unnest(?::uuid[], ?::text[]) WITH ORDINALITY AS j(badge_id, recipient_email, idx)
         JOIN badges b ON b.id = j.badge_id AND b.organization_id = ?
         ${PRIOR.replace('c.recipient_email = ?', 'c.recipient_email = j.recipient_email')}
         FOR KEY SHARE OF b`,
      [items.map((i) => i.badgeId), items.map((i) => i.recipientEmail), organizationId],
    );
    const out: Array<{ isActive: boolean; prior: PriorCredential | null } | undefined> = items.map(() => undefined);
    for (const row of r.rows) out[Number(row.idx) - 1] = { isActive: row.is_active, prior: priorOf(row) };
    return out;
  },
};
