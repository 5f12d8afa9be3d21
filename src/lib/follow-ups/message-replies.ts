import { z } from '#lib/schemas/zod.ts';
import rules from '#content/message-replies.json' with { type: 'json' };
import { fillTemplate } from '#lib/shared/format.ts';

// The rules of relayed messages a site editor may change (src/content/message-replies.json, issue 28), checked once on
// import so that a broken edit fails the build, the server's start and `npm run jobs:run` alike.

const hours = z
  .number()
  .int()
  .min(1)
  .max(24 * 30);
const days = z.number().int().min(1).max(3660);
const template = (...names: string[]) =>
  z
    .string()
    .min(1)
    .refine((text) => names.every((name) => text.includes(`{${name}}`)), {
      message: `Must contain ${names.map((n) => `{${n}}`).join(', ')}`,
    });

const rulesSchema = z
  .object({
    promisedReplyHours: z.object({ guideMessage: hours, joinRequest: hours }),
    escalationHours: hours,
    deletionDays: days,
    replyLinkDays: days,
    responseTime: z.object({
      lastReplies: z.number().int().min(1).max(100),
      withinDays: days,
      minimumReplies: z.number().int().min(1).max(100),
      fewHoursBelowHours: hours,
      dayBelowHours: hours,
      label: template('time'),
      fewHours: z.string().min(1),
      day: z.string().min(1),
      days: template('days'),
    }),
  })
  .refine((r) => r.responseTime.minimumReplies <= r.responseTime.lastReplies, { message: 'minimumReplies must not exceed lastReplies' })
  .refine((r) => r.responseTime.fewHoursBelowHours < r.responseTime.dayBelowHours, {
    message: 'fewHoursBelowHours must be below dayBelowHours',
  });

export type MessageReplyRules = z.output<typeof rulesSchema>;

/** The rules of relayed messages of site content. */
export const messageReplies: MessageReplyRules = rulesSchema.parse(rules);

/** The words of the line in a page's language: message-replies.json's in English, the Spanish page's own in Spanish. */
export interface ResponseTimeWords {
  label: string;
  fewHours: string;
  day: string;
  days: string;
}

/**
 * "Usually replies within a few hours | a day | N days" for a recipient's median reply delay in hours, or null when
 * there is none (fewer replies than the rule needs): the page then says nothing.
 */
export function usuallyRepliesWithin(medianHours: number | null, words: ResponseTimeWords = messageReplies.responseTime): string | null {
  if (medianHours === null) return null;
  const rule = messageReplies.responseTime;
  const time =
    medianHours < rule.fewHoursBelowHours
      ? words.fewHours
      : medianHours < rule.dayBelowHours
        ? words.day
        : fillTemplate(words.days, { days: Math.max(2, Math.ceil(medianHours / 24)) });
  return fillTemplate(words.label, { time });
}

/** The page of a guide's one-click "I've replied" link, which asks for a confirming click. */
export const replyLinkPath = (token: string): string => `/message-replied?${new URLSearchParams({ token })}`;
