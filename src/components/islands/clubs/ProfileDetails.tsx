import type { ReactNode } from 'react';
import { ExternalLink } from 'lucide-react';
import { meetingSummary } from '#lib/clubs/meetings/text.ts';
import { LANGUAGE_LABELS } from '#lib/clubs/meetings/types.ts';
import { LocalDate } from '#components/islands/shared/LocalDate.tsx';
import type { ClubRecord } from '#lib/clubs/types.ts';

/** The profile card's read mode. Empty optional fields say so instead of leaving a gap. */
export function ProfileDetails({ club }: { club: ClubRecord }) {
  return (
    <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
      <Detail label="Host Name">{club.hostName}</Detail>
      <Detail label="Email">
        <span className="break-all">{club.email}</span>
      </Detail>
      <Detail label="Meeting Schedule">{club.meetingSchedule}</Detail>
      <Detail label="Website">
        {club.website && (
          <a
            className="inline-flex items-center gap-1 break-all text-flame-800 underline"
            href={club.website}
            target="_blank"
            rel="noopener"
          >
            {club.website}
            <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </Detail>
      <Detail label="Meetings" wide>
        {meetingSummary(club)}
      </Detail>
      {(club.videoLink || club.dialIn) && (
        <Detail label="Meeting Link">
          {club.videoLink && <span className="block break-all">{club.videoLink}</span>}
          {club.dialIn && <span className="block whitespace-pre-line break-words">{club.dialIn}</span>}
          <span className="block text-sm text-stone-600">For members only: on their club page and in their reminders</span>
        </Detail>
      )}
      {(club.venueName || club.venuePrivate) && (
        <Detail label="Meeting Place">
          {club.venueName && (
            <span className="block">
              {club.venueName}, {club.venueAddress}
            </span>
          )}
          <span className="block text-sm text-stone-600">
            {club.venuePrivate ? 'Private: shared after visitors ask to join' : "Shown on the club's page with directions"}
          </span>
        </Detail>
      )}
      <Detail label="Language of Meetings">{LANGUAGE_LABELS[club.meetingLanguage]}</Detail>
      <Detail label="Cycle Start">{club.cycleStart && <LocalDate value={club.cycleStart} />}</Detail>
      <Detail label="Description" wide>
        {club.description && <span className="whitespace-pre-line">{club.description}</span>}
      </Detail>
    </dl>
  );
}

function Detail({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm font-semibold text-stone-600">{label}</dt>
      <dd className="mt-1 text-stone-900">{children || <span className="italic text-stone-600">Not provided</span>}</dd>
    </div>
  );
}
