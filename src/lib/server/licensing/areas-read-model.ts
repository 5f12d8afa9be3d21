// Joins: licensing, places. The areas a guide can licence are the census areas, with their ZIP codes' cities, and what
// licences hold them: the area search and its suggestions are one query each over the census tables, zip_codes and
// licences, the fast way for a search box that asks at every keystroke. It only reads.
import { LRUCache } from 'lru-cache';
import type { HeldLicence } from '#lib/licensing/availability.ts';
import { licenceTerms } from '#lib/licensing/terms.ts';
import type { AreaId, AreaKind, AreaSuggestion, AreaSuggestions, HeldStatus, LicenceKind } from '#lib/licensing/types.ts';
import { resolveState, splitStateSuffix } from '#lib/places/us-states.ts';
import { findCityPlace } from '#server/places/index.ts';
import { db, escapeLike, rowCount, type Sql, type TransactionSql } from '#server/platform/db/db.ts';

// The areas a guide can licence (docs/decisions/017): ZIP code tabulation areas with people, counties and the 50
// states, read from the census tables.

/** An area with where it lies and what the card shows of it. */
export interface Area {
  id: AreaId;
  kind: AreaKind;
  name: string;
  label: string;
  stateCode: string;
  stateName: string;
  countyFips: string | null;
  countyName: string | null;
  zip: string | null;
  /** The ZIP code's post-office town, from the directory's ZIP codes; null when unknown. */
  city: string | null;
  /** The ZIP code's post-office position, for the locator map's dot. */
  point: { latitude: number; longitude: number } | null;
  population: number;
}

/** What an area is called on cards, in emails and in the admin's table. */
export function areaLabel(kind: AreaKind, names: { zip: string | null; countyName: string | null; stateCode: string; stateName: string }) {
  if (kind === 'zip') return `ZIP ${names.zip}`;
  if (kind === 'county') return `${names.countyName}, ${names.stateCode}`;
  return names.stateName;
}

/**
 * What a visitor reads for an area in the area search's suggestions and on guides' pages and cards: "78704 · Austin, TX"
 * (the county's name when the post office names no town), "Travis County, TX", "Texas".
 */
export function placeLabel(
  kind: AreaKind,
  names: { zip: string | null; city: string | null; countyName: string | null; stateCode: string; stateName: string },
): string {
  if (kind === 'zip') return `${names.zip} · ${names.city ?? names.countyName}, ${names.stateCode}`;
  return areaLabel(kind, names);
}

/** A licence's area: what its row says of it, with its state's and county's names. */
export type LicenceArea = Pick<Area, 'kind' | 'stateCode' | 'stateName' | 'countyFips' | 'countyName' | 'zip'>;

/**
 * A licence's area as a JSON object (a LicenceArea), in a query of `licences l` joined with `census_states s` and,
 * left, `census_counties c`.
 */
export const licenceArea = (sql: Sql | TransactionSql) => sql`
  json_build_object('kind', l.area_kind, 'stateCode', l.state_code, 'stateName', s.name, 'countyFips', l.county_fips,
    'countyName', c.name, 'zip', l.zip)`;

/**
 * The condition a licence meets while it holds its area: a status of HELD_STATUSES, spelled out in the SQL because
 * licences_held_idx (migration 013) serves only a query that states its literal predicate, which a parameter does not.
 * tests/unit/licence-statuses.test.ts holds this list and the index's to HELD_STATUSES.
 */
export const holdsArea = (sql: Sql | TransactionSql) => sql`status in ('reserved', 'active', 'grace')`;

/** An area's id from its kind and code. */
export const areaIdOf = (kind: AreaKind, code: string): AreaId => `${kind}-${code}`;

interface AreaRow {
  stateCode: string;
  stateName: string;
  isState: boolean;
  countyFips: string | null;
  countyName: string | null;
  zip: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  population: number;
}

