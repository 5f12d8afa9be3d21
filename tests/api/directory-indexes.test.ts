import { describe, expect, it } from 'vitest';
import { seedBenchClubs } from '../../scripts/bench/seed-clubs.ts';
import type { Sql } from '#server/platform/db/db.ts';
import { MAX_SEARCH_PAGE, SEARCH_PAGE_SIZE } from '#lib/directory/types.ts';
import type { MeetingFilter } from '#lib/clubs/meetings/types.ts';
import { recentVerifiedClubsQuery, verifiedClubsInStateQuery, verifiedClubsNearQuery } from '#server/directory/directory-read-model.ts';
import { migrate } from '#server/platform/db/migrate.ts';
import { ensureZipCodes } from '#server/places/index.ts';
import { relocateClubs } from '#server/clubs/index.ts';
import { useFreshDatabase } from '../support/test-database.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

type IndexScanNode = PlanNode & { 'Index Cond'?: string; 'Order By'?: string; Filter?: string };

/** The nearest-first index: the clubs' positions with their meeting keys (migration 017). */
const NEAREST_INDEX = 'clubs_verified_nearest_meeting_idx';

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

/** The plan PostgreSQL picks for exactly the query the repository runs, with its own parameters. */
async function planOf(sql: Sql, query: { describe(): Promise<{ string: string }> }): Promise<PlanNode[]> {
  const { string } = await query.describe();
  // Set by postgres.js once the query is described: its parameters, serialized as they are sent.
  const { parameters } = query as unknown as { parameters: never[] };
  const [row] = await sql.unsafe(`explain (format json) ${string}`, parameters);
  return nodesOf((row!['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan);
}

/**
 * The generic plan of the same query as a prepared statement: the plan every run gets once PostgreSQL stops planning
 * it for each run's parameters (postgres.js prepares every query).
 */
async function genericPlanOf(sql: Sql, query: { describe(): Promise<{ string: string }> }): Promise<PlanNode[]> {
  const { string } = await query.describe();
  const { parameters } = query as unknown as { parameters: unknown[] };
  const values = parameters.map((value) => `'${String(value).replaceAll("'", "''")}'`).join(', ');
  // A prepared statement and the setting belong to the session: one connection, and both undone on it.
  const connection = await sql.reserve();
  try {
    await connection`set plan_cache_mode = force_generic_plan`;
    await connection.unsafe(`prepare generic_plan_of as ${string}`);
    const [row] = await connection.unsafe(`explain (format json) execute generic_plan_of(${values})`);
    return nodesOf((row!['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan);
  } finally {
    await connection.unsafe('deallocate generic_plan_of').catch(() => {});
    await connection`reset plan_cache_mode`;
    connection.release();
  }
}

describe('directory queries at 10,000 clubs', () => {
  const fresh = useFreshDatabase(async (sql) => {
    await migrate(sql);
    await ensureZipCodes(sql, relocateClubs);
    await seedBenchClubs(sql, 10_000);
  });

  const NEWEST_INDEX = 'clubs_listed_newest_idx';

  it('reads the recent clubs from the partial index on listed clubs, without scanning the table', async () => {
    const nodes = await planOf(fresh.sql, recentVerifiedClubsQuery(fresh.sql, SEARCH_PAGE_SIZE + 1));
    expect(nodes.some((n) => n['Index Name'] === NEWEST_INDEX)).toBe(true);
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'clubs')).toEqual([]);
  });

  const TUESDAY_EVENING: MeetingFilter = { day: 'tuesday', time: 'evening' };
  const RARE: MeetingFilter = { day: 'sunday', time: 'morning', format: 'online' };
  const KEYS_INDEX = 'clubs_verified_meeting_keys_idx';

  /** The index-only scan that tests `filter`'s bits in the newest-first index, and what else the plan holds. */
  function filteredNewestScan(nodes: PlanNode[]) {
    const scans = nodes.filter((n) => n['Index Name'] === NEWEST_INDEX) as IndexScanNode[];
    return {
      scans: scans.map((n) => n['Node Type']),
      filter: scans[0]?.Filter,
      others: nodes.filter((n) => n['Node Type'] === 'Sort' || n['Index Name'] === KEYS_INDEX || n['Node Type'] === 'Seq Scan'),
    };
  }

  // Filters alone (migration 022): common (Tuesday evening) or rare (RARE is 2 % of the clubs), on the first page or
  // past the last match, the page's clubs come from an index-only scan that tests the bits in the newest-first index,
  // in order, and stops after the page: nothing is sorted, and neither the table nor the GIN index is scanned. With
  // one best plan for every filter, a prepared statement's generic plan is the same, so no list is planned for its
  // filter.
  it.each([
    ['Tuesday evening, page 1', TUESDAY_EVENING, 1],
    ['Tuesday evening, page 3', TUESDAY_EVENING, 3],
    ['Tuesday evening, the last page', TUESDAY_EVENING, MAX_SEARCH_PAGE],
    ['a rare filter (RARE), page 1', RARE, 1],
    ['a rare filter (RARE), the last page', RARE, MAX_SEARCH_PAGE],
  ])('reads filters alone (%s) from the newest-first index only, with one plan for every filter', async (_, filter, page) => {
    const query = () => recentVerifiedClubsQuery(fresh.sql, SEARCH_PAGE_SIZE + 1, filter, (page - 1) * SEARCH_PAGE_SIZE);
    for (const nodes of [await planOf(fresh.sql, query()), await genericPlanOf(fresh.sql, query())]) {
      const { scans, filter: tested, others } = filteredNewestScan(nodes);
      expect(scans).toEqual(['Index Only Scan']);
      expect(tested).toMatch(/meeting_bits &/);
      expect(others).toEqual([]);
    }
  });

  it.each([
    [TUESDAY_EVENING, 'clubs_verified_state_newest_idx'],
    [RARE, KEYS_INDEX],
  ])('reads a filtered state search (%j) from %s, without scanning the table', async (filter, index) => {
    const nodes = await planOf(fresh.sql, verifiedClubsInStateQuery(fresh.sql, 'CA', SEARCH_PAGE_SIZE + 1, 0, filter));
    expect(nodes.some((n) => n['Index Name'] === index)).toBe(true);
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'clubs')).toEqual([]);
  });

  it.each([1, 3])(
    'reads page %i of a state search in order from the partial index by state, without sorting or scanning the table',
    async (page) => {
      const nodes = await planOf(
        fresh.sql,
        verifiedClubsInStateQuery(fresh.sql, 'CA', SEARCH_PAGE_SIZE + 1, (page - 1) * SEARCH_PAGE_SIZE),
      );
      expect(nodes.some((n) => n['Index Name'] === 'clubs_verified_state_newest_idx')).toBe(true);
      expect(nodes.filter((n) => n['Node Type'] === 'Sort' || (n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'clubs'))).toEqual(
        [],
      );
    },
  );

  it.each([10, 50, 100, null])(
    'reads a distance search (radius %s mi) nearest first from the position index: no sort, no table scan',
    async (miles) => {
      const austin = { latitude: 30.2428, longitude: -97.7658 };
      const nodes = await planOf(fresh.sql, verifiedClubsNearQuery(fresh.sql, austin, miles, SEARCH_PAGE_SIZE + 1, SEARCH_PAGE_SIZE));
      expect(nodes.some((n) => n['Node Type'] === 'Index Scan' && n['Index Name'] === NEAREST_INDEX)).toBe(true);
      expect(nodes.filter((n) => n['Node Type'] === 'Sort' || (n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'clubs'))).toEqual(
        [],
      );
    },
  );

  it.each([10, 50, 100])(
    'bounds a filtered distance search (radius %s mi) by the radius and the keys in the position index',
    async (miles) => {
      const austin = { latitude: 30.2428, longitude: -97.7658 };
      const nodes = await planOf(fresh.sql, verifiedClubsNearQuery(fresh.sql, austin, miles, SEARCH_PAGE_SIZE + 1, 0, RARE));
      const scans = nodes.filter((n) => n['Index Name'] === NEAREST_INDEX) as IndexScanNode[];
      expect(scans.length).toBe(1);
      expect(scans[0]!['Index Cond']).toMatch(/unit_position <@/);
      expect(scans[0]!['Index Cond']).toMatch(/meeting_keys && .*meeting_keys @>/);
      expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'clubs')).toEqual([]);
    },
  );

  // Unbounded (the nearest clubs after an empty search), the scan still stops after the page: the keys are tested in
  // the index, which passes over every part of it without a matching club, so a filter that no club matches reads none.
  it.each([TUESDAY_EVENING, RARE])('tests the keys of a filtered nearest search (%j) in the nearest-first scan', async (filter) => {
    const boise = { latitude: 43.6135, longitude: -116.2034 };
    const nodes = await planOf(fresh.sql, verifiedClubsNearQuery(fresh.sql, boise, null, 6, 0, filter));
    const scans = nodes.filter((n) => n['Index Name'] === NEAREST_INDEX) as IndexScanNode[];
    expect(scans.map((n) => n['Node Type'])).toEqual(['Index Scan']);
    expect(scans[0]!['Index Cond']).toMatch(/meeting_keys &&/);
    expect(scans[0]!['Order By']).toMatch(/unit_position <->/);
    expect(nodes.filter((n) => n['Node Type'] === 'Sort' || (n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'clubs'))).toEqual([]);
  });
});
