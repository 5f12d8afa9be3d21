import { lazy, Suspense, useState } from 'react';
import signInWords from '#content/sign-in-form.json' with { type: 'json' };
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { guideRegistrationSchema, guideSignInSchema } from '#lib/schemas/licensing.ts';
import { apiRequest, serverFieldErrors, serverMessage, serverStatus } from '#lib/client/api.ts';
import { announceSignIn } from '#lib/client/session.ts';
import { toast } from '#lib/client/toast.ts';
import { FormField } from '#components/islands/shared/FormField.tsx';
import { AccountFields } from '#components/islands/shared/AccountFields.tsx';
import { SignInForm, type SignInCredentials } from '#components/islands/shared/SignInForm.tsx';
import { FORM_ACTIONS, FORM_WORDS } from '#lib/shared/form-posts.ts';
import { SCRIPT_FORM } from '#components/islands/shared/form-posts.ts';

// Loaded when "Forgot password?" is pressed: /my-licences' first load is at its budget (and shows no loading line, whose
// code would cost as much again).
const ForgotPasswordForm = lazy(() => import('#components/islands/shared/ForgotPasswordFormEn.tsx'));

// The field labels and messages match the host forms (RegisterStep, SignInStep), whose schemas these share.

type RegisterInput = z.input<typeof guideRegistrationSchema>;
type Register = z.output<typeof guideRegistrationSchema>;

const EMPTY_REGISTRATION: RegisterInput = { name: '', email: '', password: '', confirmPassword: '', phone: '' };

/** POST /api/guides/register: a new guide account, signed in on success; its confirmation link leads to `areaId`'s card. */
export function GuideRegisterForm({ areaId, onDone }: { areaId: string; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput, unknown, Register>({ resolver: zodResolver(guideRegistrationSchema), defaultValues: EMPTY_REGISTRATION });

  const onSubmit = async (data: Register) => {
    try {
      await apiRequest('POST', '/api/guides/register', { ...data, areaId });
    } catch (error) {
      const message = serverMessage(error);
      if (serverStatus(error) === 409) {
        // The one check only the server can make: the email already has an account.
        setError('email', { message: message ?? 'An account with this email already exists. Sign in instead.' });
        return;
      }
      for (const [field, messages] of Object.entries(serverFieldErrors(error))) {
        if (field in EMPTY_REGISTRATION) setError(field as keyof RegisterInput, { message: messages[0] });
      }
      toast({
        title: 'Registration Failed',
        description: message ?? 'Unable to create your account. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    announceSignIn();
    onDone();
  };

  return (
    <form {...SCRIPT_FORM} onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label="Create a guide account">
      <FormField label="Name" error={errors.name?.message}>
        <input type="text" autoComplete="name" {...register('name')} />
      </FormField>
      <AccountFields
        email={register('email')}
        password={register('password')}
        confirmPassword={register('confirmPassword')}
        errors={{ email: errors.email?.message, password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
      />
      <FormField label="Phone (optional)" error={errors.phone?.message}>
        <input type="tel" autoComplete="tel" {...register('phone')} />
      </FormField>
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Creating Account...' : 'Create Account'}
      </button>
    </form>
  );
}

/**
 * POST /api/guides/signin: a guide's or a host's account; a refusal is said above the button. `onDone` gets the page
 * the account belongs on (a host's club profile, else /my-licences). "Forgot password?" turns the form into the one
 * that emails a reset link. `serverErrors`: the field messages of a sign-in posted without JavaScript.
 */
export function GuideSignInForm({
  onDone,
  serverErrors,
  returnTo,
}: {
  onDone: (home: string) => void;
  serverErrors?: Record<string, string[]> | undefined;
  /** The page a sign-in posted without JavaScript comes back to (a checked path); the island's `onDone` decides otherwise. */
  returnTo?: string | null;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [forgotten, setForgotten] = useState(false);

  const signIn = async (credentials: SignInCredentials) => {
    setFailure(null);
    let result: { success: boolean; home: string | null };
    try {
      result = (await (await apiRequest('POST', '/api/guides/signin', credentials)).json()) as typeof result;
    } catch (error) {
      // A refused request (rate limit, bad payload) says why; a network failure gets the general sentence.
      setFailure(serverMessage(error) ?? FORM_WORDS.signIn.unable);
      return false;
    }
    if (!result.success || !result.home) {
      setFailure(FORM_WORDS.signIn.invalid);
      return false;
    }
    announceSignIn();
    onDone(result.home);
    // The form does not move the page on: onDone decides what follows (the account's page, the reservation's next step).
    return false;
  };

  if (forgotten) {
    return (
      <Suspense fallback={null}>
        <ForgotPasswordForm focusOnMount onBack={() => setForgotten(false)} />
      </Suspense>
    );
  }
  return (
    <SignInForm
      schema={guideSignInSchema}
      identifier="email"
      signIn={signIn}
      words={signInWords}
      action={FORM_ACTIONS.guideSignIn}
      serverErrors={serverErrors}
      returnTo={returnTo}
      className="space-y-4"
      label="Sign in"
    >
      <div className="text-right text-sm">
        <button type="button" className="text-flame-800 underline" onClick={() => setForgotten(true)}>
          Forgot password?
        </button>
      </div>
      {failure && (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert">
          {failure}
        </p>
      )}
    </SignInForm>
  );
}
