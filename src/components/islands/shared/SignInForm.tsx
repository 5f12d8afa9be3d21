import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { FormField } from './FormField.tsx';
import { useServerErrors } from './form-posts.ts';
import { fieldMessageIn, type FieldMessages } from './field-messages.ts';
import { RETURN_PARAM } from '#lib/shared/return-path.ts';
import type { SignInFormWords } from '#lib/auth/sign-in-words.ts';

/**
 * How each sign-in names the account, its label being the words' field of the same name: hosts and guides by email,
 * the admin by email or username.
 */
const IDENTIFIER_FIELDS = {
  email: { type: 'email', autoComplete: 'email' },
  emailOrUsername: { type: 'text', autoComplete: 'username', autoCapitalize: 'none', spellCheck: false },
} as const;

/** What a sign-in form sends: the account's identifier (`email` or `emailOrUsername`) and its password. */
export type SignInCredentials = Partial<Record<keyof typeof IDENTIFIER_FIELDS, string>> & { password: string };

interface SignInFormProps {
  /** The form's words in the page's language (sign-in-form.json or its Spanish twin, imported by the island's entry). */
  words: Pick<SignInFormWords, 'email' | 'emailOrUsername' | 'password' | 'submit' | 'submitting'>;
  /** The schema's messages in the page's language, on a Spanish page (field-messages.ts). */
  fieldMessages?: FieldMessages | undefined;
  /** The endpoint's schema, whose messages the form shows under its fields. */
  schema: z.ZodType<SignInCredentials, SignInCredentials>;
  identifier: keyof typeof IDENTIFIER_FIELDS;
  /** Sends the checked credentials; resolves true when the page moves on, so the button stays at "Signing In...". */
  signIn: (credentials: SignInCredentials) => Promise<boolean>;
  /** The endpoint, which a post sent before hydration (or without JavaScript) goes to as a form (decision 030). */
  action: string;
  /** The server's field messages of such a post, shown under the fields. */
  serverErrors?: Record<string, string[]> | undefined;
  /** The page to come back to after signing in (a checked path), which a post without JavaScript carries along. */
  returnTo?: string | null | undefined;
  /** A button beside the password that shows or hides it (the admin's), given whether it is shown and how to switch. */
  passwordToggle?: (shown: boolean, toggle: () => void) => ReactNode;
  className: string;
  /** The form's accessible name, where the page has more than one form. */
  label?: string;
  /** What stands between the password and the button: "Forgot password?", why the last try failed, a note. */
  children?: ReactNode;
}

/**
 * The one sign-in form of the host, guide and admin sign-ins: the account's identifier and password, checked with the
 * endpoint's schema, and a "Sign In" button that says "Signing In..." while the request runs and while the page moves on.
 * Each caller sends the credentials to its own endpoint and says what a refusal means.
 */
export function SignInForm(props: SignInFormProps) {
  const { identifier, signIn, words } = props;
  const t = (message: string | undefined) => fieldMessageIn(props.fieldMessages, message);
  const [signedIn, setSignedIn] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInCredentials>({
    resolver: zodResolver(props.schema),
    defaultValues: { [identifier]: '', password: '' },
    errors: useServerErrors(props.serverErrors),
  });
  const passwordField = (
    <FormField label={words.password} error={t(errors.password?.message)}>
      <input
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        className={props.passwordToggle ? 'pr-11' : undefined}
        {...register('password')}
      />
    </FormField>
  );

  return (
    <form
      method="post"
      action={props.action}
      onSubmit={handleSubmit(async (credentials) => setSignedIn(await signIn(credentials)))}
      noValidate
      className={props.className}
      aria-label={props.label}
    >
      <FormField label={words[identifier]} error={t(errors[identifier]?.message)}>
        <input {...IDENTIFIER_FIELDS[identifier]} {...register(identifier)} />
      </FormField>
      {props.passwordToggle ? (
        <div className="relative">
          {passwordField}
          {props.passwordToggle(showPassword, () => setShowPassword((shown) => !shown))}
        </div>
      ) : (
        passwordField
      )}
      {props.returnTo && <input type="hidden" name={RETURN_PARAM} value={props.returnTo} />}
      {props.children}
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting || signedIn}>
        {isSubmitting || signedIn ? words.submitting : words.submit}
      </button>
    </form>
  );
}
