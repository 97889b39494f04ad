import { isUniqueViolation, type Knex } from '@cred/db';
import type { PromiseClient } from '@cred/grpc';
import type { IssuanceServiceClient } from '@cred/proto';
import { Counter, type Logger, type Registry } from '@cred/runtime';
import { credentialStore } from '../db/credential-store.js';
import type { CredentialRef } from '../domain/identifiers.js';
import { entryLru } from './lru-cache.js';

export interface CredentialSource {
  /**
   * For a credential the read model does not have (yet): asks issuance, the source of truth,
   * and records what it answers exactly as its events would have. True when it was recorded.
   */
  fill(ref: CredentialRef): Promise<boolean>;
}

export interface CredentialSourceOptions {
  db: Knex;
  issuance: Pick<PromiseClient<IssuanceServiceClient>, 'GetCredentialRecord'>;
  logger: Logger;
  metrics?: Registry;
  /** How long an id issuance does not know (or could not answer for) is not asked about again. */
  negativeTtlMs: number;
  maxNegativeEntries?: number;
  now?: () => number;
}

const opt = (v: string | null | undefined): string | null => (typeof v === 'string' && v !== '' ? v : null);
const optDate = (v: string | null | undefined): Date | null => (opt(v) === null ? null : new Date(v!));

/**
 * A credential is verifiable the moment issuance answered 201 for it: the read model learns it
 * from `credential.issued` a few milliseconds later, and until then a miss asks issuance over
 * gRPC (GetCredentialRecord). The answer is written through the same forward-only upserts the
 * events use, so the event arriving afterwards changes nothing, and an older event cannot undo
 * a newer state. Unknown ids are remembered for `negativeTtlMs` (and concurrent misses for one
 * id share one call), so requests for ids that do not exist cannot turn into load on issuance.
 */
export function createCredentialSource(o: CredentialSourceOptions): CredentialSource {
  const now = o.now ?? (() => performance.now());
  const negative = entryLru<string, number>(o.maxNegativeEntries ?? 50_000);
  const inflight = new Map<string, Promise<boolean>>();
  const outcomes = o.metrics
    ? new Counter({
        name: 'verification_read_model_fills_total',
        help: 'Read-model misses answered by asking issuance, by outcome',
        labelNames: ['outcome'],
        registers: [o.metrics],
      })
    : undefined;

  async function ask(key: string, ref: CredentialRef): Promise<boolean> {
    let record: Awaited<ReturnType<CredentialSourceOptions['issuance']['GetCredentialRecord']>>;
    try {
      record = await o.issuance.GetCredentialRecord({ credential_ref: ref.value });
    } catch (err) {
      const code = (err as { code?: string }).code;
      negative.set(key, now() + o.negativeTtlMs);
      if (code === 'NOT_FOUND') {
        outcomes?.inc({ outcome: 'not_found' });
      } else {
        outcomes?.inc({ outcome: 'error' });
        o.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'issuance could not answer for a read-model miss');
      }
      return false;
    }
    const c = record.credential;
    if (!c || !c.id || !c.credential_id) return false;
    const recordedAt = new Date(record.recorded_at);
    const write = () => o.db.transaction(async (trx) => {
      await credentialStore.applyIssued(
        trx,
        {
          uuid: c.id,
          credentialId: c.credential_id,
          badgeId: c.badge_id,
          organizationId: record.organization_id,
          organizationSlug: record.organization_slug,
          recipientEmail: c.recipient_email,
          recipientName: c.recipient_name,
          issuanceDate: new Date(c.issuance_date),
          expirationDate: optDate(c.expiration_date),
          isPublic: c.is_public,
          supersedesCredentialId: opt(c.supersedes_credential_id),
          ob3Json: c.ob3_credential_json,
        },
        recordedAt,
      );
      const supersedes = opt(c.supersedes_credential_id);
      if (supersedes) await credentialStore.applySupersededBy(trx, supersedes, c.id);
      const revokedAt = optDate(c.revoked_at);
      if (revokedAt) {
        await credentialStore.applyRevoked(trx, {
          uuid: c.id,
          credentialId: c.credential_id,
          revokedAt,
          reason: opt(c.revocation_reason),
          supersededBy: opt(c.superseded_by_credential_id),
        });
      }
      const claimedAt = optDate(c.claimed_at);
      if (claimedAt) await credentialStore.applyClaimed(trx, { uuid: c.id, credentialId: c.credential_id, claimedAt });
      const expiration = optDate(c.expiration_date);
      if (c.status === 'expired' && expiration)
        await credentialStore.applyExpired(trx, { uuid: c.id, credentialId: c.credential_id, expiredAt: expiration });
    });
    try {
      await write();
    } catch (err) {
      // Another replica's fill or the issue event inserted the row meanwhile: ON CONFLICT (uuid)
      // does not cover a concurrent insert that PostgreSQL finds first on the credential_id
      // index. The row is committed now, so the same upsert merges into it.
      if (!isConcurrentInsert(err)) throw err;
      outcomes?.inc({ outcome: 'raced' });
      await write();
    }
    outcomes?.inc({ outcome: 'found' });
    return true;
  }

  return {
    fill(ref) {
      const key = `${ref.kind}:${ref.value}`;
      const until = negative.get(key);
      if (until !== undefined && until > now()) {
        outcomes?.inc({ outcome: 'negative_cached' });
        return Promise.resolve(false);
      }
      let pending = inflight.get(key);
      if (!pending) {
        pending = ask(key, ref).finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      return pending;
    },
  };
}

/** A unique violation on the credential id: the same credential inserted by another transaction at the same moment. */
function isConcurrentInsert(err: unknown): boolean {
  return isUniqueViolation(err, 'credentials_credential_id_unique');
}
