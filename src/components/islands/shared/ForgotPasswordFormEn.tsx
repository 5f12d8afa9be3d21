import words from '#content/forgot-password-form.json' with { type: 'json' };
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';

// "Forgot password?" with its English words: /reset-password's island, and the form the host's and the guide's sign-ins
// load when it is asked for (lazily: it and its words stay out of those pages' first load, whose budget is full).

export default function ForgotPasswordFormEn(props: Omit<Parameters<typeof ForgotPasswordForm>[0], 'words' | 'fieldMessages'>) {
  return <ForgotPasswordForm {...props} words={words} />;
}
