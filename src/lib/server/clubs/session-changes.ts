import { DateTime } from 'luxon';
import type { SessionChange, SessionView } from '#lib/clubs/meetings/changes.ts';
import type { ReadingPlan } from '#lib/clubs/meetings/curriculum.ts';
import { plannedSession, plannedSessions, sessionView } from '#lib/clubs/meetings/planned.ts';
import { hasSessions, sessionsFrom, type MeetingPlan } from '#lib/clubs/meetings/sessions.ts';
import type { SessionChangeInput } from '#lib/schemas/session-changes.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';

// A host's changes to single sessions of the club's schedule (issue 40, migration 044): cancelled with a note, or
// moved to another time or place for that session only, and undone. The page, the directory's dialog, the calendar
// (EXDATE, RECURRENCE-ID, SEQUENCE) and the reading plan all read them from here.

/** A club's changes and its calendar's revision (every event's SEQUENCE). */
export interface ClubSessionChanges {
  changes: SessionChange[];
  revision: number;
}

/**
 * What a change did, for whoever tells the club's members (issue 40: "Members are emailed at once about a change, one
 * email per change, with the new details"): `changeSession` and `undoSessionChange` return it once their transaction
 * has committed. `change` is the session's change now (null once undone), `previous` the one it replaced.
 */
export interface SessionChangeEvent {
  clubId: number;
  action: 'cancelled' | 'moved' | 'undone';
  occurrence: string;
  change: SessionChange | null;
  previous: SessionChange | null;
  /** The calendar's revision after the change. */
  revision: number;
  /** The session as the club's page now shows it. */
  session: SessionView;
}

/** A change's refusal: the endpoint answers 404 (not an upcoming session), 409 (conflict) or 400 (a field). */
export type SessionChangeRefusal =
  { refused: 'not-upcoming' } | { refused: 'conflict'; message: string } | { refused: 'field'; field: string; message: string };

/** The club whose sessions change: its meeting plan and id. */
export type ChangingClub = MeetingPlan & { id: number };

const columns = (sql: Sql | TransactionSql) => sql`
  occurrence, kind, note, moved_to as "movedTo", place`;

type ChangeRow = { occurrence: Date; kind: SessionChange['kind']; note: string | null; movedTo: Date | null; place: string | null };

const toChange = (row: ChangeRow): SessionChange => ({
  occurrence: row.occurrence.toISOString(),
  kind: row.kind,
  note: row.note,
  movedTo: row.movedTo?.toISOString() ?? null,
  place: row.place,
});

/** Every change of the club's sessions (past ones too: the reading plan counts the sessions held) and its revision. */
export async function listSessionChanges(clubId: number, sql: Sql | TransactionSql = db()): Promise<ClubSessionChanges> {
  const rows = await sql<ChangeRow[]>`
    select ${columns(sql)} from club_session_changes where club_id = ${clubId} order by occurrence`;
  const [revision] = await sql<{ revision: number }[]>`select revision from club_calendar_revisions where club_id = ${clubId}`;
  return { changes: rows.map(toChange), revision: revision?.revision ?? 0 };
}

/** The club's next `count` sessions as its host manages them: cancelled and moved ones included, with readings. */
export async function listUpcomingSessions(club: ChangingClub, reading: ReadingPlan, now: Date, count: number): Promise<SessionView[]> {
  const { changes } = await listSessionChanges(club.id);
  return plannedSessions(club, reading, changes, now, count).map(sessionView);
}

/** The scheduled session starting at `occurrence`, if it is one of the club's and has not begun. */
function upcomingOccurrence(club: ChangingClub, occurrence: string, now: Date) {
  if (!hasSessions(club)) return null;
  const at = new Date(occurrence);
  if (at.getTime() < now.getTime()) return null;
  const [session] = sessionsFrom(club, at, 1);
  return session && session.start.toMillis() === at.getTime() ? session : null;
}

/** One more revision of the club's calendar: its new number. */
async function nextRevision(tx: TransactionSql, clubId: number): Promise<number> {
  const [row] = await tx<{ revision: number }[]>`
    insert into club_calendar_revisions (club_id, revision) values (${clubId}, 1)
    on conflict (club_id) do update set revision = club_calendar_revisions.revision + 1
    returning revision`;
  return row!.revision;
}

