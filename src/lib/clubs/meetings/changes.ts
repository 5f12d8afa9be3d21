// A host's change to one session of the club's schedule: cancelled (with a note) or moved (to another time, or
// place, for that session only). Zod-free and date-library-free: islands import these.

export const SESSION_CHANGE_KINDS = ['cancelled', 'moved'] as const;
export type SessionChangeKind = (typeof SESSION_CHANGE_KINDS)[number];

/** The longest note a cancellation or a move may carry ("No meeting on Dec 24 — holiday"). */
export const SESSION_NOTE_MAX = 200;

/** The longest place a moved session may name for itself. */
export const SESSION_PLACE_MAX = 200;

/** One change, as stored and as the server hands it to the calendar, the page and the reading plan. */
export interface SessionChange {
  /** The session's scheduled start (ISO instant): which occurrence of the schedule the change is for. */
  occurrence: string;
  kind: SessionChangeKind;
  note: string | null;
  /** A moved session's new start (ISO instant); null for a cancelled one. */
  movedTo: string | null;
  /** A moved session's place for that day, when it is not the club's usual one. */
  place: string | null;
}

/** A session as the host's profile and the directory's dialog list it (instants as ISO strings). */
export interface SessionView {
  /** The scheduled start: the occurrence a change names. */
  occurrence: string;
  /** When the session begins and ends: the new time of a moved session. */
  start: string;
  end: string;
  status: 'scheduled' | SessionChangeKind;
  note: string | null;
  place: string | null;
  /** "Week 3 — Clarity", or null outside the reading plan or for a cancelled session. */
  reading: string | null;
}
