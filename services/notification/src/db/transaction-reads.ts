import type { Knex } from '@cred/db';

/** Reads made once per consumer transaction, by key; dropped with the transaction. */
const readsByTransaction = new WeakMap<Knex.Transaction, Map<string, Promise<unknown>>>();

/**
 * The answer of `read` as this transaction first asked it under `key`. The event consumers
 * handle up to a prefetch of deliveries in one transaction (ADR 0005), most of them about the
 * same organization; each handler then sees what the batch's first read saw, as if the batch
 * were handled at that moment. That is no staler than reading each time: the changes these
 * reads see (an organization's state, its webhook endpoints) reach notification independently
 * of the credential events, in no fixed order with them.
 */
export function readOncePerTransaction<T>(trx: Knex.Transaction, key: string, read: () => Promise<T>): Promise<T> {
  let reads = readsByTransaction.get(trx);
  if (!reads) readsByTransaction.set(trx, (reads = new Map()));
  let answer = reads.get(key) as Promise<T> | undefined;
  if (!answer) reads.set(key, (answer = read()));
  return answer;
}
