import copy from '#content/es/join-request-form.json' with { type: 'json' };
import { joinRequestCopySchema, type JoinRequestCopy } from './join-request-copy.ts';

// The Spanish words of "Ask to join" (src/content/es/join-request-form.json), checked as the English ones are: the
// content check and the build import this module. The Spanish directory's island imports the file as it is.

/** The words of Ask to join and of the Join requests card, in Spanish. */
export const joinRequestCopyEs: JoinRequestCopy = joinRequestCopySchema.parse(copy);
