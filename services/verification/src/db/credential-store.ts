import type { Knex } from '@cred/db';
import type { CredentialRef } from '../domain/identifiers.js';
import type { CredentialRecord, Organization } from '../domain/model.js';
import { organizationFromRow, type OrganizationRow } from './organization-store.js';

interface Row {
  uuid: string;
  credential_id: string | null;
  badge_id: string | null;
  organization_id: string | null;
  organization_slug: string | null;
  recipient_email: string | null;
  recipient_name: string | null;
  issuance_date: Date | null;
  expiration_date: Date | null;
  claimed_at: Date | null;
  revoked_at: Date | null;
  revocation_reason: string | null;
  expired_at: Date | null;
  is_public: boolean | null;
  visibility_at: Date | null;
  supersedes_credential_id: string | null;
  superseded_by_credential_id: string | null;
  ob3_json: string | null;
  issued_event_at: Date | null;
}

/** Everything credential.issued / credential.renewed carry. */
export type IssuedCredential = Pick<
  CredentialRecord,
  | 'uuid'
  | 'credentialId'
  | 'badgeId'
  | 'organizationId'
  | 'organizationSlug'
  | 'recipientEmail'
  | 'recipientName'
  | 'issuanceDate'
  | 'expirationDate'
  | 'isPublic'
  | 'supersedesCredentialId'
  | 'ob3Json'
>;

function toDomain(r: Row): CredentialRecord | undefined {
  // A row made by a lifecycle event that overtook credential.issued is not a credential yet.
  if (
    r.issued_event_at === null ||
    r.ob3_json === null ||
    r.credential_id === null ||
    r.badge_id === null ||
    r.organization_id === null ||
    r.organization_slug === null ||
    r.recipient_email === null ||
    r.recipient_name === null ||
    r.issuance_date === null
  ) {
    return undefined;
  }
  return {
    uuid: r.uuid,
    credentialId: r.credential_id,
    badgeId: r.badge_id,
    organizationId: r.organization_id,
    organizationSlug: r.organization_slug,
    recipientEmail: r.recipient_email,
    recipientName: r.recipient_name,
    issuanceDate: r.issuance_date,
    expirationDate: r.expiration_date,
    claimedAt: r.claimed_at,
    revokedAt: r.revoked_at,
    revocationReason: r.revocation_reason,
    expiredAt: r.expired_at,
    isPublic: r.is_public ?? true,
    supersedesCredentialId: r.supersedes_credential_id,
    supersededByCredentialId: r.superseded_by_credential_id,
    ob3Json: r.ob3_json,
  };
}

/** What a verification reads: the credential, its organization and its issuer's published keys. */
export interface VerificationRow {
  credential: CredentialRecord;
  organization: Organization | undefined;
  keys: Array<{ sequence: number; publicKeyMultibase: string; compromisedAt: string | null }>;
}

/** A ref as a map key: `uuid:<uuid>` or `credentialId:<CRD-...>`. */
export function refKey(ref: CredentialRef): string {
  return `${ref.kind}:${ref.value}`;
}

/**
 * The credentials read model. Every write is an upsert whose SQL only moves state forward
 * (docs/contract.md "Events, e-mail and webhooks"; docs/contract.md "Credential lifecycle"): a revocation, claim or expiry, once recorded, is
 * never cleared, whatever order the events arrive in, and concurrent handlers cannot undo each
 * other because the merge rule runs inside the row lock of INSERT ... ON CONFLICT.
 */
