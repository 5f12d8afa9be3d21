import { Eye, EyeOff, ShieldCheck } from 'lucide-react';
import { loginSchema } from '#lib/schemas/auth.ts';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { clearClientCache } from '#lib/client/session.ts';
import { toast } from '#lib/client/toast.ts';
import { FORM_ACTIONS, FORM_WORDS } from '#lib/shared/form-posts.ts';
import { SignInForm, type SignInCredentials } from '#components/islands/shared/SignInForm.tsx';

/** The spec's pause between a successful admin sign-in and the move to /admin-clubs. */
const REDIRECT_DELAY_MS = 100;

/**
 * /login: the admin signs in with email or username, then goes to `returnTo` (the page that asked for the sign-in,
 * checked by the server) or Admin Clubs; `serverErrors` are the field messages of a post without JavaScript.
 */
export default function AdminLoginForm({
  serverErrors,
  returnTo = null,
}: {
  serverErrors?: Record<string, string[]> | undefined;
  returnTo?: string | null;
}) {
  const signIn = async (credentials: SignInCredentials) => {
    try {
      await apiRequest('POST', '/api/login', credentials);
    } catch (error) {
      toast({
        title: FORM_WORDS.adminSignIn.failed,
        description: serverMessage(error) ?? FORM_WORDS.adminSignIn.invalid,
        variant: 'destructive',
      });
      return false;
    }
    clearClientCache();
    setTimeout(() => window.location.assign(returnTo ?? '/admin-clubs'), REDIRECT_DELAY_MS);
    return true;
  };

  return (
    <SignInForm
      schema={loginSchema}
      identifier="emailOrUsername"
      signIn={signIn}
      action={FORM_ACTIONS.adminSignIn}
      returnTo={returnTo}
      serverErrors={serverErrors}
      passwordToggle={(shown, toggle) => (
        <button
          type="button"
          onClick={toggle}
          className="absolute right-1.5 top-7 rounded-md p-2 text-stone-600 hover:text-flame-800"
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
        >
          {shown ? <EyeOff className="h-5 w-5" aria-hidden="true" /> : <Eye className="h-5 w-5" aria-hidden="true" />}
        </button>
      )}
      className="space-y-5"
    >
      <p className="flex items-center gap-2 rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-700">
        <ShieldCheck className="h-4 w-4 text-flame-700" aria-hidden="true" />
        Admin access only
      </p>
    </SignInForm>
  );
}
