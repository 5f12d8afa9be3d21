// Intl rather than a date library: the directory island has an 80 KB JavaScript budget.
const DAY_AND_TIME: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };

// Making an Intl.DateTimeFormat costs far more than formatting with one: a search's 25 cards made 125 of them, the
// most of what its click did with the CPU slowed as a phone's is (npm run audit:inp). Each is made once, then kept.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatIn(instant: Date, options: Intl.DateTimeFormatOptions, timeZone: string | undefined, locale: string): string {
  const key = `${locale} ${timeZone ?? ''} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = new Intl.DateTimeFormat(locale, { ...options, ...(timeZone && { timeZone }) })));
  return formatter.format(instant);
}

/** The language of a date and time: its locale and the words after the visitor's clock ("your time"). */
export interface DateWords {
  locale: string;
  yourTime: string;
}

const ENGLISH: DateWords = { locale: 'en-US', yourTime: 'your time' };

/**
 * When a club next meets, as the club says it: in its own time zone with the zone's abbreviation ("Tue, Dec 1, 7:00 PM
 * CST", as its page says), then the visitor's clock when it differs ("· 5:00 PM your time", with the day when that
 * differs too). Without the club's zone, in the visitor's own. In `words.locale` (es-US on a Spanish page).
 */
export function formatNextSession(
  instant: string,
  clubTimeZone: string | null,
  visitorTimeZone?: string,
  { locale, yourTime }: DateWords = ENGLISH,
): string {
  const date = new Date(instant);
  if (!clubTimeZone) return formatIn(date, DAY_AND_TIME, visitorTimeZone, locale);
  const clubs = formatIn(date, { ...DAY_AND_TIME, timeZoneName: 'short' }, clubTimeZone, locale);
  const time: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
  const clubDay = formatIn(date, { weekday: 'short' }, clubTimeZone, locale);
  const visitorDay = formatIn(date, { weekday: 'short' }, visitorTimeZone, locale);
  const clubClock = formatIn(date, time, clubTimeZone, locale);
  const visitorClock = formatIn(date, time, visitorTimeZone, locale);
  if (clubClock === visitorClock && clubDay === visitorDay) return clubs;
  return `${clubs} · ${clubDay === visitorDay ? visitorClock : `${visitorDay} ${visitorClock}`} ${yourTime}`;
}
