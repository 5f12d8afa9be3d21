// Bulk data for benchmarks: `count` clubs, each with its own host account and redeemed HOST SET code, written by
// three set-based INSERT … SELECT FROM generate_series statements (100,000 clubs take a few seconds).
// Clubs sit at real ZIP codes, so zip_codes must be filled first (ensureZipCodes).
import type { Sql } from '#server/platform/db/db.ts';
import { STATE_CODES } from '#lib/places/us-states.ts';
import { MEETING_FORMATS, meetingFilterBits, WEEKDAYS, type MeetingSlot } from '#lib/clubs/meetings/types.ts';

const SCHEDULES = [
  'Tuesdays 7 pm',
  'First Saturday of the month, 10 am',
  'Every other Thursday, 6:30 pm',
  'Sundays 4 pm',
  'Wednesdays at noon',
];

const SLOT_STARTS = ['09:30', '13:30', '19:00'];

/**
 * The benched clubs' meeting times: each weekday at each time of day in each format (63 patterns, so a day and time
 * of day filter matches about 1 in 21 clubs with times, a format 1 in 3, hybrid also counting as both), every fourth
 * with a second slot three days later at another time of day.
 */
const MEETING_PATTERNS = Array.from({ length: WEEKDAYS.length * SLOT_STARTS.length * MEETING_FORMATS.length }, (_, i) => {
  const day = i % WEEKDAYS.length;
  const time = Math.floor(i / WEEKDAYS.length) % SLOT_STARTS.length;
  const format = MEETING_FORMATS[Math.floor(i / (WEEKDAYS.length * SLOT_STARTS.length))]!;
  const slots: MeetingSlot[] = [{ weekday: WEEKDAYS[day]!, start: SLOT_STARTS[time]!, durationMinutes: 90 }];
  if (i % 4 === 0) slots.push({ weekday: WEEKDAYS[(day + 3) % 7]!, start: SLOT_STARTS[(time + 1) % 3]!, durationMinutes: 60 });
  return { i, slots: JSON.stringify(slots), format, bits: meetingFilterBits(slots, format, 'en') };
});

/**
 * Inserts `count` clubs into a migrated database, with data that satisfies every constraint of the schema:
 *
 * - club n is in state n mod 50, so the 50 states get equal shares (2,000 each of 100,000), at one of that state's
 *   real ZIP codes (with its city), spread evenly over them, so the database trigger gives every club coordinates;
 * - every tenth club of each state is unverified (90 % verified, in every state);
 * - membership: 20 % lifetime, 50 % yearly (with a renewal date), 30 % none;
 * - 70 % of clubs have weekly meeting times (MEETING_PATTERNS, in America/Chicago), the rest only free text, in every
 *   state alike (chosen by n / 7: n mod 10 is the same for all of a state's clubs, and left 15 states without any);
 * - every club meets in English (the language filter's rare case, a language few clubs meet in, is Spanish here);
 * - created_at spreads evenly over the last three years, rising with n (and so with the generated id);
 * - each club has a host in `users` (role host, a password hash no password matches) and a redeemed code.
 *
 * Host ids are derived from n (md5 as uuid) so the three statements agree without joins. Ends with what autovacuum
 * would have done on a database that has grown to this size (some servers run with it off, as this machine's does):
 * `analyze`, so the planner sees the new rows, and a vacuum of the clubs, whose visibility map lets the directory's
 * index-only scans skip the table (without it, every entry they read is looked up there).
 */
