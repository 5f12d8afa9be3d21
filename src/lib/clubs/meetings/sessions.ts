import { DateTime } from 'luxon';
import { MONTH_WEEK, WEEKDAYS, type MeetingFrequency, type MeetingSlot } from '#lib/clubs/meetings/types.ts';
import { clockTime, EVERY, slotDays } from '#lib/clubs/meetings/text.ts';

// The dates a club meets on, computed in its own time zone with luxon, so that 7 PM stays 7 PM across daylight-saving
// changes. Server-side only: the directory island gets the next session as an instant and formats it itself.

/** What decides when a club meets. */
export interface MeetingPlan {
  meetingSlots: readonly MeetingSlot[];
  meetingFrequency: MeetingFrequency;
  /** YYYY-MM-DD; anchors "every two weeks" (the cycle's first week is a meeting week). */
  cycleStart: string | null;
  timeZone: string | null;
}

/** One meeting: its slot, and its start and end in the club's time zone. */
export interface Session {
  slot: MeetingSlot;
  start: DateTime;
  end: DateTime;
}

/** Whether a club whose slot falls on `day` (a date in its time zone, on the slot's weekday) meets that day. */
function meetsOn(day: DateTime, frequency: MeetingFrequency, cycleStart: DateTime | null): boolean {
  if (frequency === 'weekly') return true;
  if (frequency === 'biweekly') {
    if (!cycleStart) return false;
    const weeks = Math.floor(day.diff(cycleStart, 'days').days / 7);
    return weeks % 2 === 0;
  }
  const monthWeek = MONTH_WEEK[frequency];
  return monthWeek === -1 ? day.day + 7 > day.daysInMonth! : Math.ceil(day.day / 7) === monthWeek;
}

/** Whether the plan has what it takes to have sessions: slots and a time zone (and, every two weeks, a cycle start). */
export function hasSessions(plan: MeetingPlan): plan is MeetingPlan & { timeZone: string } {
  return plan.meetingSlots.length > 0 && plan.timeZone !== null && (plan.meetingFrequency !== 'biweekly' || plan.cycleStart !== null);
}

/**
 * The club's sessions that start at or after `from` (and its cycle start), earliest first, up to `count` of them and
 * no later than `until` (by default a year and a week after the first day looked at, which any frequency meets within).
 */
export function sessionsFrom(plan: MeetingPlan, from: Date, count: number, until?: Date): Session[] {
  if (!hasSessions(plan) || count < 1) return [];
  const zone = plan.timeZone;
  const cycleStart = plan.cycleStart ? DateTime.fromISO(plan.cycleStart, { zone }) : null;
  // A club meets from its cycle start: before it, its page, the directory and its calendar (whose first event is the
  // cycle start) all say it has no sessions.
  const asked = DateTime.fromJSDate(from, { zone });
  const start = cycleStart && cycleStart > asked ? cycleStart : asked;
  const last = until ? DateTime.fromJSDate(until, { zone }) : start.plus({ days: 372 });
  const sessions: Session[] = [];
  // Each slot's days a week apart, from its first weekday on or after `from`: the earliest `count` of each suffice.
  for (const slot of plan.meetingSlots) {
    const [hour, minute] = slot.start.split(':').map(Number);
    const weekday = WEEKDAYS.indexOf(slot.weekday) + 1;
    let day = start.startOf('day').plus({ days: (weekday - start.weekday + 7) % 7 });
    for (let found = 0; found < count && day <= last; day = day.plus({ weeks: 1 })) {
      if (!meetsOn(day, plan.meetingFrequency, cycleStart)) continue;
      const begins = day.set({ hour, minute });
      if (begins < start || begins > last) continue;
      sessions.push({ slot, start: begins, end: begins.plus({ minutes: slot.durationMinutes }) });
      found += 1;
    }
  }
  return sessions.sort((a, b) => a.start.toMillis() - b.start.toMillis()).slice(0, count);
}

/** When the club next meets, as an ISO instant; null when it has no times. */
export function nextSessionStart(plan: MeetingPlan, now: Date): string | null {
  return sessionsFrom(plan, now, 1)[0]?.start.toUTC().toISO() ?? null;
}

/** The zone as people say it: "CT", "ET", "PT"; Intl's generic short name. */
export function timeZoneAbbreviation(timeZone: string, at = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortGeneric' }).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * The plan in words, for a club whose host wrote no schedule of their own: "Tuesdays, 7:00 PM CT, every week",
 * "Tuesdays, 7:00 PM and Saturdays, 10:00 AM CT, every two weeks", "1st Tuesday of the month, 7:00 PM CT".
 * Null without slots.
 */
export function describeMeetings(plan: MeetingPlan): string | null {
  if (plan.meetingSlots.length === 0) return null;
  const zone = plan.timeZone ? ` ${timeZoneAbbreviation(plan.timeZone)}` : '';
  const slots = plan.meetingSlots.map((slot) => `${slotDays(slot, plan.meetingFrequency)}, ${clockTime(slot.start)}`).join(' and ');
  const every = EVERY[plan.meetingFrequency];
  return every ? `${slots}${zone}, ${every}` : `${slots}${zone}`;
}
