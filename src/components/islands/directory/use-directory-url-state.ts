import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { DEFAULT_RADIUS, type PublicClub, type SearchRadius } from '#lib/directory/types.ts';
import { directoryUrl, hasFilter, readDirectoryLocation } from '#lib/client/directory-url.ts';
import type { MeetingFilter } from '#lib/clubs/meetings/types.ts';
import type { DirectoryWords } from '#lib/directory/words.ts';
import type { ClubSearch } from './use-club-search.ts';

/**
 * The visitor's choices (the search text, radius and meeting filters, the club whose dialog is open), each written to
 * the address bar as it is made and read back from it on load and on Back and Forward, which run the search they
 * name. Near me's position is never written to the URL.
 */
export function useDirectoryUrlState(
  { results, searching, search, showRecent, isShowing, setNotice }: ClubSearch,
  notices: DirectoryWords['notices'],
) {
  const [text, setText] = useState('');
  const [radius, setRadius] = useState<SearchRadius>(DEFAULT_RADIUS);
  const [filter, setFilter] = useState<MeetingFilter>({});
  const [openClubId, setOpenClubId] = useState<number | null>(null);
  const dialogPushed = useRef(false);
  const openedFrom = useRef<HTMLElement | null>(null);
  const searchInput = useRef<HTMLInputElement>(null);

  const showLocation = useCallback(
    (url: URL) => {
      const location = readDirectoryLocation(url);
      setOpenClubId(location.clubId);
      dialogPushed.current = false;
      // Opening or closing a dialog changes only `club`: the results on screen stay as they are.
      if (isShowing(location.state, location.radius, location.filter)) return;
      setRadius(location.radius);
      setFilter(location.filter);
      setText(location.state ?? '');
      if (location.state || hasFilter(location.filter)) void search(location.state ?? '', location.radius, location.filter);
      else showRecent();
    },
    [search, showRecent, isShowing],
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
    const fail = (why: string) => setNotice(`${why} ${notices.searchInstead}`);
    if (!navigator.geolocation) return fail(notices.noGeolocation);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setText('');
        navigate(null, null);
        void search('', radius, filter, `lat=${coords.latitude.toFixed(3)}&lng=${coords.longitude.toFixed(3)}`);
      },
      (error) => fail(error.code === error.PERMISSION_DENIED ? notices.locationRefused : notices.locationNotFound),
      { timeout: 10_000 },
    );
  };

  const onClear = () => {
    setText('');
    setFilter({});
    showRecent();
    navigate(null, null, radius, {});
  };

  const openClubNow = (club: PublicClub) => {
    openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpenClubId(club.id);
    navigate(results?.text ?? null, club.id);
    dialogPushed.current = true;
  };
  // One function for the life of the directory, calling the latest render's: the cards (memo) then stay as they are
  // when a dialog opens, where re-rendering every card was most of the click's time (INP, npm run audit:inp).
  const latestOpenClub = useRef(openClubNow);
  latestOpenClub.current = openClubNow;
  const openClub = useCallback((club: PublicClub) => latestOpenClub.current(club), []);

  const closeClub = () => {
    setOpenClubId(null);
    if (dialogPushed.current) {
      dialogPushed.current = false;
      window.history.back();
    } else {
      window.history.replaceState(null, '', urlFor(results?.text ?? null, null));
    }
  };

  /** Where focus goes when the dialog closes: the card that opened it, or the search box once that card is gone. */
  const returnFocusTo = () => (openedFrom.current?.isConnected ? openedFrom.current : searchInput.current);

  return {
    text,
    setText,
    radius,
    filter,
    openClubId,
    searchInput,
    onSubmit,
    onRadius,
    onFilter,
    nearMe,
    onClear,
    openClub,
    closeClub,
    returnFocusTo,
  };
}
