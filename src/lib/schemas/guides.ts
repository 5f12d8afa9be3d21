import { z } from './zod.ts';
import { GUIDE_MEETING_MODES, GUIDE_MESSAGE_REASONS } from '#lib/guides/types.ts';
import { contactRequestSchema } from './contact.ts';
import { pageParameter } from './paging.ts';
import { multiLine, singleLine } from './text.ts';

// The payloads of guides' public profiles and of visitors' messages to guides (issue 27, docs/decisions/022).

export const GUIDE_BIO_MAX_LENGTH = 1000;
const GUIDE_LANGUAGE_MAX_LENGTH = 40;

/** PUT /api/guides/profile: what a guide shows visitors (the photo has its own endpoint). */
export const guideProfileSchema = z.object({
  name: singleLine({ error: 'Name must be at least 2 characters' })
    .min(2, 'Name must be at least 2 characters')
    .max(100, 'Name must be at most 100 characters'),
  bio: multiLine().max(GUIDE_BIO_MAX_LENGTH, `Bio must be at most ${GUIDE_BIO_MAX_LENGTH} characters`).default(''),
  languages: z
    .array(
      singleLine()
        .min(2, 'Name each language')
        .max(GUIDE_LANGUAGE_MAX_LENGTH, `A language must be at most ${GUIDE_LANGUAGE_MAX_LENGTH} characters`),
      { error: 'Name at least one language' },
    )
    .min(1, 'Name at least one language')
    .max(10, 'Name at most 10 languages'),
  meets: z.enum(GUIDE_MEETING_MODES, { error: 'Choose in person, online or both' }),
  showPhone: z.boolean({ error: 'Choose whether to show your phone number' }),
  hidden: z.boolean({ error: 'Choose whether to hide your profile' }),
});
export type GuideProfileInput = z.output<typeof guideProfileSchema>;

/** POST /api/guides/{id}/messages: "Message {first name}", with the contact form's messages. */
export const guideMessageSchema = contactRequestSchema.pick({ name: true, email: true }).extend({
  // Null too: the form sends what the schema made of an empty phone.
  phone: contactRequestSchema.shape.phone
    .nullish()
    .or(z.literal('').transform(() => undefined))
    .transform((phone) => phone ?? null),
  reason: z.enum(GUIDE_MESSAGE_REASONS, { error: 'Please select a reason for contact' }),
  message: multiLine().min(10, 'Message must be at least 10 characters').max(2000, 'Message must be at most 2000 characters'),
});
export type GuideMessageInput = z.output<typeof guideMessageSchema>;

/** GET /api/guides/names: the start of a word of a listed guide's name, as the contact page's Coach Name box suggests them. */
export const guideNamesQuerySchema = z.object({
  q: singleLine({ error: 'Type the start of a name' }).min(1, 'Type the start of a name').max(100, 'Type at most 100 characters'),
});

/**
 * GET /guides and /api/guides: a place (a ZIP code, "Austin, TX", a county or a state), or every listed guide a page
 * at a time; with `language`, only the guides who name it among their languages (any case). An empty language is none.
 */
export const findGuideQuerySchema = z.object({
  place: singleLine().max(100, 'Type at most 100 characters').optional(),
  language: singleLine()
    .max(GUIDE_LANGUAGE_MAX_LENGTH, `A language must be at most ${GUIDE_LANGUAGE_MAX_LENGTH} characters`)
    .refine((value) => value === '' || value.length >= 2, 'A language must be at least 2 characters')
    .optional()
    .transform((value) => value || undefined),
  page: pageParameter(100),
});

/** POST /api/admin/guides/{id}/visibility: the admin hides a guide's profile, with the reason the guide is emailed, or shows it again. */
export const guideVisibilitySchema = z.discriminatedUnion('hidden', [
  z.object({
    hidden: z.literal(true),
    reason: multiLine().min(3, 'Say why, in at least 3 characters').max(500, 'The reason must be at most 500 characters'),
  }),
  z.object({ hidden: z.literal(false) }),
]);
export type GuideVisibilityInput = z.output<typeof guideVisibilitySchema>;

/** PUT /api/guides/profile/photo takes the image's bytes as the body: these limits, which the island checks first. */
export const GUIDE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const GUIDE_PHOTO_MAX_MEGAPIXELS = 25;
/**
 * A photo over GUIDE_PHOTO_MAX_BYTES, or wider or taller than this, is redrawn by the browser as a JPEG this size at
 * most before it is sent (a phone's 10 MB photo, say); the server keeps its limits for whatever it is sent.
 */
export const GUIDE_PHOTO_BROWSER_MAX_SIDE = 2000;
/** What the file input offers; the server goes by the bytes, never by a name or a Content-Type. */
export const GUIDE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const GUIDE_PHOTO_MESSAGES = {
  type: 'Choose a JPEG, PNG or WebP image',
  size: 'The photo is larger than 5 MB. Choose one under 5 MB, or save a smaller copy as a JPEG (most photo apps can)',
  pixels: `The photo is too large: at most ${GUIDE_PHOTO_MAX_MEGAPIXELS} megapixels`,
  depth: 'The photo has 16 bits per colour: save it as a JPEG, or as a PNG with 8 bits per colour',
  slow: 'The photo took too long to read. Save it as a JPEG and try again',
  unreadable: 'The photo could not be read. Choose another JPEG, PNG or WebP image',
  busy: 'Many photos are being uploaded right now. Please try again in a few seconds.',
  tooMany: 'You have uploaded many photos in the last hour. Please try again later.',
} as const;

/**
 * The refusal of a photo over GUIDE_PHOTO_MAX_BYTES, saying what to do, with its size when it is known (the browser
 * knows a file's; the server stops reading at the limit): "This photo is 14.2 MB. Choose one under 5 MB, …". The size
 * is rounded up, so a photo just over the limit never reads "5.0 MB".
 */
export function photoSizeMessage(bytes?: number): string {
  if (bytes === undefined || bytes <= GUIDE_PHOTO_MAX_BYTES) return GUIDE_PHOTO_MESSAGES.size;
  const megabytes = Math.ceil((bytes / (1024 * 1024)) * 10) / 10;
  return GUIDE_PHOTO_MESSAGES.size.replace('The photo is larger than 5 MB', `This photo is ${megabytes.toFixed(1)} MB`);
}

/** GET /api/guides/places: Find a Guide's suggestions for what the visitor is typing. */
export const placeSuggestQuerySchema = z.object({
  q: singleLine({ error: 'Type a ZIP code, city, county or state' })
    .min(1, 'Type a ZIP code, city, county or state')
    .max(100, 'Type at most 100 characters'),
});