/** The session as the page shows it after a change. */
async function viewAfter(club: ChangingClub, reading: ReadingPlan, occurrence: string, tx: TransactionSql): Promise<SessionView> {
  const { changes } = await listSessionChanges(club.id, tx);
  return sessionView(plannedSession(club, reading, changes, occurrence)!);
}

/**
 * Cancels or moves one upcoming session of the club (`input.occurrence`, its scheduled start). Refused when it is not
 * an upcoming session of the schedule, when it is cancelled already (cancel), and when a move names a time that has
 * passed, changes nothing, or falls on another of the club's sessions. A new move replaces an earlier one; a
 * cancellation replaces a move.
 */
export async function changeSession(
  club: ChangingClub,
  input: SessionChangeInput,
  reading: ReadingPlan,
  now: Date,
): Promise<SessionChangeEvent | SessionChangeRefusal> {
  const session = upcomingOccurrence(club, input.occurrence, now);
  if (!session || !hasSessions(club)) return { refused: 'not-upcoming' };
  const occurrence = session.start.toUTC().toISO()!;
  let change: SessionChange;
  if (input.action === 'cancel') {
    change = { occurrence, kind: 'cancelled', note: input.note, movedTo: null, place: null };
  } else {
    const movedTo = DateTime.fromISO(`${input.date}T${input.time}`, { zone: club.timeZone });
    if (!movedTo.isValid) return { refused: 'field', field: 'date', message: 'Enter the new date' };
    if (movedTo.toMillis() <= now.getTime()) return { refused: 'field', field: 'date', message: 'Choose a date and time still to come' };
    if (movedTo.toMillis() > session.start.plus({ days: 366 }).toMillis()) {
      return { refused: 'field', field: 'date', message: 'Choose a date within a year of the session' };
    }
    if (movedTo.toMillis() === session.start.toMillis() && !input.place) {
      return { refused: 'field', field: 'date', message: 'Choose another date, time or place for this session' };
    }
    const clash = sessionsFrom(club, movedTo.toJSDate(), 1)[0];
    if (clash && clash.start.toMillis() === movedTo.toMillis() && clash.start.toMillis() !== session.start.toMillis()) {
      return { refused: 'conflict', message: 'The club already has a session at that time' };
    }
    change = { occurrence, kind: 'moved', note: input.note, movedTo: movedTo.toUTC().toISO()!, place: input.place };
  }
  return db().begin(async (tx): Promise<SessionChangeEvent | SessionChangeRefusal> => {
    const [previousRow] = await tx<ChangeRow[]>`
      select ${columns(tx)} from club_session_changes where club_id = ${club.id} and occurrence = ${occurrence} for update`;
    const previous = previousRow ? toChange(previousRow) : null;
    if (previous?.kind === 'cancelled' && change.kind === 'cancelled') {
      return { refused: 'conflict', message: 'This session is cancelled already' };
    }
    await tx`
      insert into club_session_changes (club_id, occurrence, kind, note, moved_to, place)
      values (${club.id}, ${occurrence}, ${change.kind}, ${change.note}, ${change.movedTo}, ${change.place})
      on conflict (club_id, occurrence) do update set
        kind = excluded.kind, note = excluded.note, moved_to = excluded.moved_to, place = excluded.place, changed_at = now()`;
    const revision = await nextRevision(tx, club.id);
    return {
      clubId: club.id,
      action: change.kind,
      occurrence,
      change,
      previous,
      revision,
      session: await viewAfter(club, reading, occurrence, tx),
    };
  });
}

/** Undoes the change to the session scheduled at `occurrence`; refused (404) when it has none or has begun. */
export async function undoSessionChange(
  club: ChangingClub,
  occurrence: string,
  reading: ReadingPlan,
  now: Date,
): Promise<SessionChangeEvent | SessionChangeRefusal> {
  const session = upcomingOccurrence(club, occurrence, now);
  if (!session) return { refused: 'not-upcoming' };
  const at = session.start.toUTC().toISO()!;
  return db().begin(async (tx): Promise<SessionChangeEvent | SessionChangeRefusal> => {
    const [row] = await tx<ChangeRow[]>`
      delete from club_session_changes where club_id = ${club.id} and occurrence = ${at} returning ${columns(tx)}`;
    if (!row) return { refused: 'conflict', message: 'This session has no change to undo' };
    const revision = await nextRevision(tx, club.id);
    return {
      clubId: club.id,
      action: 'undone',
      occurrence: at,
      change: null,
      previous: toChange(row),
      revision,
      session: await viewAfter(club, reading, at, tx),
    };
  });
}
