import { z } from './zod.ts';
import { STATE_CODES } from '#lib/places/us-states.ts';
import {
  MAX_MEETING_SLOTS,
  MEETING_FORMATS,
  MEETING_FREQUENCIES,
  MEETING_LANGUAGES,
  WEEKDAYS,
  type MeetingField,
} from '#lib/clubs/meetings/types.ts';
import { multiLine, singleLine } from './text.ts';

// Spec §5. One schema per payload, used by the island's form and re-checked by the endpoint.

/**
 * Optional free text (`singleLine()` or `multiLine()`), stored as null when left empty (null itself is accepted, so
 * output re-parses).
 */
const optionalText = (text: z.ZodString, max: number, label: string) =>
  text
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

const state = z
  .string({ error: 'State must be 2 characters' })
  .trim()
  .toUpperCase()
  .length(2, 'State must be 2 characters')
  .pipe(z.enum(STATE_CODES, { error: 'Choose one of the 50 US states' }));

/**
 * An optional web address (http or https), stored as null when left empty. The empty case sits inside the pipe, so
 * that a line break or a length over 500 gets its own message rather than a union's "Invalid input".
 */
const optionalUrl = (label: string, protocol = /^https?$/) =>
  singleLine()
    .max(500, `${label} must be at most 500 characters`)
    // "clubsite.org" is a website too: an address typed without its scheme gets https:// (issue 41, item 19).
    .transform((value) => (value && !/^[a-z][a-z\d+.-]*:/i.test(value) ? `https://${value}` : value))
    .pipe(
      z.union([
        z.literal(''),
        z.url({
          protocol,
          hostname: z.regexes.domain,
          error: protocol.test('http')
            ? `${label} must be a valid URL (https://…)`
            : `${label} must be a web address starting with https://`,
        }),
      ]),
    )
    .nullish()
    .transform((value) => value || null);

const website = optionalUrl('Website');

/** An optional single line of `min` to `max` characters, stored as null when left empty. */
const optionalLine = (min: number, max: number, label: string) =>
  singleLine({ error: `${label} must be ${min} to ${max} characters` })
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => value === '' || value.length >= min, `${label} must be at least ${min} characters`)
    .nullish()
    .transform((value) => value || null);

const meetingSlot = z.object({
  weekday: z.enum(WEEKDAYS, { error: 'Choose a day of the week' }),
  start: z
    .string({ error: 'Start time must be a time such as 19:00' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Start time must be a time such as 19:00'),
  durationMinutes: z
    .number({ error: 'Length must be 15 to 480 minutes' })
    .int('Length must be a whole number of minutes')
    .min(15, 'Length must be 15 to 480 minutes')
    .max(480, 'Length must be 15 to 480 minutes'),
});

const isTimeZone = (name: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.includes('/') || name === 'UTC';
  } catch {
    return false;
  }
};

const calendarDate = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, message);

/** When and how the club meets (issue 18). Every field may be left out: a club without them simply has no times. */
export const meetingFields = {
  meetingSlots: z
    .array(meetingSlot, { error: 'Meeting times must be a list' })
    .max(MAX_MEETING_SLOTS, `At most ${MAX_MEETING_SLOTS} meeting times`)
    .default([]),
  meetingFrequency: z.enum(MEETING_FREQUENCIES, { error: 'Choose how often the club meets' }).default('weekly'),
  meetingFormat: z
    .enum(MEETING_FORMATS, { error: 'Format must be in person, online or hybrid' })
    .nullish()
    .transform((value) => value ?? null),
  meetingLanguage: z.enum(MEETING_LANGUAGES, { error: 'Choose English, Spanish, English and Spanish, or another language' }).default('en'),
  // Any provider's link, https only: members open it from their page and reminders (docs/decisions/036).
  videoLink: optionalUrl('Meeting link', /^https$/),
  dialIn: optionalText(multiLine(), 500, 'Dial-in details'),
  venueName: optionalLine(2, 120, 'Meeting place'),
  venueAddress: optionalLine(5, 200, 'Street address'),
  venuePrivate: z.boolean({ error: 'Sharing the place only on request must be true or false' }).default(false),
  cycleStart: z
    .union([z.literal(''), calendarDate('Cycle start must be a date (YYYY-MM-DD)')])
    .nullish()
    .transform((value) => value || null),
  timeZone: z
    .union([z.literal(''), z.string().trim().max(64).refine(isTimeZone, 'Choose a time zone such as America/Chicago')])
    .nullish()
    .transform((value) => value || null),
} satisfies Record<MeetingField, z.ZodType>;

