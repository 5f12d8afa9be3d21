// Joins: guides, licensing, places, clubs. Find a Guide and the guide pages show the listed guides holding areas that
// contain a place, with their areas' names (census), and the clubs meeting there: each page is one or two queries
// joining guides, licences and the census tables, the fast way, where asking licensing and places per guide and per
// area would be a query per row. It only reads.
import {
  guidePagePath,
  guidePhotoPath,
  type CountyGuides,
  type CoveringGuide,
  type FoundGuides,
  type GuideArea,
  type GuideCard,
  type GuidePage,
  type PlaceSuggestion,
  type PlaceSuggestions,
} from '#lib/guides/types.ts';
import type { AreaKind, LicenceKind } from '#lib/licensing/types.ts';
import { resolveState } from '#lib/places/us-states.ts';
import { isListed } from '#server/clubs/index.ts';
import { findCityPlace, isZipCode, suggestCityNames } from '#server/places/index.ts';
import {
  areaIdOf,
  findArea,
  findCountyByName,
  holdsArea,
  isListedGuide,
  listsGuide,
  placeLabel,
  suggestAreas,
  type Area,
} from '#server/licensing/index.ts';
import { db, rowCount, type Sql } from '#server/platform/db/db.ts';

// What visitors read of listed guides (issue 27): a guide's page, the guides covering a place, every listed guide by
// state, the guides of a club's area, and the sitemap. A licence covers a place when its area
// contains it: a ZIP code lies in its county, a county in its state. Only listed guides appear (isListedGuide), and
// never their email.

/** A guide's card from `guides g`, read as CardRow. */
const cardColumns = (sql: Sql) => sql`
  g.public_id as id, g.name, g.certified_on::text as "certifiedOn",
  (select extract(epoch from p.updated_at) * 1000 from guide_photos p where p.guide_id = g.user_id)::float8 as "photoVersion"`;

interface CardRow {
  id: number;
  name: string;
  certifiedOn: string;
  photoVersion: number | null;
}

const toCard = ({ id, name, certifiedOn, photoVersion }: CardRow): GuideCard => ({
  id,
  name,
  path: guidePagePath({ id, name }),
  photoUrl: photoVersion === null ? null : guidePhotoPath(id, Math.trunc(photoVersion)),
  certifiedOn,
});

/**
 * The condition (starting with `and`) on `guides g` that the guide names `language` among theirs, whatever its case
 * ("spanish" finds "Spanish"); none without a language. Guides write their languages as they like (issue 27): the
 * choices offered are theirs, listGuideLanguages.
 */
const guidesIn = (sql: Sql, language: string | undefined) =>
  language ? sql`and exists (select 1 from unnest(g.languages) as named where lower(named) = lower(${language}))` : sql``;

/** A licence's area as JSON (an AreaRow), in a query of `licences l` joined by areaJoins. */
const areaJson = (sql: Sql) => sql`
  json_build_object('licenceKind', l.kind, 'kind', l.area_kind, 'stateCode', l.state_code, 'stateName', s.name,
    'countyFips', l.county_fips, 'countyName', c.name, 'zip', l.zip, 'city', z.city)`;
const areaJoins = (sql: Sql) => sql`
  join census_states s on s.state_code = l.state_code
  left join census_counties c on c.county_fips = l.county_fips
  left join zip_codes z on z.zip = l.zip`;
/** Exclusive before shared, then the smallest area first: the order a guide's areas are named in. */
const areaOrder = (sql: Sql) => sql`l.kind desc, l.area_kind, s.name, c.name, l.zip`;

interface AreaRow {
  licenceKind: LicenceKind;
  kind: AreaKind;
  stateCode: string;
  stateName: string;
  countyFips: string | null;
  countyName: string | null;
  zip: string | null;
  city: string | null;
}

