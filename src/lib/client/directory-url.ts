import { DEFAULT_RADIUS, SEARCH_RADII, type SearchRadius } from '#lib/directory/types.ts';
import { MEETING_FORMATS, MEETING_LANGUAGES, TIMES_OF_DAY, WEEKDAYS, type MeetingFilter } from '#lib/clubs/meetings/types.ts';

/** What the directory's address bar says: the search, its radius, the meeting filters and the club whose dialog is open. */
export interface DirectoryLocation {
  state: string | null;
  clubId: number | null;
  radius: SearchRadius;
  filter: MeetingFilter;
}

const FILTER_CHOICES = { day: WEEKDAYS, time: TIMES_OF_DAY, format: MEETING_FORMATS, language: MEETING_LANGUAGES } as const;
const FILTER_KEYS = Object.keys(FILTER_CHOICES) as (keyof MeetingFilter)[];

/** The filters a URL's parameters give (`?day=tuesday&time=evening&format=online&language=es`); unknown values are left out. */
function readFilter(params: URLSearchParams): MeetingFilter {
  const filter: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value && (FILTER_CHOICES[key] as readonly string[]).includes(value)) filter[key] = value;
  }
  return filter as MeetingFilter;
}

/** Whether any meeting filter is chosen. */
export const hasFilter = (filter: MeetingFilter) => FILTER_KEYS.some((key) => filter[key]);

/** The filters as query parameters in a fixed order, for the API and the address bar: `day=tuesday&time=evening`. */
export function meetingFilterQuery(filter: MeetingFilter): string {
  return FILTER_KEYS.flatMap((key) => (filter[key] ? [`${key}=${filter[key]}`] : [])).join('&');
}

/**
 * Reads the directory's state from a URL (`?state=78704&radius=50&day=tuesday&club=12`); a missing or odd radius is
 * the default, odd filters are no filters.
 */
export function readDirectoryLocation(url: URL): DirectoryLocation {
  const state = url.searchParams.get('state')?.trim() || null;
  const club = Number(url.searchParams.get('club'));
  const radius = SEARCH_RADII.find((r) => String(r) === url.searchParams.get('radius')) ?? DEFAULT_RADIUS;
  return { state, clubId: Number.isInteger(club) && club > 0 ? club : null, radius, filter: readFilter(url.searchParams) };
}

/**
 * The URL for a directory state, keeping the path and any other parameters; a radius only when not the default. The
 * directory's own parameters come in one order (state, radius, day, time, format, language, club), however they were
 * reached.
 */
export function directoryUrl(current: URL, location: DirectoryLocation): string {
  const url = new URL(current);
  const values = {
    state: location.state,
    radius: location.state && location.radius !== DEFAULT_RADIUS && location.radius,
    ...Object.fromEntries(FILTER_KEYS.map((key) => [key, location.filter[key]])),
    club: location.clubId,
  };
  for (const name of ['state', 'radius', ...FILTER_KEYS, 'club']) url.searchParams.delete(name);
  for (const [name, value] of Object.entries(values)) if (value) url.searchParams.append(name, String(value));
  return url.pathname + url.search + url.hash;
}
