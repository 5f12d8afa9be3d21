import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { forgotPasswordSchema, hostSignInSchema } from '#lib/schemas/clubs.ts';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { clearClientCache } from '#lib/client/session.ts';
import { toast } from '#lib/client/toast.ts';
import { FormField } from '#components/islands/FormField.tsx';
import { SignInForm, type SignInCredentials } from '#components/islands/shared/SignInForm.tsx';
import { StepHeading } from './StepHeading.tsx';

type ForgotInput = z.input<typeof forgotPasswordSchema>;
type Forgot = z.output<typeof forgotPasswordSchema>;

/** Sign-in for hosts, with "Forgot password?" asking for a reset link. */
export function SignInStep({ focusOnMount, onRegister }: { focusOnMount: boolean; onRegister: () => void }) {
  const [forgotten, setForgotten] = useState(false);
  return forgotten ? (
    <ForgotPassword onBack={() => setForgotten(false)} />
  ) : (
    <HostSignIn focusOnMount={focusOnMount} onRegister={onRegister} onForgot={() => setForgotten(true)} />
  );
}

function HostSignIn({ focusOnMount, onRegister, onForgot }: { focusOnMount: boolean; onRegister: () => void; onForgot: () => void }) {
  /** Resolves true when the host's club profile is opening. */
  const signIn = async (credentials: SignInCredentials) => {
    let result: { success: boolean; clubId: number | null };
    try {
      result = (await (await apiRequest('POST', '/api/clubs/signin', credentials)).json()) as typeof result;
    } catch {
      // The spec's sentence for every failed request, a 429 included: the server's message is not shown here.
      toast({
        title: 'Sign In Failed',
        description: 'Unable to sign in. Please check your credentials and try again.',
        variant: 'destructive',
      });
      return false;
    }
    if (!result.success || result.clubId === null) {
      toast({ title: 'Sign In Failed', description: 'Invalid email or password. Please try again.', variant: 'destructive' });
      return false;
    }
    clearClientCache();
    toast({ title: 'Welcome back! Redirecting to your club profile...' });
    window.location.assign(`/club-profile/${result.clubId}`);
    return true;
  };

  return (
    <div>
      <StepHeading focusOnMount={focusOnMount}>Sign In to Your Club</StepHeading>
      <p className="mt-2 text-stone-700">Manage your club profile with the email and password you registered with.</p>
      <SignInForm schema={hostSignInSchema} identifier="email" signIn={signIn} className="mt-6 space-y-4">
        <div className="text-right text-sm">
          <button type="button" className="text-flame-800 underline" onClick={onForgot}>
            Forgot password?
          </button>
        </div>
      </SignInForm>
      <p className="mt-6 border-t border-stone-200 pt-5 text-sm text-stone-700">
        New host?{' '}
        <button type="button" className="font-semibold text-flame-800 underline" onClick={onRegister}>
          Register a new club
        </button>
      </p>
    </div>
  );
}

function ForgotPassword({ onBack }: { onBack: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotInput, unknown, Forgot>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

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

  return (
    <div>
      <StepHeading>Reset Your Password</StepHeading>
      {sent ? (
        <p className="mt-4 rounded-xl bg-emerald-50 p-4 text-emerald-900" role="status">
          If an account exists for that email, we have sent a link to reset its password. The link works once, within 30 minutes.
        </p>
      ) : (
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="mt-6 space-y-4">
          <p className="text-stone-700">Enter the email you registered with and we will send you a link to choose a new password.</p>
          <FormField label="Email" error={errors.email?.message}>
            <input type="email" autoComplete="email" {...register('email')} />
          </FormField>
          <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send Reset Link'}
          </button>
        </form>
      )}
      <p className="mt-6 text-sm">
        <button type="button" className="font-semibold text-flame-800 underline" onClick={onBack}>
          Back to sign in
        </button>
      </p>
    </div>
  );
}