/** The rules across a club's meeting fields, for `.check()`: each message goes on the field to change. */
export const meetingRules = z.superRefine<z.output<z.ZodObject<typeof meetingFields>>>((meetings, ctx) => {
  const { meetingSlots, meetingFormat, videoLink, dialIn, meetingFrequency, cycleStart, venueName, venueAddress } = meetings;
  const seen = new Set<string>();
  meetingSlots.forEach((slot, index) => {
    const key = `${slot.weekday} ${slot.start}`;
    if (seen.has(key))
      ctx.addIssue({ code: 'custom', message: 'This meeting time is listed twice', path: ['meetingSlots', index, 'start'] });
    seen.add(key);
  });
  const online = meetingFormat === 'online' || meetingFormat === 'hybrid';
  if (videoLink && !online) {
    ctx.addIssue({ code: 'custom', message: 'A meeting link is for online or hybrid meetings', path: ['videoLink'] });
  }
  if (dialIn && !online) {
    ctx.addIssue({ code: 'custom', message: 'Dial-in details are for online or hybrid meetings', path: ['dialIn'] });
  }
  const inPerson = meetingFormat === 'in-person' || meetingFormat === 'hybrid';
  if ((venueName || venueAddress) && !inPerson) {
    ctx.addIssue({
      code: 'custom',
      message: 'A meeting place is for in-person or hybrid meetings',
      path: [venueName ? 'venueName' : 'venueAddress'],
    });
  } else if (venueName && !venueAddress) {
    ctx.addIssue({ code: 'custom', message: "Give the meeting place's street address too", path: ['venueAddress'] });
  } else if (venueAddress && !venueName) {
    ctx.addIssue({ code: 'custom', message: 'Name the meeting place too', path: ['venueName'] });
  }
  if (meetingFrequency === 'biweekly' && !cycleStart) {
    ctx.addIssue({ code: 'custom', message: 'Every two weeks needs the cycle start date, to know which weeks', path: ['cycleStart'] });
  }
});

export const email = z
  .string({ error: 'Valid email is required' })
  .trim()
  .max(254, 'Valid email is required')
  .pipe(z.email('Valid email is required'));

export const password = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(6, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters');

/** A US ZIP code: five digits. */
export const zipCode = z
  .string({ error: 'ZIP code must be 5 digits' })
  .trim()
  .regex(/^\d{5}$/, 'ZIP code must be 5 digits');

/** GET /api/zip-codes/{zipCode}/time-zone. */
export const zipCodeParamsSchema = z.object({ zipCode });

/** GET /api/clubs/{id}/calendar.ics: `?download=1` asks for the calendar as a file to save. */
export const calendarQuerySchema = z.object({
  download: z.literal('1', { error: 'Leave out download, or set it to 1 to save the calendar as a file' }).optional(),
});

export const confirmPassword = z.string({ error: 'Please confirm your password' }).min(6, 'Please confirm your password').max(200);

/** The profile fields a host (and the admin) can change. */
export const clubProfileFields = {
  hostName: singleLine({ error: 'Host name must be at least 2 characters' })
    .min(2, 'Host name must be at least 2 characters')
    .max(100, 'Host name must be at most 100 characters'),
  clubName: singleLine({ error: 'Club name must be at least 2 characters' })
    .min(2, 'Club name must be at least 2 characters')
    .max(120, 'Club name must be at most 120 characters'),
  city: singleLine({ error: 'City is required' }).min(2, 'City is required').max(100, 'City must be at most 100 characters'),
  state,
  zipCode,
  description: optionalText(multiLine(), 2000, 'Description'),
  website,
  meetingSchedule: optionalText(singleLine(), 200, 'Meeting schedule'),
  ...meetingFields,
};

/** PUT /api/clubs/{id}: the profile edit. */
export const clubProfileSchema = z.object(clubProfileFields).check(meetingRules);
export type ClubProfile = z.output<typeof clubProfileSchema>;

/** The HOST SET code a host types: required; compared case-insensitively, ignoring surrounding spaces. */
export const hostSetCode = singleLine({ error: 'HOST SET code is required' })
  .min(1, 'HOST SET code is required')
  .max(40, 'HOST SET code is too long')
  .toUpperCase();

/** POST /api/clubs/verify-code. */
export const verifyCodeSchema = z.object({ hostSetCode });

const passwordsMatch = z.object({ password, confirmPassword });

/** The refinement of a payload with password and confirmPassword: "Passwords don't match", on confirmPassword. */
export const passwordsMustMatch: [
  (data: { password: string; confirmPassword: string }) => boolean,
  { message: string; path: string[]; when: (payload: { value: unknown }) => boolean },
] = [
  (data) => data.password === data.confirmPassword,
  {
    message: "Passwords don't match",
    path: ['confirmPassword'],
    // Compare only once both fields are otherwise valid, so the form shows one message at a time.
    when: (payload) => passwordsMatch.safeParse(payload.value).success,
  },
];

/** POST /api/clubs/register: the host account, the club, and the code kept from the verification step. */
export const registrationSchema = z
  .object({ ...clubProfileFields, email, password, confirmPassword, hostSetCode })
  .check(meetingRules)
  .refine(...passwordsMustMatch);
export type Registration = z.output<typeof registrationSchema>;

/** POST /api/clubs/signin. */
export const hostSignInSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});

/** POST /api/clubs/forgot-password. */
export const forgotPasswordSchema = z.object({ email });

/** POST /api/clubs/reset-password. */
export const resetPasswordSchema = z
  .object({ token: z.string().min(20, 'This reset link is not valid').max(200, 'This reset link is not valid'), password, confirmPassword })
  .refine(...passwordsMustMatch);
