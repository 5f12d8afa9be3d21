import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_RADIUS, type PublicClub, type SearchRadius } from '#lib/directory/types.ts';
import { hasFilter, meetingFilterQuery } from '#lib/client/directory-url.ts';
import type { MeetingFilter } from '#lib/clubs/meetings/types.ts';
import type { DirectoryWords } from '#lib/directory/words.ts';
import { fetchClubs } from './fetch-clubs.ts';

export interface SearchResults {
  /** The recent clubs, grown by "Show more clubs" past the first page: no search at all. */
  recent?: true;
  /** The text searched for; empty for Near me and for filters alone. */
  text: string;
  /** Near me's position query (?lat=&lng=); empty for text and filters alone. */
  position: string;
  /** The meeting filters the clubs were found with. */
  filter: MeetingFilter;
  clubs: PublicClub[];
  /** Where distances were measured from, as the messages say it; null for a state or an unknown place. */
  place: string | null;
  /** The searched place as the server named it ("Kalispell, MT"), which an alert can watch; null for Near me, a state or none. */
  placeName: string | null;
  /** The server's word on text that named no place it knows (an unknown ZIP code). */
  message: string | null;
  /** A city name in several states: the cities it may mean ("Springfield, IL"), to choose from; empty otherwise. */
  choices: string[];
  radius: number;
  /** When nothing was found: the nearest clubs in any state. */
  nearest: PublicClub[];
  /** The URL of the search's next page, while more clubs follow. */
  next: string | null;
}

/** A search's identity in the URL, to tell a new one from the one showing; null for the recent clubs. */
const searchKey = (state: string | null, radius: SearchRadius, filter: MeetingFilter) =>
  state || hasFilter(filter) ? `${state ?? ''} ${state ? radius : ''} ${meetingFilterQuery(filter)}` : null;

/**
 * The directory's searches and what they found: only the latest search's answer shows, a search from a place that
 * finds nothing brings the nearest clubs meeting the filters, and "Show more clubs" adds the next page and focuses
 * its first new card (inside `clubList`).
 */
export function useClubSearch(notices: DirectoryWords['notices']) {
  const [searching, setSearching] = useState(false);
  const [results, setResults] = useState<SearchResults | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [notice, setNotice] = useState('');
  // The first club a "Show more clubs" added, to take the focus once its card is on screen.
  const focusClubId = useRef<number | null>(null);
  const clubList = useRef<HTMLDivElement>(null);
  // searchKey() of the search on screen, to tell a new URL from the one showing; null for none.
  const searchedKey = useRef<string | null>(null);
  // The latest search started: a filter can change while a search runs, and only the latest answer may show.
  const latestSearch = useRef(0);

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
        const nearest =
          found.clubs.length || !place || found.choices.length ? [] : ((await fetchClubs(`/api/clubs/nearest?${query}`))?.clubs ?? []);
        if (run !== latestSearch.current) return;
        setResults({
          text: searchText,
          position,
          filter: meetings,
          clubs: found.clubs,
          place: position ? 'your location' : searchText && found.place && `"${searchText}" (${found.place})`,
          placeName: position ? null : found.place,
          message: found.message,
          choices: found.choices,
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

  /** "Show more clubs" under the recent clubs: the list on screen goes on with GET /api/clubs's next page, `next`. */
  const showMoreRecent = (clubs: PublicClub[], next: string) => {
    const recent: SearchResults = {
      recent: true,
      text: '',
      position: '',
      filter: {},
      clubs,
      place: null,
      placeName: null,
      message: null,
      choices: [],
      radius: DEFAULT_RADIUS,
      nearest: [],
      next,
    };
    setResults(recent);
    void showMore(recent);
  };

  /** Back to the recent clubs, dropping the search on screen and any still running. */
  const showRecent = useCallback(() => {
    latestSearch.current++;
    setSearching(false);
    setResults(null);
    searchedKey.current = null;
  }, []);

  /** Whether the search on screen is the one for this state, radius and filters (the recent clubs: none of them). */
  const isShowing = useCallback(
    (state: string | null, radius: SearchRadius, filter: MeetingFilter) => searchKey(state, radius, filter) === searchedKey.current,
    [],
  );

  /** Adds the search's next page below the clubs on screen, unless another search has replaced it meanwhile. */
  const showMore = async (current = results) => {
    const url = current?.next;
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
      setNotice(notices.moreFailed);
    } finally {
      setLoadingMore(false);
    }
  };

  useEffect(() => {
    if (focusClubId.current === null) return;
    clubList.current?.querySelector<HTMLElement>(`[data-club-id="${focusClubId.current}"] a`)?.focus();
    focusClubId.current = null;
  }, [results]);

  return { results, searching, loadingMore, notice, setNotice, clubList, search, showRecent, isShowing, showMore, showMoreRecent };
}

/** The directory's searches: what useClubSearch gives its callers. */
export type ClubSearch = ReturnType<typeof useClubSearch>;
