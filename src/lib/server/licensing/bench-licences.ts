import type postgres from 'postgres';
import type { Sql } from '#server/platform/db/db.ts';

/**
 * Guide licences for the benchmarks (scripts/bench), as a busy site would hold them: for each of `guides` (a query of
 * n, id), one active licence on a ZIP code of `zctas` (a query of zcta, county_fips, state_code, population: places'
 * zctaRows) with people, outside DC, in a fixed hashed order (every tenth exclusive); and for `countyHolder` shared
 * licences on every ZIP code of its county, so the benched area card reads held licences as it would in production.
 */
export async function insertBenchLicences(
  sql: Sql,
  guides: postgres.Fragment,
  zctas: postgres.Fragment,
  countyHolder: { guideId: string; stateCode: string; countyFips: string },
): Promise<void> {
  await sql`
    with areas as (
      select zcta, county_fips, state_code, row_number() over (order by md5(zcta)) as n
      from (${zctas}) as zctas where population > 0 and state_code <> 'DC'
    )
    insert into licences (guide_id, kind, area_kind, state_code, county_fips, zip, status, starts_at, ends_at)
    select g.id, case when g.n % 10 = 0 then 'exclusive' else 'shared' end::licence_kind, 'zip', a.state_code, a.county_fips, a.zcta,
      'active', now() - interval '1 month', now() + interval '11 months'
    from (${guides}) as g join areas a on a.n = g.n`;
  await sql`
    insert into licences (guide_id, kind, area_kind, state_code, county_fips, zip, status, starts_at, ends_at)
    select ${countyHolder.guideId}, 'shared', 'zip', ${countyHolder.stateCode}, ${countyHolder.countyFips}, zcta, 'active', now(), now() + interval '1 year'
    from (${zctas}) as zctas where county_fips = ${countyHolder.countyFips}`;
  // The planner's statistics as autovacuum would have them on a running site. Without them it took the 5,000 new
  // licences for a few dozen and chose plans that read every listing licence per guide (issue 43: Travis County's
  // card took 27 ms of PostgreSQL before, 0.8 ms after).
  await sql`analyze licences`;
}