function toArea(kind: AreaKind, row: AreaRow): Area {
  const code = kind === 'zip' ? row.zip! : kind === 'county' ? row.countyFips! : row.stateCode;
  const names = { zip: row.zip, countyName: row.countyName, stateCode: row.stateCode, stateName: row.stateName };
  return {
    id: areaIdOf(kind, code),
    kind,
    name: kind === 'zip' ? row.zip! : kind === 'county' ? row.countyName! : row.stateName,
    label: areaLabel(kind, names),
    stateCode: row.stateCode,
    stateName: row.stateName,
    countyFips: row.countyFips,
    countyName: row.countyName,
    zip: row.zip,
    city: row.city,
    point: row.latitude === null || row.longitude === null ? null : { latitude: row.latitude, longitude: row.longitude },
    population: row.population,
  };
}

/** The census row behind an area id, licensable or not (DC, a ZIP code without people); null when there is none. */
async function readArea(sql: Sql | TransactionSql, kind: AreaKind, code: string): Promise<(Area & { isState: boolean }) | null> {
  const [row] =
    kind === 'zip'
      ? await sql<AreaRow[]>`
          select s.state_code, s.name as state_name, s.is_state, c.county_fips, c.name as county_name, z.zcta as zip,
            p.city, p.latitude, p.longitude, z.population
          from census_zctas z
          join census_counties c on c.county_fips = z.county_fips
          join census_states s on s.state_code = z.state_code
          left join zip_codes p on p.zip = z.zcta
          where z.zcta = ${code}`
      : kind === 'county'
        ? await sql<AreaRow[]>`
            select s.state_code, s.name as state_name, s.is_state, c.county_fips, c.name as county_name, null as zip,
              null as city, null as latitude, null as longitude, c.population
            from census_counties c join census_states s on s.state_code = c.state_code
            where c.county_fips = ${code}`
        : await sql<AreaRow[]>`
            select state_code, name as state_name, is_state, null as county_fips, null as county_name, null as zip,
              null as city, null as latitude, null as longitude, population
            from census_states where state_code = ${code}`;
  return row ? { ...toArea(kind, row), isState: row.isState } : null;
}

/** Why an area the census knows cannot be licensed, or null when it can. */
function unlicensableReason(area: Area & { isState: boolean }): string | null {
  if (!area.isState)
    return `${area.kind === 'zip' ? `ZIP ${area.zip} is in the District of Columbia, which` : 'The District of Columbia'} cannot be licensed.`;
  if (area.population === 0)
    return `ZIP ${area.zip} has no census population. It can be licensed as part of its county, ${area.countyName}, ${area.stateCode}.`;
  return null;
}

/**
 * Areas already read, by id. The census tables never change under a running site, and every card view and
 * reservation reads its area again; bounded, so that any number of different ids cannot grow it. An unknown id is not
 * kept: the census may still be loading when it is asked for.
 */
const knownAreas = new LRUCache<AreaId, Area | { reason: string }>({ max: 5_000 });

/** The licensable area with this id, or why it cannot be licensed (`reason`), or null when the census has no such area. */
export async function findArea(id: AreaId, sql: Sql | TransactionSql = db()): Promise<Area | { reason: string } | null> {
  const known = knownAreas.get(id);
  if (known) return known;
  const [kind, code] = id.split('-') as [AreaKind, string];
  const area = await readArea(sql, kind, code);
  if (!area) return null;
  const reason = unlicensableReason(area);
  const { isState: _, ...licensable } = area;
  const found = reason ? { reason } : licensable;
  knownAreas.set(id, found);
  return found;
}

const SUGGESTIONS = 8;

interface SuggestionRow {
  kind: AreaKind;
  code: string;
  name: string;
  stateCode: string;
  city: string | null;
  population: number;
}

const toSuggestion = (row: SuggestionRow): AreaSuggestion => ({
  id: areaIdOf(row.kind, row.code),
  kind: row.kind,
  label: placeLabel(row.kind, { zip: row.code, city: row.city, countyName: row.name, stateCode: row.stateCode, stateName: row.name }),
  population: row.population,
});

/**
 * The areas that match what a visitor typed, best first: the beginning of a ZIP code, a state by name or code, a
 * county by the beginning of its name, optionally followed by its state ("Travis County, TX", "travis tx"), or a city
 * ("Austin", "Austin TX": the county holding it and its most populous ZIP codes, which visitors typing a city mean
 * more often than a county of that name). When nothing licensable matches, `message` says why.
 */
