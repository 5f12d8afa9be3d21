// A club's fields in words, one list for every screen that names them: the club forms' labels (ClubForm, the
// registration step, the meeting group) and the admin's change history. Zod-free and server-free: islands import it.

import type { z } from 'zod';
import type { adminClubSchema } from '#lib/schemas/admin.ts';

/**
 * The fields a person changes: those of the admin's edit, the widest of the club payloads (the profile edit and the
 * registration's club are parts of it), and the membership that the Club Management card sets.
 */
export type ChangeableClubField = keyof z.output<typeof adminClubSchema> | 'membershipType' | 'renewalDate';

/**
 * Each changeable field's name, as the forms label it, in the order the change history lists an edit's changes. A
 * field the payload's schema gains fails the type check here until it is named.
 */
export const CLUB_FIELD_LABELS = {
  clubName: 'Club Name',
  hostName: 'Host Name',
  email: 'Email',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP Code',
  description: 'Description',
  website: 'Website',
  meetingSchedule: 'Meeting Schedule',
  meetingSlots: 'Meeting times',
  meetingFrequency: 'How often',
  meetingFormat: 'Format',
  meetingLanguage: 'Language of meetings',
  videoLink: 'Meeting link',
  dialIn: 'Dial-in details',
  venueName: 'Meeting place',
  venueAddress: 'Street address',
  venuePrivate: 'Share the place only with people who ask to join',
  cycleStart: 'Cycle start',
  timeZone: 'Time zone',
  isVerified: 'Verification',
  membershipType: 'Membership',
  renewalDate: 'Renewal date',
} as const satisfies Record<ChangeableClubField, string>;

/** A field's name inside a sentence, as the change history writes it: "ZIP Code" → "ZIP code", "Host Name" → "host name". */
export const fieldNameInText = (field: ChangeableClubField): string =>
  CLUB_FIELD_LABELS[field].replace(/\b[A-Z][a-z]+\b/g, (word) => word.toLowerCase());
