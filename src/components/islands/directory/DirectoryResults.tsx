import { lazy, Suspense, type RefObject } from 'react';
import { Loader2 } from 'lucide-react';
import { GuideLinks } from '#components/islands/shared/GuideLinks.tsx';
import type { PublicClub } from '#lib/directory/types.ts';
import { fillTemplate } from '#lib/shared/format.ts';
import { countOf } from '#lib/shared/plural.ts';
import { resolveState, stateName } from '#lib/places/us-states.ts';
import { hasFilter } from '#lib/client/directory-url.ts';
import { WEEKDAY_NAMES, type MeetingFilter } from '#lib/clubs/meetings/types.ts';
import { alertCopy } from '#lib/alerts/alert-copy.ts';
import { ClubCard } from './ClubCard.tsx';
import type { RecentClubs } from './fetch-clubs.ts';
import type { SearchResults } from './use-club-search.ts';

// The alert form (zod, react-hook-form) loads once a place has been searched: the directory keeps its first load.
const AlertForm = lazy(() => import('#components/islands/shared/AlertForm.tsx'));

const TIME_WORDS = { morning: 'morning', afternoon: 'afternoon', evening: 'evening' } as const;
const FORMAT_WORDS = { 'in-person': 'in person', online: 'online', hybrid: 'both in person and online' } as const;
const LANGUAGE_WORDS = {
  en: 'in English',
  es: 'in Spanish',
  'en-and-es': 'in English and Spanish',
  other: 'in another language',
} as const;

/** The filters in words after "meeting": "on Tuesday evenings online", "in the morning", "in person in Spanish". */
function filterWords({ day, time, format, language }: MeetingFilter): string {
  const when = day ? `on ${WEEKDAY_NAMES[day]}${time ? ` ${TIME_WORDS[time]}` : ''}s` : time ? `in the ${TIME_WORDS[time]}` : '';
  return [when, format && FORMAT_WORDS[format], language && LANGUAGE_WORDS[language]].filter(Boolean).join(' ');
}

const CLUBS = { one: 'club', other: 'clubs' };
const RECENT_CLUBS = { one: 'recently registered club', other: 'recently registered clubs' };

/** What a search by text looked in: a state by its name ("Oregon" for "or"), anything else as typed, in quotes. */
function searchedWords(text: string): string {
  const state = resolveState(text);
  return state ? stateName(state) : `"${text}"`;
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
  /** "Guides near {place}". */
  nearHeading: string;
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
  nearHeading,
}: DirectoryResultsProps) {
  const meeting = results && hasFilter(results.filter) ? `meeting ${filterWords(results.filter)}` : '';
  const where = [
    results?.place ? `within ${results.radius} mi of ${results.place}` : results?.text && `in ${searchedWords(results.text)}`,
    meeting,
  ]
    .filter(Boolean)
    .join(' ');
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
  // Issue 39: under the results for a place, and first when nothing meets within the distance, "tell me when one starts".
  const alertOffer = results?.placeName && results.text && (
    <div className="mt-6">
      <Suspense fallback={null}>
        <AlertForm place={results.text} heading={fillTemplate(alertCopy.offer, { place: results.placeName })} headingLevel={3} />
      </Suspense>
    </div>
  );
  const cards = (clubs: PublicClub[], label: string) => (
    <ul className="mt-6 grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3" aria-label={label}>
      {clubs.map((club) => (
        <ClubCard key={club.id} club={club} onOpen={onOpen} />
      ))}
    </ul>
  );

  return (
    <>
      <div ref={summary} tabIndex={-1} className="mt-6 scroll-mt-24 focus:outline-none" aria-live="polite">
        {notice && <p className="mb-3 font-semibold text-flame-800">{notice}</p>}
        {results?.recent ? (
          <p className="text-stone-700">Showing {countOf(results.clubs.length, RECENT_CLUBS)}</p>
        ) : results ? (
          results.clubs.length > 0 ? (
            <>
              <p className="text-stone-700">
                Found {countOf(results.clubs.length, CLUBS)} {where}
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
          ) : results.choices.length > 0 ? (
            <div>
              <p className="text-stone-700">"{results.text}" is in several states. Which one do you mean?</p>
              <ul className="mt-3 flex flex-wrap gap-2" aria-label={`Places named ${results.text}`}>
                {results.choices.map((choice) => (
                  <li key={choice}>
                    <a className="btn-secondary" href={`/flamekeeper-clubs?${new URLSearchParams({ state: choice })}#active-heading`}>
                      {choice}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : results.place ? (
            <p className="text-stone-700">No clubs found {where}.</p>
          ) : results.message ? (
            <p className="text-stone-700">{results.message}</p>
          ) : meeting ? (
            <p className="text-stone-700">No clubs found {where}. Try another day, time of day, format or language.</p>
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
          // Also what the server renders: the list is fetched once the island runs. It holds a screen's height, the
          // least the list takes, so that what follows it does not move down in sight when the list comes.
          <p className="flex min-h-svh items-start gap-2 text-stone-700">
            <Loader2 className="h-5 w-5 animate-spin text-flame-700" aria-hidden="true" />
            Loading clubs...
          </p>
        ) : shown.length > 0 ? (
          <p className="text-stone-700">Showing {countOf(shown.length, RECENT_CLUBS)}</p>
        ) : (
          <div>
            <p className="text-stone-700">No clubs registered yet. Be the first to host a FlameKeeper Club in your area!</p>
            {hostPanel}
          </div>
        )}
      </div>

      {results?.text && (
        <GuideLinks
          url={`/api/guides?place=${encodeURIComponent(results.text)}`}
          label={fillTemplate(nearHeading, { place: results.text })}
          className="mt-3 rounded-xl bg-flame-50 px-4 py-3 text-stone-700"
        />
      )}

      {results?.clubs.length === 0 && results.choices.length === 0 && (
        <>
          {alertOffer}
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
            {loadingMore ? 'Loading more clubs...' : 'Show more clubs'}
          </button>
        </div>
      )}
      {results && results.clubs.length > 0 && alertOffer}
    </>
  );
}
