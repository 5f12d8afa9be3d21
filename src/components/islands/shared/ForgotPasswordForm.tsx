import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { forgotPasswordSchema } from '#lib/schemas/clubs.ts';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { FormField } from '#components/islands/FormField.tsx';

type ForgotInput = z.input<typeof forgotPasswordSchema>;
type Forgot = z.output<typeof forgotPasswordSchema>;

/**
 * "Forgot password?" of every sign-in form, hosts' and guides' alike: asks for a reset link to the account's email,
 * then says it was sent if the account exists (the answer is the same whether or not it does). `focusOnMount` puts the
 * focus in the email field, for a form that replaced the button the visitor pressed; `onBack`, when given, is its
 * "Back to sign in".
 */
export function ForgotPasswordForm({ focusOnMount = false, onBack }: { focusOnMount?: boolean; onBack?: () => void }) {
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ForgotInput, unknown, Forgot>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

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
        title: 'Request Failed',
        description: serverMessage(error) ?? 'Unable to send a reset link. Please try again.',
        variant: 'destructive',
      });
    }
  };

  const form = sent ? (
    <p className="mt-4 rounded-xl bg-emerald-50 p-4 text-emerald-900" role="status">
      If an account exists for that email, we have sent a link to reset its password. The link works once, within 30 minutes.
    </p>
  ) : (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="mt-6 space-y-4" aria-label="Reset your password">
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
