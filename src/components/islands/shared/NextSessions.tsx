import { useEffect, useState, type ReactNode } from 'react';
import type { SessionView } from '#lib/clubs/meetings/changes.ts';
import { getJson } from '#lib/client/api.ts';
import { formatNextSession, type DateWords } from '#lib/client/next-session.ts';
import type { ClubDetailsCopy } from '#lib/clubs/club-details-copy.ts';
import { fillTemplate } from '#lib/shared/format.ts';

/** The sessions' words in the page's language (src/content/club-details.json's `sessions`, or its Spanish twin). */
type SessionWords = ClubDetailsCopy['sessions'];

/**
 * One session as the club's page says it (issue 40): a cancelled one struck through with "Cancelled" and the host's
 * note, a moved one at its new time with "Moved from …" (and its place for that day), then what it reads. Dates in
 * `dates`' locale (English by default).
 */
export function SessionLine({
  session,
  timeZone,
  words,
  dates,
}: {
  session: SessionView;
  timeZone: string | null;
  words: SessionWords;
  dates?: DateWords;
}) {
  const when = <time dateTime={session.start}>{formatNextSession(session.start, timeZone, undefined, dates)}</time>;
  if (session.status === 'cancelled') {
    return (
      <>
        <del className="text-stone-600">{when}</del> <span className="font-semibold text-red-800">{words.cancelled}</span>
        {session.note && <span className="block text-stone-700">{session.note}</span>}
      </>
    );
  }
  return (
    <>
      {when}
      {session.status === 'moved' && (
        <span className="block text-sm font-semibold text-amber-900">
          {words.movedFrom} <time dateTime={session.occurrence}>{formatNextSession(session.occurrence, timeZone, undefined, dates)}</time>
          {session.place && ` · ${fillTemplate(words.movedPlace, { place: session.place })}`}
        </span>
      )}
      {session.status === 'moved' && session.note && <span className="block text-stone-700">{session.note}</span>}
      {session.reading && <span className="block text-stone-700">{session.reading}</span>}
    </>
  );
}

/**
 * The club's next sessions in the directory's dialog, fetched once shown ({ sessions } of `url`); `fallback` (the
 * card's "Next:") while loading or when the request fails.
 */
export function FetchedNextSessions({
  url,
  timeZone,
  fallback,
  words,
  dates,
}: {
  url: string;
  timeZone: string | null;
  fallback: ReactNode;
  words: SessionWords;
  dates: DateWords;
}) {
  const [sessions, setSessions] = useState<SessionView[] | null>(null);
  useEffect(() => {
    let current = true;
    setSessions(null);
    getJson<{ sessions: SessionView[] }>(url).then(
      (answer) => current && setSessions(answer.sessions),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [url]);
  if (!sessions || sessions.length === 0) return <>{fallback}</>;
  return (
    <>
      {words.next}{' '}
      <ol className="space-y-1" data-next-sessions>
        {sessions.map((session) => (
          <li key={session.occurrence} data-session-status={session.status}>
            <SessionLine session={session} timeZone={timeZone} words={words} dates={dates} />
          </li>
        ))}
      </ol>
    </>
  );
}