export const credentialStore = {
  async applyIssued(trx: Knex.Transaction, c: IssuedCredential, eventAt: Date): Promise<void> {
    await credentialStore.applyIssuedMany(trx, [{ credential: c, eventAt }]);
  },

  /**
   * applyIssued() for several credentials in one statement (a consumer batch). The UUIDs must
   * be distinct: one INSERT ... ON CONFLICT cannot update a row twice.
   */
  async applyIssuedMany(trx: Knex.Transaction, list: ReadonlyArray<{ credential: IssuedCredential; eventAt: Date }>): Promise<void> {
    if (list.length === 0) return;
    await trx<Row>('credentials')
      .insert(
        list.map(({ credential: c, eventAt }) => ({
          uuid: c.uuid,
          credential_id: c.credentialId,
          badge_id: c.badgeId,
          organization_id: c.organizationId,
          organization_slug: c.organizationSlug,
          recipient_email: c.recipientEmail.toLowerCase(),
          recipient_name: c.recipientName,
          issuance_date: c.issuanceDate,
          expiration_date: c.expirationDate,
          is_public: c.isPublic,
          visibility_at: eventAt,
          supersedes_credential_id: c.supersedesCredentialId,
          ob3_json: c.ob3Json,
          issued_event_at: eventAt,
        })),
      )
      .onConflict('uuid')
      .merge({
        credential_id: trx.raw('excluded.credential_id'),
        badge_id: trx.raw('excluded.badge_id'),
        organization_id: trx.raw('excluded.organization_id'),
        organization_slug: trx.raw('excluded.organization_slug'),
        recipient_email: trx.raw('excluded.recipient_email'),
        recipient_name: trx.raw('excluded.recipient_name'),
        issuance_date: trx.raw('excluded.issuance_date'),
        expiration_date: trx.raw('excluded.expiration_date'),
        ob3_json: trx.raw('excluded.ob3_json'),
        issued_event_at: trx.raw('excluded.issued_event_at'),
        supersedes_credential_id: trx.raw('coalesce(credentials.supersedes_credential_id, excluded.supersedes_credential_id)'),
        // A privacy change that came first (and is newer) wins over the issue-time default.
        is_public: trx.raw(
          'case when credentials.visibility_at is null or credentials.visibility_at <= excluded.visibility_at then excluded.is_public else credentials.is_public end',
        ),
        visibility_at: trx.raw('greatest(credentials.visibility_at, excluded.visibility_at)'),
      } as never)
      .whereRaw('credentials.issued_event_at is null or credentials.issued_event_at <= excluded.issued_event_at');
  },

  async applyRevoked(
    trx: Knex.Transaction,
    r: { uuid: string; credentialId: string | null; revokedAt: Date; reason: string | null; supersededBy: string | null },
  ): Promise<void> {
    await trx<Row>('credentials')
      .insert({
        uuid: r.uuid,
        credential_id: r.credentialId,
        revoked_at: r.revokedAt,
        revocation_reason: r.reason,
        superseded_by_credential_id: r.supersededBy,
      })
      .onConflict('uuid')
      .merge({
        credential_id: trx.raw('coalesce(credentials.credential_id, excluded.credential_id)'),
        // The first revocation stands: revokedAt and its reason never change afterwards.
        revocation_reason: trx.raw(
          'case when credentials.revoked_at is null then excluded.revocation_reason else credentials.revocation_reason end',
        ),
        revoked_at: trx.raw('coalesce(credentials.revoked_at, excluded.revoked_at)'),
        superseded_by_credential_id: trx.raw('coalesce(credentials.superseded_by_credential_id, excluded.superseded_by_credential_id)'),
      } as never);
  },

  async applyClaimed(trx: Knex.Transaction, r: { uuid: string; credentialId: string | null; claimedAt: Date }): Promise<void> {
    await trx<Row>('credentials')
      .insert({ uuid: r.uuid, credential_id: r.credentialId, claimed_at: r.claimedAt })
      .onConflict('uuid')
      .merge({
        credential_id: trx.raw('coalesce(credentials.credential_id, excluded.credential_id)'),
        claimed_at: trx.raw('coalesce(credentials.claimed_at, excluded.claimed_at)'),
      } as never);
  },

  async applyExpired(trx: Knex.Transaction, r: { uuid: string; credentialId: string | null; expiredAt: Date }): Promise<void> {
    await trx<Row>('credentials')
      .insert({ uuid: r.uuid, credential_id: r.credentialId, expired_at: r.expiredAt })
      .onConflict('uuid')
      .merge({
        credential_id: trx.raw('coalesce(credentials.credential_id, excluded.credential_id)'),
        expired_at: trx.raw('coalesce(credentials.expired_at, excluded.expired_at)'),
      } as never);
  },

  /** The renewal `supersededBy` replaces `uuid` (set once; the prior may not be known yet). */
  async applySupersededBy(trx: Knex.Transaction, uuid: string, supersededBy: string): Promise<void> {
    await trx<Row>('credentials')
      .insert({ uuid, superseded_by_credential_id: supersededBy })
      .onConflict('uuid')
      .merge({
        superseded_by_credential_id: trx.raw('coalesce(credentials.superseded_by_credential_id, excluded.superseded_by_credential_id)'),
      } as never);
  },

  /** Privacy is the one setting that goes both ways; the newest change wins. */
  async applyVisibility(trx: Knex.Transaction, r: { uuid: string; isPublic: boolean; at: Date }): Promise<void> {
    await trx<Row>('credentials')
      .insert({ uuid: r.uuid, is_public: r.isPublic, visibility_at: r.at })
      .onConflict('uuid')
      .merge({ is_public: trx.raw('excluded.is_public'), visibility_at: trx.raw('excluded.visibility_at') } as never)
      .whereRaw('credentials.visibility_at is null or credentials.visibility_at < excluded.visibility_at');
  },

  async uuidForCredentialId(trx: Knex.Transaction, credentialId: string): Promise<string | undefined> {
    const row = await trx<Row>('credentials').select('uuid').where({ credential_id: credentialId }).first();
    return row?.uuid;
  },

  /**
   * Everything one verification reads, in one statement (the hot path): the credential, its
   * organization and the organization's published keys (as /issuers/{slug}/did.json lists them).
   */
  async findForVerification(db: Knex, ref: CredentialRef): Promise<VerificationRow | undefined> {
    return (await credentialStore.findForVerificationMany(db, [ref])).get(refKey(ref));
  },

  /**
   * What a verification reads, for several credentials in one statement (concurrent first
   * sights of different credentials), by `refKey`: each row found under both its UUID and its
   * `CRD-` id. Refs nobody has are absent.
   */
  async findForVerificationMany(db: Knex, refs: readonly CredentialRef[]): Promise<Map<string, VerificationRow>> {
    const ids = [...new Set(refs.filter((r) => r.kind === 'credentialId').map((r) => r.value))];
    const uuids = [...new Set(refs.filter((r) => r.kind === 'uuid').map((r) => r.value))];
    const result = await db.raw(
      `select c.*, to_jsonb(o.*) as org,
              (select coalesce(jsonb_agg(jsonb_build_object('sequence', k.sequence, 'publicKeyMultibase', k.public_key_multibase, 'compromisedAt', k.compromised_at) order by k.sequence), '[]'::jsonb)
                 from issuer_keys k where k.organization_slug = c.organization_slug and k.revoked_at is null) as keys
         from credentials c left join organizations o on o.id = c.organization_id
        where c.credential_id = any(?::text[]) or c.uuid = any(?::uuid[])`,
      [ids, uuids],
    );
    const rows = (
      result as {
        rows: Array<
          Row & {
            org: (Omit<OrganizationRow, 'created_at' | 'event_at'> & { created_at: string; event_at: string }) | null;
            keys: Array<{ sequence: number; publicKeyMultibase: string; compromisedAt: string | null }>;
          }
        >;
      }
    ).rows;
    const found = new Map<string, VerificationRow>();
    for (const row of rows) {
      const credential = toDomain(row);
      if (!credential) continue;
      const organization = row.org
        ? organizationFromRow({ ...row.org, created_at: new Date(row.org.created_at), event_at: new Date(row.org.event_at) })
        : undefined;
      const state = { credential, organization, keys: row.keys };
      found.set(refKey({ kind: 'uuid', value: credential.uuid }), state);
      if (credential.credentialId) found.set(refKey({ kind: 'credentialId', value: credential.credentialId }), state);
    }
    return found;
  },

  async find(db: Knex, ref: CredentialRef): Promise<CredentialRecord | undefined> {
    const row = await db<Row>('credentials')
      .where(ref.kind === 'uuid' ? { uuid: ref.value } : { credential_id: ref.value })
      .first();
    return row ? toDomain(row) : undefined;
  },
};
