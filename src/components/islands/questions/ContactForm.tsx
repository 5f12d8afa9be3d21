import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { GuideName } from '#lib/guides/types.ts';
import { CONTACT_REASONS, CONTACT_REASON_LABELS, contactRequestSchema } from '#lib/schemas/contact.ts';
import { toast } from '#lib/client/toast.ts';
import { fillTemplate } from '#lib/shared/format.ts';
import { Combobox, type ComboboxCopy, type Suggestions } from '#components/islands/shared/Combobox.tsx';
import { SenderFields, postMessage } from '#components/islands/shared/MessageFields.tsx';
import { useServerErrors } from '#components/islands/shared/form-posts.ts';
import { FORM_ACTIONS } from '#lib/shared/form-posts.ts';
import { FormField, fieldInputClassName } from '#components/islands/shared/FormField.tsx';
import { inPageLanguage, localizedResolver, type PageMessages } from '#components/islands/shared/form-messages.ts';

type Input = z.input<typeof contactRequestSchema>;
type Output = z.output<typeof contactRequestSchema>;

const EMPTY: Input = { name: '', email: '', phone: '', coachName: '', message: '', contactReason: 'schedule', coachId: undefined };

/** Two letters start a name well enough; one matches nearly every guide. */
const MIN_COACH_QUERY = 2;

interface Notice {
  title: string;
  description: string;
}

/**
 * The form's words, from src/content/contact.yaml; its field messages come with the shared schema. Any refusal, a
 * limit reached too, is the spec's "Error Sending Message".
 */
export interface ContactFormCopy {
  label: string;
  name: string;
  email: string;
  phone: string;
  coachName: string;
  coachNameHint: string;
  /** The Coach Name box's suggestions of listed guides. */
  coachSuggestions: Omit<ComboboxCopy, 'label' | 'hint'>;
  contactReason: string;
  message: string;
  submit: string;
  submitting: string;
  sent: Notice;
  failed: Notice;
  /** The sent notice's description when the message went straight to a listed guide: {guide} is the name. */
  forwarded: string;
}

/**
 * The /contact-us message form: validated with the same schema as POST /api/contact-requests. Coach Name suggests
 * listed guides as the visitor types; picking one sends its public id, so that the message is forwarded to that guide.
 * Without JavaScript it posts to the same endpoint (decision 030); `serverErrors` are the field messages of a refusal.
 * On a Spanish page, `messages` are the Spanish twins of the schema's messages and of the reasons' labels (decision 041).
 */
export default function ContactForm({
  copy,
  serverErrors,
  messages,
}: {
  copy: ContactFormCopy;
  serverErrors?: Record<string, string[]> | undefined;
  messages?: PageMessages | undefined;
}) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: localizedResolver(zodResolver(contactRequestSchema), messages),
    defaultValues: EMPTY,
    errors: useServerErrors(serverErrors),
  });
  const coach = useController({ control, name: 'coachName' });

  const onSubmit = async (data: Output) => {
    const answer = await postMessage<{ forwardedTo: GuideName | null }>('/api/contact-requests', data, copy, (field, message) => {
      if (field in EMPTY) setError(field as keyof Input, { message });
    });
    if (!answer.ok) return;
    const { forwardedTo } = answer.answer;
    toast({
      title: copy.sent.title,
      description: forwardedTo ? fillTemplate(copy.forwarded, { guide: forwardedTo.name }) : copy.sent.description,
    });
    reset(EMPTY);
  };

  return (
    <form
      method="post"
      action={FORM_ACTIONS.contact}
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      className="space-y-5"
      aria-label={copy.label}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <SenderFields
          copy={copy}
          fields={{ name: register('name'), email: register('email'), phone: register('phone') }}
          errors={{ name: errors.name?.message, email: errors.email?.message, phone: errors.phone?.message }}
        />
        <Combobox<GuideName>
          copy={{ ...copy.coachSuggestions, label: copy.coachName, hint: copy.coachNameHint }}
          text={coach.field.value}
          onTextChange={(text) => {
            coach.field.onChange(text);
            // A guide counts as picked only while the box holds the name picked.
            setValue('coachId', undefined);
          }}
          onSelect={(guide) => setValue('coachId', guide.id)}
          suggest={fetchGuideNames}
          minQueryLength={MIN_COACH_QUERY}
          optionKey={(guide) => guide.id}
          optionText={(guide) => guide.name}
          renderOption={(guide) => <span className="font-medium">{guide.name}</span>}
          name={coach.field.name}
          onBlur={coach.field.onBlur}
          error={errors.coachName?.message}
          inputClassName={fieldInputClassName(errors.coachName?.message)}
        />
      </div>
      <FormField label={copy.contactReason} error={errors.contactReason?.message}>
        <select {...register('contactReason')}>
          {CONTACT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {inPageLanguage(CONTACT_REASON_LABELS[reason], messages)}
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

async function fetchGuideNames(query: string, signal: AbortSignal): Promise<Suggestions<GuideName>> {
  const response = await fetch(`/api/guides/names?q=${encodeURIComponent(query)}`, { signal });
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  return { options: (await response.json()) as GuideName[], message: null };
}
