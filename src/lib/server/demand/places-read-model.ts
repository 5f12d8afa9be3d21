// Reads: places. A search's demand is counted in its ZIP code's county and state, or its city's: one join of zip_codes
// and census_zctas per search is the fast way, on the path of every directory search. It only reads.
import type { AreaKind } from '#lib/licensing/types.ts';
import { findCityPlace, isZipCode } from '#server/places/index.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';

/** An area demand is counted in: a ZIP code, a county by its FIPS code, a state by its code. */
export interface DemandArea {
  kind: AreaKind;
  code: string;
}

/** A place a search named, as demand counts it: what tells it apart from other places, and the areas it lies in. */
export interface DemandPlace {
  /** "zip 78704", "city Austin, TX": one client's searches of one place that day make one mark. */
  key: string;
  areas: DemandArea[];
}

/**
 * The areas a ZIP code lies in: itself, its county (the census's primary county of its tabulation area, as licensing
 * places it; none for a ZIP code without one, such as a post-office box's) and its state. Empty for an unknown ZIP code.
 */
export async function areasOfZipCode(zip: string, sql: Sql | TransactionSql = db()): Promise<DemandArea[]> {
  const [row] = await sql<{ state: string; countyFips: string | null }[]>`
    select p.state, z.county_fips
    from zip_codes p left join census_zctas z on z.zcta = p.zip
    where p.zip = ${zip}`;
  if (!row) return [];
  return [
    { kind: 'zip', code: zip },
    ...(row.countyFips ? [{ kind: 'county' as const, code: row.countyFips }] : []),
    { kind: 'state', code: row.state },
  ];
}

/**
 * The place a directory search's text named, read as the directory reads it: a ZIP code ("78704", "78704-1234"),
 * counted in its ZIP code, county and state; or a city ("Austin, TX", "Austin"), counted in the county holding most
 * of its ZIP codes and in its state (a city is no one ZIP code). Null for text that names neither.
 */
export async function demandPlaceOf(text: string): Promise<DemandPlace | null> {
  const trimmed = text.trim();
  if (isZipCode(trimmed)) {
    const zip = trimmed.slice(0, 5);
    const areas = await areasOfZipCode(zip);
    return areas.length === 0 ? null : { key: `zip ${zip}`, areas };
  }
  const city = await findCityPlace(trimmed);
  if (!city) return null;
  const [county] = await db()<{ countyFips: string }[]>`
    select county_fips
    from census_zctas
    where zcta = any(${city.zips}::bpchar[])
    group by county_fips
    order by count(*) desc, county_fips
    limit 1`;
  return {
    key: `city ${city.name}`,
    areas: [...(county ? [{ kind: 'county' as const, code: county.countyFips }] : []), { kind: 'state', code: city.stateCode }],
  };
}
