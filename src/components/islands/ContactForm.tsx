import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CONTACT_REASONS, CONTACT_REASON_LABELS, contactRequestSchema } from '#lib/schemas/contact.ts';
import { apiRequest, serverFieldErrors } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { FormField } from './FormField.tsx';

type Input = z.input<typeof contactRequestSchema>;
type Output = z.output<typeof contactRequestSchema>;

const EMPTY: Input = { name: '', email: '', phone: '', coachName: '', message: '', contactReason: 'schedule' };

interface Notice {
  title: string;
  description: string;
}

/** The form's words, from src/content/contact.yaml; its field messages come with the shared schema. */
export interface ContactFormCopy {
  label: string;
  name: string;
  email: string;
  phone: string;
  coachName: string;
  coachNameHint: string;
  contactReason: string;
  message: string;
  submit: string;
  submitting: string;
  sent: Notice;
  failed: Notice;
}

/** The /contact-us message form: validated with the same schema as POST /api/contact-requests. */
export default function ContactForm({ copy }: { copy: ContactFormCopy }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(contactRequestSchema), defaultValues: EMPTY });

  const onSubmit = async (data: Output) => {
    try {
      await apiRequest('POST', '/api/contact-requests', data);
      toast(copy.sent);
      reset(EMPTY);
    } catch (error) {
      for (const [field, messages] of Object.entries(serverFieldErrors(error))) {
        if (field in EMPTY) setError(field as keyof Input, { message: messages[0] });
      }
      toast({ title: copy.failed.title, description: copy.failed.description, variant: 'destructive' });
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5" aria-label={copy.label}>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={copy.name} error={errors.name?.message}>
          <input type="text" autoComplete="name" {...register('name')} />
        </FormField>
        <FormField label={copy.email} error={errors.email?.message}>
          <input type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label={copy.phone} error={errors.phone?.message}>
          <input type="tel" autoComplete="tel" {...register('phone')} />
        </FormField>
        <FormField label={copy.coachName} hint={copy.coachNameHint} error={errors.coachName?.message}>
          <input type="text" {...register('coachName')} />
        </FormField>
      </div>
      <FormField label={copy.contactReason} error={errors.contactReason?.message}>
        <select {...register('contactReason')}>
          {CONTACT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {CONTACT_REASON_LABELS[reason]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={copy.message} error={errors.message?.message}>
        <textarea rows={6} {...register('message')} />
      </FormField>
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? copy.submitting : copy.submit}
      </button>
    </form>
  );
}
