import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { alertCopy as copy } from '#lib/alerts/alert-copy.ts';
import { clubAlertSchema, guideAlertSchema } from '#lib/schemas/alerts.ts';
import { apiRequest, serverFieldErrors, serverMessage } from '#lib/client/api.ts';
import { FORM_ACTIONS } from '#lib/shared/form-posts.ts';
import { fillTemplate } from '#lib/shared/format.ts';
import { FormField } from './FormField.tsx';

type WatchAlertFormProps = {
  /** The form's heading ("Tell me when a guide serves {place}"), at the level the page needs. */
  heading: string;
  headingLevel?: 2 | 3 | 4;
} & ({ kind: 'guides'; place: string } | { kind: 'club'; clubId: number });

type Fields = { email: string; place?: string; clubId?: number };

/**
 * The other two alerts of issue 39, as small as the club alert's form (AlertForm.tsx): "Tell me when a guide serves
 * {place}" (address and place) on /guides, and "Tell me when {club} takes new members" (the address alone: the place
 * is the club) on a club whose joining is off. Validated with the schema of the endpoint it calls; without JavaScript
 * it posts to the same endpoint (decision 030) and /alerts shows the outcome.
 */
export default function WatchAlertForm(props: WatchAlertFormProps) {
  const headingId = useId();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; title: string; message: string } | null>(null);
  const guides = props.kind === 'guides';
  const action = guides ? FORM_ACTIONS.guideAlert : FORM_ACTIONS.clubAlert;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Fields>({
    resolver: zodResolver(guides ? guideAlertSchema : clubAlertSchema) as never,
    defaultValues: guides ? { email: '', place: props.place } : { email: '', clubId: props.clubId },
  });

  const onSubmit = async (data: Fields) => {
    setOutcome(null);
    try {
      await apiRequest('POST', action, data);
      setOutcome({ tone: 'success', title: copy.sent.title, message: copy.sent.description });
    } catch (error) {
      for (const [field, [message]] of Object.entries(serverFieldErrors(error))) {
        if (message && (field === 'email' || field === 'place')) setError(field, { message });
      }
      setOutcome({ tone: 'error', title: copy.failed.title, message: serverMessage(error) ?? copy.failed.description });
    }
  };

  const Heading = (['h2', 'h3', 'h4'] as const)[(props.headingLevel ?? 2) - 2]!;
  return (
    <section className="rounded-xl border border-flame-200 bg-flame-50 p-4 sm:p-5" aria-labelledby={headingId} data-alert-form={props.kind}>
      <Heading id={headingId} className="text-lg font-semibold text-ember-900">
        {props.heading}
      </Heading>
      <form method="post" action={action} onSubmit={handleSubmit(onSubmit)} noValidate className="mt-3 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={copy.email} error={errors.email?.message}>
            <input type="email" autoComplete="email" {...register('email')} />
          </FormField>
          {guides ? (
            <FormField label={copy.place} error={errors.place?.message}>
              <input type="text" autoComplete="postal-code" {...register('place')} />
            </FormField>
          ) : (
            <input type="hidden" {...register('clubId', { valueAsNumber: true })} />
          )}
        </div>
        <p className="text-xs text-stone-600">{guides ? copy.guideHint : copy.clubHint}</p>
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting ? copy.submitting : copy.submit}
        </button>
        <div aria-live="polite">
          {outcome && (
            <p
              className={`rounded-lg border p-3 text-sm ${outcome.tone === 'success' ? 'border-green-300 bg-green-50 text-green-950' : 'border-red-300 bg-red-50 text-red-950'}`}
              role={outcome.tone === 'error' ? 'alert' : 'status'}
            >
              <strong className="font-semibold">{outcome.title}.</strong> {outcome.message}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}

/** "Tell me when {club} takes new members", the words of the content file with the club's name. */
export function ClubAlertOffer({ clubId, clubName, headingLevel }: { clubId: number; clubName: string; headingLevel?: 2 | 3 | 4 }) {
  return (
    <WatchAlertForm kind="club" clubId={clubId} heading={fillTemplate(copy.clubOffer, { club: clubName })} headingLevel={headingLevel} />
  );
}
