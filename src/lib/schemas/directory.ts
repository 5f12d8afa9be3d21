import { z } from './zod.ts';
import { DEFAULT_RADIUS, MAX_SEARCH_LENGTH, MAX_SEARCH_PAGE, SEARCH_RADII } from '#lib/directory/types.ts';
import { MEETING_FORMATS, MEETING_LANGUAGES, TIMES_OF_DAY, WEEKDAYS, type MeetingFilter } from '#lib/clubs/meetings/types.ts';
import { pageParameter } from './paging.ts';
import { singleLine } from './text.ts';

const PLACE_MESSAGE = 'Enter a state, city or ZIP code to search.';
const SEARCH_MESSAGE = 'Enter a state, city or ZIP code, or choose a day, time of day, format or language, to search.';

const searchText = singleLine({ error: PLACE_MESSAGE })
  .min(1, PLACE_MESSAGE)
  .max(MAX_SEARCH_LENGTH, `Search text must be at most ${MAX_SEARCH_LENGTH} characters.`);

/** A decimal number of degrees within ±limit; the pattern keeps out what Number() would also take (hex, Infinity, ''). */
const degrees = (label: string, limit: number) => {
  const message = `${label} must be a number of degrees between -${limit} and ${limit}.`;
  return z
    .string()
    .trim()
    .regex(/^[-+]?\d{1,3}(\.\d+)?$/, message)
    .transform(Number)
    .pipe(z.number().min(-limit, message).max(limit, message));
};

const RADIUS_MESSAGE = `Radius must be ${SEARCH_RADII.join(', ').replace(/, (\d+)$/, ' or $1')} miles.`;

/** Where to search from: the text the visitor typed (a state, a ZIP code or a city), or a position (Near me). */
export type DirectoryPlace = { text: string } | { position: { latitude: number; longitude: number } };

const placeFields = {
  state: searchText.optional(),
  lat: degrees('Latitude', 90).optional(),
  lng: degrees('Longitude', 180).optional(),
};

function toPlace({ state, lat, lng }: { state?: string; lat?: number; lng?: number }, ctx: z.RefinementCtx): DirectoryPlace {
  const issue = (message: string, path: string[]) => {
    ctx.issues.push({ code: 'custom', message, path, input: { state, lat, lng } });
    return z.NEVER;
  };
  if (lat === undefined && lng === undefined) return state === undefined ? issue(PLACE_MESSAGE, ['state']) : { text: state };
  if (state !== undefined) return issue('Search by text or by position, not both.', []);
  if (lat === undefined || lng === undefined) return issue('A position needs both lat and lng.', [lat === undefined ? 'lat' : 'lng']);
  return { position: { latitude: lat, longitude: lng } };
}

const choices = (values: readonly string[]) => values.join(', ').replace(/, ([^,]+)$/, ' or $1');
const oneOf = <const Values extends readonly [string, ...string[]]>(label: string, values: Values) =>
  z.enum(values, { error: `${label} must be ${choices(values)}.` }).optional();

/**
 * The meeting filters, each optional: a weekday, a time of day (in the club's own time zone), a format and the
 * language spoken (en, es, en-and-es or other).
 */
const filterFields = {
  day: oneOf('Day', WEEKDAYS),
  time: oneOf('Time', TIMES_OF_DAY),
  format: oneOf('Format', MEETING_FORMATS),
  language: oneOf('Language', MEETING_LANGUAGES),
};

/** The filters given, without the keys of those left out. */
const toFilter = ({ day, time, format, language }: MeetingFilter): MeetingFilter => ({
  ...(day && { day }),
  ...(time && { time }),
  ...(format && { format }),
  ...(language && { language }),
});

/**
 * GET /api/clubs/search: `?state=` with the text the visitor typed (a state's name or abbreviation, a 5-digit ZIP
 * code, "City" or "City, ST"), or `?lat=&lng=` for Near me; `radius` (miles) applies to places and positions;
 * `page` (1 unless given) picks which of the results' pages; `day`, `time` and `format` keep only the clubs with a
 * slot on that day, at that time of day, in that format, and `language` those meeting in it (Spanish: the bilingual
 * clubs too). Filters need no place: alone (place null), they find the newest verified clubs matching.
 */
export const directorySearchSchema = z
  .object({
    ...placeFields,
    ...filterFields,
    radius: z.coerce
      .number({ error: RADIUS_MESSAGE })
      .pipe(z.literal(SEARCH_RADII, { error: RADIUS_MESSAGE }))
      .default(DEFAULT_RADIUS),
    page: pageParameter(MAX_SEARCH_PAGE),
  })
  .transform(({ radius, page, day, time, format, language, ...place }, ctx) => {
    const filter = toFilter({ day, time, format, language });
    const placeGiven = Object.values(place).some((value) => value !== undefined);
    if (!placeGiven && Object.keys(filter).length === 0) {
      ctx.issues.push({ code: 'custom', message: SEARCH_MESSAGE, path: ['state'], input: place });
      return z.NEVER;
    }
    return { place: placeGiven ? toPlace(place, ctx) : null, filter, radius, page };
  });

/** GET /api/clubs: the recently registered clubs' page. */
export const recentClubsSchema = z.object({ page: pageParameter(MAX_SEARCH_PAGE) });

/** GET /api/clubs/nearest: the same place and filter parameters as the search, without a radius; a place is needed. */
export const directoryNearestSchema = z
  .object({ ...placeFields, ...filterFields })
  .transform(({ day, time, format, language, ...place }, ctx) => ({
    place: toPlace(place, ctx),
    filter: toFilter({ day, time, format, language }),
  }));

export type DirectorySearch = z.output<typeof directorySearchSchema>;
export type DirectoryNearest = z.output<typeof directoryNearestSchema>;
