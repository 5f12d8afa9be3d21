import words from '#content/es/sign-in-form.json' with { type: 'json' };
import { signInFormWordsSchema, type SignInFormWords } from './sign-in-words.ts';

/** The words of the sign-in form in Spanish (src/content/es/sign-in-form.json), checked by the content check and the build. */
export const signInFormWordsEs: SignInFormWords = signInFormWordsSchema.parse(words);
