import type { Knex } from 'knex';

/**
 * Writes a read-model row fed by events that may arrive out of order: inserted when new; on a
 * conflict on `key`, the stored row is replaced only when it is older by `order` (columns
 * compared as a tuple, the stored row's against the new one's). `replaceEqual` lets an equal
 * one through too (a redelivered event rewrites the same values). Resolves whether the row was
 * written.
 */
export async function upsertNewer<R extends object>(
  trx: Knex | Knex.Transaction,
  table: string,
  row: Partial<R>,
  o: { key: keyof R & string; order: (keyof R & string)[]; replaceEqual?: boolean },
): Promise<boolean> {
  const tuple = (side: string) => `(${o.order.map(() => `${side}.??`).join(', ')})`;
  const op = o.replaceEqual ? '<=' : '<';
  const written = await trx(table)
    .insert(row)
    .onConflict(o.key)
    .merge()
    .whereRaw(`${tuple('??')} ${op} ${tuple('excluded')}`, [...o.order.flatMap((c) => [table, c]), ...o.order])
    .returning(o.key);
  return written.length > 0;
}
