import { describe, expect, it } from 'vitest';
import { seedBenchClubs } from '../../scripts/bench/seed-clubs.ts';
import type { Sql } from '../../src/lib/server/db.ts';
import {
  RECENT_CLUBS_LIMIT,
  SEARCH_RESULTS_LIMIT,
  recentVerifiedClubsQuery,
  verifiedClubsInStateQuery,
  verifiedClubsNearQuery,
} from '../../src/lib/server/directory.ts';
import { EARTH_RADIUS_MILES, boundingBox } from '../../src/lib/server/geo.ts';
import { migrate } from '../../src/lib/server/migrate.ts';
import { ensureZipCodes } from '../../src/lib/server/zip-codes.ts';
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

/** The plan PostgreSQL picks for exactly the query the repository runs. */
async function planOf(sql: Sql, query: { describe(): Promise<{ string: string }> }, params: unknown[]): Promise<PlanNode[]> {
  const { string } = await query.describe();
  const [row] = await sql.unsafe(`explain (format json) ${string}`, params as never[]);
  return nodesOf((row!['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan);
}

describe('directory queries at 10,000 clubs', () => {
  const fresh = useFreshDatabase(async (sql) => {
    await migrate(sql);
    await ensureZipCodes(sql);
    await seedBenchClubs(sql, 10_000);
  }, 120_000);

  it('reads the recent clubs from the partial index on verified clubs, without scanning the table', async () => {
    const nodes = await planOf(fresh.sql, recentVerifiedClubsQuery(fresh.sql, RECENT_CLUBS_LIMIT), [RECENT_CLUBS_LIMIT]);
    expect(nodes.some((n) => n['Index Name'] === 'clubs_verified_recent_idx')).toBe(true);
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'clubs')).toEqual([]);
  });

  it('reads a state search from the partial index by state, without scanning the table', async () => {
    const nodes = await planOf(fresh.sql, verifiedClubsInStateQuery(fresh.sql, 'CA', SEARCH_RESULTS_LIMIT), ['CA', SEARCH_RESULTS_LIMIT]);
    expect(nodes.some((n) => n['Index Name'] === 'clubs_verified_state_idx')).toBe(true);
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'clubs')).toEqual([]);
  });

  it.each([10, 50, 100])('reads a %i-mile distance search from the position index, without scanning the table', async (miles) => {
    const austin = { latitude: 30.2428, longitude: -97.7658 };
    const box = boundingBox(austin, miles);
    // The builder's parameters in order: 2R, the origin (latitude twice), the box's corners, the radius, the limit.
    const params = [2 * EARTH_RADIUS_MILES, austin.latitude, austin.latitude, austin.longitude, box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude, miles, SEARCH_RESULTS_LIMIT];
    const nodes = await planOf(fresh.sql, verifiedClubsNearQuery(fresh.sql, austin, miles, SEARCH_RESULTS_LIMIT), params);
    expect(nodes.some((n) => n['Index Name'] === 'clubs_verified_position_idx')).toBe(true);
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'clubs')).toEqual([]);
  });
});
