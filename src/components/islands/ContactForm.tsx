import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CONTACT_REASONS, CONTACT_REASON_LABELS, contactRequestSchema } from '../../lib/schemas/contact.ts';
import { apiRequest, serverFieldErrors, serverMessage } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { FormField } from './FormField.tsx';

type Input = z.input<typeof contactRequestSchema>;
type Output = z.output<typeof contactRequestSchema>;

const EMPTY: Input = { name: '', email: '', phone: '', coachName: '', message: '', contactReason: 'schedule' };

/** The /contact-us message form: validated with the same schema as POST /api/contact-requests. */
export default function ContactForm() {
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
      toast({ title: 'Message Sent Successfully', description: 'Thank you for reaching out. We will reply as soon as we can.' });
      reset(EMPTY);
    } catch (error) {
      for (const [field, messages] of Object.entries(serverFieldErrors(error))) {
        if (field in EMPTY) setError(field as keyof Input, { message: messages[0] });
      }
      const tooMany = error instanceof Error && error.message.startsWith('429');
      toast({
        title: 'Error Sending Message',
        description: tooMany ? serverMessage(error) : 'There was an issue sending your message. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5" aria-label="Send us a message">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Your Name" error={errors.name?.message}>
          <input type="text" autoComplete="name" {...register('name')} />
        </FormField>
        <FormField label="Email Address" error={errors.email?.message}>
          <input type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label="Phone Number" error={errors.phone?.message}>
          <input type="tel" autoComplete="tel" {...register('phone')} />
        </FormField>
        <FormField label="Coach Name" hint="The coach or host your message is about" error={errors.coachName?.message}>
          <input type="text" {...register('coachName')} />
        </FormField>
      </div>
      <FormField label="Reason for Contact" error={errors.contactReason?.message}>
        <select {...register('contactReason')}>
          {CONTACT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {CONTACT_REASON_LABELS[reason]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Message" error={errors.message?.message}>
        <textarea rows={6} {...register('message')} />
      </FormField>
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
