// Joins: demand, places, licensing, guides, clubs. /admin-demand shows each area's exact counts beside the listed
// clubs, licences and listed guides that serve it: one query per state's rows with grouped subqueries is the fast way,
// where asking clubs, licensing and guides for each area would be queries per area. It only reads.
import type postgres from 'postgres';
import type { AdminDemandArea } from '#lib/demand/counts.ts';
import type { AdminDemandQuery, AdminDemandSort } from '#lib/schemas/demand.ts';
import { isListed } from '#server/clubs/index.ts';
import { holdsArea, isListedGuide } from '#server/licensing/index.ts';
import { db, type Sql } from '#server/platform/db/db.ts';

// /admin-demand and its CSV (issue 39): the exact counts beside what serves each area. Admin-only reads, a state's
// or the country's rows at a time; the public reads are demand-read-model.ts.

type Row = Omit<AdminDemandArea, 'level'>;

/**
 * What the licences held on the areas overlapping the one in scope say of it: the listed guides among their holders,
 * and whether an exclusive or any licence is held there. `overlap` is the condition on `licences l`.
 */
const licenceColumns = (sql: Sql, overlap: postgres.Fragment) => sql`
  (select count(distinct l.guide_id)::int from licences l join guides g on g.user_id = l.guide_id
   where ${holdsArea(sql)} and ${overlap} and ${isListedGuide(sql)}) as "listedGuides",
  not exists (select 1 from licences l where ${holdsArea(sql)} and ${overlap}) as "exclusiveAvailable",
  not exists (select 1 from licences l where ${holdsArea(sql)} and l.kind = 'exclusive' and ${overlap}) as "sharedAvailable"`;

function stateRows(sql: Sql): Promise<Row[]> {
  return sql<Row[]>`
    select s.state_code as code, s.name, s.state_code, s.population,
      coalesce(d.waiting, 0) as waiting, coalesce(d.unmet_searches, 0) as "unmetSearches",
      coalesce(k.clubs, 0) as "listedClubs",
      ${licenceColumns(sql, sql`l.state_code = s.state_code`)}
    from census_states s
    left join demand_areas d on d.area_kind = 'state' and d.area_code = s.state_code
    left join (select state::text as state, count(*)::int as clubs from clubs where ${isListed(sql)} group by state) k
      on k.state = s.state_code
    where s.is_state`;
}

/** A state's counties; without a state, the counties anywhere with people waiting or unmet searches. */
function countyRows(sql: Sql, state: string | undefined): Promise<Row[]> {
  return sql<Row[]>`
    select c.county_fips as code, c.name, c.state_code, c.population,
      coalesce(d.waiting, 0) as waiting, coalesce(d.unmet_searches, 0) as "unmetSearches",
      (select count(*)::int from clubs join census_zctas z on z.zcta = clubs.zip_code
       where ${isListed(sql)} and z.county_fips = c.county_fips) as "listedClubs",
      ${licenceColumns(sql, sql`l.state_code = c.state_code and (l.county_fips is null or l.county_fips = c.county_fips)`)}
    from census_counties c
    left join demand_areas d on d.area_kind = 'county' and d.area_code = c.county_fips
    where ${state ? sql`c.state_code = ${state}` : sql`(d.waiting > 0 or d.unmet_searches > 0)`}`;
}

const compare: Record<AdminDemandSort, (a: Row, b: Row) => number> = {
  waiting: (a, b) => b.waiting - a.waiting,
  unmetSearches: (a, b) => b.unmetSearches - a.unmetSearches,
  listedClubs: (a, b) => b.listedClubs - a.listedClubs,
  listedGuides: (a, b) => b.listedGuides - a.listedGuides,
  name: () => 0,
};

/** Sorted by the column asked for, then by people waiting, unmet searches and name. */
const sortRows = (rows: Row[], sort: AdminDemandSort) =>
  rows.sort((a, b) => compare[sort](a, b) || compare.waiting(a, b) || compare.unmetSearches(a, b) || a.name.localeCompare(b.name, 'en-US'));

/** The 50 states, and the counties the query asks for, each sorted as it asks. */
export async function listDemandForAdmin(query: AdminDemandQuery): Promise<{ states: AdminDemandArea[]; counties: AdminDemandArea[] }> {
  const sql = db();
  const [states, counties] = await Promise.all([stateRows(sql), countyRows(sql, query.state)]);
  return {
    states: sortRows(states, query.sort).map((row) => ({ level: 'state', ...row })),
    counties: sortRows(counties, query.sort).map((row) => ({ level: 'county', ...row })),
  };
}