function toGuideArea(row: AreaRow): GuideArea {
  const code = row.kind === 'zip' ? row.zip! : row.kind === 'county' ? row.countyFips! : row.stateCode;
  return {
    id: areaIdOf(row.kind, code),
    kind: row.kind,
    licenceKind: row.licenceKind,
    label: placeLabel(row.kind, row),
    stateCode: row.stateCode,
  };
}

/** A listed guide's page; null when no listed guide has this public id. */
export async function findGuidePage(id: number): Promise<GuidePage | null> {
  const sql = db();
  const [row] = await sql<(CardRow & Pick<GuidePage, 'bio' | 'languages' | 'meets' | 'phone'> & { areas: AreaRow[] })[]>`
    select ${cardColumns(sql)}, g.bio, g.languages, g.meets, case when g.show_phone then g.phone end as phone,
      (select json_agg(${areaJson(sql)} order by ${areaOrder(sql)})
       from licences l ${areaJoins(sql)}
       where l.guide_id = g.user_id and ${listsGuide(sql)}) as areas
    from guides g
    where g.public_id = ${id} and ${isListedGuide(sql)}`;
  if (!row) return null;
  const { areas, bio, languages, meets, phone, ...card } = row;
  return {
    ...toCard(card),
    bio,
    languages,
    meets,
    phone,
    areas: (areas ?? []).map(toGuideArea),
  };
}

/** Where a visitor looks for a guide: the state, counties and ZIP codes it covers, and the area to reserve there. */
export interface GuidePlace {
  kind: AreaKind | 'city';
  /** "78704 · Austin, TX", "Austin, TX", "Travis County, TX", "Texas". */
  name: string;
  stateCode: string;
  countyFips: string[];
  zips: string[];
  /** The area a would-be guide reserves to serve this place. */
  reserveArea: Area | null;
}

const placeOfArea = (area: Area): GuidePlace => ({
  kind: area.kind,
  name: placeLabel(area.kind, area),
  stateCode: area.stateCode,
  countyFips: area.countyFips ? [area.countyFips] : [],
  zips: area.zip ? [area.zip] : [],
  reserveArea: area,
});

/**
 * The place a visitor typed: a ZIP code, a state, a county ("Travis County, TX") or a city ("Austin, TX", "Austin TX",
 * its ZIP codes). `{ reason }` for a place the census knows but no guide can serve (DC, a ZIP code without people);
 * null when it is none of these.
 */
export async function findGuidePlace(typed: string): Promise<GuidePlace | { reason: string } | null> {
  // A ZIP code chosen among the suggestions reads "78704 · Austin, TX".
  const text = typed.trim().replace(/^(\d{5}) · .*$/, '$1');
  const state = resolveState(text);
  if (isZipCode(text) || state) {
    const area = await findArea(state ? areaIdOf('state', state) : areaIdOf('zip', text.trim().slice(0, 5)));
    return area && ('reason' in area ? area : placeOfArea(area));
  }
  const county = await findCountyByName(text);
  if (county) return placeOfArea(county);
  const city = await findCityPlace(text);
  if (!city) return null;
  const sql = db();
  // The city's counties, the one holding most of its ZIP codes first: that county is the area to reserve for it.
  const counties = await sql<{ countyFips: string }[]>`
    select county_fips from census_zctas where zcta = any(${city.zips}::bpchar[])
    group by county_fips order by count(*) desc, county_fips`;
  const reserve = counties[0] ? await findArea(areaIdOf('county', counties[0].countyFips)) : null;
  return {
    kind: 'city',
    name: city.name,
    stateCode: city.stateCode,
    countyFips: counties.map(({ countyFips }) => countyFips),
    zips: city.zips,
    reserveArea: reserve && 'id' in reserve ? reserve : null,
  };
}

const SUGGESTIONS = 8;

/**
 * Find a guide's suggestions: the area search's (ZIP codes, states, counties) with the cities beginning with the text,
 * a state first, then cities, then the rest.
 */
