// When and how a club meets: the shapes, the choices and their labels. Zod-free and date-library-free, so the
// directory island can import them within its 80 KB budget; the date arithmetic is in src/lib/clubs/meetings/.

/** The days of the week in ISO order: a day's index plus one is its ISO weekday (Monday 1 … Sunday 7). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** How often each weekly slot is held: every week, every other week, or one such weekday of the month. */
export const MEETING_FREQUENCIES = ['weekly', 'biweekly', 'first', 'second', 'third', 'fourth', 'last'] as const;
export type MeetingFrequency = (typeof MEETING_FREQUENCIES)[number];

/** The week of the month a monthly frequency meets in, as iCalendar and schema.org count it: 1 to 4, or -1 for the last. */
export const MONTH_WEEK: Partial<Record<MeetingFrequency, number>> = { first: 1, second: 2, third: 3, fourth: 4, last: -1 };

export const FREQUENCY_LABELS: Record<MeetingFrequency, string> = {
  weekly: 'Every week',
  biweekly: 'Every two weeks',
  first: 'The 1st such weekday of the month',
  second: 'The 2nd such weekday of the month',
  third: 'The 3rd such weekday of the month',
  fourth: 'The 4th such weekday of the month',
  last: 'The last such weekday of the month',
};

export const MEETING_FORMATS = ['in-person', 'online', 'hybrid'] as const;
export type MeetingFormat = (typeof MEETING_FORMATS)[number];

export const FORMAT_LABELS: Record<MeetingFormat, string> = {
  'in-person': 'In person',
  online: 'Online',
  hybrid: 'Hybrid (in person and online)',
};

/**
 * The language a club meets in (issue 42): English, Spanish, both, or another. 'en-and-es' rather than "en-es", which
 * BCP 47 reads as English as spoken in Spain.
 */
export const MEETING_LANGUAGES = ['en', 'es', 'en-and-es', 'other'] as const;
export type MeetingLanguage = (typeof MEETING_LANGUAGES)[number];

/** How the club forms and the directory's filter offer each language. */
export const LANGUAGE_LABELS: Record<MeetingLanguage, string> = {
  en: 'English',
  es: 'Spanish (Español)',
  'en-and-es': 'English and Spanish',
  other: 'Another language',
};

/** How a club's card, dialog, page and calendar say the language it meets in. */
export const MEETS_IN: Record<MeetingLanguage, string> = {
  en: 'Meets in English',
  es: 'Meets in Spanish (en español)',
  'en-and-es': 'Meets in English and Spanish',
  other: 'Meets in another language',
};

/** The language as BCP 47 tags, for schema.org's inLanguage and knowsLanguage; none for another language. */
export const LANGUAGE_TAGS: Record<MeetingLanguage, string | string[] | undefined> = {
  en: 'en',
  es: 'es',
  'en-and-es': ['en', 'es'],
  other: undefined,
};

/** The directory's time-of-day filter, in the club's own time zone. */
export const TIMES_OF_DAY = ['morning', 'afternoon', 'evening'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

export const TIME_OF_DAY_LABELS: Record<TimeOfDay, string> = {
  morning: 'Morning (before noon)',
  afternoon: 'Afternoon (noon to 5 PM)',
  evening: 'Evening (from 5 PM)',
};

/** A meeting held on one weekday: its start as 24-hour "HH:MM" in the club's time zone, and how long it lasts. */
export interface MeetingSlot {
  weekday: Weekday;
  start: string;
  durationMinutes: number;
}

export const MAX_MEETING_SLOTS = 7;

/**
 * A club's fields that say when and how it meets, in the order the forms and the change history show them: the
 * schema's `meetingFields`, the form's meeting group and the club's writes all take their names from here.
 */
export const MEETING_FIELDS = [
  'meetingSlots',
  'meetingFrequency',
  'meetingFormat',
  'meetingLanguage',
  'videoLink',
  'dialIn',
  'venueName',
  'venueAddress',
  'venuePrivate',
  'cycleStart',
  'timeZone',
] as const;
export type MeetingField = (typeof MEETING_FIELDS)[number];

/** The part of the day a start time ("HH:MM") falls in: morning before noon, evening from 5 PM, afternoon between. */
export function timeOfDayOf(start: string): TimeOfDay {
  if (start < '12:00') return 'morning';
  return start < '17:00' ? 'afternoon' : 'evening';
}

// A club's meetings as one integer the directory filters with (clubs.meeting_bits): bit weekday × 3 + time of day for
// each slot (21 bits), then one bit for "can be attended in person" and one for "online", then one for each language
// spoken at its meetings: English, Spanish, another (migration 049). A filter is a mask: some of its slot bits must be
// set, all of its format bits and all of its language bits, so that a Spanish search finds the bilingual clubs too.
// The database lists the positions of the set bits as clubs.meeting_keys (migration 017), which the filters test and
// index.
const FORMAT_BITS: Record<MeetingFormat, number> = { 'in-person': 1 << 21, online: 1 << 22, hybrid: (1 << 21) | (1 << 22) };
const LANGUAGE_BITS: Record<MeetingLanguage, number> = { en: 1 << 23, es: 1 << 24, 'en-and-es': (1 << 23) | (1 << 24), other: 1 << 25 };

const slotBit = (weekday: Weekday, time: TimeOfDay) => 1 << (WEEKDAYS.indexOf(weekday) * 3 + TIMES_OF_DAY.indexOf(time));

/** What the directory's filters see of a club's meetings. */
export function meetingFilterBits(slots: readonly MeetingSlot[], format: MeetingFormat | null, language: MeetingLanguage): number {
  let bits = (format ? FORMAT_BITS[format] : 0) | LANGUAGE_BITS[language];
  for (const slot of slots) bits |= slotBit(slot.weekday, timeOfDayOf(slot.start));
  return bits;
}

/**
 * The directory's meeting filters; a hybrid club matches both "in person" and "online", a club meeting in English and
 * Spanish both languages.
 */
export interface MeetingFilter {
  day?: Weekday;
  time?: TimeOfDay;
  format?: MeetingFormat;
  language?: MeetingLanguage;
}

/**
 * The masks a club's meeting_bits must match for `filter`: `slots`, when not null, must share a bit with them (a slot
 * on that day at that time of day); `every`, when not null, must be contained in them (the format's bits and the
 * language's).
 */
export function meetingFilterMasks(filter: MeetingFilter): { slots: number | null; every: number | null } {
  let slots: number | null = null;
  if (filter.day || filter.time) {
    slots = 0;
    for (const weekday of filter.day ? [filter.day] : WEEKDAYS) {
      for (const time of filter.time ? [filter.time] : TIMES_OF_DAY) slots |= slotBit(weekday, time);
    }
  }
  const every = (filter.format ? FORMAT_BITS[filter.format] : 0) | (filter.language ? LANGUAGE_BITS[filter.language] : 0);
  return { slots, every: every === 0 ? null : every };
}
