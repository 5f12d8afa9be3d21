import { JOIN_REQUEST_ANSWERS, NEXT_CYCLE } from '#lib/clubs/join-request-types.ts';
import { z } from './zod.ts';
import { guideMessageSchema } from './guides.ts';
import { multiLine } from './text.ts';

// The payloads of Ask to join (issue 28): the visitor's request, the host's answers and switch, the email links'.

export const JOIN_MESSAGE_MAX_LENGTH = 2000;

const START_MESSAGE = 'Choose when you would like to start';

/**
 * POST /api/clubs/{id}/join-requests, and the Ask to join form: the contact form's name, email and phone (optional),
 * the start (one of the club's next sessions as an ISO instant, or "next-cycle"; the server accepts only what it
 * offers) and an optional message. An empty message and null both mean none (null).
 */
export const joinRequestSchema = guideMessageSchema.pick({ name: true, email: true, phone: true }).extend({
  start: z.union([z.literal(NEXT_CYCLE, { error: START_MESSAGE }), z.iso.datetime({ offset: true, error: START_MESSAGE })], {
    error: START_MESSAGE,
  }),
  message: multiLine({ error: 'Message must be text' })
    .max(JOIN_MESSAGE_MAX_LENGTH, `Message must be at most ${JOIN_MESSAGE_MAX_LENGTH} characters`)
    .nullish()
    .transform((message) => message || null),
});
export type JoinRequestInput = z.output<typeof joinRequestSchema>;

/** The message of a start the club does not offer (any more): a session that has begun, or one it never had. */
export const START_NOT_OFFERED = "That start is not one of the club's next sessions. Please choose again";

/** PUT /api/clubs/{id}/accepting-members: the host's switch. */
export const acceptingMembersSchema = z.object({
  acceptingMembers: z.boolean({ error: 'Say whether the club takes new members' }),
});

/** A join request link's token: 32 random bytes in base64url (src/lib/server/platform/tokens.ts). */
const token = z.string({ error: 'This link is not valid.' }).regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid.');

/** The answer of a link in the host's email, from its page (the query) and its confirmation button (the body). */
export const joinRequestAnswerSchema = z.object({
  token,
  answer: z.enum(JOIN_REQUEST_ANSWERS, { error: 'Choose "I\'ve replied", "They\'ve joined" or "Not a fit".' }),
});
