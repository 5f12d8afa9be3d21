import words from '#content/reset-password-form.json' with { type: 'json' };
import { resetPasswordWordsSchema, type ResetPasswordWords } from './sign-in-words.ts';

/** The words of the form of a reset link (src/content/reset-password-form.json), checked by the content check and the build. */
export const resetPasswordWords: ResetPasswordWords = resetPasswordWordsSchema.parse(words);
