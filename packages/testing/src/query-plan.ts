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
