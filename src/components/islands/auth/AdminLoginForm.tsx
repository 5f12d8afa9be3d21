import { Eye, EyeOff, ShieldCheck } from 'lucide-react';
import { loginSchema } from '#lib/schemas/auth.ts';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { clearClientCache } from '#lib/client/session.ts';
import { toast } from '#lib/client/toast.ts';
import { FORM_ACTIONS } from '#lib/shared/form-posts.ts';
import type { SignInFormWords } from '#lib/auth/sign-in-words.ts';
import { SignInForm, type SignInCredentials } from '#components/islands/shared/SignInForm.tsx';
import type { FieldMessages } from '#components/islands/shared/field-messages.ts';

/** The spec's pause between a successful admin sign-in and the move to /admin-clubs. */
const REDIRECT_DELAY_MS = 100;

/** What the page hands the island: the page the sign-in returns to, and the field messages of a post without JavaScript. */
export interface AdminLoginProps {
  serverErrors?: Record<string, string[]> | undefined;
  returnTo?: string | null;
}

/**
 * /login and /es/login: the admin signs in with email or username, then goes to `returnTo` (the page that asked for the
 * sign-in, checked by the server) or Admin Clubs, which is English in either language; `serverErrors` are the field
 * messages of a post without JavaScript. The words and, on a Spanish page, the schema's messages come from the page's
 * island entry (AdminLoginEn.tsx, AdminLoginEs.tsx).
 */
export default function AdminLoginForm({
  serverErrors,
  returnTo = null,
  words,
  fieldMessages,
}: AdminLoginProps & { words: SignInFormWords; fieldMessages?: FieldMessages }) {
  const signIn = async (credentials: SignInCredentials) => {
    try {
      await apiRequest('POST', '/api/login', credentials);
    } catch (error) {
      toast({
        title: words.admin.failed,
        description: serverMessage(error) ?? words.admin.invalid,
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
      words={words}
      fieldMessages={fieldMessages}
      action={FORM_ACTIONS.adminSignIn}
      returnTo={returnTo}
      serverErrors={serverErrors}
      passwordToggle={(shown, toggle) => (
        <button
          type="button"
          onClick={toggle}
          className="absolute right-1.5 top-7 rounded-md p-2 text-stone-600 hover:text-flame-800"
          aria-label={shown ? words.admin.hidePassword : words.admin.showPassword}
          aria-pressed={shown}
        >
          {shown ? <EyeOff className="h-5 w-5" aria-hidden="true" /> : <Eye className="h-5 w-5" aria-hidden="true" />}
        </button>
      )}
      className="space-y-5"
    >
      <p className="flex items-center gap-2 rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-700">
        <ShieldCheck className="h-4 w-4 text-flame-700" aria-hidden="true" />
        {words.admin.note}
      </p>
    </SignInForm>
  );
}
