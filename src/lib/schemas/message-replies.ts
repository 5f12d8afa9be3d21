import { z } from './zod.ts';

/** A guide's "I've replied" link: its token, 32 random bytes in base64url (src/lib/server/platform/tokens.ts). */
export const replyLinkSchema = z.object({
  token: z.string({ error: 'This link is not valid.' }).regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid.'),
});
