import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { REPORT_REASONS } from '#lib/clubs/types.ts';
import { reportSchema } from '#lib/schemas/reports.ts';
import { apiRequest, serverFieldErrors, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { FormField } from '#components/islands/shared/FormField.tsx';
import { SCRIPT_FORM } from '#components/islands/shared/form-posts.ts';
import { useClubWords, useFieldMessage } from '#components/islands/shared/club-words.ts';
import { fillTemplate } from '#lib/shared/format.ts';

type Input = z.input<typeof reportSchema>;
type Output = z.output<typeof reportSchema>;

// The reason starts unchosen ("Choose a reason"): a default would send "Not meeting any more" for anyone who skims the
// form, and three of those send the host a check-in.
const EMPTY = { details: '', email: '' };
const FIELDS = ['reason', 'details', 'email'] as const;

interface ReportProblemFormProps {
  clubId: number;
  clubName: string;
  onSent: () => void;
  onCancel: () => void;
}

/** "Report a problem" with one club: validated with the same schema as POST /api/clubs/{id}/report, in the page's language. */
export default function ReportProblemForm({ clubId, clubName, onSent, onCancel }: ReportProblemFormProps) {
  const copy = useClubWords().details.report;
  const t = useFieldMessage();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(reportSchema), defaultValues: EMPTY });
  // Opened below the dialog's visible part, the form would look as if the button did nothing: its first field takes
  // focus, which scrolls it into view and tells a screen reader where the form is.
  useEffect(() => setFocus('reason'), [setFocus]);

  const onSubmit = async (data: Output) => {
    try {
      await apiRequest('POST', `/api/clubs/${clubId}/report`, data);
      toast(copy.sent);
      onSent();
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      const invalid = FIELDS.filter((field) => fieldErrors[field]);
      invalid.forEach((field, index) => setError(field, { message: fieldErrors[field]![0] }, { shouldFocus: index === 0 }));
      if (invalid.length > 0) return;
      toast({
        title: copy.failed.title,
        description: serverMessage(error) ?? copy.failed.description,
        variant: 'destructive',
      });
    }
  };

  return (
    <form
      {...SCRIPT_FORM}
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      className="space-y-4"
      aria-label={fillTemplate(copy.label, { club: clubName })}
    >
      <FormField label={copy.reason} error={t(errors.reason?.message)}>
        <select {...register('reason')}>
          <option value="">{copy.chooseReason}</option>
          {REPORT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {copy.reasons[reason]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={copy.details} hint={copy.detailsHint} error={t(errors.details?.message)}>
        <textarea rows={4} maxLength={2000} {...register('details')} />
      </FormField>
      <FormField label={copy.email} hint={copy.emailHint} error={t(errors.email?.message)}>
        <input type="email" autoComplete="email" {...register('email')} />
      </FormField>
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
