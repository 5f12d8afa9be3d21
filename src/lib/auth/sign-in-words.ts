import { z } from '#lib/schemas/zod.ts';

// The schemas of the sign-in and password forms' words (src/content/sign-in-form.json, forgot-password-form.json,
// reset-password-form.json and their Spanish twins). An island's entry imports its language's files as they are, so
// that only that page's JavaScript carries them and no schema library loads with the form; `npm run content:check`
// and the build check each file with the module named in its `$comment`, and the server's answer to a form sent
// without JavaScript reads them from those modules.

const text = z.string().trim().min(1);
/** An object of one text for each key. */
const words = <Key extends string>(keys: readonly Key[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, text])) as Record<Key, typeof text>);

export const signInFormWordsSchema = z.object({
  $comment: z.string().optional(),
  ...words(['email', 'emailOrUsername', 'password', 'submit', 'submitting']).shape,
  admin: words(['note', 'showPassword', 'hidePassword', 'failed', 'invalid']),
});

export const forgotPasswordWordsSchema = z.object({
  $comment: z.string().optional(),
  ...words(['label', 'intro', 'email', 'submit', 'submitting', 'back', 'sent', 'failed', 'unable']).shape,
});

export const resetPasswordWordsSchema = z.object({
  $comment: z.string().optional(),
  ...words(['label', 'newPassword', 'hint', 'confirmPassword', 'submit', 'submitting', 'done', 'signIn']).shape,
  ...words(['updated', 'signInWithNew', 'failed', 'unable']).shape,
});

export type SignInFormWords = z.output<typeof signInFormWordsSchema>;
export type ForgotPasswordWords = z.output<typeof forgotPasswordWordsSchema>;
export type ResetPasswordWords = z.output<typeof resetPasswordWordsSchema>;
/** The words of a new password's two fields (reset-password-form.json's), which /account's password change shares. */
export type NewPasswordWords = Pick<ResetPasswordWords, 'newPassword' | 'hint' | 'confirmPassword'>;
