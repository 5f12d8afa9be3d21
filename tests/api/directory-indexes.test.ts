import { describe, expect, it } from 'vitest';
import { seedBenchClubs } from '../../scripts/bench/seed-clubs.ts';
import type { Sql } from '#server/db/db.ts';
import { SEARCH_PAGE_SIZE } from '#lib/directory-types.ts';
import type { MeetingFilter } from '#lib/meeting-types.ts';
import {
  RECENT_CLUBS_LIMIT,
  recentVerifiedClubsQuery,
  verifiedClubsInStateQuery,
  verifiedClubsNearQuery,
} from '#server/directory/directory.ts';
import { migrate } from '#server/db/migrate.ts';
import { ensureZipCodes } from '#server/directory/zip-codes.ts';
import { useFreshDatabase } from '../support/test-database.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

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

  // A rarer filter alone (RARE: 2 % of the clubs) is read the same way at 100,000 clubs, but at 10,000 the planner
  // rightly prefers reading the small table whole (docs/performance.md, "Meeting filters").
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

  it.each([TUESDAY_EVENING, RARE])(
    'reads a filtered state search (%j) from the state index only, without scanning the table',
    async (filter) => {
      const nodes = await planOf(fresh.sql, verifiedClubsInStateQuery(fresh.sql, 'CA', SEARCH_PAGE_SIZE + 1, 0, filter));
      expect(nodes.some((n) => n['Index Name'] === 'clubs_verified_state_newest_idx')).toBe(true);
      expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'clubs')).toEqual([]);
    },
  );

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
      expect(nodes.some((n) => n['Node Type'] === 'Index Scan' && n['Index Name'] === 'clubs_verified_nearest_idx')).toBe(true);
      expect(nodes.filter((n) => n['Node Type'] === 'Sort' || (n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'clubs'))).toEqual(
        [],
      );
    },
  );

  it.each([10, 50, 100])('bounds a filtered distance search (radius %s mi) by the radius in the position index', async (miles) => {
    const austin = { latitude: 30.2428, longitude: -97.7658 };
    const nodes = await planOf(fresh.sql, verifiedClubsNearQuery(fresh.sql, austin, miles, SEARCH_PAGE_SIZE + 1, 0, RARE));
    const scans = nodes.filter((n) => n['Index Name'] === 'clubs_verified_nearest_idx') as (PlanNode & { 'Index Cond'?: string })[];
    expect(scans.length).toBe(1);
    expect(scans[0]!['Index Cond']).toMatch(/unit_position <@/);
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'clubs')).toEqual([]);
  });
});
