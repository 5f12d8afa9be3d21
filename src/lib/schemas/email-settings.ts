import { z } from 'zod';

/**
 * A one-click unsubscribe link's token (platform/email/unsubscribe-links.ts): the kind of email, whose it is (an
 * account's id or a club's), and their signature, dot-separated.
 */
export const unsubscribeLinkSchema = z.object({
  token: z
    .string({ error: 'This link is not valid.' })
    .regex(/^[a-z-]{1,30}\.[0-9a-f-]{1,40}\.[A-Za-z0-9_-]{43}$/, 'This link is not valid.'),
});

/** PUT /api/account/email-settings: whether to get one reminder of a join request or a message left unanswered. */
export const emailSettingsSchema = z.object({
  replyReminders: z.boolean({ error: 'Say whether to get the reminders' }),
});
export type EmailSettings = z.output<typeof emailSettingsSchema>;