export async function suggestAreas(text: string): Promise<AreaSuggestions> {
  const query = text.trim().replace(/\s+/g, ' ').toLowerCase();
  if (/^\d{1,5}$/.test(query)) return suggestZipCodes(query);
  if (/^(dc|d\.c\.|district of columbia|washington,? d\.?c\.?)$/.test(query))
    return { areas: [], message: 'The District of Columbia cannot be licensed.' };

  const sql = db();
  const state = resolveState(query);
  const { name: countyName, state: countyState } = splitStateSuffix(query);
  const cityZips = (await findCityPlace(query))?.zips ?? [];
  const rows = await sql<SuggestionRow[]>`
    (select 'state'::text as kind, state_code as code, name, state_code, null as city, population, 0 as rank
     from census_states where is_state and state_code = ${state ?? ''})
    union all
    (select 'county', county_fips, name, state_code, null, population, 1
     from census_counties
     where lower(name) like ${escapeLike(countyName) + '%'}
       ${countyState ? sql`and state_code = ${countyState}` : sql``}
       and state_code <> 'DC'
     order by population desc
     limit ${rowCount(sql, SUGGESTIONS)})
    union
    (select 'county', c.county_fips, c.name, c.state_code, null, c.population, 1
     from census_counties c
     where c.county_fips in (select county_fips from census_zctas where zcta = any(${cityZips}::bpchar[])))
    union all
    (select 'zip', z.zcta, c.name, z.state_code, p.city, z.population, 2
     from census_zctas z
     join census_counties c on c.county_fips = z.county_fips
     left join zip_codes p on p.zip = z.zcta
     where z.zcta = any(${cityZips}::bpchar[]) and z.population > 0
     order by z.population desc
     limit ${rowCount(sql, SUGGESTIONS)})
    order by rank, population desc
    limit ${rowCount(sql, SUGGESTIONS)}`;
  if (rows.length > 0) return { areas: rows.map(toSuggestion), message: null };
  return { areas: [], message: `No ZIP code, county or state matches "${text.trim()}".` };
}

async function suggestZipCodes(digits: string): Promise<AreaSuggestions> {
  const sql = db();
  const rows = await sql<(SuggestionRow & { isState: boolean })[]>`
    select 'zip'::text as kind, z.zcta as code, c.name, z.state_code, p.city, z.population, s.is_state
    from census_zctas z
    join census_counties c on c.county_fips = z.county_fips
    join census_states s on s.state_code = z.state_code
    left join zip_codes p on p.zip = z.zcta
    where z.zcta like ${digits + '%'}
    order by z.zcta
    limit ${rowCount(sql, SUGGESTIONS)}`;
  const licensable = rows.filter((row) => row.isState && row.population > 0);
  if (digits.length < 5 || licensable.length > 0) {
    return { areas: licensable.map(toSuggestion), message: licensable.length > 0 ? null : `No ZIP code starts with ${digits}.` };
  }
  const [row] = rows;
  if (!row) {
    // Not a census ZIP code area (a PO box or a single building's ZIP code): one the post office knows in the 50 states
    // lies in the county of the nearest census ZIP code of its state, and can be licensed as part of it.
    const [nearest] = await sql<{ countyFips: string }[]>`
      select z.county_fips
      from zip_codes p
      join zip_codes q on q.state = p.state
      join census_zctas z on z.zcta = q.zip
      where p.zip = ${digits}
      order by (q.latitude - p.latitude) ^ 2 + ((q.longitude - p.longitude) * cos(radians(p.latitude))) ^ 2
      limit 1`;
    if (!nearest) {
      return {
        areas: [],
        message: `ZIP ${digits} is not a ZIP code of the 50 states that the census counts. Search for its county or state instead.`,
      };
    }
    return noPopulation(digits, nearest.countyFips, sql);
  }
  if (!row.isState) return { areas: [], message: `ZIP ${digits} is in the District of Columbia, which cannot be licensed.` };
  // A ZIP code with no people: offer its county instead.
  return noPopulation(digits, (await readArea(sql, 'zip', digits))!.countyFips!, sql);
}

