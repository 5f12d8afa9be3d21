import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { resetPasswordSchema } from '#lib/schemas/clubs.ts';
import { apiRequest, serverFieldErrors, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { NewPasswordFields } from '#components/islands/AccountFields.tsx';

type Input = z.input<typeof resetPasswordSchema>;
type Output = z.output<typeof resetPasswordSchema>;

/**
 * Choosing a new password from an emailed reset link (/reset-password?token=…), whose page has checked the link is
 * still usable. Once set, the account signs in on its own sign-in form (`signInPath`), or any other.
 */
export default function ResetPasswordForm({ token, signInPath }: { token: string; signInPath: string }) {
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  const onSubmit = async (data: Output) => {
    try {
      await apiRequest('POST', '/api/clubs/reset-password', data);
      setDone(true);
      toast({ title: 'Password Updated', description: 'Sign in with your new password.' });
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors.password?.[0]) setError('password', { message: fieldErrors.password[0] });
      toast({
        title: 'Reset Failed',
        description: serverMessage(error) ?? 'Unable to reset your password. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return done ? (
    <div className="mt-6 space-y-4">
      <p className="rounded-xl bg-emerald-50 p-4 text-emerald-900" role="status">
        Your password has been changed, and every device that was signed in has been signed out. We have emailed your account to say so.
      </p>
      <a className="btn-primary inline-flex" href={signInPath}>
        Sign In
      </a>
    </div>
  ) : (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="mt-6 space-y-4" aria-label="Choose a new password">
      <NewPasswordFields
        password={register('password')}
        confirmPassword={register('confirmPassword')}
        errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
      />
      {errors.token?.message && (
        <p className="text-sm text-red-800" role="alert">
          {errors.token.message}
        </p>
      )}
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Set New Password'}
      </button>
    </form>
  );
}
