import type postgres from 'postgres';
import type { Sql } from '#server/platform/db/db.ts';

/**
 * Demand in every area for the benchmarks (scripts/bench), as a site some months after launch would count it (issue
 * 39): people waiting and unmet searches for each of `areas` (a query of kind, code: places' populatedAreaCodes),
 * spread by a hash of the area's code, so that /wanted/{state} ranks real numbers and the area card reads a row.
 */
export async function insertBenchDemand(sql: Sql, areas: postgres.Fragment): Promise<void> {
  await sql`
    insert into demand_areas (area_kind, area_code, waiting, unmet_searches)
    select kind::area_kind, code, ('x' || substr(md5(code), 1, 4))::bit(16)::int % 40, ('x' || substr(md5(code), 5, 4))::bit(16)::int % 300
    from (${areas}) as areas`;
  await sql`analyze demand_areas`;
}
