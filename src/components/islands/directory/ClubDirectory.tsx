import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Loader2, MapPin, Search, X } from 'lucide-react';
import { DEFAULT_RADIUS, MAX_SEARCH_LENGTH, SEARCH_RADII, type PublicClub, type SearchRadius } from '#lib/directory-types.ts';
import { getJson } from '#lib/client/api.ts';
import { directoryUrl, hasFilter, meetingFilterQuery, readDirectoryLocation } from '#lib/client/directory-url.ts';
import {
  FORMAT_LABELS,
  MEETING_FORMATS,
  TIME_OF_DAY_LABELS,
  TIMES_OF_DAY,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type MeetingFilter,
} from '#lib/meeting-types.ts';
import { ClubCard } from './ClubCard.tsx';
import { ClubDialog } from './ClubDialog.tsx';
import { ClubsJsonLd } from './ClubsJsonLd.tsx';

interface Results {
  /** The text searched for; empty for Near me and for filters alone. */
  text: string;
  /** Near me's position query (?lat=&lng=); empty for text and filters alone. */
  position: string;
  /** The meeting filters the clubs were found with. */
  filter: MeetingFilter;
  clubs: PublicClub[];
  /** Where distances were measured from, as the messages say it; null for a state or an unknown place. */
  place: string | null;
  /** The server's word on text that named no place it knows (an unknown ZIP code). */
  message: string | null;
  radius: number;
  /** When nothing was found: the nearest clubs in any state. */
  nearest: PublicClub[];
  /** The URL of the search's next page, while more clubs follow. */
  next: string | null;
}

/**
 * A list of clubs, the place it was measured from and the URL of its next page (Link rel="next"); null for a non-OK
 * answer, which the spec ignores silently.
 */
async function fetchClubs(url: string) {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) return null;
  const { headers } = response;
  const next = /<([^>]+)>;\s*rel="next"/.exec(headers.get('link') ?? '')?.[1] ?? null;
  return {
    clubs: (await response.json()) as PublicClub[],
    place: headers.get('x-search-place'),
    message: headers.get('x-search-message'),
    next,
  };
}

const TIME_WORDS = { morning: 'morning', afternoon: 'afternoon', evening: 'evening' } as const;
const FORMAT_WORDS = { 'in-person': 'in person', online: 'online', hybrid: 'both in person and online' } as const;

/** The filters in words after "meeting": "on Tuesday evenings online", "in the morning", "in person". */
function filterWords({ day, time, format }: MeetingFilter): string {
  const when = day ? `on ${WEEKDAY_NAMES[day]}${time ? ` ${TIME_WORDS[time]}` : ''}s` : time ? `in the ${TIME_WORDS[time]}` : '';
  return [when, format && FORMAT_WORDS[format]].filter(Boolean).join(' ');
}

/** A search's identity in the URL, to tell a new one from the one showing; null for the recent clubs. */
const searchKey = (state: string | null, radius: SearchRadius, filter: MeetingFilter) =>
  state || hasFilter(filter) ? `${state ?? ''} ${state ? radius : ''} ${meetingFilterQuery(filter)}` : null;

/**
 * The Active Clubs list: recent verified clubs, the search (state, city, ZIP code or Near me, the last one never in
 * the URL) and the meeting filters (alone, the newest clubs matching), the nearest clubs when a search finds none,
 * and each club's dialog, mirrored in the URL.
 */
