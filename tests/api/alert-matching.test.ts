import { describe, expect, it } from 'vitest';
import type { Sql } from '#server/platform/db/db.ts';
import { alertsAroundQuery } from '#server/alerts/index.ts';
import { migrate } from '#server/platform/db/migrate.ts';
import { unitPositionOf, type Coordinates } from '#server/places/index.ts';
import { haversineMiles } from '../support/geo.ts';
import { useFreshDatabase } from '../support/test-database.ts';

// Issue 39, scale: the alerts a newly listed club matches are found through the GiST index on the alerts' positions
// (migration 040), reading the alerts around the club rather than all of them, and they are exactly the confirmed
// alerts whose own distance reaches the club, as an independent haversine computes it.

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];

/** The plan PostgreSQL picks for exactly the query the job runs, with its own parameters. */
async function planOf(sql: Sql, query: { describe(): Promise<{ string: string }> }): Promise<PlanNode[]> {
  const { string } = await query.describe();
  const { parameters } = query as unknown as { parameters: never[] };
  const [row] = await sql.unsafe(`explain (format json) ${string}`, parameters);
  return nodesOf((row!['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan);
}

const ALERTS = 100_000;
const AUSTIN: Coordinates = { latitude: 30.25, longitude: -97.75 };
const DENVER: Coordinates = { latitude: 39.75, longitude: -104.99 };

describe(`the alerts a new club matches, at ${ALERTS.toLocaleString('en-US')} alerts`, () => {
  const fresh = useFreshDatabase(async (sql) => {
    await migrate(sql);
    // Spread over the contiguous states, a fifth unconfirmed, distances in turn; the same every run.
    await sql.begin(async (tx) => {
      await tx`select setseed(0.39)`;
      await tx`
        insert into alerts (email, mailbox_hash, place_label, latitude, longitude, distance_miles, include_online, confirmed_at, expires_at)
        select 'alert' || n || '@example.com', md5(n::text) || md5((n + 1)::text), 'Place ' || n,
          25 + random() * 24, -124 + random() * 57, (array[10, 25, 50])[1 + n % 3], n % 7 = 0,
          case when n % 5 = 0 then null else now() end, case when n % 5 = 0 then null else now() + interval '1 year' end
        from generate_series(1, ${ALERTS}) as n`;
      // A dense cluster around Austin, so that the club has alerts of every distance to match.
      await tx`
        insert into alerts (email, mailbox_hash, place_label, latitude, longitude, distance_miles, confirmed_at, expires_at)
        select 'austin' || n || '@example.com', md5('a' || n) || md5('b' || n), 'Austin ' || n,
          ${AUSTIN.latitude} + (random() - 0.5) * 1.2, ${AUSTIN.longitude} + (random() - 0.5) * 1.2, (array[10, 25, 50])[1 + n % 3],
          now(), now() + interval '1 year'
        from generate_series(1, 500) as n`;
    });
    await sql`analyze alerts`;
  });

  it('reads them through the index on the alerts’ positions', async () => {
    const plan = await planOf(fresh.sql, alertsAroundQuery(fresh.sql, unitPositionOf(AUSTIN), new Date()));
    expect(plan.map((node) => node['Index Name']).filter(Boolean)).toContain('alerts_confirmed_position_idx');
    expect(plan.some((node) => node['Node Type'] === 'Seq Scan')).toBe(false);
  });

  it('finds exactly the confirmed alerts whose own distance reaches the club', async () => {
    const rows = await fresh.sql<{ id: string; latitude: number; longitude: number; distanceMiles: number }[]>`
      select id, latitude, longitude, distance_miles from alerts where confirmed_at is not null`;
    for (const club of [AUSTIN, DENVER]) {
      const expected = rows
        .map((row) => ({ id: row.id, miles: haversineMiles(club, row), within: row.distanceMiles }))
        // Alerts a hair from their edge could fall either way in floating point: left out of the comparison.
        .filter(({ miles, within }) => Math.abs(miles - within) > 0.001);
      const found = await alertsAroundQuery(fresh.sql, unitPositionOf(club), new Date());
      const foundIds = new Set(found.map(({ id }) => id));
      const inside = expected.filter(({ miles, within }) => miles < within);
      expect(inside.length).toBeGreaterThan(0);
      expect(inside.filter(({ id }) => !foundIds.has(id))).toEqual([]);
      const outside = new Set(expected.filter(({ miles, within }) => miles > within).map(({ id }) => id));
      expect(found.filter(({ id }) => outside.has(id))).toEqual([]);
      for (const { id, distanceMiles } of found) {
        const row = rows.find((candidate) => candidate.id === id)!;
        expect(distanceMiles).toBeCloseTo(haversineMiles(club, row), 3);
      }
    }
  });
});
