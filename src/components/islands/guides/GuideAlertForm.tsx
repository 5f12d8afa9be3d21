import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { alertCopy as copy } from '#lib/alerts/alert-copy.ts';
import { guideAlertSchema, type GuideAlertInput } from '#lib/schemas/alerts.ts';
import { apiRequest, serverFieldErrors, serverMessage } from '#lib/client/api.ts';
import { FORM_ACTIONS } from '#lib/shared/form-posts.ts';
import { FormField } from '#components/islands/shared/FormField.tsx';
import { FormOutcome, type Outcome } from '#components/islands/shared/FormOutcome.tsx';

interface GuideAlertFormProps {
  /** The form's heading ("Tell me when a guide serves {place}"). */
  heading: string;
  /** The place the search named, prefilled. */
  place: string;
}

/**
 * "Tell me when a guide serves {place}" on /guides when nobody serves the place (issue 39): the address and the place,
 * as small as the club alert's form (AlertForm.tsx). Validated with the endpoint's schema; without JavaScript it posts
 * to the same endpoint (decision 030) and /alerts shows the outcome.
 */
export default function GuideAlertForm({ heading, place }: GuideAlertFormProps) {
  const headingId = useId();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<GuideAlertInput>({ resolver: zodResolver(guideAlertSchema), defaultValues: { email: '', place } });

  const onSubmit = async (data: GuideAlertInput) => {
    setOutcome(null);
    try {
      await apiRequest('POST', FORM_ACTIONS.guideAlert, data);
      setOutcome({ tone: 'success', title: copy.sent.title, message: copy.sent.description });
    } catch (error) {
      for (const [field, [message]] of Object.entries(serverFieldErrors(error))) {
        if (message && (field === 'email' || field === 'place')) setError(field, { message });
      }
      setOutcome({ tone: 'error', title: copy.failed.title, message: serverMessage(error) ?? copy.failed.description });
    }
  };

  return (
    <section className="rounded-xl border border-flame-200 bg-flame-50 p-4 sm:p-5" aria-labelledby={headingId} data-alert-form="guides">
      <h3 id={headingId} className="text-lg font-semibold text-ember-900">
        {heading}
      </h3>
      <form method="post" action={FORM_ACTIONS.guideAlert} onSubmit={handleSubmit(onSubmit)} noValidate className="mt-3 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={copy.email} error={errors.email?.message}>
            <input type="email" autoComplete="email" {...register('email')} />
          </FormField>
          <FormField label={copy.place} error={errors.place?.message}>
            <input type="text" autoComplete="postal-code" {...register('place')} />
          </FormField>
        </div>
        <p className="text-xs text-stone-600">{copy.guideHint}</p>
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting ? copy.submitting : copy.submit}
        </button>
        <FormOutcome outcome={outcome} />
      </form>
    </section>
  );
}
