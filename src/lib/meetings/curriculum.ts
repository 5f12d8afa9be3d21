import { DateTime } from 'luxon';

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
 * What a club reads at a session held on `day` (YYYY-MM-DD, in its time zone) in a cycle that began on `cycleStart`:
 * "Week 1 — Awakening" … "Week 8 — Becoming" for the cycle's first 8 weeks, then "Month 3 — Starlight Bond" … for the
 * months of the reading schedule. Month m begins m − 1 calendar months after the cycle start (the same day of the
 * month, or the month's last day); the days between the end of week 8 and the start of month 3 belong to month 3.
 * Null before the cycle begins and after its plan ends.
 */
export function readingFor(plan: ReadingPlan, cycleStart: string, day: string): string | null {
  return readingAt(plan, cycleStart, day)?.title ?? null;
}

/** readingFor's title with what the week or month is about. */
export function readingAt(plan: ReadingPlan, cycleStart: string, day: string): Reading | null {
  const start = DateTime.fromISO(cycleStart, { zone: 'utc' });
  const date = DateTime.fromISO(day, { zone: 'utc' });
  const days = Math.round(date.diff(start, 'days').days);
  if (days < 0) return null;
  const weeksEnd = start.plus({ weeks: plan.weeks.length });
  if (date < weeksEnd) {
    const week = plan.weeks.find((entry) => entry.week === Math.floor(days / 7) + 1);
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
