import type { Knex } from '@cred/db';
import type { PromiseClient } from '@cred/grpc';
import { buildStatusListCredential, didWebForOrg } from '@cred/ob3';
import type { SigningServiceClient } from '@cred/proto';
import { AppError, Counter, type Clock, type Logger, type Registry } from '@cred/runtime';
import { statusListStore, type StatusList } from '../db/status-list-store.js';
import { indexCandidates, STATUS_LIST_FILL_LIMIT, STATUS_LIST_LENGTH, statusListUrl, type StatusEntry } from '../domain/status-list.js';
import { callOptions, type CallMeta } from './context.js';

export interface StatusListsDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  baseUrl: string;
  signing: Pick<PromiseClient<SigningServiceClient>, 'SignCredential'>;
  metrics?: Registry;
  /** Indexes reserved per transaction and kept in this process for the next issues (default 64). */
  blockSize?: number;
  /** Tests only: lists shorter in use than the real 7/8 of 131,072 (the length stays the REC's). */
  fillLimit?: number;
}

/**
 * Issuance's side of the revocation lists (ADR 0007): it hands out each credential's entry
 * before the credential is signed, and keeps a signed copy of every list that is never older
 * than the answer to the revocation that changed it.
 *
 * - `allocate`: indexes are reserved in blocks (one transaction per `blockSize` issues of an
 *   organization in this process) from the organization's open list; an index is recorded when
 *   reserved, so it is never given twice, even if the issue that took it fails.
 * - `publishPending`: called after a revocation commits and before it is answered: every list
 *   of the organization whose revision moved is re-signed (signing service) and stored.
 * - `current`: the signed list for GetStatusList. A copy older than the list's revision (a
 *   re-signing that failed after a revocation) is re-signed first; if that fails, the caller
 *   gets UNAVAILABLE, never a list that no longer tells the truth.
 */
export class StatusLists {
  private readonly pools = new Map<string, { listNumber: number; indexes: number[] }>();
  private readonly refills = new Map<string, Promise<void>>();
  private readonly publishing = new Map<string, Promise<string>>();
  private readonly blockSize: number;
  private readonly fillLimit: number;
  private readonly signed?: Counter;

  constructor(private readonly deps: StatusListsDeps) {
    this.blockSize = deps.blockSize ?? 64;
    this.fillLimit = deps.fillLimit ?? STATUS_LIST_FILL_LIMIT;
    if (deps.metrics) {
      this.signed = new Counter({
        name: 'issuance_status_lists_signed_total',
        help: 'Status list credentials signed, by what asked for it',
        labelNames: ['reason'],
        registers: [deps.metrics],
      });
    }
  }

  /** The URL of list `listNumber` of the organization. */
  url(orgSlug: string, listNumber: number): string {
    return statusListUrl(this.deps.baseUrl, orgSlug, listNumber);
  }

  /** An entry no credential has had before, at random in the organization's open list. */
  async allocate(organizationId: string, organizationSlug: string): Promise<StatusEntry> {
    for (;;) {
      const pool = this.pools.get(organizationId);
      const index = pool?.indexes.pop();
      if (pool && index !== undefined) return { listNumber: pool.listNumber, index };
      let refill = this.refills.get(organizationId);
      if (!refill) {
        refill = this.reserve(organizationId, organizationSlug).finally(() => this.refills.delete(organizationId));
        this.refills.set(organizationId, refill);
      }
      await refill;
    }
  }

  private async reserve(organizationId: string, organizationSlug: string): Promise<void> {
    const { listNumber, indexes, created } = await this.deps.db.transaction(async (trx) => {
      const { list, created } = await statusListStore.lockOpenList(trx, {
        organizationId,
        organizationSlug,
        length: STATUS_LIST_LENGTH,
        fillLimit: this.fillLimit,
        at: this.deps.clock.now(),
      });
      const wanted = Math.min(this.blockSize, this.fillLimit - list.allocated);
      const claimed: number[] = [];
      let allocated = list.allocated;
      for (let round = 0; claimed.length < wanted && round < 20; round++) {
        const candidates = indexCandidates(wanted - claimed.length, (list.length - allocated) / list.length, list.length);
        const got = await statusListStore.claimIndexes(trx, organizationId, list.listNumber, candidates, wanted - claimed.length);
        claimed.push(...got);
        allocated += got.length;
      }
      if (claimed.length === 0) throw new Error(`no free status list index found in list ${list.listNumber} of ${organizationId}`);
      return { listNumber: list.listNumber, indexes: claimed, created };
    });
    // A new list is signed at once, so that it can be served before anyone asks (GetStatusList would sign it too).
    if (created) void this.publishIfStale(organizationId, listNumber, 'created', {}).catch(() => undefined);
    const pool = this.pools.get(organizationId);
    if (pool && pool.listNumber === listNumber) pool.indexes.push(...indexes);
    else this.pools.set(organizationId, { listNumber, indexes });
  }

