import copy from '#content/es/club-details.json' with { type: 'json' };
import { clubDetailsCopySchema, type ClubDetailsCopy } from './club-details-copy.ts';

/** A club's details' words, in Spanish (src/content/es/club-details.json), checked by the content check and the build. */
export const clubDetailsCopyEs: ClubDetailsCopy = clubDetailsCopySchema.parse(copy);
