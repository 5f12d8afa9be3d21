import { z } from '#lib/schemas/zod.ts';
import { REPORT_REASONS } from '#lib/clubs/types.ts';
import copy from '#content/club-details.json' with { type: 'json' };

// The words of a club's details shared by the directory's dialog and the club's page (src/content/club-details.json
// and its Spanish twin): checked here by the content check and the build; the islands import their language's file as
// it is, so that no schema library loads with them and each page carries only its own language's words.

const text = z.string().trim().min(1);
/** A template that must name `name` as `{name}`. */
const template = (name: string) => text.refine((value) => value.includes(`{${name}}`), `must contain {${name}}`);
const notice = z.object({ title: text, description: text });

export const clubDetailsCopySchema = z.object({
  $comment: z.string().optional(),
  meetingPlace: z.object({ term: text, onRequest: text, directions: text, opensInNewTab: text }),
  meetingLink: z.object({ term: text, forMembers: text }),
  sessions: z.object({ next: text, cancelled: text, movedFrom: text, movedPlace: template('place') }),
  report: z.object({
    open: text,
    intro: text,
    label: template('club'),
    reason: text,
    chooseReason: text,
    reasons: z.object(
      Object.fromEntries(REPORT_REASONS.map((reason) => [reason, text])) as Record<(typeof REPORT_REASONS)[number], typeof text>,
    ),
    details: text,
    detailsHint: text,
    email: text,
    emailHint: text,
    submit: text,
    submitting: text,
    cancel: text,
    sent: notice,
    failed: notice,
  }),
  formLoading: text,
  closeToast: text,
});

export type ClubDetailsCopy = Omit<z.output<typeof clubDetailsCopySchema>, '$comment'>;

/** A club's details' words, in English. */
export const clubDetailsCopy: ClubDetailsCopy = clubDetailsCopySchema.parse(copy);
