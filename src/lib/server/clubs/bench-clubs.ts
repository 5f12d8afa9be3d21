import type postgres from 'postgres';
import { STATE_CODES } from '#lib/places/us-states.ts';
import { MEETING_FORMATS, meetingFilterBits, WEEKDAYS, type MeetingSlot } from '#lib/clubs/meetings/types.ts';
import type { Sql } from '#server/platform/db/db.ts';

// Clubs for the benchmarks (scripts/bench): 100,000 in one set-based statement, from rows the bench makes up.

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
 * Inserts a club for each of `hosts` (a query of n from 1 to `count`, id: the host's account, code: its redeemed
 * HOST SET code, email, created_at), at the ZIP codes of `zipCodes` (a query of zip, city, state: places'
 * zipCodeRows), with data that satisfies every constraint of the schema:
 *
 * - club n is in state n mod 50, so the 50 states get equal shares (2,000 each of 100,000), at one of that state's
 *   real ZIP codes (with its city), spread evenly over them, so the database trigger gives every club coordinates;
 * - every tenth club of each state is unverified (90 % verified, in every state);
 * - membership: 20 % lifetime, 50 % yearly (with a renewal date), 30 % none;
 * - 70 % of clubs have weekly meeting times (MEETING_PATTERNS, in America/Chicago), the rest only free text, in every
 *   state alike (chosen by n / 7: n mod 10 is the same for all of a state's clubs, and left 15 states without any);
 * - every club meets in English (the language filter's rare case, a language few clubs meet in, is Spanish here).
 *
 * Ends with what autovacuum would have done on a database that has grown to this size (some servers run with it off,
 * as this machine's does): a vacuum and analyze of the clubs, whose visibility map lets the directory's index-only
 * scans skip the table (without it, every entry they read is looked up there), and whose statistics the planner reads.
 */
export async function insertBenchClubs(sql: Sql, hosts: postgres.Fragment, count: number, zipCodes: postgres.Fragment): Promise<void> {
  const perState = Math.ceil(count / STATE_CODES.length);
  await sql.begin(async (tx) => {
    // Each state's ZIP codes numbered from 0, with how many it has: club k of a state takes number k * total / perState.
    await tx`
      create temporary table bench_places on commit drop as
      select zip, city, state, (row_number() over (partition by state order by zip) - 1)::int as i,
        count(*) over (partition by state)::int as total
      from (${zipCodes}) as zip_codes`;
    const [places] = await tx<{ states: number }[]>`select count(distinct state)::int as states from bench_places`;
    if (places!.states < STATE_CODES.length) throw new Error('insertBenchClubs: fill zip_codes first (ensureZipCodes).');
    await tx`create temporary table bench_state_zips on commit drop as select distinct state, total from bench_places`;
    await tx`create temporary table bench_meetings (i int, slots text, format text, bits int) on commit drop`;
    await tx`insert into bench_meetings ${tx(MEETING_PATTERNS)}`;

    await tx`
      insert into clubs (
        owner_id, host_name, email, club_name, city, state, zip_code, description, website, meeting_schedule,
        is_verified, membership_type, renewal_date, host_set_code, created_at, updated_at,
        meeting_slots, meeting_format, meeting_bits, time_zone
      )
      select
        hosts.id,
        'Host ' || n,
        hosts.email,
        'Reading Circle ' || n,
        place.city,
        place.state,
        place.zip,
        case when n % 4 = 0 then null
             else 'A welcoming circle reading the FlameKeeper books together. Newcomers are always welcome; '
                  || 'we meet in person and online. Club ' || n || '.' end,
        case when n % 3 = 0 then 'https://circle' || n || '.example.org' else null end,
        case when n % 5 = 0 then null else (${SCHEDULES}::text[])[1 + (n / 7) % ${SCHEDULES.length}::int] end,
        (n / 50) % 10 <> 0,
        membership.type::membership_type,
        case when membership.type = 'yearly' then (hosts.created_at + interval '1 year')::date end,
        hosts.code,
        hosts.created_at,
        hosts.created_at,
        coalesce(meeting.slots::jsonb, '[]'),
        meeting.format,
        coalesce(meeting.bits, ${meetingFilterBits([], null, 'en')}),
        case when meeting.i is not null then 'America/Chicago' end
      from (${hosts}) as hosts
      join bench_state_zips as zips on zips.state = (${STATE_CODES}::text[])[1 + n % 50]
      join bench_places as place on place.state = zips.state and place.i = ((n / 50) * zips.total / ${perState}::int) % zips.total
      cross join lateral (
        select case when (n / 3) % 10 < 2 then 'lifetime' when (n / 3) % 10 < 7 then 'yearly' else 'none' end as type
      ) as membership
      left join bench_meetings as meeting on (n / 7) % 10 >= 3 and meeting.i = (n / 11) % ${MEETING_PATTERNS.length}::int`;
  });
  await sql`vacuum (analyze) clubs`;
}

/** What the directory benchmark's report says of its clubs: verified, verified in CA, located, verified near `origin`. */
export async function countBenchClubs(
  sql: Sql,
  origin: string,
  chord: number,
): Promise<{ verified: number; inCa: number; located: number; near: number }> {
  const [counts] = await sql<{ verified: number; inCa: number; located: number; near: number }[]>`
    select count(*) filter (where is_verified)::int as verified,
           count(*) filter (where is_verified and state = 'CA')::int as in_ca,
           count(latitude)::int as located,
           count(*) filter (where is_verified and unit_position <-> ${origin}::cube <= ${chord})::int as near
    from clubs`;
  return counts!;
}
