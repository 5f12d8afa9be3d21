import { z } from './zod.ts';
import { DEFAULT_RADIUS, MAX_SEARCH_LENGTH, MAX_SEARCH_PAGE, SEARCH_RADII } from '#lib/directory-types.ts';
import { pageParameter } from './paging.ts';

const PLACE_MESSAGE = 'Enter a state, city or ZIP code to search.';

const searchText = z
  .string({ error: PLACE_MESSAGE })
  .trim()
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

/**
 * GET /api/clubs/search: `?state=` with the text the visitor typed (a state's name or abbreviation, a 5-digit ZIP
 * code, "City" or "City, ST"), or `?lat=&lng=` for Near me; `radius` (miles) applies to places and positions;
 * `page` (1 unless given) picks which of the results' pages.
 */
export const directorySearchSchema = z
  .object({
    ...placeFields,
    radius: z.coerce
      .number({ error: RADIUS_MESSAGE })
      .pipe(z.literal(SEARCH_RADII, { error: RADIUS_MESSAGE }))
      .default(DEFAULT_RADIUS),
    page: pageParameter(MAX_SEARCH_PAGE),
  })
  .transform(({ radius, page, ...place }, ctx) => ({ ...toPlace(place, ctx), radius, page }));

/** GET /api/clubs/nearest: the same place parameters as the search, without a radius. */
export const directoryNearestSchema = z.object(placeFields).transform(toPlace);

export type DirectorySearch = z.output<typeof directorySearchSchema>;
