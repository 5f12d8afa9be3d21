import forgotWords from '#content/es/forgot-password-form.json' with { type: 'json' };
import resetWords from '#content/es/reset-password-form.json' with { type: 'json' };
import { FORM_MESSAGES_ES } from '#lib/shared/form-messages-es.ts';
import { ForgotPasswordForm } from '#components/islands/shared/ForgotPasswordForm.tsx';
import ResetPasswordForm, { type ResetPasswordProps } from './ResetPasswordForm.tsx';

// The islands of /es/reset-password: the form that emails a link and the link's form, with their Spanish words and
// the schemas' messages in Spanish, and no English words (PasswordResetIslands.tsx is the English page's).

export function ForgotPasswordEs({ serverErrors }: { serverErrors?: Record<string, string[]> | undefined }) {
  return <ForgotPasswordForm serverErrors={serverErrors} words={forgotWords} fieldMessages={FORM_MESSAGES_ES} />;
}

export function ResetPasswordEs(props: ResetPasswordProps) {
  return <ResetPasswordForm {...props} words={resetWords} fieldMessages={FORM_MESSAGES_ES} />;
}
