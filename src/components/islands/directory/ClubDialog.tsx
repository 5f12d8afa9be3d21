import { useEffect, useId, useRef, useState } from 'react';
import { ArrowRight, BadgeCheck, CalendarDays, Clock, ExternalLink, Languages, Mail, MapPin, User, X } from 'lucide-react';
import type { PublicClub } from '#lib/directory/types.ts';
import { getJson } from '#lib/client/api.ts';
import { formatNextSession } from '#lib/client/next-session.ts';
import { confirmedMonth } from '#lib/check-ins/types.ts';
import { clubPagePath } from '#lib/clubs/pages.ts';
import type { DirectoryWords } from '#lib/directory/words.ts';
import { fillTemplate } from '#lib/shared/format.ts';
import { meetsOnline } from '#lib/clubs/meetings/place.ts';
import { FormatIcon } from './FormatIcon.tsx';
import { GuideLinks } from '#components/islands/shared/GuideLinks.tsx';
import { MeetingPlace } from '#components/islands/shared/MeetingPlace.tsx';
import { FetchedResponseTime } from '#components/islands/shared/ResponseTime.tsx';
import { FetchedNextSessions } from '#components/islands/shared/NextSessions.tsx';
import ReportProblem from './ReportProblem.tsx';
import AskToJoin from '#components/islands/shared/AskToJoin.tsx';
import { useModalDialog } from '#components/islands/shared/use-modal-dialog.ts';
import { useClubWords } from '#components/islands/shared/club-words.ts';

interface ClubDialogProps {
  /** The club to show; null while nothing is open. */
  clubId: number | null;
  /** The club's card data when the list already has it, so the dialog can draw at once. */
  initial: PublicClub | null;
  onClose: () => void;
  /** Where focus goes back to when the dialog closes (the card that opened it). */
  returnFocusTo: () => HTMLElement | null;
  words: DirectoryWords;
}

/**
 * The club's details and the Connect section. The host's address is not fetched: Contact Host links to
 * /api/clubs/{id}/contact-host, which answers with the mailto under the host-address limit, so only a visitor who
 * asks for an address spends one (10 in 10 minutes), however many clubs they open. A club opened from the URL, which
 * the list has not drawn, is read from /api/clubs/{id}/contact.
 * A native modal <dialog> (focus moved in and kept there, the page behind inert, Escape closes) rather than Radix
 * Dialog: it does the same with no JavaScript to ship, which keeps the page inside its 80 KB budget.
 */
