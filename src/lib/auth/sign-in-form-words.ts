import words from '#content/sign-in-form.json' with { type: 'json' };
import { signInFormWordsSchema, type SignInFormWords } from './sign-in-words.ts';

/** The words of the sign-in form (src/content/sign-in-form.json), checked by the content check and the build. */
export const signInFormWords: SignInFormWords = signInFormWordsSchema.parse(words);
