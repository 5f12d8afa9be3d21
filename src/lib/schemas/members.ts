import { contactRequestSchema } from './contact.ts';
import { z } from './zod.ts';

// The payloads of club members (issue 40): the host's add, a member's email links, and "Email me my link".

/** POST /api/clubs/{id}/members: the host adds a person by name and email. */
export const memberSchema = contactRequestSchema.pick({ name: true, email: true });
export type MemberInput = z.output<typeof memberSchema>;

/** A member email link's token: 32 random bytes in base64url (src/lib/server/platform/tokens.ts). */
export const memberToken = z.string({ error: 'This link is not valid.' }).regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid.');

/** The buttons of the member links' pages (leave the club, "I did not ask for this"), and the data download. */
export const memberLinkSchema = z.object({ token: memberToken });

/** POST /api/clubs/{id}/members/link, "Email me my link" on the club's page. */
export const memberLinkRequestSchema = contactRequestSchema.pick({ email: true });
