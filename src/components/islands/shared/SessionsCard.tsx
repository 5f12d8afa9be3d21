import { useRef, useState } from 'react';
import { LogOut } from 'lucide-react';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import type { SessionSummary } from '#lib/auth/session-types.ts';
import { LocalDate } from './LocalDate.tsx';
import { TimeAgo } from './TimeAgo.tsx';

const DAY_AND_MONTH: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };

/**
 * "Signed-in sessions": the user's sessions (listed by the page on the server), each named by its browser and system,
 * "this browser" for the one asking, with when it signed in and was last used; each other one with End session.
 * After a session ends, focus goes to the card's heading and a status line says so, for keyboard and screen-reader
 * users whose button has just gone.
 */
export function SessionsCard({ sessions: initial }: { sessions: SessionSummary[] }) {
  const [sessions, setSessions] = useState(initial);
  const [ending, setEnding] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  const remove = (id: string, message: string) => {
    setSessions((current) => current.filter((session) => session.id !== id));
    setStatus(message);
    heading.current?.focus();
  };

  const end = async (session: SessionSummary) => {
    if (!window.confirm('End this session? That browser will be signed out.')) return;
    setEnding(session.id);
    try {
      await apiRequest('DELETE', `/api/sessions/${session.id}`);
      remove(session.id, 'Session ended.');
      toast({ title: 'Session Ended', description: 'That browser is signed out.' });
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('404: ')) remove(session.id, 'That session had already ended.');
      else toast({ title: 'Unable to end the session', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
    } finally {
      setEnding(null);
    }
  };

  return (
    <section className="card" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" ref={heading} tabIndex={-1} className="text-xl font-bold text-ember-900 focus:outline-none">
        Signed-in sessions
      </h2>
      <p className="mt-1 text-sm text-stone-600">Browsers where you are signed in. End any you do not recognise.</p>
      <ul className="mt-4 space-y-3">
        {sessions.map((session) => (
          <li key={session.id} className="rounded-xl border border-stone-200 px-4 py-3">
            <p id={`session-${session.id}`} className="text-sm text-stone-700">
              <span className="block font-semibold text-ember-900">
                {session.browser ?? 'Unknown browser'}
                {session.current && ' · this browser'}
              </span>
              <span className="block">
                Signed in <LocalDate value={session.createdAt} format={DAY_AND_MONTH} /> · last used <TimeAgo value={session.lastUsedAt} />
              </span>
            </p>
            {!session.current && (
              <button
                type="button"
                className="btn-secondary mt-3 w-full"
                aria-describedby={`session-${session.id}`}
                disabled={ending === session.id}
                onClick={() => void end(session)}
              >
                <LogOut className="h-4 w-4" aria-hidden="true" />
                {ending === session.id ? 'Ending...' : 'End session'}
              </button>
            )}
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only">
        {status}
      </p>
    </section>
  );
}
