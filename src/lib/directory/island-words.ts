import { z } from '#lib/schemas/zod.ts';
import { MEETING_FORMATS, MEETING_LANGUAGES, TIMES_OF_DAY, WEEKDAYS } from '#lib/clubs/meetings/types.ts';

// The schema of the directory island's words (src/content/directory-island.json and its Spanish twin). The island
// imports its language's file as it is, so that only that page's JavaScript carries the words and no schema library
// loads with the list; `npm run content:check` and the build check each file here (directory-island-en.ts and -es.ts).

const text = z.string().trim().min(1);
/** Text with `{name}` placeholders the list fills in: a missing one fails the check. */
const template = (...names: string[]) =>
  text.refine((value) => names.every((name) => value.includes(`{${name}}`)), `must contain ${names.map((n) => `{${n}}`).join(' and ')}`);
/** An object of one text for each key. */
const words = <Key extends string>(keys: readonly Key[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, text])) as Record<Key, typeof text>);
const pluralForms = z.object({ one: text, other: text });

export const directoryIslandWordsSchema = z.object({
  $comment: z.string().optional(),
  search: z.object({
    ...words(['label', 'placeholder', 'hint', 'distance', 'submit', 'searching', 'nearMe', 'clear', 'filters', 'legend']).shape,
    ...words(['day', 'anyDay', 'time', 'anyTime', 'format', 'anyFormat', 'language', 'anyLanguage']).shape,
    within: template('miles'),
    filtersCount: template('count'),
  }),
  weekdays: words(WEEKDAYS),
  timesOfDay: words(TIMES_OF_DAY),
  formats: words(MEETING_FORMATS),
  languages: words(MEETING_LANGUAGES),
  meetsIn: words(MEETING_LANGUAGES),
  results: z.object({
    clubs: pluralForms,
    recentClubs: pluralForms,
    showing: template('count'),
    found: template('count', 'where'),
    withinPlace: template('miles', 'place'),
    inPlace: template('place'),
    meeting: template('filters'),
    onDay: template('day'),
    onDayAtTime: template('day', 'time'),
    atTime: template('time'),
    filterDays: words(WEEKDAYS),
    filterTimes: words(TIMES_OF_DAY),
    filterFormats: words(MEETING_FORMATS),
    filterLanguages: words(MEETING_LANGUAGES),
    moreNearest: template('count'),
    moreNewestState: template('count'),
    moreNewest: template('count'),
    severalStates: template('text'),
    placesNamed: template('text'),
    noneFound: template('where'),
    noneFoundFilters: template('where'),
    noneForText: template('text'),
    tips: template('state', 'abbreviation'),
    ...words(['tipsHeading', 'loadFailed', 'loading', 'noClubsYet', 'beFirst', 'purchase', 'opensInNewTab', 'register']).shape,
    ...words(['nearestHeading', 'nearestLabel', 'clubsLabel', 'showMore', 'loadingMore']).shape,
  }),
  card: z.object({
    verified: text,
    hostedBy: template('host'),
    away: template('miles'),
    next: text,
    members: template('count'),
    confirmedActive: template('month'),
    yourTime: text,
  }),
  dialog: z.object({
    ...words(['verifiedClub', 'host', 'location', 'nextSessions', 'format', 'languageOfMeetings', 'noteAboutMeetings']).shape,
    ...words(['meetingSchedule', 'openPage', 'about', 'connect', 'contactHost', 'visitWebsite', 'registered']).shape,
    ...words(['loading', 'close']).shape,
  }),
  notices: words(['moreFailed', 'noGeolocation', 'locationRefused', 'locationNotFound', 'searchInstead']),
  guides: z.object({ clubGuide: text, nearHeading: template('place') }),
});

export type DirectoryIslandWords = Omit<z.output<typeof directoryIslandWordsSchema>, '$comment'>;
