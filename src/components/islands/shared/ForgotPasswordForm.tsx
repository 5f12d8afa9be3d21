import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { forgotPasswordSchema } from '#lib/schemas/clubs.ts';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { FormField } from './FormField.tsx';
import { FORM_ACTIONS } from '#lib/shared/form-posts.ts';
import type { ForgotPasswordWords } from '#lib/auth/sign-in-words.ts';
import { useServerErrors } from './form-posts.ts';
import { fieldMessageIn, type FieldMessages } from './field-messages.ts';

type ForgotInput = z.input<typeof forgotPasswordSchema>;
type Forgot = z.output<typeof forgotPasswordSchema>;

/**
 * "Forgot password?" of every sign-in form, hosts' and guides' alike: asks for a reset link to the account's email,
 * then says it was sent if the account exists (the answer is the same whether or not it does). `focusOnMount` puts the
 * focus in the email field, for a form that replaced the button the visitor pressed; `onBack`, when given, is its
 * "Back to sign in". `serverErrors`: the field messages of a request posted without JavaScript. `words`: the form's
 * words in the page's language (forgot-password-form.json or its Spanish twin), with, on a Spanish page, the schema's
 * messages (`fieldMessages`).
 */
export function ForgotPasswordForm({
  focusOnMount = false,
  onBack,
  serverErrors,
  words,
  fieldMessages,
}: {
  focusOnMount?: boolean;
  onBack?: () => void;
  serverErrors?: Record<string, string[]> | undefined;
  words: ForgotPasswordWords;
  fieldMessages?: FieldMessages | undefined;
}) {
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ForgotInput, unknown, Forgot>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
    errors: useServerErrors(serverErrors),
  });

  useEffect(() => {
    if (focusOnMount) setFocus('email');
  }, [focusOnMount, setFocus]);

  const [sent, setSent] = useState(false);
  const onSubmit = async (data: Forgot) => {
    try {
      await apiRequest('POST', '/api/clubs/forgot-password', data);
      setSent(true);
    } catch (error) {
      toast({
        title: words.failed,
        description: serverMessage(error) ?? words.unable,
        variant: 'destructive',
      });
    }
  };

  const form = sent ? (
    <p className="mt-4 rounded-xl bg-emerald-50 p-4 text-emerald-900" role="status">
      {words.sent}
    </p>
  ) : (
    <form
      method="post"
      action={FORM_ACTIONS.forgotPassword}
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      className="mt-6 space-y-4"
      aria-label={words.label}
    >
      <p className="text-stone-700">{words.intro}</p>
      <FormField label={words.email} error={fieldMessageIn(fieldMessages, errors.email?.message)}>
        <input type="email" autoComplete="email" {...register('email')} />
      </FormField>
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? words.submitting : words.submit}
      </button>
    </form>
  );
  return onBack ? (
    <div>
      {form}
      <p className="mt-6 text-sm">
        <button type="button" className="font-semibold text-flame-800 underline" onClick={onBack}>
          {words.back}
        </button>
      </p>
    </div>
  ) : (
    form
  );
}
