import { lazy, Suspense, type RefObject } from 'react';
import { Loader2 } from 'lucide-react';
import { GuideLinks } from '#components/islands/shared/GuideLinks.tsx';
import type { PublicClub } from '#lib/directory/types.ts';
import { fillTemplate } from '#lib/shared/format.ts';
import { countOf, type PluralForms } from '#lib/shared/plural.ts';
import { resolveState, stateName } from '#lib/places/us-states.ts';
import { hasFilter } from '#lib/client/directory-url.ts';
import type { MeetingFilter } from '#lib/clubs/meetings/types.ts';
import type { DirectoryWords } from '#lib/directory/words.ts';
import { useClubWords } from '#components/islands/shared/club-words.ts';
import { ClubCard } from './ClubCard.tsx';
import type { RecentClubs } from './fetch-clubs.ts';
import type { SearchResults } from './use-club-search.ts';

// The alert form (zod, react-hook-form) loads once a place has been searched: the directory keeps its first load.
const AlertForm = lazy(() => import('#components/islands/shared/AlertFormView.tsx'));

/** The filters in words after "meeting": "on Tuesday evenings online", "in the morning", "in person in Spanish". */
function filterWords({ day, time, format, language }: MeetingFilter, words: DirectoryWords['results']): string {
  const timeWord = time && words.filterTimes[time];
  const when = day
    ? fillTemplate(timeWord ? words.onDayAtTime : words.onDay, { day: words.filterDays[day], time: timeWord ?? '' })
    : timeWord
      ? fillTemplate(words.atTime, { time: timeWord })
      : '';
  return [when, format && words.filterFormats[format], language && words.filterLanguages[language]].filter(Boolean).join(' ');
}

/**
 * What a search by text looked in: a state by its name in the page's language ("Oregon", "Oregón" for "or"), anything
 * else as typed, in quotes.
 */
function searchedWords(text: string, stateNames: DirectoryWords['stateNames']): string {
  const state = resolveState(text);
  return state ? (stateNames?.[state] ?? stateName(state)) : `"${text}"`;
}

/** The search tips, with the example state and its abbreviation in bold. */
function searchTips(tips: string) {
  const examples: Record<string, string> = { '{state}': 'California', '{abbreviation}': 'CA' };
  return tips
    .split(/(\{state\}|\{abbreviation\})/)
    .map((part, index) => (examples[part] ? <strong key={index}>{examples[part]}</strong> : part));
}

interface DirectoryResultsProps {
  /** The search on screen; null for the recent clubs. */
  results: SearchResults | null;
  recent: RecentClubs;
  /** The clubs listed: the search's, or the recent ones. */
  shown: PublicClub[];
  /** Why the list did not change (Near me refused, a page that did not load); empty for none. */
  notice: string;
  /** The summary of what the search found, which takes the focus when a search the visitor asked for is answered. */
  summary: RefObject<HTMLDivElement | null>;
  /** Wraps the list, for focusing the first card "Show more clubs" added. */
  clubList: RefObject<HTMLDivElement | null>;
  loadingMore: boolean;
  onShowMore: () => void;
  /** "Show more clubs" under the first page of recent clubs, while more may follow. */
  onShowMoreRecent: (() => void) | null;
  onOpen: (club: PublicClub) => void;
  storeUrl: string;
  words: DirectoryWords;
}

/**
 * What the search found, said in a live region (how many, from where, meeting when; or why nothing), the clubs as
 * cards, the nearest clubs and the invitation to host when there are none, and "Show more clubs" while more follow.
 */
