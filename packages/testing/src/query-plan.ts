import type { Knex } from '@cred/db';

/** One node of PostgreSQL's plan, with the fields EXPLAIN (FORMAT JSON) gives it ("Node Type", "Index Name", ...). */
export type PlanNode = Record<string, unknown>;

/**
 * The nodes of the plan PostgreSQL makes for a statement (EXPLAIN without ANALYZE: nothing is
 * run), depth first. For tests that check how a statement is executed rather than how long it takes.
 */
export async function planNodes(db: Knex, sql: string, bindings: readonly unknown[]): Promise<PlanNode[]> {
  const r = await db.raw<{ rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }> }>(`EXPLAIN (FORMAT JSON) ${sql}`, bindings as Knex.RawBinding[]);
  const nodes: PlanNode[] = [];
  const walk = (n: PlanNode) => {
    nodes.push(n);
    for (const child of (n.Plans as PlanNode[] | undefined) ?? []) walk(child);
  };
  walk(r.rows[0]!['QUERY PLAN'][0]!.Plan);
  return nodes;
}

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