export function ClubDialog({ clubId, initial, onClose, returnFocusTo, words }: ClubDialogProps) {
  const { locale, card, dialog: t } = words;
  const { details } = useClubWords();
  const dates = { locale, yourTime: card.yourTime };
  const [fetched, setFetched] = useState<PublicClub | null>(null);
  const [failed, setFailed] = useState(false);
  const drawn = initial !== null;

  useEffect(() => {
    setFetched(null);
    setFailed(false);
    if (clubId === null || drawn) return;
    let current = true;
    getJson<{ club: PublicClub }>(`/api/clubs/${clubId}/contact`).then(
      (result) => current && setFetched(result.club),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [clubId, drawn]);

  const club = initial ?? fetched;
  const open = clubId !== null && (club !== null || !failed);
  const dialog = useModalDialog(open);
  const titleId = useId();
  const isOpen = useRef(open);
  isOpen.current = open;

  // Escape, the Close button and a click on the backdrop all end in the dialog's close event.
  const onDialogClose = () => {
    if (isOpen.current) onClose();
    returnFocusTo()?.focus();
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onDialogClose}
      onClick={(event) => event.target === event.currentTarget && dialog.current?.close()}
      className="m-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-0 shadow-xl backdrop:bg-ember-900/60"
    >
      <div className="relative p-6">
        {club ? (
          <>
            <h2 id={titleId} className="pr-10 font-display text-2xl font-bold text-ember-900">
              {club.clubName}
            </h2>
            <p className="mt-2 inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-sm font-semibold text-emerald-900">
              <BadgeCheck className="h-4 w-4" aria-hidden="true" />
              {t.verifiedClub}
            </p>
            <p className="mt-2 text-sm text-stone-700">
              {fillTemplate(card.confirmedActive, { month: confirmedMonth(club.confirmedAt, locale) })}
            </p>
            <dl className="mt-4 space-y-2 text-stone-700">
              <div className="flex items-center gap-2">
                <dt>
                  <User className="h-4 w-4 text-flame-700" aria-label={t.host} />
                </dt>
                <dd>{club.hostName}</dd>
              </div>
              <div className="flex items-center gap-2">
                <dt>
                  <MapPin className="h-4 w-4 text-flame-700" aria-label={t.location} />
                </dt>
                <dd>
                  {club.city}, {club.state} {club.zipCode}
                </dd>
              </div>
              <MeetingPlace
                club={club}
                className="flex flex-wrap gap-x-2 pl-6"
                termClassName="font-semibold"
                words={details.meetingPlace}
              />
              {club.nextSession && (
                <div className="flex items-start gap-2">
                  <dt className="pt-1">
                    <Clock className="h-4 w-4 text-flame-700" aria-label={t.nextSessions} />
                  </dt>
                  <dd>
                    {/* The next sessions with the host's changes (issue 40): "Next:" until they come. */}
                    <FetchedNextSessions
                      url={`/api/clubs/${club.id}/sessions`}
                      timeZone={club.timeZone}
                      words={details.sessions}
                      dates={dates}
                      fallback={
                        <>
                          {card.next}{' '}
                          <time dateTime={club.nextSession}>{formatNextSession(club.nextSession, club.timeZone, undefined, dates)}</time>
                        </>
                      }
                    />
                  </dd>
                </div>
              )}
              {club.meetingFormat && (
                <div className="flex items-center gap-2">
                  <dt>
                    <FormatIcon format={club.meetingFormat} className="h-4 w-4 text-flame-700" aria-label={t.format} />
                  </dt>
                  <dd>{words.formats[club.meetingFormat]}</dd>
                </div>
              )}
              <div className="flex items-center gap-2" data-meeting-language>
                <dt>
                  <Languages className="h-4 w-4 text-flame-700" aria-label={t.languageOfMeetings} />
                </dt>
                <dd>{words.languages[club.meetingLanguage]}</dd>
              </div>
              {/* The link itself is for members only (docs/decisions/036). */}
              {meetsOnline(club) && (
                <div className="flex flex-wrap gap-x-2 pl-6" data-meeting-link>
                  <dt className="font-semibold">{details.meetingLink.term}</dt>
                  <dd>{details.meetingLink.forMembers}</dd>
                </div>
              )}
              {/* After the structured times, of which it is the host's note; alone when the club has none. */}
              {club.meetingSchedule && (
                <div className="flex items-center gap-2">
                  <dt>
                    <CalendarDays
                      className="h-4 w-4 text-flame-700"
                      aria-label={club.meetingSlots.length > 0 ? t.noteAboutMeetings : t.meetingSchedule}
                    />
                  </dt>
                  <dd>{club.meetingSchedule}</dd>
                </div>
              )}
            </dl>
            <FetchedResponseTime url={`/api/clubs/${club.id}/response-time`} className="mt-2 text-stone-700" />
            <a
              className="mt-4 inline-flex items-center gap-1.5 font-semibold text-flame-800 underline underline-offset-2"
              href={clubPagePath(club, words.directoryPath)}
            >
              {t.openPage}
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </a>
            <GuideLinks url={`/api/clubs/${club.id}/guides`} label={words.guides.clubGuide} limit={3} className="mt-3 text-stone-700" />

            {club.description && (
              <section className="mt-5">
                <h3 className="font-semibold text-ember-900">{t.about}</h3>
                <p className="mt-1 text-stone-700">{club.description}</p>
              </section>
            )}

            <section className="mt-5 rounded-xl bg-flame-50 p-4">
              <h3 className="font-semibold text-ember-900">{t.connect}</h3>
              <div className="mt-3 flex flex-wrap gap-3">
                <a className="btn-primary" href={`/api/clubs/${club.id}/contact-host`}>
                  <Mail className="h-4 w-4" aria-hidden="true" />
                  {t.contactHost}
                </a>
                {club.website && (
                  <a className="btn-secondary" href={club.website} target="_blank" rel="noopener noreferrer">
                    <ExternalLink className="h-4 w-4" aria-hidden="true" />
                    {t.visitWebsite}
                    <span className="sr-only">{words.results.opensInNewTab}</span>
                  </a>
                )}
              </div>
              <div className="mt-3">
                <AskToJoin key={club.id} clubId={club.id} clubName={club.clubName} />
              </div>
            </section>

            <p className="mt-5 text-sm text-stone-600">
              {t.registered} <time dateTime={club.createdAt}>{new Date(club.createdAt).toLocaleDateString(locale)}</time>
            </p>
            <div className="mt-4">
              <ReportProblem key={club.id} clubId={club.id} clubName={club.clubName} />
            </div>
          </>
        ) : (
          <h2 id={titleId} className="text-lg text-stone-700">
            {t.loading}
          </h2>
        )}
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="absolute right-3 top-3 rounded-full p-2 text-stone-600 hover:bg-stone-100"
          aria-label={t.close}
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
    </dialog>
  );
}