export async function seedBenchClubs(sql: Sql, count = 100_000): Promise<void> {
  if (!Number.isInteger(count) || count < 1) throw new Error(`seedBenchClubs: count must be a positive integer, not ${count}`);
  const [zips] = await sql<{ states: number }[]>`select count(distinct state)::int as states from zip_codes`;
  if (zips!.states < STATE_CODES.length) throw new Error('seedBenchClubs: fill zip_codes first (ensureZipCodes).');
  const perState = Math.ceil(count / STATE_CODES.length);

  await sql.begin(async (tx) => {
    // Each state's ZIP codes numbered from 0, with how many it has: club k of a state takes number k * total / perState.
    await tx`
      create temporary table bench_places on commit drop as
      select zip, city, state, (row_number() over (partition by state order by zip) - 1)::int as i,
        count(*) over (partition by state)::int as total
      from zip_codes`;
    await tx`create temporary table bench_state_zips on commit drop as select distinct state, total from bench_places`;
    await tx`create temporary table bench_meetings (i int, slots text, format text, bits int) on commit drop`;
    await tx`insert into bench_meetings ${tx(MEETING_PATTERNS)}`;

    // The series every statement reads: n, its host id and when its club was registered.
    const series = (columns: string) =>
      tx.unsafe(`
      with series as (
        select
          n,
          md5('fk-bench-host-' || n)::uuid as host_id,
          'BENCH-' || lpad(n::text, 7, '0') as code,
          'host' || n || '@bench.example' as email,
          now() - make_interval(secs => (${count} - n) * (3 * 365 * 86400.0) / ${count}) as created_at
        from generate_series(1, ${count}) as n
      )
      ${columns}`);

    await series(`
      insert into host_set_codes (code, note, issued_at, redeemed_at)
      select code, 'benchmark data', created_at - interval '30 days', created_at
      from series`);

    await series(`
      insert into users (id, email, password_hash, role, created_at)
      select host_id, email, '!benchmark-no-login', 'host', created_at - interval '1 hour'
      from series`);

    const states = STATE_CODES.map((code) => `'${code}'`).join(',');
    const schedules = SCHEDULES.map((s) => `'${s.replace(/'/g, "''")}'`).join(',');
    await series(`
      insert into clubs (
        owner_id, host_name, email, club_name, city, state, zip_code, description, website, meeting_schedule,
        is_verified, membership_type, renewal_date, host_set_code, created_at, updated_at,
        meeting_slots, meeting_format, meeting_bits, time_zone
      )
      select
        host_id,
        'Host ' || n,
        email,
        'Reading Circle ' || n,
        place.city,
        place.state,
        place.zip,
        case when n % 4 = 0 then null
             else 'A welcoming circle reading the FlameKeeper books together. Newcomers are always welcome; '
                  || 'we meet in person and online. Club ' || n || '.' end,
        case when n % 3 = 0 then 'https://circle' || n || '.example.org' else null end,
        case when n % 5 = 0 then null else (array[${schedules}])[1 + (n / 7) % ${SCHEDULES.length}] end,
        (n / 50) % 10 <> 0,
        membership.type::membership_type,
        case when membership.type = 'yearly' then (created_at + interval '1 year')::date end,
        code,
        created_at,
        created_at,
        coalesce(meeting.slots::jsonb, '[]'),
        meeting.format,
        coalesce(meeting.bits, ${meetingFilterBits([], null, 'en')}),
        case when meeting.i is not null then 'America/Chicago' end
      from series
      join bench_state_zips as zips on zips.state = (array[${states}])[1 + n % 50]
      join bench_places as place on place.state = zips.state and place.i = ((n / 50) * zips.total / ${perState}) % zips.total
      cross join lateral (
        select case when (n / 3) % 10 < 2 then 'lifetime' when (n / 3) % 10 < 7 then 'yearly' else 'none' end as type
      ) as membership
      left join bench_meetings as meeting on (n / 7) % 10 >= 3 and meeting.i = (n / 11) % ${MEETING_PATTERNS.length}`);
  });

  await sql`analyze users`;
  await sql`analyze host_set_codes`;
  await sql`vacuum (analyze) clubs`;
}

/**
 * Inserts `count` visitor questions, a third each pending, contacted and completed, spread over the last year: the
 * admin's notifications list (500 newest at most) has a realistic page to send.
 */
