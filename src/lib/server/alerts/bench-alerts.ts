import type postgres from 'postgres';
import type { Sql } from '#server/platform/db/db.ts';

/**
 * Inserts `count` alerts for the alert-matching benchmark (scripts/bench/alert-matching.ts), at the ZIP codes of
 * `zipCodes` (a query of zip, city, state, latitude, longitude: places' zipCodeRows) spread over them in a fixed
 * order: four in five confirmed for a year, distances of 10, 25 and 50 miles in turn, every seventh also online.
 * Then gives the planner the table's new statistics.
 */
export async function insertBenchAlerts(sql: Sql, count: number, zipCodes: postgres.Fragment): Promise<void> {
  await sql`
    with numbered as (select row_number() over (order by zip) as i, zip, city, state, latitude, longitude from (${zipCodes}) as z)
    insert into alerts (email, mailbox_hash, place_label, zip_code, state, latitude, longitude, distance_miles, include_online,
      confirmed_at, expires_at)
    select 'alert' || n || '@example.com', md5(n::text) || md5((n + 1)::text), z.city || ', ' || z.state || ' ' || z.zip,
      z.zip, z.state, z.latitude, z.longitude, (array[10, 25, 50])[1 + n % 3], n % 7 = 0,
      case when n % 5 = 0 then null else now() end, case when n % 5 = 0 then null else now() + interval '1 year' end
    from generate_series(1, ${count}) as n
    join numbered as z on z.i = 1 + (n::bigint * 7919) % (select count(*) from numbered)`;
  await sql`analyze alerts`;
}