/** A ZIP code without census population: its county, named and offered as the area to licence instead. */
async function noPopulation(digits: string, countyFips: string, sql: Sql): Promise<AreaSuggestions> {
  const county = await findArea(`county-${countyFips}` as AreaId, sql);
  if (!county || !('id' in county)) return { areas: [], message: `ZIP ${digits} has no census population. Search for its county instead.` };
  return {
    areas: [{ id: county.id, kind: 'county', label: county.label, population: county.population }],
    message: `ZIP ${digits} has no census population. It can be licensed as part of its county, ${county.label}.`,
  };
}

/**
 * The county a visitor named in full, with or without its state ("Travis County, TX", "travis county tx", "Orleans
 * Parish"); the most populous of that name when no state is given. Null when no county of the 50 states has the name.
 */
export async function findCountyByName(text: string): Promise<Area | null> {
  const { name, state } = splitStateSuffix(text.trim().toLowerCase());
  if (!name) return null;
  const sql = db();
  const [row] = await sql<{ countyFips: string }[]>`
    select county_fips from census_counties
    where lower(name) = ${name} ${state ? sql`and state_code = ${state}` : sql``} and state_code <> 'DC'
    order by population desc
    limit 1`;
  if (!row) return null;
  const area = await findArea(areaIdOf('county', row.countyFips), sql);
  return area && 'id' in area ? area : null;
}

/** A held licence as findHeldLicences reads it. */
export interface HeldRow {
  licenceKind: LicenceKind;
  area: LicenceArea;
  status: HeldStatus;
  endsAt: Date | null;
  dueAt: Date | null;
}

/** The condition on `licences l` that it holds an area overlapping `area`: its state's, its county's, its own, or one inside it. */
export const holdsOverlapping = (sql: Sql | TransactionSql, area: Pick<Area, 'stateCode' | 'countyFips' | 'zip'>) => sql`
  ${holdsArea(sql)}
  and l.state_code = ${area.stateCode}
  and (${area.countyFips}::text is null or l.county_fips is null or l.county_fips = ${area.countyFips})
  and (${area.zip}::text is null or l.zip is null or l.zip = ${area.zip})`;

/**
 * The licences held on areas overlapping `area` (its state's, its county's, its own, and those inside it), for
 * availabilityOf. In a reservation's transaction, read after taking the state's lock. In licences_held_idx's order (by
 * county, then ZIP code, a larger area's after those inside it), so that when several could be named (an exclusive ZIP
 * code inside a county), the same one always is: the area card's summary names the first in this order too.
 */
export async function findHeldLicences(
  area: Pick<Area, 'stateCode' | 'countyFips' | 'zip'>,
  sql: Sql | TransactionSql = db(),
): Promise<HeldLicence[]> {
  const rows = await sql<HeldRow[]>`
    select l.kind as licence_kind, ${licenceArea(sql)} as area, l.status, l.ends_at, ${firstPaymentDue(sql)} as due_at
    from licences l
    join census_states s on s.state_code = l.state_code
    left join census_counties c on c.county_fips = l.county_fips
    where ${holdsOverlapping(sql, area)}
    order by l.county_fips, l.zip, l.id`;
  return rows.map(toHeldLicence);
}

/** A held licence's row (its area as licenceArea's JSON, its status, end and first payment's due date) as availability reads it. */
export function toHeldLicence({ licenceKind, area: held, status, endsAt, dueAt }: HeldRow): HeldLicence {
  const graceMs = licenceTerms.exclusiveGraceDays * 86_400_000;
  return {
    kind: held.kind,
    licenceKind,
    stateCode: held.stateCode,
    countyFips: held.countyFips,
    zip: held.zip,
    label: areaLabel(held.kind, held),
    reserved: status === 'reserved',
    heldUntil: status === 'reserved' ? (dueAt ?? new Date()) : status === 'grace' ? new Date(endsAt!.getTime() + graceMs) : endsAt!,
  };
}

/** The due date of a held licence's first payment while it awaits it, for toHeldLicence: a column of `licences l`. */
export const firstPaymentDue = (sql: Sql | TransactionSql) => sql`
  (select o.due_at from licence_orders o where o.licence_id = l.id and o.status = 'awaiting_payment' and not o.is_renewal)`;