export async function seedBenchQuestions(sql: Sql, count: number): Promise<void> {
  await sql`
    insert into club_questions (name, email, question, status, created_at, updated_at)
    select 'Visitor ' || n, 'visitor' || n || '@bench.example',
      'Is there a FlameKeeper Club near me that meets in the evenings? I would like to join the next eight-week cycle. (' || n || ')',
      (array['pending', 'contacted', 'completed'])[1 + n % 3]::question_status,
      now() - make_interval(secs => n * 365 * 86400.0 / ${count}),
      now() - make_interval(secs => n * 365 * 86400.0 / ${count})
    from generate_series(1, ${count}) as n`;
  await sql`analyze club_questions`;
}

/**
 * `count` guide licences at real areas, as a busy site would hold them: one guide each, a mix of shared ZIP codes
 * across the country (every tenth exclusive) and, in Travis County, TX, shared licences on the county and its ZIP
 * codes, so the benched area card reads held licences as it would in production.
 */
export async function seedBenchLicences(sql: Sql, count: number): Promise<void> {
  await sql`
    with guide_users as (
      insert into users (email, password_hash, role)
      select 'bench-guide-' || n || '@bench.example', 'bench', 'guide' from generate_series(1, ${count}) as n
      returning id
    ), numbered as (
      select id, row_number() over (order by id) as n from guide_users
    ), new_guides as (
      insert into guides (user_id, name) select id, 'Bench Guide ' || n from numbered returning user_id
    ), areas as (
      select zcta, county_fips, state_code, row_number() over (order by md5(zcta)) as n
      from census_zctas where population > 0 and state_code <> 'DC'
    )
    insert into licences (guide_id, kind, area_kind, state_code, county_fips, zip, status, starts_at, ends_at)
    select g.id, case when g.n % 10 = 0 then 'exclusive' else 'shared' end::licence_kind, 'zip', a.state_code, a.county_fips, a.zcta,
      'active', now() - interval '1 month', now() + interval '11 months'
    from numbered g join areas a on a.n = g.n`;
  await sql`
    insert into licences (guide_id, kind, area_kind, state_code, county_fips, zip, status, starts_at, ends_at)
    select (select user_id from guides where public_id = 1), 'shared', 'zip', 'TX', '48453', zcta, 'active', now(), now() + interval '1 year'
    from census_zctas where county_fips = '48453'`;
  // Certified, so that every bench guide is listed: find a guide and the guide's page read them.
  await sql`update guides set certified_on = '2025-01-15', bio = 'A bench guide.'`;
  await sql`update guides set name = ${BENCH_GUIDE_NAME} where public_id = 1`;
  // As seedBenchClubs does: the planner's statistics as autovacuum would have them on a running site. Without them it
  // took the 5,000 new licences for a few dozen and chose plans that read every listing licence per guide (issue 43:
  // Travis County's card took 27 ms of PostgreSQL before, 0.8 ms after).
  await sql`analyze users`;
  await sql`analyze guides`;
  await sql`analyze licences`;
}

/**
 * Demand in every area, as a site some months after launch would count it (issue 39): people waiting and unmet
 * searches for each ZIP code with people, each county and each state, spread by a hash of the area's code, so that
 * /wanted/{state} ranks real numbers and the area card reads a row.
 */
export async function seedBenchDemand(sql: Sql): Promise<void> {
  await sql`
    insert into demand_areas (area_kind, area_code, waiting, unmet_searches)
    select kind::area_kind, code, ('x' || substr(md5(code), 1, 4))::bit(16)::int % 40, ('x' || substr(md5(code), 5, 4))::bit(16)::int % 300
    from (
      select 'zip' as kind, zcta::text as code from census_zctas where population > 0
      union all select 'county', county_fips::text from census_counties
      union all select 'state', state_code::text from census_states where is_state
    ) as areas`;
  await sql`analyze demand_areas`;
}

/** The guide of guides.public_id 1, who holds Travis County's ZIP codes: its page is /guides/1-{BENCH_GUIDE_SLUG}. */
const BENCH_GUIDE_NAME = 'Bench Pagewright';
export const BENCH_GUIDE_SLUG = 'bench-pagewright';
