// Reads: clubs. The directory's search reads the clubs table itself, in queries shaped to its indexes (the nearest-
// neighbour scan of migration 007, the meeting keys of 017): that is the fast way, where asking the clubs domain for
// rows and filtering them here would read every listed club. Which clubs are public stays the clubs domain's
// (isListed, publicClubColumns). It only reads.
import { SEARCH_PAGE_SIZE, type PublicClub, type SearchRadius } from '#lib/directory/types.ts';
import { meetingFilterMasks, type MeetingFilter } from '#lib/clubs/meetings/types.ts';
import type { DirectoryNearest, DirectorySearch } from '#lib/schemas/directory.ts';
import { resolveState, type StateCode } from '#lib/places/us-states.ts';
import { isListed, publicClubColumns, publicClubFields, toPublicClub, type PublicClubRow } from '#server/clubs/index.ts';
import { db, rowCount, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import {
  ambiguousCity,
  chordOf,
  type Coordinates,
  EARTH_RADIUS_MILES,
  findPlace,
  isZipCode,
  unitPositionOf,
} from '#server/places/index.ts';

/** How many recently registered clubs the directory shows before a search. */
/** How many of the nearest clubs anywhere a search that found nothing offers instead. */
export const NEAREST_CLUBS_LIMIT = 6;

type NearbyClubRow = PublicClubRow & { distanceMiles: number };

/** A row of a distance search as JSON, with its distance in miles to one decimal. */
export function toNearbyClub({ distanceMiles, ...row }: NearbyClubRow): PublicClub {
  return { ...toPublicClub(row), distanceMiles: Math.round(distanceMiles * 10) / 10 };
}

// The query builders are exported so tests can EXPLAIN exactly what the directory runs. All are served by the
// partial indexes on verified clubs (clubs_listed_newest_idx, clubs_verified_state_newest_idx,
// clubs_verified_nearest_meeting_idx, and for a state's filters that match few clubs clubs_verified_meeting_keys_idx).

/** The positions of a mask's set bits, as meeting_keys holds them (migration 017). */
const keysOf = (mask: number) => Array.from({ length: 32 }, (_, position) => position).filter((position) => (mask >>> position) & 1);

/** The conditions (each starting with `and`) a club's meeting_keys must meet for `filter`; none for no filter. */
function meetingConditions(sql: Sql | TransactionSql, filter: MeetingFilter) {
  const { slots, every } = meetingFilterMasks(filter);
  return sql`${slots === null ? sql`` : sql`and meeting_keys && ${keysOf(slots)}::int[]`}
    ${every === null ? sql`` : sql`and meeting_keys @> ${keysOf(every)}::int[]`}`;
}

/**
 * Runs a state's list query with a filter planned for that filter's keys. Whether the GIN index on meeting_keys or
 * the state's ordered scan is cheaper depends on how many clubs the keys match, which the planner reads from the
 * statistics on the array's elements only when it sees the keys. A prepared statement's generic plan takes any keys
 * for 1 % of the clubs or fewer and, once chosen after five runs, keeps that plan for every filter (measured at
 * 100,000 clubs, before the filters alone had an index of their own: page 100 of "in person" then fetched and sorted
 * all 42,047 matching clubs, 82 ms, instead of reading 5,075 in order, 10 ms). Writing the keys into the text
 * instead, as rowCount does for counts, would make 127 filters × 100 pages of statements that each connection keeps
 * (about 55 KB each). So a state's filtered list is planned anew, in a transaction of its own: four statements where
 * one would do (the filters alone, planned this way too until decision 020, served about half as many requests as a
 * list without filters). A distance search needs no such care: the nearest-first index holds the keys, so its scan
 * skips non-matching clubs whatever the estimate; nor do the filters alone, which have one plan for every filter
 * (recentVerifiedClubsQuery).
 */
function planned<Row>(filter: MeetingFilter, query: (sql: Sql | TransactionSql) => Promise<Row[]>): Promise<Row[]> {
  if (Object.keys(filter).length === 0) return query(db());
  return db().begin(async (tx) => {
    await tx`set local plan_cache_mode = force_custom_plan`;
    return query(tx);
  }) as Promise<Row[]>;
}

/**
 * The conditions (each starting with `and`) a club's meeting_bits must meet for `filter`, the same test as
 * meetingConditions' on meeting_keys (which lists the set bits). No index can serve them, so unlike the keys they
 * leave the planner no choice to make per filter: it tests them in clubs_listed_newest_idx, which carries the bits.
 */
function meetingBitConditions(sql: Sql | TransactionSql, filter: MeetingFilter) {
  const { slots, every } = meetingFilterMasks(filter);
  return sql`${slots === null ? sql`` : sql`and (meeting_bits & ${slots}::int) <> 0`}
    ${every === null ? sql`` : sql`and (meeting_bits & ${every}::int) = ${every}::int`}`;
}

/**
 * The newest verified clubs meeting `filter`, skipping `offset`. With a filter, the page's clubs are found first by
 * an index-only scan of clubs_listed_newest_idx (migration 022), which tests the filter on the bits it carries, and
 * only those clubs are then read from the table: the scan of every club passed over stays in the index (Tuesday
 * evening at 100,000 clubs: 274 entries read for 25 clubs; a filter that no club matches, every listed club's entry).
 * That is the cheapest plan for any filter, so a prepared statement's one plan serves them all. The join keeps the
 * subquery's order, so the page is not sorted again.
 */
export const recentVerifiedClubsQuery = (sql: Sql | TransactionSql, limit: number, filter: MeetingFilter = {}, offset = 0) => {
  const newestPage = sql`order by created_at desc, id desc limit ${rowCount(sql, limit)} offset ${rowCount(sql, offset)}`;
  if (Object.keys(filter).length === 0) {
    return sql<PublicClubRow[]>`
      select ${publicClubColumns(sql)}
      from clubs
      where ${isListed(sql)}
      ${newestPage}`;
  }
  return sql<PublicClubRow[]>`
    select ${publicClubColumns(sql)}
    from (
      select id, created_at
      from clubs
      where ${isListed(sql)} ${meetingBitConditions(sql, filter)}
      ${newestPage}
    ) as page (club_id, registered_at)
    join clubs on id = page.club_id
    order by page.registered_at desc, page.club_id desc`;
};

/** The newest verified clubs of one state meeting `filter`, skipping `offset`. */
export const verifiedClubsInStateQuery = (
  sql: Sql | TransactionSql,
  state: StateCode,
  limit: number,
  offset = 0,
  filter: MeetingFilter = {},
) => sql<PublicClubRow[]>`
  select ${publicClubColumns(sql)}
  from clubs
  where ${isListed(sql)} and state = ${state} ${meetingConditions(sql, filter)}
  order by created_at desc, id desc
  limit ${rowCount(sql, limit)} offset ${rowCount(sql, offset)}`;

/**
 * Verified clubs nearest to `origin` first, each with its great-circle distance in miles, skipping `offset`, and with
 * `miles`, only those within it, and meeting `filter`. A nearest-neighbour scan of the index on the clubs' unit-sphere
 * positions (migration 007) reads exactly the clubs of the page, nearest first; those within the radius are the front
 * of it, so the radius applies after the limit. The index also holds the clubs' meeting keys (migration 017), so a
 * filter is tested inside the scan, which passes over every part of the index without a matching club (the nearest
 * clubs for a filter no club matches: 90,000 rows read → none). A filtered search with a radius is also bounded by
 * the radius's cube (the index's `<@`), which stops it at the edge of the area rather than going on to fill the page
 * from the far side of the country. The straight-line (chord) distance between unit-sphere positions orders them as
 * the great-circle distance does; clubs the same distance away come in the index's order, the same on every page.
 * least() keeps rounding from giving asin() a value just over 1.
 */
export const verifiedClubsNearQuery = (
  sql: Sql | TransactionSql,
  origin: Coordinates,
  miles: number | null,
  limit: number,
  offset = 0,
  filter: MeetingFilter = {},
) => {
  const position = unitPositionOf(origin);
  const filtered = Object.keys(filter).length > 0;
  const box = miles === null || !filtered ? sql`` : sql`and unit_position <@ cube_enlarge(${position}::cube, ${chordOf(miles)}::float8, 3)`;
  return sql<NearbyClubRow[]>`
    select ${publicClubFields(sql)},
      ${2 * EARTH_RADIUS_MILES}::float8 * asin(least(1, chord / 2)) as "distanceMiles"
    from (
      select ${publicClubColumns(sql)},
        unit_position <-> ${position}::cube as chord
      from clubs
      where ${isListed(sql)} and unit_position is not null ${box} ${meetingConditions(sql, filter)}
      order by chord
      limit ${rowCount(sql, limit)} offset ${rowCount(sql, offset)}
    ) as nearest
    ${miles === null ? sql`` : sql`where chord <= ${chordOf(miles)}::float8`}
    order by chord`;
};

/** The number of verified clubs in each state that has any. */
const verifiedClubCountsQuery = (sql: Sql) => sql<{ state: StateCode; clubs: number }[]>`
  select state, count(*)::int as clubs
  from clubs
  where ${isListed(sql)}
  group by state`;

/** One page of a search's clubs, and whether another page follows. */
export interface ClubPage {
  clubs: PublicClub[];
  hasMore: boolean;
}

/** A page from the rows of a query asked for one club more than a page: that one says whether more follow. */
const toPage = <Row>(rows: Row[], toClub: (row: Row) => PublicClub): ClubPage => ({
  clubs: rows.slice(0, SEARCH_PAGE_SIZE).map(toClub),
  hasMore: rows.length > SEARCH_PAGE_SIZE,
});

const offsetOf = (page: number) => (page - 1) * SEARCH_PAGE_SIZE;

/** A page of the newest verified clubs meeting `filter`: with none, the recently registered clubs (GET /api/clubs). */
export async function searchRecentVerifiedClubs(filter: MeetingFilter, page = 1): Promise<ClubPage> {
  return toPage(await recentVerifiedClubsQuery(db(), SEARCH_PAGE_SIZE + 1, filter, offsetOf(page)), toPublicClub);
}

/** A page of a state's verified clubs meeting `filter`, newest first. */
export async function searchVerifiedClubsByState(state: StateCode, page = 1, filter: MeetingFilter = {}): Promise<ClubPage> {
  return toPage(
    await planned(filter, (sql) => verifiedClubsInStateQuery(sql, state, SEARCH_PAGE_SIZE + 1, offsetOf(page), filter)),
    toPublicClub,
  );
}

/** A page of the verified clubs within `miles` of a position meeting `filter`, nearest first, each with its distance. */
export async function searchVerifiedClubsNear(
  origin: Coordinates,
  miles: SearchRadius,
  page = 1,
  filter: MeetingFilter = {},
): Promise<ClubPage> {
  return toPage(await verifiedClubsNearQuery(db(), origin, miles, SEARCH_PAGE_SIZE + 1, offsetOf(page), filter), toNearbyClub);
}

/** The verified clubs meeting `filter` nearest to a position, in any state, each with its distance. */
export async function findNearestVerifiedClubs(
  origin: Coordinates,
  filter: MeetingFilter = {},
  limit = NEAREST_CLUBS_LIMIT,
): Promise<PublicClub[]> {
  return (await verifiedClubsNearQuery(db(), origin, null, limit, 0, filter)).map(toNearbyClub);
}

/**
 * The directory's search, a page at a time, keeping only the clubs that meet the filters. Text is a state first (its
 * clubs, newest first, exactly as before places existed), then a ZIP code or a city: clubs within the radius, nearest
 * first, with `place` naming where distances are measured from. A position (Near me) is searched the same way,
 * unnamed. Filters without a place list the newest clubs matching. Unknown text finds nothing.
 */
export async function searchDirectory({ place: searched, filter, radius, page }: DirectorySearch): Promise<DirectorySearchResult> {
  if (!searched) return { ...(await searchRecentVerifiedClubs(filter, page)), place: null };
  if ('position' in searched) return { ...(await searchVerifiedClubsNear(searched.position, radius, page, filter)), place: null };
  const state = resolveState(searched.text);
  if (state) return { ...(await searchVerifiedClubsByState(state, page, filter)), place: null };
  const choices = await ambiguousCity(searched.text);
  if (choices) return { clubs: [], hasMore: false, place: null, choices };
  const place = await findPlace(searched.text);
  if (place) return { ...(await searchVerifiedClubsNear(place, radius, page, filter)), place: place.name };
  const text = searched.text.trim();
  const nothing = { clubs: [], hasMore: false, place: null };
  return isZipCode(text) ? { ...nothing, message: `We don't know the ZIP code "${text}". Check it, or search by city or state.` } : nothing;
}

/** A page of a search's clubs, the place distances were measured from, and what to tell the visitor when the text named none. */
export interface DirectorySearchResult extends ClubPage {
  place: string | null;
  message?: string;
  /** A city name in several states: the cities to choose from ("Springfield, IL"), instead of a guess. */
  choices?: string[];
}

/**
 * The verified clubs meeting the filters nearest to a searched place (a state at its center) or position; none for
 * unknown text. Unbounded, as it should be: read only after a search found nothing, it scans outwards until it has them.
 */
export async function findNearestToPlace({ place, filter }: DirectoryNearest): Promise<PublicClub[]> {
  const origin = 'position' in place ? place.position : await findPlace(place.text);
  return origin ? findNearestVerifiedClubs(origin, filter) : [];
}

/** How many verified clubs each state has; states without any are left out. */
export async function countVerifiedClubsByState(): Promise<Map<StateCode, number>> {
  return new Map((await verifiedClubCountsQuery(db())).map((row) => [row.state, row.clubs]));
}

/** A verified club with its host's address, for the dialog's Contact Host link; null for unknown or pending clubs. */
export async function findVerifiedClubContact(id: number): Promise<{ club: PublicClub; email: string } | null> {
  const [row] = await db()<(PublicClubRow & { email: string })[]>`
    select ${publicClubColumns(db())}, email
    from clubs
    where id = ${id} and ${isListed(db())}`;
  if (!row) return null;
  const { email, ...club } = row;
  return { club: toPublicClub(club), email };
}