export async function suggestPlaces(text: string): Promise<PlaceSuggestions> {
  const [areas, cities] = await Promise.all([suggestAreas(text), /^\s*\d/.test(text) ? [] : suggestCityNames(text, SUGGESTIONS)]);
  const places: PlaceSuggestion[] = [
    ...areas.areas.filter((area) => area.kind === 'state'),
    ...cities.map((city) => ({ id: `city-${city.name}`, kind: 'city' as const, label: city.name, population: city.population })),
    ...areas.areas.filter((area) => area.kind !== 'state'),
  ].slice(0, SUGGESTIONS);
  return { areas: places, message: places.length > 0 ? null : `No ZIP code, city, county or state matches "${text.trim()}".` };
}

/** The most guides one place lists: a state's shared holders could be many. */
const COVERING_LIMIT = 50;

/**
 * The listed guides whose active or grace licences cover `place` (on its state, on one of its counties, or on one of
 * its ZIP codes), the exclusive holder first, then the shared holders by name; each once, with its narrowest
 * covering area; with `language`, only those who guide in it.
 */
export async function findGuidesCovering(
  place: Pick<GuidePlace, 'stateCode' | 'countyFips' | 'zips'>,
  limit = COVERING_LIMIT,
  language?: string,
): Promise<CoveringGuide[]> {
  const sql = db();
  const rows = await sql<(CardRow & { area: AreaRow; userId: string })[]>`
    select * from (
      select distinct on (g.user_id) ${cardColumns(sql)}, ${areaJson(sql)} as area, l.kind = 'exclusive' as exclusive
      from licences l
      join guides g on g.user_id = l.guide_id
      ${areaJoins(sql)}
      where ${listsGuide(sql)}
        and l.state_code = ${place.stateCode}
        and (l.area_kind = 'state'
          or (l.area_kind = 'county' and l.county_fips = any(${place.countyFips}::bpchar[]))
          -- A ZIP code's licence names its county too: with it, licences_listing_idx finds the ZIP codes' licences.
          or (l.area_kind = 'zip' and l.county_fips = any(${place.countyFips}::bpchar[]) and l.zip = any(${place.zips}::bpchar[])))
        and ${isListedGuide(sql)} ${guidesIn(sql, language)}
      order by g.user_id, ${areaOrder(sql)}
    ) covering
    order by exclusive desc, name, id
    limit ${rowCount(sql, limit)}`;
  return rows.map(({ area, ...card }) => ({ ...toCard(card), area: toGuideArea(area) }));
}

/**
 * The guide(s) a club's page and dialog name: the exclusive holder of its ZIP code, county or state, else up to 3
 * shared holders (an exclusive licence overlaps no other, so its holder comes alone). Null for a club that is not listed.
 */
export async function findClubGuides(clubId: number): Promise<CoveringGuide[] | null> {
  const sql = db();
  const [club] = await sql<{ stateCode: string; zip: string; countyFips: string | null }[]>`
    select clubs.state as "stateCode", clubs.zip_code as zip, z.county_fips
    from clubs left join census_zctas z on z.zcta = clubs.zip_code
    where clubs.id = ${clubId} and ${isListed(sql)}`;
  if (!club) return null;
  return findGuidesCovering({ stateCode: club.stateCode, countyFips: club.countyFips ? [club.countyFips] : [], zips: [club.zip] }, 3);
}

/** A listed guide on the state-by-state list, with the areas it holds in that state. */
export type StateGuide = GuideCard & { areas: GuideArea[] };

/** One page of every listed guide, grouped by state (a guide holding areas in two states is in both). */
export interface GuideDirectoryPage {
  states: { stateCode: string; stateName: string; guides: StateGuide[] }[];
  page: number;
  pageCount: number;
  /** Guides in states: a guide counts once for each state it holds areas in. */
  total: number;
}

export const GUIDES_PER_PAGE = 20;

