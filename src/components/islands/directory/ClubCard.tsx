import { memo, type MouseEvent } from 'react';
import { BadgeCheck, CalendarDays, Clock, Languages, MapPin, Users } from 'lucide-react';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { confirmedActive } from '#lib/check-ins/types.ts';
import type { PublicClub } from '#lib/directory/types.ts';
import { formatNextSession } from '#lib/client/next-session.ts';
import { FORMAT_LABELS, MEETS_IN } from '#lib/clubs/meetings/types.ts';
import { memberCountText } from '#lib/members/types.ts';
import { FormatIcon } from './FormatIcon.tsx';

/**
 * A club in the directory grid. The whole card links to the club's page, so that the page is reachable by any crawler
 * and opens in a new tab as a link does; a plain click opens the club's dialog instead.
 */
export const ClubCard = memo(function ClubCard({ club, onOpen }: { club: PublicClub; onOpen: (club: PublicClub) => void }) {
  const openDialog = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(club);
  };
  return (
    <li data-club-id={club.id}>
      <a
        href={clubPagePath(club)}
        onClick={openDialog}
        className="flex h-full w-full flex-col rounded-2xl border border-stone-200 bg-white p-5 text-left shadow-sm transition hover:border-flame-700 hover:shadow-md"
        aria-haspopup="dialog"
      >
        <span className="flex items-start justify-between gap-3">
          <span className="text-lg font-semibold text-ember-900">{club.clubName}</span>
          {club.isVerified && (
            <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
              <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
              Verified
            </span>
          )}
        </span>
        <span className="mt-1 text-sm text-stone-700">Hosted by {club.hostName}</span>
        <span className="mt-3 flex items-center gap-1.5 text-sm text-stone-700">
          <MapPin className="h-4 w-4 shrink-0 text-flame-700" aria-hidden="true" />
          {club.city}, {club.state} {club.zipCode}
          {club.distanceMiles !== undefined && <span className="font-semibold text-flame-800">· {club.distanceMiles} mi away</span>}
        </span>
        {club.meetingSchedule && (
          <span className="mt-1 flex items-center gap-1.5 text-sm text-stone-700">
            <CalendarDays className="h-4 w-4 shrink-0 text-flame-700" aria-hidden="true" />
            {club.meetingSchedule}
          </span>
        )}
        {club.nextSession && (
          <span className="mt-1 flex items-center gap-1.5 text-sm font-semibold text-ember-900">
            <Clock className="h-4 w-4 shrink-0 text-flame-700" aria-hidden="true" />
            Next: <time dateTime={club.nextSession}>{formatNextSession(club.nextSession, club.timeZone)}</time>
          </span>
        )}
        {club.meetingFormat && (
          <span className="mt-1 flex items-center gap-1.5 text-sm text-stone-700">
            <FormatIcon format={club.meetingFormat} className="h-4 w-4 shrink-0 text-flame-700" aria-hidden="true" />
            {FORMAT_LABELS[club.meetingFormat]}
          </span>
        )}
        <span className="mt-1 flex items-center gap-1.5 text-sm text-stone-700" data-meeting-language>
          <Languages className="h-4 w-4 shrink-0 text-flame-700" aria-hidden="true" />
          {MEETS_IN[club.meetingLanguage]}
        </span>
        {club.memberCount !== null && club.memberCount !== undefined && (
          <span className="mt-1 flex items-center gap-1.5 text-sm text-stone-700" data-member-count>
            <Users className="h-4 w-4 shrink-0 text-flame-700" aria-hidden="true" />
            {memberCountText(club.memberCount)}
          </span>
        )}
        {club.description && <span className="mt-3 line-clamp-3 text-sm text-stone-600">{club.description}</span>}
        <span className="mt-auto pt-3 text-xs text-stone-600">{confirmedActive(club.confirmedAt)}</span>
      </a>
    </li>
  );
});
