import type { DateTime } from 'luxon';
import { DAY_BEFORE_HOUR, SUMMARY_HOUR, type ReminderLead } from './reminders.ts';

// When the members' reminders and the host's summary of a session go (issue 40, decision 035), computed in the club's
// own time zone with luxon, so that "the day before at 9:00" is 9:00 on the club's clock on either side of a
// daylight-saving change. Server-side only (luxon).

/** When the reminder of a session starting at `start` (a DateTime in the club's zone) goes, by the host's lead time. */
export function reminderDue(start: DateTime, lead: Exclude<ReminderLead, 'off'>): DateTime {
  if (lead === 'two-hours') return start.minus({ hours: 2 });
  return start.minus({ days: 1 }).set({ hour: DAY_BEFORE_HOUR, minute: 0, second: 0, millisecond: 0 });
}

/** When the host's summary of a session starting at `start` goes: 8:00 that day, or 2 hours before an earlier session. */
export function summaryDue(start: DateTime): DateTime {
  const morning = start.startOf('day').set({ hour: SUMMARY_HOUR });
  const before = start.minus({ hours: 2 });
  return morning < before ? morning : before;
}
