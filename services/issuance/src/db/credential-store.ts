import { isUniqueViolation, type Knex } from '@cred/db';
import type { Credential, CredentialStatus, StoredStatus } from '../domain/credential.js';
import type { StatusEntry } from '../domain/status-list.js';

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
  issued_by: string | null;
  revoked_by: string | null;
  claimed_by_user_id: string | null;
  expired_at: Date | null;
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

export type NewCredential = Omit<Credential, 'badgeName'> & {
  issuedBy?: string | null;
  /** The credential's entry in its organization's status list (credentialStatus of its OB3 payload). */
  statusEntry?: StatusEntry | null;
};

/** What lifecycle events need besides the change itself. */
export interface CredentialFacts {
  id: string;
  credentialId: string;
  organizationId: string;
  badgeId: string;
  recipientEmail: string;
  expirationDate: Date | null;
}

/** The columns of a list item (no ob3: lists stay small and fast). */
const LIST_COLUMNS = [
  'c.id', 'c.credential_id', 'c.organization_id', 'c.badge_id', 'c.recipient_name', 'c.recipient_email', 'c.status',
  'c.issuance_date', 'c.expiration_date', 'c.claimed_at', 'c.revoked_at', 'c.revocation_reason', 'c.is_public',
  'c.supersedes_credential_id', 'c.superseded_by_credential_id', 'c.created_at', 'b.name as badge_name',
];

/**
 * The status filter of the list, evaluated at `now` (docs/contract.md "Time": the application
 * clock): a credential past its expirationDate is expired whether or not the sweeper has
 * persisted it yet.
 */
function whereStatus(q: Knex.QueryBuilder, status: CredentialStatus, now: Date): void {
  if (status === 'revoked') q.where('c.status', 'revoked');
  else if (status === 'expired') {
    q.where((w) => {
      w.where('c.status', 'expired').orWhere((a) => a.whereIn('c.status', ['pending', 'valid']).where('c.expiration_date', '<=', now));
    });
  } else {
    q.where('c.status', status).where((w) => w.whereNull('c.expiration_date').orWhere('c.expiration_date', '>', now));
  }
}

/** `LIKE` text matching exactly `prefix` at the start (its own `%`, `_` and `\` escaped). */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One credential of a renewal chain (its status as recorded; the caller applies the clock). */
export type ChainLink = Pick<Credential, 'id' | 'credentialId' | 'status' | 'issuanceDate' | 'expirationDate' | 'revokedAt' | 'revocationReason'>;

/** A credential in a recipient's own list: with the issuer's name and the badge's image. */
export type RecipientCredential = Credential & { issuerName: string; badgeImageUrl: string | null };

/** The advisory lock that serializes issues to one recipient of one badge. */
function recipientLockKey(badgeId: string, recipientEmail: string): string {
  return `issue:${badgeId}:${recipientEmail}`;
}

/** Postgres unique_violation on the short credential id (retry with a new one). */
export function isCredentialIdCollision(err: unknown): boolean {
  return isUniqueViolation(err, 'credentials_credential_id_unique');
}

