// Bulk data for benchmarks: 100,000 clubs with their hosts and codes, and guides with their licences, each written by
// the domain that owns the table, in set-based statements from rows the bench makes up here (generate_series) or
// places gives (its ZIP codes and census areas): 100,000 clubs take a few seconds. Clubs sit at real ZIP codes, so
// zip_codes must be filled first (ensureZipCodes), and the census for the licences and demand (ensureCensus).
import { insertBenchAccounts } from '#server/auth/index.ts';
import { insertBenchClubs } from '#server/clubs/index.ts';
import { insertBenchHostSetCodes } from '#server/codes/index.ts';
import { insertBenchGuides } from '#server/guides/index.ts';
import { insertBenchLicences } from '#server/licensing/index.ts';
import { zctaRows, zipCodeRows } from '#server/places/index.ts';
import type { Sql } from '#server/platform/db/db.ts';

/**
 * Inserts `count` clubs into a migrated database (insertBenchClubs says how they spread), each with its own host
 * account (role host, a password hash no password matches) and redeemed HOST SET code. Club n's host id is derived
 * from n (md5 as uuid), so the three statements agree without joins; created_at spreads evenly over the three years
 * before now, rising with n (and so with the generated id).
 */
export async function seedBenchClubs(sql: Sql, count = 100_000): Promise<void> {
  if (!Number.isInteger(count) || count < 1) throw new Error(`seedBenchClubs: count must be a positive integer, not ${count}`);
  const now = new Date();
  const hosts = sql`
    select
      n,
      md5('fk-bench-host-' || n)::uuid as id,
      'BENCH-' || lpad(n::text, 7, '0') as code,
      'host' || n || '@bench.example' as email,
      ${now}::timestamptz - make_interval(secs => (${count}::int - n) * (3 * 365 * 86400.0) / ${count}::int) as created_at
    from generate_series(1, ${count}::int) as n`;
  await insertBenchHostSetCodes(sql, hosts);
  await insertBenchAccounts(sql, sql`select id, email, created_at - interval '1 hour' as created_at from (${hosts}) as hosts`, 'host');
  await insertBenchClubs(sql, hosts, count, zipCodeRows(sql));
}

/**
 * `count` guide licences at real areas, as a busy site would hold them: one certified guide each, a mix of shared ZIP
 * codes across the country (every tenth exclusive) and, in Travis County, TX, shared licences on the county's ZIP
 * codes, held by the guide of public id 1, so the benched area card reads held licences as it would in production.
 */
export async function seedBenchLicences(sql: Sql, count: number): Promise<void> {
  const guides = sql`
    select n, md5('fk-bench-guide-' || n)::uuid as id, 'bench-guide-' || n || '@bench.example' as email, now() as created_at,
      case when n = 1 then ${BENCH_GUIDE_NAME} else 'Bench Guide ' || n end as name
    from generate_series(1, ${count}::int) as n`;
  await insertBenchAccounts(sql, guides, 'guide');
  await insertBenchGuides(sql, guides);
  const [first] = await sql<{ id: string }[]>`select id from (${guides}) as guides where n = 1`;
  await insertBenchLicences(sql, guides, zctaRows(sql), { guideId: first!.id, stateCode: 'TX', countyFips: '48453' });
}

/** The guide of guides.public_id 1, who holds Travis County's ZIP codes: its page is /guides/1-{BENCH_GUIDE_SLUG}. */
const BENCH_GUIDE_NAME = 'Bench Pagewright';
export const BENCH_GUIDE_SLUG = 'bench-pagewright';
