import type { Knex } from '@cred/db';

/**
 * The SQL text (placeholders, no values) of every statement `db` sends while `run` runs, in
 * order. For tests that count round trips; statements of other callers on the same pool in that
 * time are included, so the caller keeps `db` to itself meanwhile.
 */
export async function statementsOf(db: Knex, run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (q: { sql: string }) => seen.push(q.sql);
  db.on('query', listener);
  try {
    await run();
  } finally {
    db.off('query', listener);
  }
  return seen;
}
