import { REMINDER_LEADS, RSVP_ANSWERS } from '#lib/members/reminders.ts';
import { memberToken } from './members.ts';
import { z } from './zod.ts';

// The payloads of session reminders and RSVPs (issue 40): the host's settings, a member's answer from a one-click link
// or from their "Your club" page, and their reminders switched off or on. The islands' forms use the same schemas.

/** PUT /api/clubs/{id}/reminders: when members are reminded, and whether the host gets the morning summary. */
export const reminderSettingsSchema = z.object({
  reminderLead: z.enum(REMINDER_LEADS, { error: 'Choose when members are reminded' }),
  rsvpSummary: z.boolean({ error: 'Say whether to get the summary of answers' }),
});
export type ReminderSettingsInput = z.output<typeof reminderSettingsSchema>;

/** POST /api/members/rsvp: the button of an "I'll be there" or "Can't make it" link's page; the link says which. */
export const rsvpLinkSchema = z.object({ token: memberToken });

/** POST /api/members/rsvps: an answer from the "Your club" page, by its link's token, for one upcoming session. */
export const memberRsvpSchema = z.object({
  token: memberToken,
  occurrence: z.iso.datetime({ offset: true, error: 'Choose one of the club’s next sessions' }),
  answer: z.enum(RSVP_ANSWERS, { error: 'Choose coming or can’t make it' }),
});

/** POST /api/members/reminders: the "Your club" page's switch of the member's own reminders. */
export const memberRemindersSchema = z.object({
  token: memberToken,
  reminders: z.enum(['on', 'off'], { error: 'Choose on or off' }),
});
