import type { Knex } from '@cred/db';
import { AppError } from '@cred/runtime';

/**
 * Idempotency-Key records, kept by the service that owns the effect, in its own schema and in
 * the transaction of the effect (docs/decisions.md "Idempotency-Key", ADR 0013). The record
 * and the effect commit together or not at all: there is no moment where one exists without
 * the other, so a retry either finds the stored answer or finds nothing was done.
 *
 * The gateway validates the header, scopes the key to (organization, API key or member,
 * route) and fingerprints the request; the owning service calls `claimKey` first in the
 * effect's transaction and `storeAnswer` last (or `once` around the effect).
 */

/** What a request carries: its scoped key and the fingerprint of what it asks for. */
export interface IdempotencyRequest {
  /**
   * Which records the key is looked up among, chosen by the owning service: the operation and
   * the organization (`credentials.issue:<organization id>`), so a key can never reach another
   * organization's record whatever the caller sends.
   */
  scope: string;
  /** The caller's scoped key, opaque here (the gateway: `<principal>:<route>:<SHA-256 of the client's key>`). */
  key: string;
  /** What makes two requests the same request (the gateway: SHA-256 of the canonical body). */
  fingerprint: string;
}

/** How long a stored answer binds its key. After that the key may be used again. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** The header's name, used as details.field in every refusal about a key. */
export const IDEMPOTENCY_FIELD = 'Idempotency-Key';

const TABLE = 'idempotency_records';
const KEY = /^[\x21-\x7e]{1,300}$/;
const FINGERPRINT = /^[A-Za-z0-9_=+/-]{1,128}$/;

/**
 * The migration that creates the records table; each owning service lists it in its own
 * migrations (in its own schema), like the outbox and the audit log.
 */
export const idempotencyMigration = {
  async up(db: Knex): Promise<void> {
    await db.schema.createTable(TABLE, (t) => {
      t.text('scope').notNullable();
      t.text('key').notNullable();
      t.text('fingerprint').notNullable();
      // The answer as JSON text (not jsonb): replayed exactly as it was stored.
      t.text('answer').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.primary(['scope', 'key']);
      t.index(['expires_at']);
    });
  },
};

/** Checks a request's key and fingerprint as the owning service receives them: 400 otherwise. */
export function checkIdempotencyRequest(r: IdempotencyRequest): IdempotencyRequest {
  if (!KEY.test(r.key)) throw AppError.validation('idempotency.key', 'idempotency.key must be 1-300 printable ASCII characters without spaces');
  if (!FINGERPRINT.test(r.fingerprint)) throw AppError.validation('idempotency.fingerprint', 'idempotency.fingerprint must be 1-128 base64 characters');
  return r;
}

function mismatch(): AppError {
  return new AppError('UNPROCESSABLE', `This ${IDEMPOTENCY_FIELD} was already used with a different request`, { field: IDEMPOTENCY_FIELD });
}

function inFlight(): AppError {
  return AppError.conflict(`A request with this ${IDEMPOTENCY_FIELD} is still being processed; retry shortly`, { field: IDEMPOTENCY_FIELD });
}

interface Row {
  fingerprint: string;
  answer: string;
  expires_at: Date;
}

async function readRow(db: Knex, r: IdempotencyRequest): Promise<Row | undefined> {
  const row: unknown = await db(TABLE).where('scope', r.scope).andWhere('key', r.key).first('fingerprint', 'answer', 'expires_at');
  return row as Row | undefined;
}

function answerOf(row: Row | undefined, r: IdempotencyRequest, now: Date): unknown {
  if (!row || row.expires_at.getTime() <= now.getTime()) return undefined;
  if (row.fingerprint !== r.fingerprint) throw mismatch();
  return JSON.parse(row.answer) as unknown;
}

/**
 * The stored answer of a key that still binds, read outside any transaction: lets a service
 * answer a retry before doing expensive work (issuance: signing). Undefined when the key
 * binds nothing; 422 UNPROCESSABLE when it binds another request. `claimKey` in the effect's
 * transaction remains the authority.
 */
export async function findAnswer(db: Knex, r: IdempotencyRequest, now: Date): Promise<unknown> {
  return answerOf(await readRow(db, r), r, now);
}

/**
 * First in the effect's transaction. Holds the key until the transaction ends (a transaction
 * advisory lock on the schema, scope and key); another transaction holding it means the same
 * key is in flight: 409 CONFLICT at once, never a wait. Then: the stored answer of a key that
 * still binds (the caller answers with it and does nothing), 422 UNPROCESSABLE if it binds
 * another request, or undefined (an expired record is removed) and the caller runs the effect
 * and calls `storeAnswer` in the same transaction.
 */
export async function claimKey(trx: Knex.Transaction, r: IdempotencyRequest, now: Date): Promise<unknown> {
  const locked = await trx.raw<{ rows: Array<{ locked: boolean }> }>(
    "select pg_try_advisory_xact_lock(hashtextextended(current_schema() || chr(10) || ? || chr(10) || ?, 0)) as locked",
    [r.scope, r.key],
  );
  if (!locked.rows[0]?.locked) throw inFlight();
  const row = await readRow(trx, r);
  const answer = answerOf(row, r, now);
  if (answer !== undefined) return answer;
  if (row) await trx(TABLE).where({ scope: r.scope, key: r.key }).delete();
  return undefined;
}

/** Last in the effect's transaction (after `claimKey`): the answer a retry gets for `retentionMs`. */
export async function storeAnswer(
  trx: Knex.Transaction,
  r: IdempotencyRequest,
  answer: unknown,
  now: Date,
  retentionMs = IDEMPOTENCY_RETENTION_MS,
): Promise<void> {
  await trx(TABLE).insert({
    scope: r.scope,
    key: r.key,
    fingerprint: r.fingerprint,
    answer: JSON.stringify(answer),
    created_at: now,
    expires_at: new Date(now.getTime() + retentionMs),
  });
}

/**
 * `claimKey`, the effect, `storeAnswer`, in the caller's transaction: the effect runs at most
 * once per key; a retry gets `revive` of the stored answer with `replayed: true`. An effect
 * that throws stores nothing (the transaction rolls back).
 */
export async function once<T>(
  trx: Knex.Transaction,
  r: IdempotencyRequest,
  now: Date,
  effect: () => Promise<T>,
  revive: (stored: unknown) => T,
): Promise<{ answer: T; replayed: boolean }> {
  const stored = await claimKey(trx, r, now);
  if (stored !== undefined) return { answer: revive(stored), replayed: true };
  const answer = await effect();
  await storeAnswer(trx, r, answer, now);
  return { answer, replayed: false };
}

/** Deletes up to `limit` records that no longer bind (for a service's periodic sweep); returns how many. */
export async function purgeExpired(db: Knex, now: Date, limit: number): Promise<number> {
  const result = await db.raw<{ rowCount: number }>(
    `delete from ${TABLE} where ctid in (select ctid from ${TABLE} where expires_at <= ? limit ?)`,
    [now, limit],
  );
  return result.rowCount;
}
