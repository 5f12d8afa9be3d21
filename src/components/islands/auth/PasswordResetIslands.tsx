import resetWords from '#content/reset-password-form.json' with { type: 'json' };
import ResetPasswordForm, { type ResetPasswordProps } from './ResetPasswordForm.tsx';

// The islands of the English /reset-password: the form that emails a link and the link's form, with their English
// words, imported here so that they travel in this page's JavaScript, never in its HTML, and no other language's words
// come with them.

export { default as ForgotPasswordEn } from '#components/islands/shared/ForgotPasswordFormEn.tsx';

export function ResetPasswordEn(props: ResetPasswordProps) {
  return <ResetPasswordForm {...props} words={resetWords} />;
}
