// A club's meetings as its page says them in the page's language (docs/decisions/041): weekdays, clock times and
// session dates through Intl in the page's locale, around the words of src/content/club-page.yaml (or its Spanish
// twin). English is written exactly as the rest of the site writes it (text.ts), so the English page is unchanged.
import type { DateTime } from 'luxon';
import { fillTemplate } from '#lib/shared/format.ts';
import { clockTime } from './text.ts';
import { WEEKDAYS, type MeetingFrequency, type MeetingSlot, type Weekday } from './types.ts';

const ENGLISH = 'en-US';

/** Monday, January 5, 2026 at midnight UTC: the first of seven days that name the weekdays. */
const A_MONDAY = Date.UTC(2026, 0, 5);
const DAY_MS = 86_400_000;

/** The weekday's name in `locale`: "Tuesday", "martes". */
export function weekdayName(weekday: Weekday, locale: string): string {
  const day = new Date(A_MONDAY + WEEKDAYS.indexOf(weekday) * DAY_MS);
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(day);
}

/** The weekday's name for every such day: "Tuesdays", "martes", "sábados" (English and Spanish add an s, but not twice). */
export function weekdaysName(weekday: Weekday, locale: string): string {
  const name = weekdayName(weekday, locale);
  return name.endsWith('s') ? name : `${name}s`;
}

/** The days a slot is held on, as `days` words them: "Tuesdays", "1st Tuesday of the month", "Los martes". */
export function meetingDays(
  slot: Pick<MeetingSlot, 'weekday'>,
  frequency: MeetingFrequency,
  days: Record<MeetingFrequency, string>,
  locale: string,
): string {
  return fillTemplate(days[frequency], { weekday: weekdayName(slot.weekday, locale), weekdays: weekdaysName(slot.weekday, locale) });
}

/** "19:00" as a clock time in `locale`: "7:00 PM", "7:00 p.m.". */
export function clockTimeIn(start: string, locale: string): string {
  if (locale === ENGLISH) return clockTime(start);
  const [hour = 0, minute = 0] = start.split(':').map(Number);
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(A_MONDAY + (hour * 60 + minute) * 60_000),
  );
}

/** A session's day and time in its zone, with the zone's abbreviation: "Tue, Dec 8, 7:00 PM CST", "mar, 8 de dic, 7:00 p.m. CST". */
export function sessionTimeIn(time: DateTime, locale: string): string {
  const when =
    locale === ENGLISH
      ? time.toFormat('ccc, LLL d, h:mm a')
      : time.setLocale(locale).toLocaleString({ weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
  return `${when} ${time.offsetNameShort}`;
}
