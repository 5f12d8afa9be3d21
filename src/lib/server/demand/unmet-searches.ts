import { createHmac, randomBytes } from 'node:crypto';
import type { DirectorySearch } from '#lib/schemas/directory.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import { logger } from '#server/platform/logger.ts';
import { demandPlaceOf, type DemandArea } from './places-read-model.ts';

/** The UTC day of an instant, as demand_days and the marks hold it: "2026-12-07". */
export const dayOf = (instant: Date): string => instant.toISOString().slice(0, 10);

// The day's key is read once per instance and day: it never changes during its day.
const dayKeys = new Map<string, Promise<Buffer>>();

/** The random key of `day`'s marks, made by the first instance to need it (migration 041, demand_day_keys). */
function dayKey(day: string): Promise<Buffer> {
  let key = dayKeys.get(day);
  if (!key) {
    dayKeys.clear();
    key = readOrMakeDayKey(day);
    dayKeys.set(day, key);
    // A read that failed (the database was down) is tried again by the next search.
    key.catch(() => dayKeys.delete(day));
  }
  return key;
}

async function readOrMakeDayKey(day: string): Promise<Buffer> {
  const sql = db();
  // Two statements: the second reads the key of whichever instance inserted first.
  await sql`insert into demand_day_keys (day, key) values (${day}, ${randomBytes(32)}) on conflict (day) do nothing`;
  const [row] = await sql<{ key: Buffer }[]>`select key from demand_day_keys where day = ${day}`;
  return row!.key;
}

/** Adds one unmet search on `day` to each area: to its day and to its running count. */
async function addUnmetSearches(tx: TransactionSql, areas: DemandArea[], day: string) {
  for (const { kind, code } of areas) {
    await tx`
      insert into demand_days (area_kind, area_code, day, unmet_searches)
      values (${kind}, ${code}, ${day}, 1)
      on conflict (area_kind, area_code, day) do update set unmet_searches = demand_days.unmet_searches + 1`;
    await tx`
      insert into demand_areas (area_kind, area_code, unmet_searches)
      values (${kind}, ${code}, 1)
      on conflict (area_kind, area_code) do update set unmet_searches = demand_areas.unmet_searches + 1`;
  }
}

/**
 * Counts a directory search of the ZIP code or city `text` that found no club within its distance: once per client
 * (`client`, the request's address as rate limits see it) per place per UTC day, in the place's ZIP code, county and
 * state. Keeps no address: only the day's keyed mark (docs/decisions/032). Returns whether it was counted (false for
 * a repeat, or for text that names no ZIP code or city).
 */
export async function recordUnmetSearch(text: string, client: string, now = new Date()): Promise<boolean> {
  const place = await demandPlaceOf(text);
  if (!place) return false;
  const day = dayOf(now);
  const mark = createHmac('sha256', await dayKey(day))
    .update(`${client}\n${place.key}`)
    .digest();
  return (await db().begin(async (tx) => {
    const [marked] = await tx`
      insert into demand_search_marks (mark, day) values (${mark}, ${day}) on conflict (mark) do nothing returning 1`;
    if (!marked) return false;
    await addUnmetSearches(tx, place.areas, day);
    return true;
  })) as boolean;
}

/**
 * After a directory search (GET /api/clubs/search): counts it as unmet when it named a ZIP code or city (`place`, the
 * place the directory measured from, is set only then), asked for the first page with no meeting filter, and found no
 * club within its distance. A filtered search that found nothing may have passed over clubs nearby, and a later
 * page is the same search again. Counting never fails the search: a failure is logged.
 */
export async function noteDirectorySearch(
  search: DirectorySearch,
  result: { clubs: readonly unknown[]; place: string | null },
  client: string,
): Promise<void> {
  const text = search.place && 'text' in search.place ? search.place.text : null;
  if (text === null || result.place === null || result.clubs.length > 0 || search.page !== 1) return;
  if (Object.keys(search.filter).length > 0) return;
  try {
    await recordUnmetSearch(text, client);
  } catch (error) {
    logger.error({ err: error }, 'an unmet directory search could not be counted');
  }
}

/**
 * The demand-window job: takes the unmet searches of the days that have left the 90-day window off the running
 * counts (and deletes those days), and deletes the keys and marks of the days before `now`'s, after which no count
 * can be traced to an address. One statement each, so a run cut short leaves the counts whole.
 */
export async function moveDemandWindow(sql: Sql, now: Date, windowDays: number): Promise<string> {
  const today = dayOf(now);
  const firstDay = dayOf(new Date(now.getTime() - (windowDays - 1) * 86_400_000));
  const [left] = await sql<{ days: number }[]>`
    with gone as (
      delete from demand_days where day < ${firstDay}
      returning area_kind, area_code, unmet_searches
    ), totals as (
      select area_kind, area_code, sum(unmet_searches)::int as searches from gone group by area_kind, area_code
    ), lowered as (
      update demand_areas a set unmet_searches = greatest(0, a.unmet_searches - t.searches)
      from totals t
      where a.area_kind = t.area_kind and a.area_code = t.area_code
      returning 1
    )
    select count(*)::int as days from gone`;
  const marks = await sql`delete from demand_search_marks where day < ${today}`;
  await sql`delete from demand_day_keys where day < ${today}`;
  return `${left!.days} area-days left the window, ${marks.count} marks deleted`;
}
