import { ExternalLink } from 'lucide-react';
import { meetingPlace, PLACE_ON_REQUEST } from '#lib/clubs/meetings/place.ts';

/** The row's words in the page's language; English without (the directory's dialog, the English club page). */
export interface MeetingPlaceWords {
  label: string;
  onRequest: string;
  directions: string;
  opensInNewTab: string;
}

const ENGLISH: MeetingPlaceWords = {
  label: 'Meeting place:',
  onRequest: PLACE_ON_REQUEST,
  directions: 'Directions',
  opensInNewTab: ' (opens in a new tab)',
};

interface MeetingPlaceProps {
  club: Parameters<typeof meetingPlace>[0];
  words?: MeetingPlaceWords;
  /** The row's classes (a flex row of the list it sits in). */
  className?: string;
  /** The term's classes, as the list's other terms have them. */
  termClassName?: string;
}

/**
 * "Meeting place: Twin Oaks Library, 1800 S 5th St, Austin, TX 78704 · Directions", or "shared after you ask to join"
 * for a private one: a row of a <dl>, the club's page's and the directory's dialog's alike. Nothing when the club names
 * no place or does not meet in person.
 */
export function MeetingPlace({ club, words = ENGLISH, className, termClassName }: MeetingPlaceProps) {
  const place = meetingPlace(club);
  if (!place) return null;
  return (
    <div className={className} data-meeting-place>
      <dt className={termClassName}>{words.label}</dt>
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
