import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { SESSION_NOTE_MAX, SESSION_PLACE_MAX, type SessionView } from '#lib/clubs/meetings/changes.ts';
import { cancelSessionSchema, moveSessionSchema, type CancelSessionInput, type MoveSessionInput } from '#lib/schemas/session-changes.ts';
import { apiRequest, serverFieldErrors, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { FormField } from '#components/islands/shared/FormField.tsx';
import { SCRIPT_FORM } from '#components/islands/shared/form-posts.ts';

// The forms of the "Cancel or move a session" card, loaded when the host opens one: zod and react-hook-form stay out
// of the profile page's first load (its JavaScript budget).

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

export interface FormProps {
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

/** The cancellation: an optional note, and the confirming button. */
export function CancelForm({ clubId, session, onSaved, onBack }: FormProps) {
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

/** The move: the new date and start (in the club's zone), an optional place for that day and a note. */
export function MoveForm({ clubId, session, timeZone, onSaved, onBack }: FormProps & { timeZone: string | null }) {
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
