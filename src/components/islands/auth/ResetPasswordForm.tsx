import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { resetPasswordSchema } from '#lib/schemas/clubs.ts';
import { apiRequest, serverFieldErrors, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { NewPasswordFields } from '#components/islands/shared/NewPasswordFields.tsx';
import { useServerErrors } from '#components/islands/shared/form-posts.ts';
import { fieldMessageIn, type FieldMessages } from '#components/islands/shared/field-messages.ts';
import { FORM_ACTIONS } from '#lib/shared/form-posts.ts';
import type { ResetPasswordWords } from '#lib/auth/sign-in-words.ts';

type Input = z.input<typeof resetPasswordSchema>;
type Output = z.output<typeof resetPasswordSchema>;

/** What the page hands the island. */
export interface ResetPasswordProps {
  token: string;
  signInPath: string;
  done?: boolean;
  serverErrors?: Record<string, string[]> | undefined;
}

/**
 * Choosing a new password from an emailed reset link (/reset-password?token=…), whose page has checked the link is
 * still usable. Once set, the account signs in on its own sign-in form (`signInPath`), or any other. Without
 * JavaScript the form posts to the same endpoint (decision 030): the page opens `done` once the password is set, with
 * the server's field messages (`serverErrors`) when it was refused. The words and, on a Spanish page, the schema's
 * messages come from the page's island entry (PasswordResetIslands.tsx, PasswordResetIslandsEs.tsx).
 */
export default function ResetPasswordForm(props: ResetPasswordProps & { words: ResetPasswordWords; fieldMessages?: FieldMessages }) {
  const { token, signInPath, words } = props;
  const t = (message: string | undefined) => fieldMessageIn(props.fieldMessages, message);
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
      toast({ title: words.updated, description: words.signInWithNew });
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors.password?.[0]) setError('password', { message: fieldErrors.password[0] });
      toast({
        title: words.failed,
        description: serverMessage(error) ?? words.unable,
        variant: 'destructive',
      });
    }
  };

  return done ? (
    <div className="mt-6 space-y-4">
      <p className="rounded-xl bg-emerald-50 p-4 text-emerald-900" role="status">
        {words.done}
      </p>
      <a className="btn-primary inline-flex" href={signInPath}>
        {words.signIn}
      </a>
    </div>
  ) : (
    <form
      method="post"
      action={FORM_ACTIONS.resetPassword}
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      className="mt-6 space-y-4"
      aria-label={words.label}
    >
      <input type="hidden" name="token" value={token} />
      <NewPasswordFields
        words={words}
        password={register('password')}
        confirmPassword={register('confirmPassword')}
        errors={{ password: t(errors.password?.message), confirmPassword: t(errors.confirmPassword?.message) }}
      />
      {errors.token?.message && (
        <p className="text-sm text-red-800" role="alert">
          {t(errors.token.message)}
        </p>
      )}
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? words.submitting : words.submit}
      </button>
    </form>
  );
}
