import { DateTime } from 'luxon';
import type { MeetingFrequency } from '#lib/clubs/meetings/types.ts';
import { fillTemplate } from '#lib/shared/format.ts';

/** The reading plan as the content collections give it: the 8 weeks' themes, then the months' titles (each with what it is about). */
export interface ReadingPlan {
  weeks: readonly { week: number; theme: string; about?: string }[];
  months: readonly { month: number; title: string; about?: string }[];
  /**
   * How a session's reading is titled in the plan's language: `{week}` and `{theme}`, `{month}` and `{title}`
   * ("Semana {week} — {theme}"). English ("Week 3 — Clarity", "Month 4 — Nexus Awakened") without.
   */
  titles?: { week: string; month: string };
}

const ENGLISH_TITLES = { week: 'Week {week} — {theme}', month: 'Month {month} — {title}' };

/** The reading plan from its content: weeks.yaml's weeks (in week order), then schedule.yaml's months. */
export function readingPlanOf(
  weeks: readonly { week: number; theme: string; description: string }[],
  months: readonly { month: number; title: string; summary: string }[],
): ReadingPlan {
  return {
    weeks: weeks.map(({ week, theme, description }) => ({ week, theme, about: description })).sort((a, b) => a.week - b.week),
    months: months.map(({ month, title, summary }) => ({ month, title, about: summary })),
  };
}

/** What a club reads at a session: its title ("Week 3 — Clarity") and what that week or month is about. */
export interface Reading {
  title: string;
  about: string | null;
}

/**
 * How many of a club's meeting periods a month of the plan lasts: four weeks, two fortnights, one month. The core
 * programme's 8 weeks are its months 1 and 2 for a weekly club, so its later months follow at the same pace.
 */
const PERIODS_PER_MONTH: Record<MeetingFrequency, number> = {
  weekly: 4,
  biweekly: 2,
  first: 1,
  second: 1,
  third: 1,
  fourth: 1,
  last: 1,
};

/** Weeks of the core programme in one month of the reading schedule: months 1 and 2 are the 8 weeks themselves. */
const WEEKS_PER_MONTH = 4;

/**
 * The meeting period a session's day (YYYY-MM-DD in the club's zone) lies in, counted from the cycle start: its week
 * for a weekly club, its fortnight every two weeks (the weeks `sessionsFrom` counts), its calendar month for a monthly
 * one. Sessions of one period are one meeting of the club, however many days a week it meets.
 */
function meetingPeriod(cycleStart: string, day: string, frequency: MeetingFrequency): number {
  const start = DateTime.fromISO(cycleStart, { zone: 'utc' });
  const date = DateTime.fromISO(day, { zone: 'utc' });
  if (frequency === 'weekly' || frequency === 'biweekly') {
    const days = Math.round(date.diff(start, 'days').days);
    return Math.floor(days / (frequency === 'weekly' ? 7 : 14));
  }
  return date.year * 12 + date.month - (start.year * 12 + start.month);
}

/**
 * The steps of the plan in order: the 8 weeks' themes, then the months of the reading schedule after the core
 * programme's (month 3 on), each with how many held meeting periods it lasts.
 */
function planSteps(plan: ReadingPlan, frequency: MeetingFrequency): { reading: Reading; periods: number }[] {
  const titles = plan.titles ?? ENGLISH_TITLES;
  const weeks = [...plan.weeks]
    .sort((a, b) => a.week - b.week)
    .map((week) => ({
      reading: { title: fillTemplate(titles.week, { week: week.week, theme: week.theme }), about: week.about ?? null },
      periods: 1,
    }));
  const coreMonths = Math.ceil(plan.weeks.length / WEEKS_PER_MONTH);
  const months = [...plan.months]
    .filter((month) => month.month > coreMonths)
    .sort((a, b) => a.month - b.month)
    .map((month) => ({
      reading: { title: fillTemplate(titles.month, { month: month.month, title: month.title }), about: month.about ?? null },
      periods: PERIODS_PER_MONTH[frequency],
    }));
  return [...weeks, ...months];
}

/** How many meeting periods the whole plan lasts when none is cancelled. */
export function planPeriods(plan: ReadingPlan, frequency: MeetingFrequency): number {
  return planSteps(plan, frequency).reduce((total, step) => total + step.periods, 0);
}

/** A session as the reading plan sees it: the day it was scheduled for (in the club's zone) and whether it is held. */
export interface PlanSession {
  /** YYYY-MM-DD: the scheduled day, also for a session moved to another one (it keeps its place in the plan). */
  day: string;
  cancelled: boolean;
}

/**
 * What the club reads at each of `sessions` (every session from the cycle start, in the order they were scheduled),
 * by the rule of decision 018: the sessions of one meeting period share a step of the plan; the plan's steps come
 * one a period, in order (Week 1 … Week 8, then Month 3 …, a month lasting PERIODS_PER_MONTH periods), so none is
 * skipped whatever the frequency and however many days a week the club meets; a period whose sessions are all
 * cancelled uses no step, so the next held session reads what the cancelled one would have. Null for a cancelled
 * session, one before the cycle start, and every session after the plan has ended.
 */
export function readingsFor(
  plan: ReadingPlan,
  cycleStart: string,
  frequency: MeetingFrequency,
  sessions: readonly PlanSession[],
): (Reading | null)[] {
  const steps = planSteps(plan, frequency);
  let heldPeriods = 0;
  let lastPeriod: number | null = null;
  return sessions.map(({ day, cancelled }) => {
    if (cancelled || day < cycleStart) return null;
    const period = meetingPeriod(cycleStart, day, frequency);
    if (period !== lastPeriod) {
      heldPeriods += 1;
      lastPeriod = period;
    }
    let index = heldPeriods - 1;
    for (const step of steps) {
      if (index < step.periods) return step.reading;
      index -= step.periods;
    }
    return null;
  });
}
