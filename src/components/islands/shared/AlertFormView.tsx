import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AlertCopy } from '#lib/alerts/alert-copy.ts';
import { ALERT_DISTANCES, DEFAULT_ALERT_DISTANCE } from '#lib/alerts/types.ts';
import { fillTemplate } from '#lib/shared/format.ts';
import { alertSchema, type AlertInput, type AlertRequest } from '#lib/schemas/alerts.ts';
import { apiRequest, serverFieldErrors, serverMessage } from '#lib/client/api.ts';
import { FORM_ACTIONS } from '#lib/shared/form-posts.ts';
import { useServerErrors } from './form-posts.ts';
import { FormField } from './FormField.tsx';
import { FormOutcome, type Outcome } from './FormOutcome.tsx';

export interface AlertFormProps {
  /** The place searched, as the search named it ("Austin, TX"), prefilled; the visitor may change it. */
  place?: string | undefined;
  /** The form's heading, at the level the page needs. */
  heading: string;
  headingLevel?: 2 | 3;
  /** The field messages of a refusal posted without JavaScript (the flash's), shown in the server's HTML. */
  serverErrors?: Record<string, string[]> | undefined;
  /**
   * "Tell me when a guide serves {place}" (on /guides when nobody serves it): the address and the place only, sent to
   * POST /api/alerts/guides, whose schema takes those two of this form's fields.
   */
  forGuides?: boolean;
  /** The form's words in the page's language (src/content/alert-form.json, or its Spanish twin). */
  copy: AlertCopy;
  /** The page's language for the schema's English field messages (none on an English page). */
  fieldMessages?: Readonly<Record<string, string>>;
}

/**
 * "Get an email when a new club starts near {place}" (issue 39): address, place, distance and online clubs; or, for
 * guides, the address and the place. Validated
 * with the schema of POST /api/alerts, which it calls; without JavaScript it posts to the same endpoint (decision 030)
 * and /alerts shows the outcome. The answer is the same whatever the address already has, and says so. The English
 * pages' island is AlertForm.tsx; the directory's dialog loads this view with its page's words.
 */
export default function AlertFormView({
  place = '',
  heading,
  headingLevel = 2,
  serverErrors,
  forGuides = false,
  copy,
  fieldMessages = {},
}: AlertFormProps) {
  const t = (message: string | undefined) => message && (fieldMessages[message] ?? message);
  const action = forGuides ? FORM_ACTIONS.guideAlert : FORM_ACTIONS.alert;
  const headingId = useId();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AlertInput, unknown, AlertRequest>({
    resolver: zodResolver(alertSchema),
    defaultValues: { email: '', place, distance: DEFAULT_ALERT_DISTANCE, includeOnline: false },
    errors: useServerErrors(serverErrors),
  });

  const onSubmit = async (data: AlertRequest) => {
    setOutcome(null);
    try {
      await apiRequest('POST', action, forGuides ? { email: data.email, place: data.place } : data);
      setOutcome({ tone: 'success', title: copy.sent.title, message: copy.sent.description });
    } catch (error) {
      for (const [field, [message]] of Object.entries(serverFieldErrors(error))) {
        if (message && (field === 'email' || field === 'place' || field === 'distance')) setError(field, { message });
      }
      setOutcome({ tone: 'error', title: copy.failed.title, message: serverMessage(error) ?? copy.failed.description });
    }
  };

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      className="rounded-xl border border-flame-200 bg-flame-50 p-4 sm:p-5"
      aria-labelledby={headingId}
      data-alert-form={forGuides ? 'guides' : 'clubs'}
    >
      <Heading id={headingId} className="text-lg font-semibold text-ember-900">
        {heading}
      </Heading>
      <form method="post" action={action} onSubmit={handleSubmit(onSubmit)} noValidate className="mt-3 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={copy.email} error={t(errors.email?.message)}>
            <input type="email" autoComplete="email" {...register('email')} />
          </FormField>
          <FormField label={copy.place} error={t(errors.place?.message)}>
            <input type="text" autoComplete="postal-code" {...register('place')} />
          </FormField>
        </div>
        {!forGuides && (
          <div className="flex flex-wrap items-end gap-4">
            <div className="min-w-40">
              <FormField label={copy.distance} error={t(errors.distance?.message)}>
                <select {...register('distance', { valueAsNumber: true })}>
                  {ALERT_DISTANCES.map((miles) => (
                    <option key={miles} value={miles}>
                      {fillTemplate(copy.miles, { miles })}
                    </option>
                  ))}
                </select>
              </FormField>
            </div>
            <label className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
              <input type="checkbox" className="h-5 w-5 accent-flame-700" {...register('includeOnline')} />
              {copy.includeOnline}
            </label>
          </div>
        )}
        <p className="text-xs text-stone-600">{forGuides ? copy.guideHint : copy.hint}</p>
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting ? copy.submitting : copy.submit}
        </button>
        <FormOutcome outcome={outcome} />
      </form>
    </section>
  );
}