export default function ClubDirectory({ storeUrl }: { storeUrl: string }) {
  const recent = useRecentClubs();
  const [text, setText] = useState('');
  const [radius, setRadius] = useState<SearchRadius>(DEFAULT_RADIUS);
  const [filter, setFilter] = useState<MeetingFilter>({});
  const [searching, setSearching] = useState(false);
  const [results, setResults] = useState<Results | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  // The first club a "Show more clubs" added, to take the focus once its card is on screen.
  const focusClubId = useRef<number | null>(null);
  const clubList = useRef<HTMLDivElement>(null);
  const [notice, setNotice] = useState('');
  const [openClubId, setOpenClubId] = useState<number | null>(null);
  const dialogPushed = useRef(false);
  // searchKey() of the search on screen, to tell a new URL from the one showing; null for none.
  const searchedKey = useRef<string | null>(null);
  // The latest search started: a filter can change while a search runs, and only the latest answer may show.
  const latestSearch = useRef(0);
  const openedFrom = useRef<HTMLElement | null>(null);
  const searchInput = useRef<HTMLInputElement>(null);

  /**
   * Runs a search for text, for Near me's `position` (lat=&lng=) or for the filters alone, and asks for the nearest
   * clubs meeting the filters when a search from a place finds none.
   */
  const search = useCallback(async (searchText: string, miles: SearchRadius, meetings: MeetingFilter, position = '') => {
    const run = ++latestSearch.current;
    setSearching(true);
    setNotice('');
    const place = position || (searchText && `state=${encodeURIComponent(searchText)}`);
    const query = [place, meetingFilterQuery(meetings)].filter(Boolean).join('&');
    try {
      const found = await fetchClubs(`/api/clubs/search?${query}${place ? `&radius=${miles}` : ''}`);
      if (found) {
        const nearest = found.clubs.length || !place ? [] : ((await fetchClubs(`/api/clubs/nearest?${query}`))?.clubs ?? []);
        if (run !== latestSearch.current) return;
        setResults({
          text: searchText,
          position,
          filter: meetings,
          clubs: found.clubs,
          place: position ? 'your location' : searchText && found.place && `"${searchText}" (${found.place})`,
          message: found.message,
          radius: miles,
          nearest,
          next: found.next,
        });
        searchedKey.current = searchKey(searchText, miles, meetings);
      }
    } catch (error) {
      console.error('Club search failed', error);
    } finally {
      if (run === latestSearch.current) setSearching(false);
    }
  }, []);

  /** Back to the recent clubs, dropping the search on screen and any still running. */
  const showRecent = useCallback(() => {
    latestSearch.current++;
    setSearching(false);
    setResults(null);
    searchedKey.current = null;
  }, []);

  const showLocation = useCallback(
    (url: URL) => {
      const location = readDirectoryLocation(url);
      setOpenClubId(location.clubId);
      dialogPushed.current = false;
      // Opening or closing a dialog changes only `club`: the results on screen stay as they are.
      const key = searchKey(location.state, location.radius, location.filter);
      if (key === searchedKey.current) return;
      setRadius(location.radius);
      setFilter(location.filter);
      setText(location.state ?? '');
      if (key) void search(location.state ?? '', location.radius, location.filter);
      else showRecent();
    },
    [search, showRecent],
  );

  useEffect(() => {
    // Keep what a visitor typed while the page was still loading.
    const typed = searchInput.current?.value ?? '';
    if (typed && !new URL(window.location.href).searchParams.has('state')) setText(typed);
    showLocation(new URL(window.location.href));
    const onPopState = () => showLocation(new URL(window.location.href));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [showLocation]);

  const urlFor = (state: string | null, clubId: number | null, miles = radius, meetings = filter) =>
    directoryUrl(new URL(window.location.href), { state: state || null, clubId, radius: miles, filter: meetings });
  const navigate = (state: string | null, clubId: number | null, miles?: SearchRadius, meetings?: MeetingFilter) =>
    window.history.pushState(null, '', urlFor(state, clubId, miles, meetings));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || searching) return;
    navigate(trimmed, null);
    void search(trimmed, radius, filter);
  };

  const onRadius = (miles: SearchRadius) => {
    setRadius(miles);
    if (results?.text) navigate(results.text, null, miles);
    void search(results!.text, miles, filter, results!.position);
  };

  /** A filter changed: the search on screen runs again with it; without one, the filters alone find the newest clubs. */
  const onFilter = (change: MeetingFilter) => {
    const meetings = { ...filter, ...change };
    setFilter(meetings);
    const searchText = results?.text ?? '';
    navigate(searchText || null, null, radius, meetings);
    if (searchText || results?.position || hasFilter(meetings)) void search(searchText, radius, meetings, results?.position);
    else showRecent();
  };

  // The position is asked for only now, after the click, and goes no further than this search's query string,
  // rounded to about 100 m: enough for "N mi away".
  const nearMe = () => {
    const fail = (why: string) => setNotice(`${why} Search by city, state or ZIP code instead.`);
    if (!navigator.geolocation) return fail('Your browser cannot share your location.');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setText('');
        navigate(null, null);
        void search('', radius, filter, `lat=${coords.latitude.toFixed(3)}&lng=${coords.longitude.toFixed(3)}`);
      },
      (error) => fail(error.code === error.PERMISSION_DENIED ? 'Location access was refused.' : 'Your location could not be found.'),
      { timeout: 10_000 },
    );
  };

  /** Adds the search's next page below the clubs on screen, unless another search has replaced it meanwhile. */
  const showMore = async () => {
    const url = results?.next;
    if (!url || loadingMore) return;
    setLoadingMore(true);
    setNotice('');
    try {
      const more = await fetchClubs(url);
      if (!more) throw new Error('The next page was refused');
      setResults((current) => {
        if (current?.next !== url) return current;
        const shown = new Set(current.clubs.map((club) => club.id));
        const added = more.clubs.filter((club) => !shown.has(club.id));
        focusClubId.current = added[0]?.id ?? null;
        return { ...current, clubs: [...current.clubs, ...added], next: more.next };
      });
    } catch (error) {
      console.error('Loading more clubs failed', error);
      setNotice('More clubs could not be loaded. Please try again.');
    } finally {
      setLoadingMore(false);
    }
  };

  useEffect(() => {
    if (focusClubId.current === null) return;
    clubList.current?.querySelector<HTMLElement>(`[data-club-id="${focusClubId.current}"] button`)?.focus();
    focusClubId.current = null;
  }, [results]);

  const onClear = () => {
    setText('');
    setFilter({});
    showRecent();
    navigate(null, null, radius, {});
  };

  const openClub = (club: PublicClub) => {
    openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpenClubId(club.id);
    navigate(results?.text ?? null, club.id);
    dialogPushed.current = true;
  };

  const closeClub = () => {
    setOpenClubId(null);
    if (dialogPushed.current) {
      dialogPushed.current = false;
      window.history.back();
    } else {
      window.history.replaceState(null, '', urlFor(results?.text ?? null, null));
    }
  };

  const shown = results ? results.clubs : (recent.data ?? []);
  const meeting = results && hasFilter(results.filter) ? `meeting ${filterWords(results.filter)}` : '';
  const where = [results?.place ? `within ${results.radius} mi of ${results.place}` : results?.text && `in "${results.text}"`, meeting]
    .filter(Boolean)
    .join(' ');
  const openedClubCard = [...shown, ...(results?.nearest ?? [])].find((c) => c.id === openClubId) ?? null;
  const hostPanel = (
    <div className="mt-4 rounded-xl bg-flame-50 p-6 text-center">
      <p className="font-display text-xl font-bold text-ember-900">Be the First Club Host!</p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <a className="btn-primary" href={storeUrl} target="_blank" rel="noopener noreferrer">
          Purchase HOST SET<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <a className="btn-secondary" href="/club-registration">
          Register Your Club
        </a>
      </div>
    </div>
  );
  const cards = (clubs: PublicClub[], label: string) => (
    <ul className="mt-6 grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3" aria-label={label}>
      {clubs.map((club) => (
        <ClubCard key={club.id} club={club} onOpen={openClub} />
      ))}
    </ul>
  );

  return (
    <div>
      <form onSubmit={onSubmit} role="search">
        <div className="flex flex-col gap-3 sm:flex-row">
          <label htmlFor="state-search" className="sr-only">
            Search clubs by state, city or ZIP code
          </label>
          <div className="relative flex-1">
            <Search className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-stone-500" aria-hidden="true" />
            <input
              id="state-search"
              ref={searchInput}
              type="search"
              value={text}
              maxLength={MAX_SEARCH_LENGTH}
              onChange={(event) => setText(event.target.value)}
              placeholder="State, city or ZIP code, e.g. CA, Austin or 78704"
              className="w-full rounded-lg border border-stone-300 bg-white py-2.5 pl-10 pr-3 text-stone-900 shadow-sm focus:border-flame-700 focus:outline-none focus:ring-2 focus:ring-flame-700"
            />
          </div>
          {results?.place && (
            <select
              aria-label="Distance"
              value={radius}
              onChange={(event) => onRadius(Number(event.target.value) as SearchRadius)}
              className="rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-stone-900 shadow-sm"
            >
              {SEARCH_RADII.map((miles) => (
                <option key={miles} value={miles}>
                  Within {miles} mi
                </option>
              ))}
            </select>
          )}
          <button type="submit" className="btn-primary" disabled={!text.trim() || searching}>
            {searching ? 'Searching...' : 'Search'}
          </button>
          <button type="button" className="btn-secondary" onClick={nearMe} disabled={searching}>
            <MapPin className="h-4 w-4" aria-hidden="true" />
            Near me
          </button>
          {results && (
            <button type="button" className="btn-secondary" onClick={onClear}>
              <X className="h-4 w-4" aria-hidden="true" />
              Clear
            </button>
          )}
        </div>
        <fieldset className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
          <legend className="sr-only">When and how clubs meet</legend>
          <FilterSelect
            label="Day"
            any="Any day"
            value={filter.day}
            labels={WEEKDAY_NAMES}
            values={WEEKDAYS}
            onChange={(day) => onFilter({ day })}
          />
          <FilterSelect
            label="Time of day"
            any="Any time"
            value={filter.time}
            labels={TIME_OF_DAY_LABELS}
            values={TIMES_OF_DAY}
            onChange={(time) => onFilter({ time })}
          />
          <FilterSelect
            label="Format"
            any="Any format"
            value={filter.format}
            labels={FORMAT_LABELS}
            values={MEETING_FORMATS}
            onChange={(format) => onFilter({ format })}
          />
        </fieldset>
      </form>

      <div className="mt-6" aria-live="polite">
        {notice && <p className="mb-3 font-semibold text-flame-800">{notice}</p>}
        {results ? (
          results.clubs.length > 0 ? (
            <>
              <p className="text-stone-700">
                Found {results.clubs.length} club(s) {where}
              </p>
              {results.next && (
                <p className="mt-1 text-sm text-stone-600">
                  {results.place
                    ? `These are the ${results.clubs.length} nearest; more clubs meet in this area.`
                    : results.text
                      ? `These are the ${results.clubs.length} newest; more clubs meet in this state.`
                      : `These are the ${results.clubs.length} newest; more clubs match.`}
                </p>
              )}
            </>
          ) : results.place ? (
            <p className="text-stone-700">No clubs found {where}.</p>
          ) : results.message ? (
            <p className="text-stone-700">{results.message}</p>
          ) : meeting ? (
            <p className="text-stone-700">No clubs found {where}. Try another day, time of day or format.</p>
          ) : (
            <div>
              <p className="text-stone-700">No clubs found for "{results.text}". Try searching with full state name or abbreviation.</p>
              <div className="mt-4 rounded-xl border border-dashed border-stone-300 bg-white p-5 text-sm text-stone-700">
                <p className="font-semibold text-ember-900">Search tips</p>
                <p className="mt-1">
                  Type a full state name such as <strong>California</strong> or its abbreviation such as <strong>CA</strong>.
                </p>
              </div>
            </div>
          )
        ) : recent.error ? (
          <p className="text-stone-700">The clubs could not be loaded. Please refresh the page to try again.</p>
        ) : !recent.data ? (
          // Also what the server renders: the list is fetched once the island runs.
          <p className="flex items-center gap-2 text-stone-700">
            <Loader2 className="h-5 w-5 animate-spin text-flame-700" aria-hidden="true" />
            Loading clubs...
          </p>
        ) : shown.length > 0 ? (
          <p className="text-stone-700">Showing {shown.length} recently registered clubs</p>
        ) : (
          <div>
            <p className="text-stone-700">No clubs registered yet. Be the first to host a FlameKeeper Club in your area!</p>
            {hostPanel}
          </div>
        )}
      </div>

      {results?.clubs.length === 0 && (
        <>
          {results.nearest.length > 0 && (
            <>
              <h3 className="mt-6 text-xl font-bold text-ember-900">Nearest verified clubs</h3>
              {cards(results.nearest, 'Nearest clubs')}
            </>
          )}
          {hostPanel}
        </>
      )}
      <div ref={clubList}>{shown.length > 0 && cards(shown, 'Clubs')}</div>
      {results?.next && (
        <div className="mt-6 flex justify-center">
          <button type="button" className="btn-secondary" onClick={() => void showMore()} disabled={loadingMore} aria-busy={loadingMore}>
            {loadingMore && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
            {loadingMore ? 'Loading more clubs...' : 'Show more clubs'}
          </button>
        </div>
      )}
      <ClubsJsonLd clubs={shown} />
      <ClubDialog
        clubId={openClubId}
        initial={openedClubCard}
        onClose={closeClub}
        returnFocusTo={() => (openedFrom.current?.isConnected ? openedFrom.current : searchInput.current)}
      />
    </div>
  );
}

/**
 * The directory's initial list, read once per page view. A plain fetch rather than a nanoquery store: the page
 * holds no other cached data, and the store's ~3 KB would not fit the page's 80 KB JavaScript budget.
 */
function useRecentClubs(): { data?: PublicClub[]; error?: unknown } {
  const [state, setState] = useState<{ data?: PublicClub[]; error?: unknown }>({});
  useEffect(() => {
    getJson<PublicClub[]>('/api/clubs').then(
      (data) => setState({ data }),
      (error: unknown) => setState({ error }),
    );
  }, []);
  return state;
}

/** One of the meeting filters: "Any …" or one of its values, by its label. */
function FilterSelect<Value extends string>(props: {
  label: string;
  any: string;
  value: Value | undefined;
  values: readonly Value[];
  labels: Record<Value, string>;
  onChange: (value: Value | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-stone-700">
        {props.label}
      </label>
      <select
        id={id}
        value={props.value ?? ''}
        onChange={(event) => props.onChange((event.target.value || undefined) as Value | undefined)}
        className="rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-stone-900 shadow-sm"
      >
        <option value="">{props.any}</option>
        {props.values.map((value) => (
          <option key={value} value={value}>
            {props.labels[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
