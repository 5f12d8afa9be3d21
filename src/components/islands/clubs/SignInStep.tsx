import { lazy, Suspense, useState } from 'react';
import signInWords from '#content/sign-in-form.json' with { type: 'json' };
import { hostSignInSchema } from '#lib/schemas/clubs.ts';
import { apiRequest } from '#lib/client/api.ts';
import { clearClientCache } from '#lib/client/session.ts';
import { toast } from '#lib/client/toast.ts';
import { FORM_ACTIONS, FORM_WORDS } from '#lib/shared/form-posts.ts';
import { FormLoading } from '#components/islands/shared/FormLoading.tsx';
import { SignInForm, type SignInCredentials } from '#components/islands/shared/SignInForm.tsx';
import { StepHeading } from '#components/islands/shared/StepHeading.tsx';
import { StepLink } from './StepLink.tsx';

// Loaded when "Forgot password?" is pressed: the registration page's first load is at its budget.
const ForgotPasswordForm = lazy(() => import('#components/islands/shared/ForgotPasswordFormEn.tsx'));

interface SignInStepProps {
  focusOnMount: boolean;
  onRegister: () => void;
  /** The field messages of a sign-in posted without JavaScript. */
  serverErrors?: Record<string, string[]> | undefined;
  /** The page that asked for the sign-in (a checked path, its anchor included), to go back to instead of the account's. */
  returnTo?: string | null;
}

/** Sign-in for hosts (a guide's account is taken too), with "Forgot password?" asking for a reset link. */
export function SignInStep({ focusOnMount, onRegister, serverErrors, returnTo }: SignInStepProps) {
  const [forgotten, setForgotten] = useState(false);
  return forgotten ? (
    <div>
      <StepHeading>Reset Your Password</StepHeading>
      <Suspense fallback={<FormLoading />}>
        <ForgotPasswordForm onBack={() => setForgotten(false)} />
      </Suspense>
    </div>
  ) : (
    <HostSignIn
      focusOnMount={focusOnMount}
      onRegister={onRegister}
      onForgot={() => setForgotten(true)}
      serverErrors={serverErrors}
      returnTo={returnTo}
    />
  );
}

function HostSignIn({ focusOnMount, onRegister, onForgot, serverErrors, returnTo }: SignInStepProps & { onForgot: () => void }) {
  /** Resolves true when the account's page (its club profile, or a guide's licences) is opening. */
  const signIn = async (credentials: SignInCredentials) => {
    let result: { success: boolean; clubId: number | null; home: string | null };
    try {
      result = (await (await apiRequest('POST', '/api/clubs/signin', credentials)).json()) as typeof result;
    } catch {
      // The spec's sentence for every failed request, a 429 included: the server's message is not shown here.
      toast({ title: FORM_WORDS.signIn.failed, description: FORM_WORDS.signIn.unable, variant: 'destructive' });
      return false;
    }
    if (!result.success || !result.home) {
      toast({ title: FORM_WORDS.signIn.failed, description: FORM_WORDS.signIn.invalid, variant: 'destructive' });
      return false;
    }
    clearClientCache();
    toast({
      title: returnTo
        ? 'Welcome back! Taking you back to the page you opened...'
        : result.clubId === null
          ? 'Welcome back! Redirecting to your licences...'
          : 'Welcome back! Redirecting to your club profile...',
    });
    window.location.assign(returnTo ?? result.home);
    return true;
  };

  return (
    <div>
      <StepHeading focusOnMount={focusOnMount}>Sign In to Your Club</StepHeading>
      <p className="mt-2 text-stone-700">
        Manage your club profile with the email and password you registered with. Guides sign in here too, with their account.
      </p>
      <SignInForm
        schema={hostSignInSchema}
        identifier="email"
        signIn={signIn}
        words={signInWords}
        action={FORM_ACTIONS.hostSignIn}
        serverErrors={serverErrors}
        returnTo={returnTo}
        className="mt-6 space-y-4"
      >
        <div className="text-right text-sm">
          <button type="button" className="text-flame-800 underline" onClick={onForgot}>
            Forgot password?
          </button>
        </div>
      </SignInForm>
      <p className="mt-6 border-t border-stone-200 pt-5 text-sm text-stone-700">
        New host?{' '}
        <StepLink href="/club-registration" className="font-semibold text-flame-800 underline" onClick={onRegister}>
          Register a new club
        </StepLink>
      </p>
    </div>
  );
}
