import { useState } from 'react';
import newPasswordWords from '#content/reset-password-form.json' with { type: 'json' };
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { passwordChangeSchema } from '#lib/schemas/account.ts';
import { apiRequest, serverFieldErrors, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { FormField } from '#components/islands/shared/FormField.tsx';
import { NewPasswordFields } from '#components/islands/shared/NewPasswordFields.tsx';
import { useServerErrors } from '#components/islands/shared/form-posts.ts';
import { FORM_ACTIONS, FORM_WORDS } from '#lib/shared/form-posts.ts';

type Input = z.input<typeof passwordChangeSchema>;
type Output = z.output<typeof passwordChangeSchema>;

const EMPTY: Input = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * "Password": the current one, then the new one twice; every other browser is signed out, this one stays. Without
 * JavaScript it posts to the same endpoint (decision 030); `serverErrors` are the field messages of a refusal.
 */
export function PasswordCard({ onChanged, serverErrors }: { onChanged: () => void; serverErrors?: Record<string, string[]> | undefined }) {
  const [status, setStatus] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: EMPTY,
    errors: useServerErrors(serverErrors),
  });

  const onSubmit = async (data: Output) => {
    setStatus('');
    try {
      await apiRequest('POST', '/api/account/password', data);
    } catch (error) {
      for (const [field, messages] of Object.entries(serverFieldErrors(error))) {
        if (field in EMPTY) setError(field as keyof Input, { message: messages[0] });
      }
      toast({ title: FORM_WORDS.passwordChange.failed, description: serverMessage(error) ?? FORM_WORDS.tryAgain, variant: 'destructive' });
      return;
    }
    reset(EMPTY);
    setStatus('Your password has been changed. Every other browser has been signed out, and we have emailed you to say so.');
    toast({ title: FORM_WORDS.passwordChange.done, description: FORM_WORDS.passwordChange.doneText });
    onChanged();
  };

  return (
    <section className="card" aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-xl font-bold text-ember-900">
        Password
      </h2>
      <p className="mt-1 text-sm text-stone-600">Changing it signs out every other browser. This one stays signed in.</p>
      <form
        method="post"
        action={FORM_ACTIONS.passwordChange}
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        className="mt-4 space-y-4"
        aria-labelledby="password-heading"
      >
        <FormField label="Current Password" error={errors.currentPassword?.message}>
          <input type="password" autoComplete="current-password" {...register('currentPassword')} />
        </FormField>
        <NewPasswordFields
          words={newPasswordWords}
          password={register('password')}
          confirmPassword={register('confirmPassword')}
          errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
        />
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Changing...' : 'Change password'}
        </button>
        <p role="status" className="text-sm text-emerald-800">
          {status}
        </p>
      </form>
    </section>
  );
}
