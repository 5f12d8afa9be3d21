import words from '#content/es/forgot-password-form.json' with { type: 'json' };
import { forgotPasswordWordsSchema, type ForgotPasswordWords } from './sign-in-words.ts';

/** The words of the form that emails a reset link in Spanish (src/content/es/forgot-password-form.json), checked by the content check and the build. */
export const forgotPasswordWordsEs: ForgotPasswordWords = forgotPasswordWordsSchema.parse(words);