export function DirectoryResults({
  results,
  recent,
  shown,
  notice,
  summary,
  clubList,
  loadingMore,
  onShowMore,
  onShowMoreRecent,
  onOpen,
  storeUrl,
  words,
}: DirectoryResultsProps) {
  const { locale, directoryPath, results: t } = words;
  const { alert: alertCopy, fieldMessages } = useClubWords();
  const count = (n: number, forms: PluralForms) => countOf(n, forms, locale);
  const meeting = results && hasFilter(results.filter) ? fillTemplate(t.meeting, { filters: filterWords(results.filter, t) }) : '';
  const where = [
    results?.place
      ? fillTemplate(t.withinPlace, { miles: results.radius, place: results.place })
      : results?.text && fillTemplate(t.inPlace, { place: searchedWords(results.text, words.stateNames) }),
    meeting,
  ]
    .filter(Boolean)
    .join(' ');
  const hostPanel = (
    <div className="mt-4 rounded-xl bg-flame-50 p-6 text-center">
      <p className="font-display text-xl font-bold text-ember-900">{t.beFirst}</p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <a className="btn-primary" href={storeUrl} target="_blank" rel="noopener noreferrer">
          {t.purchase}
          <span className="sr-only">{t.opensInNewTab}</span>
        </a>
        <a className="btn-secondary" href="/club-registration">
          {t.register}
        </a>
      </div>
    </div>
  );
  // Issue 39: under the results for a place, and first when nothing meets within the distance, "tell me when one starts".
  const alertOffer = results?.placeName && results.text && (
    <div className="mt-6">
      <Suspense fallback={null}>
        <AlertForm
          place={results.text}
          heading={fillTemplate(alertCopy.offer, { place: results.placeName })}
          headingLevel={3}
          copy={alertCopy}
          fieldMessages={fieldMessages}
        />
      </Suspense>
    </div>
  );
  const cards = (clubs: PublicClub[], label: string) => (
    <ul className="mt-6 grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3" aria-label={label}>
      {clubs.map((club) => (
        <ClubCard key={club.id} club={club} onOpen={onOpen} words={words} />
      ))}
    </ul>
  );

  return (
    <>
      <div ref={summary} tabIndex={-1} className="mt-6 scroll-mt-24 focus:outline-none" aria-live="polite">
        {notice && <p className="mb-3 font-semibold text-flame-800">{notice}</p>}
        {results?.recent ? (
          <p className="text-stone-700">{fillTemplate(t.showing, { count: count(results.clubs.length, t.recentClubs) })}</p>
        ) : results ? (
          results.clubs.length > 0 ? (
            <>
              <p className="text-stone-700">{fillTemplate(t.found, { count: count(results.clubs.length, t.clubs), where })}</p>
              {results.next && (
                <p className="mt-1 text-sm text-stone-600">
                  {fillTemplate(results.place ? t.moreNearest : results.text ? t.moreNewestState : t.moreNewest, {
                    count: results.clubs.length,
                  })}
                </p>
              )}
            </>
          ) : results.choices.length > 0 ? (
            <div>
              <p className="text-stone-700">{fillTemplate(t.severalStates, { text: results.text })}</p>
              <ul className="mt-3 flex flex-wrap gap-2" aria-label={fillTemplate(t.placesNamed, { text: results.text })}>
                {results.choices.map((choice) => (
                  <li key={choice}>
                    <a className="btn-secondary" href={`${directoryPath}?${new URLSearchParams({ state: choice })}#active-heading`}>
                      {choice}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : results.place ? (
            <p className="text-stone-700">{fillTemplate(t.noneFound, { where })}</p>
          ) : results.message ? (
            <p className="text-stone-700">{results.message}</p>
          ) : meeting ? (
            <p className="text-stone-700">{fillTemplate(t.noneFoundFilters, { where })}</p>
          ) : (
            <div>
              <p className="text-stone-700">{fillTemplate(t.noneForText, { text: results.text })}</p>
              <div className="mt-4 rounded-xl border border-dashed border-stone-300 bg-white p-5 text-sm text-stone-700">
                <p className="font-semibold text-ember-900">{t.tipsHeading}</p>
                <p className="mt-1">{searchTips(t.tips)}</p>
              </div>
            </div>
          )
        ) : recent.error ? (
          <p className="text-stone-700">{t.loadFailed}</p>
        ) : !recent.data ? (
          // Also what the server renders: the list is fetched once the island runs. It holds a screen's height, the
          // least the list takes, so that what follows it does not move down in sight when the list comes.
          <p className="flex min-h-svh items-start gap-2 text-stone-700">
            <Loader2 className="h-5 w-5 animate-spin text-flame-700" aria-hidden="true" />
            {t.loading}
          </p>
        ) : shown.length > 0 ? (
          <p className="text-stone-700">{fillTemplate(t.showing, { count: count(shown.length, t.recentClubs) })}</p>
        ) : (
          <div>
            <p className="text-stone-700">{t.noClubsYet}</p>
            {hostPanel}
          </div>
        )}
      </div>

      {results?.text && (
        <GuideLinks
          url={`/api/guides?place=${encodeURIComponent(results.text)}`}
          label={fillTemplate(words.guides.nearHeading, { place: results.text })}
          className="mt-3 rounded-xl bg-flame-50 px-4 py-3 text-stone-700"
        />
      )}

      {results?.clubs.length === 0 && results.choices.length === 0 && (
        <>
          {alertOffer}
          {results.nearest.length > 0 && (
            <>
              <h3 className="mt-6 text-xl font-bold text-ember-900">{t.nearestHeading}</h3>
              {cards(results.nearest, t.nearestLabel)}
            </>
          )}
          {hostPanel}
        </>
      )}
      <div ref={clubList}>{shown.length > 0 && cards(shown, t.clubsLabel)}</div>
      {(results?.next || (!results && onShowMoreRecent)) && (
        <div className="mt-6 flex justify-center">
          <button
            type="button"
            className="btn-secondary"
            onClick={results ? onShowMore : (onShowMoreRecent ?? undefined)}
            disabled={loadingMore}
            aria-busy={loadingMore}
          >
            {loadingMore && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
            {loadingMore ? t.loadingMore : t.showMore}
          </button>
        </div>
      )}
      {results && results.clubs.length > 0 && alertOffer}
    </>
  );
}
