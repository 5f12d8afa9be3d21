import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { forgotPasswordSchema } from '#lib/schemas/clubs.ts';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { FormField } from './FormField.tsx';
import { FORM_ACTIONS, FORM_WORDS } from '#lib/shared/form-posts.ts';
import { useServerErrors } from './form-posts.ts';

type ForgotInput = z.input<typeof forgotPasswordSchema>;
type Forgot = z.output<typeof forgotPasswordSchema>;

/**
 * "Forgot password?" of every sign-in form, hosts' and guides' alike: asks for a reset link to the account's email,
 * then says it was sent if the account exists (the answer is the same whether or not it does). `focusOnMount` puts the
 * focus in the email field, for a form that replaced the button the visitor pressed; `onBack`, when given, is its
 * "Back to sign in". `serverErrors`: the field messages of a request posted without JavaScript.
 */
export function ForgotPasswordForm({
  focusOnMount = false,
  onBack,
  serverErrors,
}: {
  focusOnMount?: boolean;
  onBack?: () => void;
  serverErrors?: Record<string, string[]> | undefined;
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
        title: FORM_WORDS.forgotPassword.failed,
        description: serverMessage(error) ?? FORM_WORDS.forgotPassword.unable,
        variant: 'destructive',
      });
    }
  };

  const form = sent ? (
    <p className="mt-4 rounded-xl bg-emerald-50 p-4 text-emerald-900" role="status">
      {FORM_WORDS.forgotPassword.sent}
    </p>
  ) : (
    <form
      method="post"
      action={FORM_ACTIONS.forgotPassword}
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      className="mt-6 space-y-4"
      aria-label="Reset your password"
    >
      <p className="text-stone-700">Enter the email of your account and we will send you a link to choose a new password.</p>
      <FormField label="Email" error={errors.email?.message}>
        <input type="email" autoComplete="email" {...register('email')} />
      </FormField>
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send Reset Link'}
      </button>
    </form>
  );
  return onBack ? (
    <div>
      {form}
      <p className="mt-6 text-sm">
        <button type="button" className="font-semibold text-flame-800 underline" onClick={onBack}>
          Back to sign in
        </button>
      </p>
    </div>
  ) : (
    form
  );
}
