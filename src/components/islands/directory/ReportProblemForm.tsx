import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { REPORT_REASONS, REPORT_REASON_LABELS } from '#lib/clubs/types.ts';
import { reportSchema } from '#lib/schemas/reports.ts';
import { apiRequest, serverFieldErrors, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { FormField } from '#components/islands/shared/FormField.tsx';
import { SCRIPT_FORM } from '#components/islands/shared/form-posts.ts';

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

/** "Report a problem" with one club: validated with the same schema as POST /api/clubs/{id}/report. */
export default function ReportProblemForm({ clubId, clubName, onSent, onCancel }: ReportProblemFormProps) {
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
      toast({ title: 'Report sent', description: 'Thank you. Your report was sent to the FlameKeeper team.' });
      onSent();
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      const invalid = FIELDS.filter((field) => fieldErrors[field]);
      invalid.forEach((field, index) => setError(field, { message: fieldErrors[field]![0] }, { shouldFocus: index === 0 }));
      if (invalid.length > 0) return;
      toast({
        title: 'Report not sent',
        description: serverMessage(error) ?? 'Something went wrong. Please try again.',
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
      aria-label={`Report a problem with ${clubName}`}
    >
      <FormField label="What is wrong?" error={errors.reason?.message}>
        <select {...register('reason')}>
          <option value="">Choose a reason</option>
          {REPORT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {REPORT_REASON_LABELS[reason]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Details" hint='Optional, except for "Something else".' error={errors.details?.message}>
        <textarea rows={4} maxLength={2000} {...register('details')} />
      </FormField>
      <FormField
        label="Your email (optional)"
        hint="Only if you would like a reply. The host does not see it."
        error={errors.email?.message}
      >
        <input type="email" autoComplete="email" {...register('email')} />
      </FormField>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send report'}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
