import { memo, type MouseEvent } from 'react';
import { BadgeCheck, CalendarDays, Clock, Languages, MapPin, Users } from 'lucide-react';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { confirmedMonth } from '#lib/check-ins/types.ts';
import type { PublicClub } from '#lib/directory/types.ts';
import type { DirectoryWords } from '#lib/directory/words.ts';
import { formatNextSession } from '#lib/client/next-session.ts';
import { fillTemplate } from '#lib/shared/format.ts';
import { FormatIcon } from './FormatIcon.tsx';

/**
 * A club in the directory grid. The whole card links to the club's page, so that the page is reachable by any crawler
 * and opens in a new tab as a link does; a plain click opens the club's dialog instead.
 */
export const ClubCard = memo(function ClubCard({
  club,
  onOpen,
  words,
}: {
  club: PublicClub;
  onOpen: (club: PublicClub) => void;
  words: DirectoryWords;
}) {
  const { locale, card } = words;
  const openDialog = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(club);
  };
  return (
    <li data-club-id={club.id}>
      <a
        href={clubPagePath(club, words.directoryPath)}
        onClick={openDialog}
        className="flex h-full w-full flex-col rounded-2xl border border-stone-200 bg-white p-5 text-left shadow-sm transition hover:border-flame-700 hover:shadow-md"
        aria-haspopup="dialog"
      >
        <span className="flex items-start justify-between gap-3">
          <span className="text-lg font-semibold text-ember-900">{club.clubName}</span>
          {club.isVerified && (
            <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
              <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
              {card.verified}
            </span>
          )}
        </span>
        <span className="mt-1 text-sm text-stone-700">{fillTemplate(card.hostedBy, { host: club.hostName })}</span>
        <span className="mt-3 flex items-center gap-1.5 text-sm text-stone-700">
          <MapPin className="h-4 w-4 shrink-0 text-flame-700" aria-hidden="true" />
          {club.city}, {club.state} {club.zipCode}
          {club.distanceMiles !== undefined && (
            <span className="font-semibold text-flame-800">· {fillTemplate(card.away, { miles: club.distanceMiles })}</span>
          )}
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
            {card.next}{' '}
            <time dateTime={club.nextSession}>
              {formatNextSession(club.nextSession, club.timeZone, undefined, { locale, yourTime: card.yourTime })}
            </time>
          </span>
        )}
        {club.meetingFormat && (
          <span className="mt-1 flex items-center gap-1.5 text-sm text-stone-700">
            <FormatIcon format={club.meetingFormat} className="h-4 w-4 shrink-0 text-flame-700" aria-hidden="true" />
            {words.formats[club.meetingFormat]}
          </span>
        )}
        <span className="mt-1 flex items-center gap-1.5 text-sm text-stone-700" data-meeting-language>
          <Languages className="h-4 w-4 shrink-0 text-flame-700" aria-hidden="true" />
          {words.meetsIn[club.meetingLanguage]}
        </span>
        {club.memberCount !== null && club.memberCount !== undefined && (
          <span className="mt-1 flex items-center gap-1.5 text-sm text-stone-700" data-member-count>
            <Users className="h-4 w-4 shrink-0 text-flame-700" aria-hidden="true" />
            {fillTemplate(card.members, { count: club.memberCount })}
          </span>
        )}
        {club.description && <span className="mt-3 line-clamp-3 text-sm text-stone-600">{club.description}</span>}
        <span className="mt-auto pt-3 text-xs text-stone-600">
          {fillTemplate(card.confirmedActive, { month: confirmedMonth(club.confirmedAt, locale) })}
        </span>
      </a>
    </li>
  );
});
