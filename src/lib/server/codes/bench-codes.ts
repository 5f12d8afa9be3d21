import type postgres from 'postgres';
import type { Sql } from '#server/platform/db/db.ts';

// HOST SET codes for the benchmarks (scripts/bench): thousands in one statement, from rows the bench makes up.

/**
 * Inserts each of `hosts`' codes (a query of code, created_at: when its club registered), issued 30 days before and
 * redeemed then, and gives the planner the table's new statistics.
 */
export async function insertBenchHostSetCodes(sql: Sql, hosts: postgres.Fragment): Promise<void> {
  await sql`
    insert into host_set_codes (code, note, issued_at, redeemed_at)
    select code, 'benchmark data', created_at - interval '30 days', created_at
    from (${hosts}) as hosts`;
  await sql`analyze host_set_codes`;
}
