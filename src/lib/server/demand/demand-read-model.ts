// Reads: places. The public demand pages list every state or a state's counties (census names and populations) with
// their rounded counts: one left join of the census tables and demand_areas is the fast way, where asking places
// for the areas and then demand for each would be a query per area. It only reads.
import { countyAreaPath, shownCount, type AreaDemand, type WantedCounty, type WantedState } from '#lib/demand/counts.ts';
import type { AreaKind } from '#lib/licensing/types.ts';
import { db } from '#server/platform/db/db.ts';

// What the public sees of demand: only running counts (demand_areas), each rounded by shownCount before it leaves the
// server, so no answer holds an exact count. Each read is one index lookup or one state's rows: never the days.

/** An area's demand, rounded: people waiting and unmet searches in the last 90 days. */
export async function findAreaDemand(kind: AreaKind, code: string): Promise<AreaDemand> {
  const [row] = await db()<{ waiting: number; unmetSearches: number }[]>`
    select waiting, unmet_searches
    from demand_areas
    where area_kind = ${kind} and area_code = ${code}`;
  return { waiting: shownCount(row?.waiting ?? 0), unmetSearches: shownCount(row?.unmetSearches ?? 0) };
}

/** Most first, "fewer than 5" (null) last. */
const byShown = (a: number | null, b: number | null) => (b ?? 0) - (a ?? 0);

/**
 * A state's counties ranked by people waiting, then by unmet searches, then by name, each with its area card's link;
 * null for a code that is not one of the 50 states. Ranked by the rounded counts, not the exact ones: an order
 * between two counties both "fewer than 5" would tell which has more.
 */
export async function findWantedCounties(
  stateCode: string,
): Promise<{ state: { code: string; name: string }; counties: WantedCounty[] } | null> {
  const sql = db();
  const [state] = await sql<{ code: string; name: string }[]>`
    select state_code as code, name from census_states where state_code = ${stateCode.toUpperCase()} and is_state`;
  if (!state) return null;
  const rows = await sql<{ fips: string; name: string; waiting: number; unmetSearches: number }[]>`
    select c.county_fips as fips, c.name, coalesce(d.waiting, 0) as waiting, coalesce(d.unmet_searches, 0) as "unmetSearches"
    from census_counties c
    left join demand_areas d on d.area_kind = 'county' and d.area_code = c.county_fips
    where c.state_code = ${state.code}`;
  const counties = rows
    .map((row) => ({
      fips: row.fips,
      name: row.name,
      areaPath: countyAreaPath(row.fips),
      waiting: shownCount(row.waiting),
      unmetSearches: shownCount(row.unmetSearches),
    }))
    .sort((a, b) => byShown(a.waiting, b.waiting) || byShown(a.unmetSearches, b.unmetSearches) || a.name.localeCompare(b.name, 'en-US'));
  return { state, counties };
}

/** The 50 states by name, each with its people waiting (rounded) and those per 100,000 residents (Census 2020). */
export async function findWantedStates(): Promise<WantedState[]> {
  const rows = await db()<{ code: string; name: string; population: number; waiting: number }[]>`
    select s.state_code as code, s.name, s.population, coalesce(d.waiting, 0) as waiting
    from census_states s
    left join demand_areas d on d.area_kind = 'state' and d.area_code = s.state_code
    where s.is_state
    order by s.name`;
  return rows.map(({ code, name, population, waiting }) => {
    const shown = shownCount(waiting);
    return {
      code,
      name,
      waiting: shown,
      waitingPer100k: shown === null || population === 0 ? 0 : Math.round((shown / population) * 1e6) / 10,
    };
  });
}
