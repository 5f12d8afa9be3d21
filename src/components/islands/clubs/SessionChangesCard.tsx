import { lazy, Suspense, useId, useState } from 'react';
import type { SessionView } from '#lib/clubs/meetings/changes.ts';
import { rsvpCountText, type RsvpCounts } from '#lib/members/reminders.ts';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { formatNextSession } from '#lib/client/next-session.ts';
import { toast } from '#lib/client/toast.ts';
import { FormLoading } from '#components/islands/shared/FormLoading.tsx';
import { SessionLine } from '#components/islands/shared/NextSessions.tsx';
import clubDetails from '#content/club-details.json' with { type: 'json' };
import { useModalDialog } from '#components/islands/shared/use-modal-dialog.ts';

const CancelForm = lazy(() => import('./SessionChangeForms.tsx').then((module) => ({ default: module.CancelForm })));
const MoveForm = lazy(() => import('./SessionChangeForms.tsx').then((module) => ({ default: module.MoveForm })));

interface SessionChangesCardProps {
  clubId: number;
  timeZone: string | null;
  /** The club's upcoming sessions with their changes, as the page was rendered. */
  initial: SessionView[];
  /** The members' answers counted per session ("6 coming · 2 can't · 4 not answered"), when the club has members. */
  rsvpCounts?: RsvpCounts[];
}

type Editing = { session: SessionView; action: 'cancel' | 'move' } | null;

/**
 * The club profile's "Cancel or move a session" card (issue 40), for the host and the admin: the club's upcoming
 * sessions, each to cancel (with a note) or move (another date, time or place for that session only), and a change
 * to undo. The club's page, the directory's dialog and its calendar feed show the change at once.
 */
export function SessionChangesCard({ clubId, timeZone, initial, rsvpCounts = [] }: SessionChangesCardProps) {
  const counts = new Map(rsvpCounts.map((count) => [count.occurrence, count]));
  const [sessions, setSessions] = useState(initial);
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const replace = (session: SessionView) =>
    setSessions((current) =>
      current
        .map((existing) => (existing.occurrence === session.occurrence ? session : existing))
        .sort((a, b) => Date.parse(a.start) - Date.parse(b.start)),
    );

  const undo = async (session: SessionView) => {
    setBusy(session.occurrence);
    try {
      const response = await apiRequest('DELETE', `/api/clubs/${clubId}/session-changes`, { occurrence: session.occurrence });
      replace(((await response.json()) as { session: SessionView }).session);
      toast({ title: session.status === 'cancelled' ? 'Cancellation undone' : 'Move undone' });
    } catch (error) {
      toast({ title: 'The change could not be undone', description: serverMessage(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section id="session-changes" className="card scroll-mt-24" aria-labelledby="session-changes-heading">
      <h2 id="session-changes-heading" className="text-2xl font-bold text-ember-900">
        Cancel or move a session
      </h2>
      <p className="mt-2 text-stone-700">
        Skipping a holiday or meeting elsewhere once? Change that one session: your club's page, the directory and every subscribed calendar
        show it, and the reading plan waits for the next session you hold.
      </p>
      {sessions.length === 0 ? (
        <p className="mt-4 text-stone-700">Your club has no upcoming sessions: set its meeting times in the profile first.</p>
      ) : (
        <ol className="mt-4 divide-y divide-stone-200 rounded-xl border border-stone-200">
          {sessions.map((session) => {
            const label = formatNextSession(session.occurrence, timeZone);
            return (
              <li
                key={session.occurrence}
                className="flex flex-wrap items-start justify-between gap-3 p-4"
                data-session-status={session.status}
              >
                <p className="min-w-0">
                  <SessionLine session={session} timeZone={timeZone} words={clubDetails.sessions} />
                  {session.status !== 'cancelled' && counts.has(session.occurrence) && (
                    <span className="block text-sm text-stone-700" data-rsvp-counts>
                      {rsvpCountText(counts.get(session.occurrence)!)}
                    </span>
                  )}
                </p>
                <div className="flex flex-wrap gap-2" role="group" aria-label={`Session of ${label}`}>
                  {session.status !== 'cancelled' && (
                    <button
                      type="button"
                      className="btn-secondary px-3 py-1.5 text-sm"
                      onClick={() => setEditing({ session, action: 'cancel' })}
                    >
                      Cancel session<span className="sr-only"> of {label}</span>
                    </button>
                  )}
                  {session.status !== 'cancelled' && (
                    <button
                      type="button"
                      className="btn-secondary px-3 py-1.5 text-sm"
                      onClick={() => setEditing({ session, action: 'move' })}
                    >
                      Move<span className="sr-only"> the session of {label}</span>
                    </button>
                  )}
                  {session.status !== 'scheduled' && (
                    <button
                      type="button"
                      className="btn-secondary px-3 py-1.5 text-sm"
                      disabled={busy === session.occurrence}
                      onClick={() => void undo(session)}
                    >
                      {session.status === 'cancelled' ? 'Undo cancellation' : 'Undo move'}
                      <span className="sr-only"> of {label}</span>
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <ChangeDialog clubId={clubId} timeZone={timeZone} editing={editing} onChanged={replace} onClose={() => setEditing(null)} />
    </section>
  );
}

interface ChangeDialogProps {
  clubId: number;
  timeZone: string | null;
  editing: Editing;
  onChanged: (session: SessionView) => void;
  onClose: () => void;
}

/** The confirmation of a cancellation or a move, in a native modal <dialog>: it says which session, and asks for the details. */
function ChangeDialog({ clubId, timeZone, editing, onChanged, onClose }: ChangeDialogProps) {
  const id = useId();
  const open = editing !== null;
  const dialog = useModalDialog(open);

  const close = () => dialog.current?.close();
  const saved = (session: SessionView) => {
    onChanged(session);
    close();
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-heading`}
      onClose={onClose}
      className="m-auto w-[calc(100%-1.5rem)] max-w-lg rounded-2xl bg-white p-0 shadow-xl backdrop:bg-ember-900/60"
    >
      {editing && (
        <div className="p-5 sm:p-6">
          <h2 id={`${id}-heading`} className="text-xl font-bold text-ember-900">
            {editing.action === 'cancel' ? 'Cancel the session of ' : 'Move the session of '}
            {formatNextSession(editing.session.occurrence, timeZone)}?
          </h2>
          <Suspense fallback={<FormLoading />}>
            {editing.action === 'cancel' ? (
              <CancelForm key={editing.session.occurrence} clubId={clubId} session={editing.session} onSaved={saved} onBack={close} />
            ) : (
              <MoveForm
                key={editing.session.occurrence}
                clubId={clubId}
                timeZone={timeZone}
                session={editing.session}
                onSaved={saved}
                onBack={close}
              />
            )}
          </Suspense>
        </div>
      )}
    </dialog>
  );
}
