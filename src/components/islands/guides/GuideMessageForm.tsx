import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import english from '#content/guide-message-form.json' with { type: 'json' };
import { GUIDE_MESSAGE_REASONS, GUIDE_MESSAGE_REASON_LABELS, type GuideMessageReason } from '#lib/guides/types.ts';
import { guideMessageSchema } from '#lib/schemas/guides.ts';
import { toast } from '#lib/client/toast.ts';
import { fillTemplate } from '#lib/shared/format.ts';
import { FormField } from '#components/islands/shared/FormField.tsx';
import { SenderFields, TooManyNotice, postMessage } from '#components/islands/shared/MessageFields.tsx';
import { SCRIPT_FORM, useHydrated } from '#components/islands/shared/form-posts.ts';

type Input = z.input<typeof guideMessageSchema>;
type Output = z.output<typeof guideMessageSchema>;

const EMPTY: Input = { name: '', email: '', phone: '', reason: 'schedule', message: '' };

/**
 * "Message {first name}" on a listed guide's page: the contact form's fields and messages, validated with the same
 * schema as POST /api/guides/{id}/messages. The guide gets the message by email at once and replies to the visitor.
 */
export default function GuideMessageForm({
  guide,
  copy = english,
  reasons = GUIDE_MESSAGE_REASON_LABELS,
}: {
  guide: { id: number; firstName: string };
  /** A Spanish page's words (es/guide-message-form.json and its reasons, decision 041); English without. */
  copy?: typeof english;
  reasons?: Record<GuideMessageReason, string>;
}) {
  const privacyId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(guideMessageSchema), defaultValues: EMPTY });
  const [limited, setLimited] = useState(false);
  const hydrated = useHydrated();
  const words = { firstName: guide.firstName };

  const onSubmit = async (data: Output) => {
    const answer = await postMessage(`/api/guides/${guide.id}/messages`, data, copy, (field, message) => {
      if (field in EMPTY) setError(field as keyof Input, { message });
    });
    if (!answer.ok) return setLimited(answer.limited);
    toast({ title: copy.sent.title, description: fillTemplate(copy.sent.description, words) });
    setLimited(false);
    reset(EMPTY);
  };

  return (
    <form
      {...SCRIPT_FORM}
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      className="space-y-5"
      aria-labelledby="message"
      aria-describedby={privacyId}
    >
      {/* The page's section is labelled by this heading too, and "#message" links to it. */}
      <h2 id="message" className="text-2xl font-bold text-ember-900">
        {fillTemplate(copy.label, words)}
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <SenderFields
          copy={copy}
          fields={{ name: register('name'), email: register('email'), phone: register('phone') }}
          errors={{ name: errors.name?.message, email: errors.email?.message, phone: errors.phone?.message }}
        />
        <FormField label={copy.reason} error={errors.reason?.message}>
          <select {...register('reason')}>
            {GUIDE_MESSAGE_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {reasons[reason]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField label={copy.message} hint={copy.messageHint} error={errors.message?.message}>
        <textarea rows={6} {...register('message')} />
      </FormField>
      <p id={privacyId} className="text-sm text-stone-700">
        {fillTemplate(copy.privacy, words)}
      </p>
      {limited && <TooManyNotice notice={copy.tooMany} />}
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={!hydrated || isSubmitting}>
        {isSubmitting ? copy.submitting : copy.submit}
      </button>
    </form>
  );
}
