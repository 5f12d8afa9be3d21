import { SEARCH_RESULTS_LIMIT, type PublicClub, type SearchRadius } from '../directory-types.ts';
import type { DirectoryPlace, DirectorySearch } from '../schemas/directory.ts';
import { resolveState, type StateCode } from '../us-states.ts';
import { db, type Sql } from './db.ts';
import { boundingBox, EARTH_RADIUS_MILES, type Coordinates } from './geo.ts';
import { findPlace, isZipCode } from './places.ts';

/** How many recently registered clubs the directory shows before a search. */
export const RECENT_CLUBS_LIMIT = 24;
/** The most clubs one state search returns (newest first), or one place search (nearest first). */
export { SEARCH_RESULTS_LIMIT } from '../directory-types.ts';
/** How many of the nearest clubs anywhere a search that found nothing offers instead. */
export const NEAREST_CLUBS_LIMIT = 6;
// The nearest clubs are looked for within each of these radii (miles) in turn, so that a well-served place costs one
// small index range; the last one is more than half the Earth's circumference, so it reaches every club.
const NEAREST_SEARCH_RADII = [50, 200, 800, 3200, 12_500];

interface PublicClubRow {
  id: number;
  club_name: string;
  host_name: string;
  city: string;
  state: string;
  zip_code: string;
  description: string | null;
  website: string | null;
  meeting_schedule: string | null;
  created_at: Date;
}

/** A row as the directory's JSON: field for field what the API answers (the bench's bare handler uses it too). */
export const toPublicClub = (row: PublicClubRow): PublicClub => ({
  id: row.id,
  clubName: row.club_name,
  hostName: row.host_name,
  city: row.city,
  state: row.state,
  zipCode: row.zip_code,
  description: row.description,
  website: row.website,
  meetingSchedule: row.meeting_schedule,
  isVerified: true,
  createdAt: row.created_at.toISOString(),
});

interface NearbyClubRow extends PublicClubRow {
  distance_miles: number;
}

/** A row of a distance search as JSON, with its distance in miles to one decimal. */
export const toNearbyClub = (row: NearbyClubRow): PublicClub => ({
  ...toPublicClub(row),
  distanceMiles: Math.round(row.distance_miles * 10) / 10,
});

// The query builders are exported so tests can EXPLAIN exactly what the directory runs. All are served by the
// partial indexes on verified clubs (clubs_verified_recent_idx, clubs_verified_state_idx,
// clubs_verified_position_idx).

/** The newest verified clubs. */
export const recentVerifiedClubsQuery = (sql: Sql, limit: number) => sql<PublicClubRow[]>`
  select id, club_name, host_name, city, state, zip_code, description, website, meeting_schedule, created_at
  from clubs
  where is_verified
  order by created_at desc
  limit ${limit}`;

/** The newest verified clubs of one state. */
export const verifiedClubsInStateQuery = (sql: Sql, state: StateCode, limit: number) => sql<PublicClubRow[]>`
  select id, club_name, host_name, city, state, zip_code, description, website, meeting_schedule, created_at
  from clubs
  where is_verified and state = ${state}
  order by created_at desc
  limit ${limit}`;

/**
 * The verified clubs within `miles` of `origin`, nearest first: a bounding box on the indexed position (x is the
 * longitude, y the latitude) narrows the rows, then the haversine great-circle distance decides. least() keeps rounding from giving asin() a
 * value just over 1.
 */
export const verifiedClubsNearQuery = (sql: Sql, origin: Coordinates, miles: number, limit: number) => {
  const box = boundingBox(origin, miles);
  return sql<NearbyClubRow[]>`
    select *
    from (
      select id, club_name, host_name, city, state, zip_code, description, website, meeting_schedule, created_at,
        ${2 * EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
          sin(radians(latitude - ${origin.latitude}::float8) / 2) ^ 2
          + cos(radians(${origin.latitude}::float8)) * cos(radians(latitude))
            * sin(radians(longitude - ${origin.longitude}::float8) / 2) ^ 2
        ))) as distance_miles
      from clubs
      where is_verified
        and point(longitude, latitude) <@ box(
          point(${box.minLongitude}::float8, ${box.minLatitude}::float8),
          point(${box.maxLongitude}::float8, ${box.maxLatitude}::float8))
    ) as boxed
    where distance_miles <= ${miles}
    order by distance_miles, id
    limit ${limit}`;
};