/** Every listed guide by state (states by name, guides by name), `GUIDES_PER_PAGE` a page; with `language`, those guiding in it. */
export async function listGuidesByState(page: number, language?: string): Promise<GuideDirectoryPage> {
  const sql = db();
  const rows = await sql<(CardRow & { stateCode: string; stateName: string; areas: AreaRow[]; total: number })[]>`
    select l.state_code, min(s.name) as "stateName", ${cardColumns(sql)},
      json_agg(${areaJson(sql)} order by ${areaOrder(sql)}) as areas, (count(*) over ())::int as total
    from licences l
    join guides g on g.user_id = l.guide_id
    ${areaJoins(sql)}
    where ${listsGuide(sql)} and ${isListedGuide(sql)} ${guidesIn(sql, language)}
    group by l.state_code, g.user_id
    order by "stateName", g.name, g.public_id
    limit ${rowCount(sql, GUIDES_PER_PAGE)} offset ${rowCount(sql, (page - 1) * GUIDES_PER_PAGE)}`;
  const total = rows[0]?.total ?? (page > 1 ? await countStateGuides(sql, language) : 0);
  const states: GuideDirectoryPage['states'] = [];
  for (const { stateCode, stateName, areas, total: _, ...card } of rows) {
    const guide = { ...toCard(card), areas: areas.map(toGuideArea) };
    const last = states.at(-1);
    if (last?.stateCode === stateCode) last.guides.push(guide);
    else states.push({ stateCode, stateName, guides: [guide] });
  }
  return { states, page, pageCount: Math.max(1, Math.ceil(total / GUIDES_PER_PAGE)), total };
}

/** The (state, guide) pairs listGuidesByState pages through, for a page past the end. */
async function countStateGuides(sql: Sql, language: string | undefined): Promise<number> {
  const [row] = await sql<{ total: number }[]>`
    select count(distinct (l.state_code, g.user_id))::int as total
    from licences l join guides g on g.user_id = l.guide_id
    where ${listsGuide(sql)} and ${isListedGuide(sql)} ${guidesIn(sql, language)}`;
  return row!.total;
}

/** The clubs a guide's page lists: the listed clubs meeting in its areas, by name. */
export async function findClubsInAreas(
  areas: readonly GuideArea[],
  limit = 50,
): Promise<{ id: number; clubName: string; city: string; state: string }[]> {
  if (areas.length === 0) return [];
  const sql = db();
  const codes = (kind: AreaKind) => areas.filter((area) => area.kind === kind).map((area) => area.id.slice(kind.length + 1));
  return sql<{ id: number; clubName: string; city: string; state: string }[]>`
    select id, club_name, city, state
    from clubs
    where ${isListed(sql)}
      -- Typed as the columns are, so that each arm is an index scan (clubs_listed_zip_code_idx, migration 028). The
      -- states go as text[]: postgres.js can serialize an enum's array type only once it has read that type's id.
      and (state = any(${codes('state')}::text[]::us_state[])
        or zip_code = any(${codes('zip')}::bpchar[])
        or zip_code = any(array(select zcta from census_zctas where county_fips = any(${codes('county')}::bpchar[]))))
    order by club_name, id
    limit ${rowCount(sql, limit)}`;
}

/**
 * The languages listed guides guide in, for Find a Guide's language choice: each once whatever its case, as most of
 * them write it, by name.
 */
export async function listGuideLanguages(): Promise<string[]> {
  const sql = db();
  const rows = await sql<{ language: string }[]>`
    select mode() within group (order by named) as language
    from guides g, unnest(g.languages) as named
    where ${isListedGuide(sql)}
    group by lower(named)
    order by lower(named)`;
  return rows.map((row) => row.language);
}

/** Who holds licences overlapping an area, as its card names them: the listed guides, and how many others. */
/** Every listed guide's page, for the sitemap: by public id, at most `limit`. */
export async function listGuidePages(limit = 50_000): Promise<{ id: number; name: string }[]> {
  const sql = db();
  return sql<{ id: number; name: string }[]>`
    select g.public_id as id, g.name from guides g where ${isListedGuide(sql)} order by g.public_id limit ${rowCount(sql, limit)}`;
}