/** The only SQL on credentials. Every lookup is scoped by organization. */
export const credentialStore = {
  async insert(trx: Knex.Transaction, c: NewCredential): Promise<void> {
    await credentialStore.insertMany(trx, [c]);
  },

  /** Several new credentials in one statement (group commit). */
  async insertMany(trx: Knex.Transaction, list: readonly NewCredential[]): Promise<void> {
    if (list.length === 0) return;
    await trx<CredentialRow>('credentials').insert(
      list.map((c) => ({
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
        issued_by: c.issuedBy ?? null,
        status_list_number: c.statusEntry?.listNumber ?? null,
        status_list_index: c.statusEntry?.index ?? null,
      })),
    );
  },

  /** A credential of any organization by UUID or CRD- id (public routes: claim, visibility). */
  async findByRef(db: Knex, ref: { kind: 'uuid' | 'credentialId'; value: string }, organizationId?: string): Promise<Credential | undefined> {
    const q = db<CredentialRow>('credentials as c').join('badges as b', 'b.id', 'c.badge_id');
    q.where(ref.kind === 'uuid' ? 'c.id' : 'c.credential_id', ref.value);
    if (organizationId !== undefined) q.where('c.organization_id', organizationId);
    const r = await q.first('c.*', 'b.name as badge_name');
    return r ? toCredential(r as unknown as JoinedRow) : undefined;
  },

  /** findByRef for the verification read model: also the organization's slug (from the badge, which never changes it). */
  async findRecordByRef(db: Knex, ref: { kind: 'uuid' | 'credentialId'; value: string }): Promise<{ credential: Credential; organizationSlug: string } | undefined> {
    const r = await db<CredentialRow>('credentials as c')
      .join('badges as b', 'b.id', 'c.badge_id')
      .where(ref.kind === 'uuid' ? 'c.id' : 'c.credential_id', ref.value)
      .first('c.*', 'b.name as badge_name', 'b.organization_slug as badge_organization_slug');
    if (!r) return undefined;
    const row = r as unknown as JoinedRow & { badge_organization_slug: string };
    return { credential: toCredential(row), organizationSlug: row.badge_organization_slug };
  },

  /** Locks the row for a lifecycle change (revoke, claim, visibility) and returns it as it is now. */
  async lock(trx: Knex.Transaction, id: string): Promise<Credential | undefined> {
    const r = await trx<CredentialRow>('credentials as c')
      .join('badges as b', 'b.id', 'c.badge_id')
      .where('c.id', id)
      .forUpdate('c')
      .first('c.*', 'b.name as badge_name');
    return r ? toCredential(r as unknown as JoinedRow) : undefined;
  },

  /**
   * Revokes, and in the same statement moves the revision of the status list holding the
   * credential's entry, so the list's signed copy is stale from this commit on (ADR 0007).
   */
  async revoke(trx: Knex.Transaction, id: string, o: { at: Date; reason: string; by: string | null }): Promise<void> {
    await trx.raw(
      `WITH c AS (
         UPDATE credentials SET status = 'revoked', revoked_at = ?, revocation_reason = ?, revoked_by = ?
         WHERE id = ? RETURNING organization_id, status_list_number
       )
       UPDATE status_lists s SET revision = s.revision + 1 FROM c
       WHERE s.organization_id = c.organization_id AND s.list_number = c.status_list_number`,
      [o.at, o.reason, o.by, id],
    );
  },

  async setSupersededBy(trx: Knex.Transaction, id: string, supersededBy: string): Promise<void> {
    await trx('credentials').where({ id }).update({ superseded_by_credential_id: supersededBy });
  },

  /** Persists an expiry the clock already implies; only from an active status (so it happens once). */
  async markExpired(trx: Knex.Transaction, id: string, at: Date): Promise<boolean> {
    const n = await trx('credentials').where({ id }).whereIn('status', ['pending', 'valid']).update({ status: 'expired', expired_at: at });
    return n === 1;
  },

  async markClaimed(trx: Knex.Transaction, id: string, o: { at: Date; userId: string | null }): Promise<void> {
    await trx('credentials').where({ id, status: 'pending' }).update({ status: 'valid', claimed_at: o.at, claimed_by_user_id: o.userId });
  },

  async setVisibility(trx: Knex.Transaction, id: string, isPublic: boolean): Promise<void> {
    await trx('credentials').where({ id }).update({ is_public: isPublic });
  },

  /**
   * Active credentials past their expirationDate at `now`, oldest expiry first, locked
   * (SKIP LOCKED: several issuance replicas sweep without waiting on each other).
   */
  async lockDueForExpiry(trx: Knex.Transaction, now: Date, limit: number): Promise<CredentialFacts[]> {
    const rows = await trx<CredentialRow>('credentials')
      .whereIn('status', ['pending', 'valid'])
      .whereNotNull('expiration_date')
      .where('expiration_date', '<=', now)
      .orderBy('expiration_date')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .select('id', 'credential_id', 'organization_id', 'badge_id', 'recipient_email', 'expiration_date');
    return rows.map((r) => ({
      id: r.id,
      credentialId: r.credential_id,
      organizationId: r.organization_id,
      badgeId: r.badge_id,
      recipientEmail: r.recipient_email,
      expirationDate: r.expiration_date,
    }));
  },

  /**
   * One page of an organization's credentials, newest first, and the exact total. With
   * `recipientPrefix` (lower-cased) only recipients whose e-mail starts with it: the range of
   * credentials_org_recipient_prefix_idx, counted (the per-status counters know no recipients).
   */
  async list(
    db: Knex,
    o: { organizationId: string; limit: number; offset: number; badgeId?: string; status?: CredentialStatus; recipientPrefix?: string; now: Date },
  ): Promise<{ items: Credential[]; total: number }> {
    const q = db<CredentialRow>('credentials as c').where('c.organization_id', o.organizationId);
    if (o.badgeId !== undefined) q.where('c.badge_id', o.badgeId);
    if (o.status !== undefined) whereStatus(q, o.status, o.now);
    if (o.recipientPrefix !== undefined) q.where('c.recipient_email', 'like', likePrefix(o.recipientPrefix));
    const counted =
      o.recipientPrefix === undefined
        ? credentialStore.total(db, o)
        : q
            .clone()
            .count({ n: '*' })
            .then((r) => Number((r[0] as { n: string | number }).n));
    const [rows, total] = await Promise.all([
      q
        .join('badges as b', 'b.id', 'c.badge_id')
        .orderBy([{ column: 'c.issuance_date', order: 'desc' }, { column: 'c.id', order: 'desc' }])
        .limit(o.limit)
        .offset(o.offset)
        .select(LIST_COLUMNS),
      counted,
    ]);
    return { items: (rows as unknown as JoinedRow[]).map((r) => toCredential({ ...r, ob3: {} })), total };
  },

  /**
   * The exact number of credentials a list query matches, without counting rows: the
   * per-status counters (credential_counts, kept by a trigger), corrected for the credentials
   * whose expiry has passed but is not persisted yet (the small set of the expiry index).
   */
  async total(db: Knex, o: { organizationId: string; badgeId?: string; status?: CredentialStatus; now: Date }): Promise<number> {
    const counts = db('credential_counts').where('organization_id', o.organizationId);
    if (o.badgeId !== undefined) counts.where('badge_id', o.badgeId);
    const byStatus: Record<string, number> = { pending: 0, valid: 0, expired: 0, revoked: 0 };
    for (const r of (await counts.select('status').sum({ n: 'n' }).groupBy('status')) as Array<{ status: string; n: string }>) byStatus[r.status] = Number(r.n);
    if (o.status === undefined) return Object.values(byStatus).reduce((a, b) => a + b, 0);
    if (o.status === 'revoked') return byStatus.revoked!;
    const due = db('credentials')
      .where('organization_id', o.organizationId)
      .whereIn('status', ['pending', 'valid'])
      .whereNotNull('expiration_date')
      .where('expiration_date', '<=', o.now);
    if (o.badgeId !== undefined) due.where('badge_id', o.badgeId);
    const dueBy: Record<string, number> = { pending: 0, valid: 0 };
    for (const r of (await due.select('status').count({ n: '*' }).groupBy('status')) as Array<{ status: string; n: string }>) dueBy[r.status] = Number(r.n);
    if (o.status === 'expired') return byStatus.expired! + dueBy.pending! + dueBy.valid!;
    return byStatus[o.status]! - dueBy[o.status]!;
  },

  async find(db: Knex, organizationId: string, id: string): Promise<Credential | undefined> {
    const r = await db<CredentialRow>('credentials as c')
      .join('badges as b', 'b.id', 'c.badge_id')
      .where({ 'c.id': id, 'c.organization_id': organizationId })
      .first('c.*', 'b.name as badge_name');
    return r ? toCredential(r as unknown as JoinedRow) : undefined;
  },

  /**
   * Every credential linked to `id` through supersedes / superseded_by, itself included,
   * oldest first. The walk follows the links both ways by primary key (UNION drops repeats, so
   * it ends); it stays inside the organization. The order is the links' own, from the credential
   * that supersedes none: issuance dates are whole seconds, so a renewal issued in the same
   * second as its predecessor would tie on the date.
   */
  async renewalChain(db: Knex, organizationId: string, id: string): Promise<ChainLink[]> {
    type Row = Pick<
      CredentialRow,
      'id' | 'credential_id' | 'status' | 'issuance_date' | 'expiration_date' | 'revoked_at' | 'revocation_reason' | 'supersedes_credential_id' | 'superseded_by_credential_id'
    >;
    const r = await db.raw<{ rows: Row[] }>(
      `WITH RECURSIVE chain(id) AS (
         SELECT ?::uuid
         UNION
         SELECT l.id FROM chain JOIN credentials c ON c.id = chain.id AND c.organization_id = ?
           CROSS JOIN LATERAL (VALUES (c.supersedes_credential_id), (c.superseded_by_credential_id)) AS l(id)
         WHERE l.id IS NOT NULL
       )
       SELECT c.id, c.credential_id, c.status, c.issuance_date, c.expiration_date, c.revoked_at, c.revocation_reason,
              c.supersedes_credential_id, c.superseded_by_credential_id
       FROM chain JOIN credentials c ON c.id = chain.id AND c.organization_id = ?
       ORDER BY c.issuance_date ASC, c.id ASC`,
      [id, organizationId, organizationId],
    );
    const byId = new Map(r.rows.map((c) => [c.id, c]));
    const ordered: Row[] = [];
    const placed = new Set<string>();
    // Each first link (one that supersedes nothing in the chain), then its renewals in turn; the
    // date order above decides only between first links, of which a well-formed chain has one.
    for (const first of r.rows) {
      if (placed.has(first.id) || (first.supersedes_credential_id && byId.has(first.supersedes_credential_id))) continue;
      for (let c: Row | undefined = first; c && !placed.has(c.id); c = c.superseded_by_credential_id ? byId.get(c.superseded_by_credential_id) : undefined) {
        placed.add(c.id);
        ordered.push(c);
      }
    }
    for (const c of r.rows) if (!placed.has(c.id)) ordered.push(c); // a cycle: never written, kept visible all the same
    return ordered.map((c) => ({
      id: c.id,
      credentialId: c.credential_id,
      status: c.status,
      issuanceDate: c.issuance_date,
      expirationDate: c.expiration_date,
      revokedAt: c.revoked_at,
      revocationReason: c.revocation_reason,
    }));
  },

  /**
   * One page of the credentials issued to an address in any organization, newest first, with
   * the exact total (credentials_recipient_issued_idx; one person's credentials are few).
   */
  async listForRecipient(db: Knex, o: { email: string; limit: number; offset: number }): Promise<{ items: RecipientCredential[]; total: number }> {
    const q = db<CredentialRow>('credentials as c').where('c.recipient_email', o.email);
    const [rows, count] = await Promise.all([
      q
        .clone()
        .join('badges as b', 'b.id', 'c.badge_id')
        .orderBy([{ column: 'c.issuance_date', order: 'desc' }, { column: 'c.id', order: 'desc' }])
        .limit(o.limit)
        .offset(o.offset)
        .select([...LIST_COLUMNS, 'b.image_url as badge_image_url', db.raw("c.ob3->'issuer'->>'name' as issuer_name")]),
      q.clone().count({ n: '*' }),
    ]);
    const items = (rows as unknown as Array<JoinedRow & { badge_image_url: string | null; issuer_name: string | null }>).map((r) => ({
      ...toCredential({ ...r, ob3: {} }),
      issuerName: r.issuer_name ?? '',
      badgeImageUrl: r.badge_image_url,
    }));
    return { items, total: Number((count[0] as { n: string | number }).n) };
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
    await trx.raw('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [recipientLockKey(badgeId, recipientEmail)]);
  },

  /**
   * The same locks for several recipients in one statement, taken in the order of their keys
   * (two batches never wait for each other crosswise; PostgreSQL would detect it, and the
   * batch would fall back to issuing one by one).
   */
  async lockRecipients(trx: Knex.Transaction, recipients: ReadonlyArray<{ badgeId: string; recipientEmail: string }>): Promise<void> {
    const keys = [...new Set(recipients.map((r) => recipientLockKey(r.badgeId, r.recipientEmail)))].sort();
    await trx.raw(
      'SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0))) FROM (SELECT k FROM unnest(?::text[]) AS k ORDER BY k OFFSET 0) s',
      [keys],
    );
  },
};