/** The number of verified clubs in each state that has any. */
const verifiedClubCountsQuery = (sql: Sql) => sql<{ state: StateCode; clubs: number }[]>`
  select state, count(*)::int as clubs
  from clubs
  where is_verified
  group by state`;

/** The recently registered verified clubs, newest first. */
export async function listRecentVerifiedClubs(limit = RECENT_CLUBS_LIMIT): Promise<PublicClub[]> {
  return (await recentVerifiedClubsQuery(db(), limit)).map(toPublicClub);
}

/** Verified clubs in a state, newest first. */
export async function searchVerifiedClubsByState(state: StateCode, limit = SEARCH_RESULTS_LIMIT): Promise<PublicClub[]> {
  return (await verifiedClubsInStateQuery(db(), state, limit)).map(toPublicClub);
}

/** Verified clubs within `miles` of a position, nearest first, each with its distance. */
export async function searchVerifiedClubsNear(origin: Coordinates, miles: SearchRadius, limit = SEARCH_RESULTS_LIMIT): Promise<PublicClub[]> {
  return (await verifiedClubsNearQuery(db(), origin, miles, limit)).map(toNearbyClub);
}

/** The verified clubs nearest to a position, in any state, each with its distance. */
export async function findNearestVerifiedClubs(origin: Coordinates, limit = NEAREST_CLUBS_LIMIT): Promise<PublicClub[]> {
  let rows: NearbyClubRow[] = [];
  for (const miles of NEAREST_SEARCH_RADII) {
    rows = await verifiedClubsNearQuery(db(), origin, miles, limit);
    // Every club within `miles` was ranked, so a full page holds the nearest ones anywhere.
    if (rows.length === limit) break;
  }
  return rows.map(toNearbyClub);
}

/**
 * The directory's search. Text is a state first (its clubs, newest first, exactly as before places existed), then a
 * ZIP code or a city: clubs within the radius, nearest first, with `place` naming where distances are measured from.
 * A position (Near me) is searched the same way, unnamed. Unknown text finds nothing.
 */
export async function searchDirectory(search: DirectorySearch): Promise<DirectorySearchResult> {
  if ('position' in search) return { clubs: await searchVerifiedClubsNear(search.position, search.radius), place: null };
  const state = resolveState(search.text);
  if (state) return { clubs: await searchVerifiedClubsByState(state), place: null };
  const place = await findPlace(search.text);
  if (place) return { clubs: await searchVerifiedClubsNear(place, search.radius), place: place.name };
  const text = search.text.trim();
  return isZipCode(text) ? { clubs: [], place: null, message: `We don't know the ZIP code "${text}". Check it, or search by city or state.` } : { clubs: [], place: null };
}

/** A search's clubs, the place distances were measured from, and what to tell the visitor when the text named none. */
export interface DirectorySearchResult {
  clubs: PublicClub[];
  place: string | null;
  message?: string;
}

/** The verified clubs nearest to a searched place (a state at its center) or position; none for unknown text. */
export async function findNearestToPlace(place: DirectoryPlace): Promise<PublicClub[]> {
  const origin = 'position' in place ? place.position : await findPlace(place.text);
  return origin ? findNearestVerifiedClubs(origin) : [];
}

/** How many verified clubs each state has; states without any are left out. */
export async function countVerifiedClubsByState(): Promise<Map<StateCode, number>> {
  return new Map((await verifiedClubCountsQuery(db())).map((row) => [row.state, row.clubs]));
}

/** A verified club with its host's address, for the dialog's Contact Host link; null for unknown or pending clubs. */
export async function findVerifiedClubContact(id: number): Promise<{ club: PublicClub; email: string } | null> {
  const [row] = await db()<(PublicClubRow & { email: string })[]>`
    select id, club_name, host_name, city, state, zip_code, description, website, meeting_schedule, created_at, email
    from clubs
    where id = ${id} and is_verified`;
  return row ? { club: toPublicClub(row), email: row.email } : null;
}
