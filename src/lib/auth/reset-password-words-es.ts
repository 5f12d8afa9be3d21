import words from '#content/es/reset-password-form.json' with { type: 'json' };
import { resetPasswordWordsSchema, type ResetPasswordWords } from './sign-in-words.ts';

/** The words of the form of a reset link in Spanish (src/content/es/reset-password-form.json), checked by the content check and the build. */
export const resetPasswordWordsEs: ResetPasswordWords = resetPasswordWordsSchema.parse(words);
