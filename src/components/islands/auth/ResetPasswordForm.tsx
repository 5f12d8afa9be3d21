import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { resetPasswordSchema } from '#lib/schemas/clubs.ts';
import { apiRequest, serverFieldErrors, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { NewPasswordFields } from '#components/islands/shared/AccountFields.tsx';
import { useServerErrors } from '#components/islands/shared/form-posts.ts';
import { FORM_ACTIONS, FORM_WORDS } from '#lib/shared/form-posts.ts';

type Input = z.input<typeof resetPasswordSchema>;
type Output = z.output<typeof resetPasswordSchema>;

/**
 * Choosing a new password from an emailed reset link (/reset-password?token=…), whose page has checked the link is
 * still usable. Once set, the account signs in on its own sign-in form (`signInPath`), or any other. Without
 * JavaScript the form posts to the same endpoint (decision 030): the page opens `done` once the password is set, with
 * the server's field messages (`serverErrors`) when it was refused.
 */
export default function ResetPasswordForm(props: {
  token: string;
  signInPath: string;
  done?: boolean;
  serverErrors?: Record<string, string[]> | undefined;
}) {
  const { token, signInPath } = props;
  const [done, setDone] = useState(props.done ?? false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
    errors: useServerErrors(props.serverErrors),
  });

  const onSubmit = async (data: Output) => {
    try {
      await apiRequest('POST', '/api/clubs/reset-password', data);
      setDone(true);
      toast({ title: FORM_WORDS.resetPassword.done, description: FORM_WORDS.resetPassword.signIn });
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors.password?.[0]) setError('password', { message: fieldErrors.password[0] });
      toast({
        title: FORM_WORDS.resetPassword.failed,
        description: serverMessage(error) ?? FORM_WORDS.resetPassword.unable,
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
    <form
      method="post"
      action={FORM_ACTIONS.resetPassword}
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      className="mt-6 space-y-4"
      aria-label="Choose a new password"
    >
      <input type="hidden" name="token" value={token} />
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
