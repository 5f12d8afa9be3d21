import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SESSION_NOTE_MAX, SESSION_PLACE_MAX, type SessionView } from '#lib/clubs/meetings/changes.ts';
import { cancelSessionSchema, moveSessionSchema, type CancelSessionInput, type MoveSessionInput } from '#lib/schemas/session-changes.ts';
import type { z } from 'zod';
import { apiRequest, serverFieldErrors, serverMessage } from '#lib/client/api.ts';
import { formatNextSession } from '#lib/client/next-session.ts';
import { toast } from '#lib/client/toast.ts';
import { FormField } from '#components/islands/shared/FormField.tsx';
import { SessionLine } from '#components/islands/shared/NextSessions.tsx';
import { SCRIPT_FORM } from '#components/islands/shared/form-posts.ts';

interface SessionChangesCardProps {
  clubId: number;
  timeZone: string | null;
  /** The club's upcoming sessions with their changes, as the page was rendered. */
  initial: SessionView[];
}

type Editing = { session: SessionView; action: 'cancel' | 'move' } | null;

/** The day ("2026-12-24") and clock ("19:00") of an instant in the club's zone: a move form's starting values. */
function localParts(instant: string, timeZone: string | null): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      ...(timeZone && { timeZone }),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * The club profile's "Cancel or move a session" card (issue 40), for the host and the admin: the club's upcoming
 * sessions, each to cancel (with a note) or move (another date, time or place for that session only), and a change
 * to undo. The club's page, the directory's dialog and its calendar feed show the change at once.
 */
export function SessionChangesCard({ clubId, timeZone, initial }: SessionChangesCardProps) {
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
                  <SessionLine session={session} timeZone={timeZone} />
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
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const open = editing !== null;

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

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
        </div>
      )}
    </dialog>
  );
}

interface FormProps {
  clubId: number;
  session: SessionView;
  onSaved: (session: SessionView) => void;
  onBack: () => void;
}

/** Sends a change; the server's field messages go back into the form, anything else into a toast. */
async function send(
  clubId: number,
  body: unknown,
  onSaved: (session: SessionView) => void,
  setFieldError: (field: string, message: string) => void,
) {
  try {
    const response = await apiRequest('POST', `/api/clubs/${clubId}/session-changes`, body);
    onSaved(((await response.json()) as { session: SessionView }).session);
    return true;
  } catch (error) {
    const fields = Object.entries(serverFieldErrors(error));
    for (const [field, [message]] of fields) if (message) setFieldError(field, message);
    if (fields.length === 0)
      toast({ title: 'The session could not be changed', description: serverMessage(error), variant: 'destructive' });
    return false;
  }
}

function CancelForm({ clubId, session, onSaved, onBack }: FormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CancelSessionInput, unknown, z.output<typeof cancelSessionSchema>>({
    resolver: zodResolver(cancelSessionSchema),
    defaultValues: { action: 'cancel', occurrence: session.occurrence, note: '' },
  });
  const onSubmit = async (data: z.output<typeof cancelSessionSchema>) => {
    if (await send(clubId, data, onSaved, (field, message) => setError(field as 'note', { message })))
      toast({ title: 'Session cancelled' });
  };
  return (
    <form {...SCRIPT_FORM} noValidate onSubmit={handleSubmit(onSubmit)} className="mt-3 space-y-4">
      <p className="text-stone-700">
        The session shows as cancelled, with your note, on your club's page and in subscribed calendars. You can undo it until it would have
        begun.
      </p>
      <FormField
        label="Note (optional)"
        hint={`Up to ${SESSION_NOTE_MAX} characters, e.g. "No meeting on Dec 24 — holiday"`}
        error={errors.note?.message}
      >
        <input type="text" maxLength={SESSION_NOTE_MAX} {...register('note')} />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onBack}>
          Keep the session
        </button>
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Cancelling...' : 'Cancel this session'}
        </button>
      </div>
    </form>
  );
}

function MoveForm({ clubId, session, timeZone, onSaved, onBack }: FormProps & { timeZone: string | null }) {
  const start = localParts(session.start, timeZone);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MoveSessionInput, unknown, z.output<typeof moveSessionSchema>>({
    resolver: zodResolver(moveSessionSchema),
    defaultValues: {
      action: 'move',
      occurrence: session.occurrence,
      date: start.date,
      time: start.time,
      place: session.place ?? '',
      note: session.note ?? '',
    },
  });
  const onSubmit = async (data: z.output<typeof moveSessionSchema>) => {
    if (await send(clubId, data, onSaved, (field, message) => setError(field as 'date', { message }))) toast({ title: 'Session moved' });
  };
  return (
    <form {...SCRIPT_FORM} noValidate onSubmit={handleSubmit(onSubmit)} className="mt-3 space-y-4">
      <p className="text-stone-700">
        Only this session moves; the others stay as they are. The time is your club's{timeZone ? ` (${timeZone.replace(/_/g, ' ')})` : ''}.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="New date" error={errors.date?.message}>
          <input type="date" {...register('date')} />
        </FormField>
        <FormField label="New start time" error={errors.time?.message}>
          <input type="time" {...register('time')} />
        </FormField>
      </div>
      <FormField label="Place for this session (optional)" hint="Leave empty to meet where you usually do" error={errors.place?.message}>
        <input type="text" maxLength={SESSION_PLACE_MAX} {...register('place')} />
      </FormField>
      <FormField label="Note (optional)" hint={`Up to ${SESSION_NOTE_MAX} characters`} error={errors.note?.message}>
        <input type="text" maxLength={SESSION_NOTE_MAX} {...register('note')} />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onBack}>
          Keep it as it is
        </button>
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Moving...' : 'Move this session'}
        </button>
      </div>
    </form>
  );
}
