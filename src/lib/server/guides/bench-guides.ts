import type postgres from 'postgres';
import type { Sql } from '#server/platform/db/db.ts';

// Guides for the benchmarks (scripts/bench): thousands in one statement, from rows the bench makes up.

/**
 * Inserts a certified guide record for each of `guides` (a query of n, id: the guide's account, name), in the order
 * of n, so that guide n = 1 has public id 1 on a fresh database, and gives the planner the table's new statistics.
 * Certified, so that every bench guide is listed: find a guide and the guide's page read them.
 */
export async function insertBenchGuides(sql: Sql, guides: postgres.Fragment): Promise<void> {
  await sql`
    insert into guides (user_id, name, certified_on, bio)
    select id, name, '2025-01-15', 'A bench guide.' from (${guides}) as guides order by n`;
  await sql`analyze guides`;
}