/** The most guides a place lists inside it, after those covering it: a state's counties and ZIP codes could hold many. */
const INSIDE_LIMIT = 200;

/** The condition on `licences l` that it is on `area` itself: with its state and county, licences_held_idx finds it. */
const onArea = (sql: Sql, area: Area) =>
  area.kind === 'state'
    ? sql`l.state_code = ${area.stateCode} and l.county_fips is null`
    : sql`l.state_code = ${area.stateCode} and l.county_fips = ${area.countyFips} and l.zip ${area.zip ? sql`= ${area.zip}` : sql`is null`}`;

/**
 * In one query: the listed guides holding areas inside `place` (a state's counties and ZIP codes, a county's ZIP
 * codes), by county, the county's own before its ZIP codes', each guide once per area (with `language`, only those
 * guiding in it); and whether a licence, active or reserved, holds the area to reserve there.
 */
async function findInsideAndHeld(place: GuidePlace, language: string | undefined): Promise<{ inside: CountyGuides[]; held: boolean }> {
  const sql = db();
  const inside =
    place.kind === 'state'
      ? sql`l.area_kind in ('county', 'zip')`
      : place.kind === 'county'
        ? sql`l.area_kind = 'zip' and l.county_fips = ${place.countyFips[0]!}`
        : null;
  const [row] = await sql<{ held: boolean; inside: (CardRow & { area: AreaRow })[] | null }[]>`
    select
      ${place.reserveArea ? sql`exists (select 1 from licences l where ${holdsArea(sql)} and ${onArea(sql, place.reserveArea)})` : sql`true`} as held,
      ${
        inside
          ? sql`(select json_agg(found order by found.n) from (
              select row_number() over (order by c.name, l.county_fips, l.area_kind desc, l.zip, l.kind desc, g.name, g.public_id) as n,
                ${cardColumns(sql)}, ${areaJson(sql)} as area
              from licences l
              join guides g on g.user_id = l.guide_id
              ${areaJoins(sql)}
              where ${listsGuide(sql)} and l.state_code = ${place.stateCode} and ${inside} and ${isListedGuide(sql)}
                ${guidesIn(sql, language)}
              order by n
              limit ${rowCount(sql, INSIDE_LIMIT)}
            ) found)`
          : sql`null`
      } as inside`;
  const counties: CountyGuides[] = [];
  for (const { area, ...card } of row!.inside ?? []) {
    const guide = { ...toCard(card), area: toGuideArea(area) };
    const last = counties.at(-1);
    if (last?.countyFips === area.countyFips) last.guides.push(guide);
    else counties.push({ countyFips: area.countyFips!, label: placeLabel('county', area), guides: [guide] });
  }
  return { inside: counties, held: row!.held };
}

/**
 * Find a guide's answer for a place a visitor typed: the place and its guides (with `language`, those guiding in it);
 * `{ reason }` or null as findGuidePlace. A state lists its own holders, then its counties' and ZIP codes' by county;
 * a county its own, then its ZIP codes'. The area is offered to reserve only when no guide of any language is there.
 */
export async function searchGuides(text: string, language?: string): Promise<FoundGuides | { reason: string } | null> {
  const place = await findGuidePlace(text);
  if (!place || 'reason' in place) return place;
  const [covering, { inside, held }] = await Promise.all([
    findGuidesCovering(place, COVERING_LIMIT, language),
    findInsideAndHeld(place, language),
  ]);
  const guides = place.kind === 'state' ? covering : [...covering, ...inside.flatMap((county) => county.guides)];
  const counties = place.kind === 'state' ? inside : [];
  const area = place.reserveArea;
  const free = !language && guides.length === 0 && counties.length === 0 && !held;
  return { place: place.name, guides, counties, reserveArea: free && area ? { id: area.id, label: placeLabel(area.kind, area) } : null };
}
