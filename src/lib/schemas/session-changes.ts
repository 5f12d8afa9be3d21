import { SESSION_NOTE_MAX, SESSION_PLACE_MAX } from '#lib/clubs/meetings/changes.ts';
import { z } from './zod.ts';
import { singleLine } from './text.ts';

// The host's changes to one session (issue 40): POST /api/clubs/{id}/session-changes cancels or moves one of the
// club's upcoming sessions, DELETE undoes the change. The island's forms use the same schemas.

const occurrence = z.iso.datetime({ offset: true, error: 'Choose one of the club’s upcoming sessions' });

const note = singleLine({ error: 'Note must be text' })
  .max(SESSION_NOTE_MAX, `Note must be at most ${SESSION_NOTE_MAX} characters`)
  .nullish()
  .transform((text) => text || null);

/** Cancel a session: which one (its scheduled start) and an optional note ("No meeting on Dec 24 — holiday"). */
export const cancelSessionSchema = z.object({
  action: z.literal('cancel'),
  occurrence,
  note,
});

/**
 * Move a session: which one, its new day and start in the club's time zone (it keeps its length), and optionally a
 * place for that day only and a note.
 */
export const moveSessionSchema = z.object({
  action: z.literal('move'),
  occurrence,
  date: z.iso.date({ error: 'Enter the new date' }),
  time: z.string({ error: 'Enter the new start time' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter the new start time'),
  place: singleLine({ error: 'Place must be text' })
    .max(SESSION_PLACE_MAX, `Place must be at most ${SESSION_PLACE_MAX} characters`)
    .nullish()
    .transform((text) => text || null),
  note,
});

export const sessionChangeSchema = z.discriminatedUnion('action', [cancelSessionSchema, moveSessionSchema], {
  error: 'Say whether to cancel or move the session',
});
export type SessionChangeInput = z.output<typeof sessionChangeSchema>;
export type CancelSessionInput = z.input<typeof cancelSessionSchema>;
export type MoveSessionInput = z.input<typeof moveSessionSchema>;

/** DELETE: undo the change to this session. */
export const undoSessionChangeSchema = z.object({ occurrence });
