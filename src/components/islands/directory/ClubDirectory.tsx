import { useEffect, useRef, type FormEvent } from 'react';
import type { DirectoryWords } from '#lib/directory/words.ts';
import { ClubDialog } from './ClubDialog.tsx';
import { ClubsJsonLd } from './ClubsJsonLd.tsx';
import { DirectoryResults } from './DirectoryResults.tsx';
import { DirectorySearchForm } from './DirectorySearchForm.tsx';
import { useRecentClubs } from './fetch-clubs.ts';
import { useClubSearch } from './use-club-search.ts';
import { useDirectoryUrlState } from './use-directory-url-state.ts';

/**
 * The Active Clubs list: recent verified clubs, the search (state, city, ZIP code or Near me, the last one never in
 * the URL) and the meeting filters (alone, the newest clubs matching), the nearest clubs when a search finds none,
 * and each club's dialog, mirrored in the URL. Its words come from the page's entry, one per language, and the dialog's
 * from ClubWordsContext, which the entry provides: each page's JavaScript carries its own language's words only.
 */
export function ClubDirectory({
  storeUrl,
  words,
}: {
  storeUrl: string;
  /** The list's words in the page's language, from its entry (ClubDirectoryEn.tsx or ClubDirectoryEs.tsx). */
  words: DirectoryWords;
}) {
  const recent = useRecentClubs();
  const clubSearch = useClubSearch(words.notices);
  const { results } = clubSearch;
  const directory = useDirectoryUrlState(clubSearch, words.notices);

  // A search the visitor asked for (Search, Near me) moves the focus, and so the page, to what it found: on a phone the
  // results are below the form, and nothing on screen would change.
  const summary = useRef<HTMLDivElement>(null);
  const asked = useRef(false);
  const ask =
    <Args extends unknown[]>(action: (...args: Args) => void) =>
    (...args: Args) => {
      asked.current = true;
      action(...args);
    };
  useEffect(() => {
    if (!asked.current || clubSearch.searching || (!results && !clubSearch.notice)) return;
    asked.current = false;
    summary.current?.focus();
  }, [results, clubSearch.searching, clubSearch.notice]);

  const shown = results ? results.clubs : (recent.data ?? []);
  const openedClubCard = [...shown, ...(results?.nearest ?? [])].find((c) => c.id === directory.openClubId) ?? null;

  return (
    <div>
      <DirectorySearchForm
        text={directory.text}
        onText={directory.setText}
        searchInput={directory.searchInput}
        radius={directory.radius}
        fromPlace={Boolean(results?.place)}
        filter={directory.filter}
        searching={clubSearch.searching}
        hasResults={results !== null && !results.recent}
        onSubmit={ask((event: FormEvent) => directory.onSubmit(event))}
        onRadius={directory.onRadius}
        onFilter={directory.onFilter}
        onNearMe={ask(directory.nearMe)}
        onClear={directory.onClear}
        words={words}
      />
      <DirectoryResults
        results={results}
        recent={recent}
        shown={shown}
        notice={clubSearch.notice}
        summary={summary}
        clubList={clubSearch.clubList}
        loadingMore={clubSearch.loadingMore}
        onShowMore={() => void clubSearch.showMore()}
        onShowMoreRecent={recent.data && recent.next ? () => clubSearch.showMoreRecent(recent.data!, recent.next!) : null}
        onOpen={directory.openClub}
        storeUrl={storeUrl}
        words={words}
      />
      <ClubsJsonLd clubs={shown} />
      <ClubDialog
        clubId={directory.openClubId}
        initial={openedClubCard}
        onClose={directory.closeClub}
        returnFocusTo={directory.returnFocusTo}
        words={words}
      />
    </div>
  );
}