  /**
   * Re-signs every list of the organization whose revision moved (after a revocation commits).
   * Failures are logged, not thrown: the revocation stands, and `current` signs the list
   * before serving it.
   */
  async publishPending(organizationId: string, meta: CallMeta): Promise<void> {
    const stale = await statusListStore.listStale(this.deps.db, organizationId);
    await Promise.all(
      stale.map((list) =>
        this.publishIfStale(list.organizationId, list.listNumber, 'revocation', meta).catch((err: unknown) => {
          this.deps.logger.warn(
            { organizationId, listNumber: list.listNumber, err: err instanceof Error ? err.message : String(err) },
            'status list could not be re-signed after a revocation; it is signed when next requested',
          );
        }),
      ),
    );
  }

  /** The signed list credential (JSON text) of `/issuers/{slug}/status/{listNumber}`. */
  async current(organizationSlug: string, listNumber: number, meta: CallMeta): Promise<string> {
    const list = await statusListStore.findBySlug(this.deps.db, organizationSlug, listNumber);
    if (!list) throw AppError.notFound('Status list not found');
    if (list.signedJson !== null && list.signedRevision === list.revision) return list.signedJson;
    try {
      return await this.publishIfStale(list.organizationId, list.listNumber, 'request', meta);
    } catch (err) {
      this.deps.logger.warn(
        { organizationId: list.organizationId, listNumber, err: err instanceof Error ? err.message : String(err) },
        'status list could not be signed',
      );
      throw new AppError('UNAVAILABLE', 'The status list cannot be signed at the moment');
    }
  }

  /** Signs and stores the list if its copy is older than its revision; concurrent calls share one signing. */
  private publishIfStale(organizationId: string, listNumber: number, reason: string, meta: CallMeta): Promise<string> {
    const key = `${organizationId}:${listNumber}`;
    const running = this.publishing.get(key);
    // A publication that started before the caller's commit may have read the old bits: wait for it, then look again.
    const next = (running ?? Promise.resolve(''))
      .catch(() => '')
      .then(() => this.publishNow(organizationId, listNumber, reason, meta))
      .finally(() => {
        if (this.publishing.get(key) === next) this.publishing.delete(key);
      });
    this.publishing.set(key, next);
    return next;
  }

  private async publishNow(organizationId: string, listNumber: number, reason: string, meta: CallMeta): Promise<string> {
    const list = await statusListStore.find(this.deps.db, organizationId, listNumber);
    if (!list) throw new Error(`status list ${listNumber} of ${organizationId} does not exist`);
    if (list.signedJson !== null && list.signedRevision === list.revision) return list.signedJson;
    // The revision is read before the bits: a revocation committed in between is in the bits and
    // moves the revision past the one stored, so the list is signed again later, never the reverse.
    const revoked = await statusListStore.revokedIndexes(this.deps.db, organizationId, listNumber);
    const signedJson = await this.sign(list, revoked, meta);
    await statusListStore.storeSigned(this.deps.db, {
      organizationId,
      listNumber,
      revision: list.revision,
      signedJson,
      at: this.deps.clock.now(),
    });
    this.signed?.inc({ reason });
    return signedJson;
  }

  private async sign(list: StatusList, revoked: number[], meta: CallMeta): Promise<string> {
    const now = this.deps.clock.now();
    const unsigned = buildStatusListCredential({
      url: this.url(list.organizationSlug, list.listNumber),
      issuer: didWebForOrg(this.deps.baseUrl, list.organizationSlug),
      length: list.length,
      revoked,
    });
    const r = await this.deps.signing.SignCredential(
      { organization_id: list.organizationId, unsigned_credential_json: JSON.stringify(unsigned), created: now.toISOString() },
      callOptions(meta),
    );
    return r.signed_credential_json;
  }
}
