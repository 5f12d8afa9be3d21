import { z } from './zod.ts';
import { CHECK_IN_ANSWERS } from '#lib/check-ins/types.ts';

/** A check-in link's token: 32 random bytes in base64url (src/lib/server/platform/tokens.ts). */
const token = z.string({ error: 'This check-in link is not valid.' }).regex(/^[A-Za-z0-9_-]{43}$/, 'This check-in link is not valid.');

/** The answer to a check-in, from its link's page (the query) and its confirmation button (the body). */
export const checkInAnswerSchema = z.object({
  token,
  answer: z.enum(CHECK_IN_ANSWERS, { error: 'Choose "Yes, still meeting" or "We have stopped".' }),
});
