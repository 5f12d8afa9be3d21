import { DateTime } from 'luxon';
import type { MeetingFrequency } from '#lib/clubs/meetings/types.ts';

/** The reading plan as the content collections give it: the 8 weeks' themes, then the months' titles (each with what it is about). */
export interface ReadingPlan {
  weeks: readonly { week: number; theme: string; about?: string }[];
  months: readonly { month: number; title: string; about?: string }[];
}

/** What a club reads at a session: its title ("Week 3 — Clarity") and what that week or month is about. */
export interface Reading {
  title: string;
  about: string | null;
}

/**
 * How long a club spends on each week's theme: its time from one meeting to the next, so that every meeting reads the
 * next theme (decision 018). A club meeting every two weeks reads the 8 weeks' themes over 16 weeks, a monthly one
 * over 8 months.
 */
const THEME_PERIOD: Record<MeetingFrequency, { unit: 'weeks' | 'months'; count: number }> = {
  weekly: { unit: 'weeks', count: 1 },
  biweekly: { unit: 'weeks', count: 2 },
  first: { unit: 'months', count: 1 },
  second: { unit: 'months', count: 1 },
  third: { unit: 'months', count: 1 },
  fourth: { unit: 'months', count: 1 },
  last: { unit: 'months', count: 1 },
};

/**
 * What a club reads at a session held on `day` (YYYY-MM-DD, in its time zone) in a cycle that began on `cycleStart`:
 * "Week 1 — Awakening" … "Week 8 — Becoming", one theme for each of its meetings (each THEME_PERIOD from the cycle
 * start), then "Month 3 — Starlight Bond" … for the months of the reading schedule. Month m begins m − 1 calendar
 * months after the cycle start (the same day of the month, or the month's last day); the days between the end of the
 * weeks' themes and the start of the next month belong to that month. Null before the cycle begins and after its plan
 * ends.
 */
export function readingFor(plan: ReadingPlan, cycleStart: string, day: string, frequency: MeetingFrequency = 'weekly'): string | null {
  return readingAt(plan, cycleStart, day, frequency)?.title ?? null;
}

/** readingFor's title with what the week or month is about. */
export function readingAt(plan: ReadingPlan, cycleStart: string, day: string, frequency: MeetingFrequency = 'weekly'): Reading | null {
  const start = DateTime.fromISO(cycleStart, { zone: 'utc' });
  const date = DateTime.fromISO(day, { zone: 'utc' });
  if (date < start) return null;
  const { unit, count } = THEME_PERIOD[frequency];
  const themeStart = (index: number) => start.plus({ [unit]: count * index });
  const weeksEnd = themeStart(plan.weeks.length);
  if (date < weeksEnd) {
    let index = 0;
    while (themeStart(index + 1) <= date) index += 1;
    const week = plan.weeks.find((entry) => entry.week === index + 1);
    return week ? { title: `Week ${week.week} — ${week.theme}`, about: week.about ?? null } : null;
  }
  // The months that begin within the weeks are the core programme's (months 1 and 2).
  const monthOf = (limit: DateTime) => {
    let month = 1;
    while (start.plus({ months: month }) <= limit) month += 1;
    return month;
  };
  const month = Math.max(monthOf(date), monthOf(weeksEnd.minus({ days: 1 })) + 1);
  const entry = plan.months.find((candidate) => candidate.month === month);
  return entry ? { title: `Month ${entry.month} — ${entry.title}`, about: entry.about ?? null } : null;
}
