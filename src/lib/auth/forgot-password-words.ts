import words from '#content/forgot-password-form.json' with { type: 'json' };
import { forgotPasswordWordsSchema, type ForgotPasswordWords } from './sign-in-words.ts';

/** The words of the form that emails a reset link (src/content/forgot-password-form.json), checked by the content check and the build. */
export const forgotPasswordWords: ForgotPasswordWords = forgotPasswordWordsSchema.parse(words);
