import { describe, expect, it } from 'vitest';
import { seedBenchClubs } from '../../scripts/bench/seed-clubs.ts';
import type { Sql } from '#server/platform/db/db.ts';
import { MAX_SEARCH_PAGE, SEARCH_PAGE_SIZE } from '#lib/directory-types.ts';
import type { MeetingFilter } from '#lib/meeting-types.ts';
import {
  RECENT_CLUBS_LIMIT,
  recentVerifiedClubsQuery,
  verifiedClubsInStateQuery,
  verifiedClubsNearQuery,
} from '#server/directory/directory.ts';
import { migrate } from '#server/platform/db/migrate.ts';
import { ensureZipCodes } from '#server/directory/zip-codes.ts';
import { useFreshDatabase } from '../support/test-database.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

type IndexScanNode = PlanNode & { 'Index Cond'?: string; 'Order By'?: string };

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

describe('directory queries at 10,000 clubs', () => {
  const fresh = useFreshDatabase(async (sql) => {
    await migrate(sql);
    await ensureZipCodes(sql);
    await seedBenchClubs(sql, 10_000);
  }, 120_000);

  it('reads the recent clubs from the partial index on verified clubs, without scanning the table', async () => {
    const nodes = await planOf(fresh.sql, recentVerifiedClubsQuery(fresh.sql, RECENT_CLUBS_LIMIT));
    expect(nodes.some((n) => n['Index Name'] === 'clubs_verified_newest_idx')).toBe(true);
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'clubs')).toEqual([]);
  });

  const TUESDAY_EVENING: MeetingFilter = { day: 'tuesday', time: 'evening' };
  const RARE: MeetingFilter = { day: 'sunday', time: 'morning', format: 'online' };
  const KEYS_INDEX = 'clubs_verified_meeting_keys_idx';

  it.each([1, 3])(
    'reads page %i of filters alone (Tuesday evening) in order from the newest-first index: no sort, no table scan',
    async (page) => {
      const nodes = await planOf(
        fresh.sql,
        recentVerifiedClubsQuery(fresh.sql, SEARCH_PAGE_SIZE + 1, TUESDAY_EVENING, (page - 1) * SEARCH_PAGE_SIZE),
      );
      expect(nodes.some((n) => n['Node Type'] === 'Index Scan' && n['Index Name'] === 'clubs_verified_newest_idx')).toBe(true);
      expect(nodes.filter((n) => n['Node Type'] === 'Sort' || (n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'clubs'))).toEqual(
        [],
      );
    },
  );

  // Where the newest-first scan would pass over many clubs for each it keeps (a rare filter: RARE is 2 % of the
  // clubs; or a deep page), the planner fetches just the matching clubs through the GIN index on their meeting keys
  // and sorts those. At 100,000 clubs it still reads RARE's first page in order (1,187 rows, 2 ms), its deep pages
  // through the index (docs/performance.md, "Meeting filters").
  it.each([
    ['a rare filter alone (RARE), page 1', RARE, 1],
    ['the last page of filters alone (Tuesday evening)', TUESDAY_EVENING, MAX_SEARCH_PAGE],
  ])('reads %s through the index on meeting keys, without scanning the table', async (_, filter, page) => {
    const nodes = await planOf(fresh.sql, recentVerifiedClubsQuery(fresh.sql, SEARCH_PAGE_SIZE + 1, filter, (page - 1) * SEARCH_PAGE_SIZE));
    expect(nodes.some((n) => n['Node Type'] === 'Bitmap Index Scan' && n['Index Name'] === KEYS_INDEX)).toBe(true);
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'clubs')).toEqual([]);
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
