import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { NEXT_CYCLE, type JoinOptions } from '#lib/clubs/join-request-types.ts';
import { JOIN_MESSAGE_MAX_LENGTH, joinRequestSchema } from '#lib/schemas/join-requests.ts';
import { toast } from '#lib/client/toast.ts';
import { fillTemplate, formatNumber } from '#lib/shared/format.ts';
import { FormField } from './FormField.tsx';
import { SenderFields, TooManyNotice, postMessage } from './MessageFields.tsx';
import { SCRIPT_FORM } from './form-posts.ts';
import { useClubWords, useFieldMessage } from './club-words.ts';

type Input = z.input<typeof joinRequestSchema>;
type Output = z.output<typeof joinRequestSchema>;

// The start begins unchosen: a default would sign the visitor up for a session they did not pick.
const EMPTY: Input = { name: '', email: '', phone: '', start: '', message: '' };

interface JoinRequestFormProps {
  clubId: number;
  clubName: string;
  options: JoinOptions;
  onSent: () => void;
  onCancel: () => void;
  /** The host switched joining off since the options were read (409). */
  onNotAccepting: () => void;
}

/**
 * "Ask to join" one club: the contact form's sender fields and messages, "When would you like to start?" (the club's
 * next sessions in its own time, as its page lists them, or the next new cycle) and an optional message, validated with the same
 * schema as POST /api/clubs/{id}/join-requests, whose messages it shows in the page's language (the server's answers come
 * in it already).
 */
export default function JoinRequestForm({ clubId, clubName, options, onSent, onCancel, onNotAccepting }: JoinRequestFormProps) {
  const { joinRequest: copy } = useClubWords();
  const t = useFieldMessage();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(joinRequestSchema), defaultValues: EMPTY });
  // Opened below what the dialog shows, its first field takes focus, which scrolls the form into view.
  useEffect(() => setFocus('name'), [setFocus]);
  const [limited, setLimited] = useState(false);
  const messageLength = (watch('message') ?? '').length;

  const onSubmit = async (data: Output) => {
    const answer = await postMessage<{ duplicate?: true; message?: string }>(
      `/api/clubs/${clubId}/join-requests`,
      data,
      copy,
      (field, message) => {
        if (field in EMPTY) setError(field as keyof Input, { message });
      },
    );
    if (!answer.ok) {
      if (answer.status === 409) onNotAccepting();
      return setLimited(answer.limited);
    }
    toast(
      answer.answer.duplicate
        ? { title: copy.alreadyAsked }
        : { title: copy.sent.title, description: fillTemplate(copy.sent.description, { club: clubName }) },
    );
    onSent();
  };

  return (
    <form {...SCRIPT_FORM} onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label={`${copy.open}: ${clubName}`}>
      <SenderFields
        copy={copy}
        fields={{ name: register('name'), email: register('email'), phone: register('phone') }}
        errors={{ name: t(errors.name?.message), email: t(errors.email?.message), phone: t(errors.phone?.message) }}
      />
      <FormField label={copy.start} error={t(errors.start?.message)}>
        <select {...register('start')}>
          <option value="">{copy.chooseStart}</option>
          {options.starts.map(({ startAt, label }) => (
            <option key={startAt} value={startAt}>
              {label}
            </option>
          ))}
          {options.nextCycle && <option value={NEXT_CYCLE}>{copy.nextCycle}</option>}
        </select>
      </FormField>
      <FormField
        label={copy.message}
        hint={fillTemplate(copy.messageCount, { count: formatNumber(messageLength), max: formatNumber(JOIN_MESSAGE_MAX_LENGTH) })}
        error={t(errors.message?.message)}
      >
        <textarea rows={4} maxLength={JOIN_MESSAGE_MAX_LENGTH} {...register('message')} />
      </FormField>
      <p className="text-sm text-stone-700">{copy.privacy}</p>
      {limited && <TooManyNotice notice={copy.tooMany} />}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? copy.submitting : copy.submit}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {copy.cancel}
        </button>
      </div>
    </form>
  );
}
