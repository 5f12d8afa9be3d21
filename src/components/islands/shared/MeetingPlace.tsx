import { ExternalLink } from 'lucide-react';
import { meetingPlace } from '#lib/clubs/meetings/place.ts';
import type { ClubDetailsCopy } from '#lib/clubs/club-details-copy.ts';

interface MeetingPlaceProps {
  club: Parameters<typeof meetingPlace>[0];
  /** The row's classes (a flex row of the list it sits in). */
  className?: string;
  /** The term's classes, as the list's other terms have them. */
  termClassName?: string;
  /** The row's words in the page's language (src/content/club-details.json's `meetingPlace`, or its Spanish twin). */
  words: ClubDetailsCopy['meetingPlace'];
}

/**
 * "Meeting place: Twin Oaks Library, 1800 S 5th St, Austin, TX 78704 · Directions", or "shared after you ask to join"
 * for a private one: a row of a <dl>, the club's page's and the directory's dialog's alike. Nothing when the club names
 * no place or does not meet in person.
 */
export function MeetingPlace({ club, className, termClassName, words }: MeetingPlaceProps) {
  const place = meetingPlace(club);
  if (!place) return null;
  return (
    <div className={className} data-meeting-place>
      <dt className={termClassName}>{words.term}</dt>
      <dd className="min-w-0">
        {place === 'on-request' ? (
          words.onRequest
        ) : (
          <>
            {place.name}, {place.address}{' '}
            <a
              className="inline-flex items-center gap-1 font-semibold text-flame-800 underline"
              href={place.directionsUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {words.directions}
              <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
              <span className="sr-only">{words.opensInNewTab}</span>
            </a>
          </>
        )}
      </dd>
    </div>
  );
}
