import { DateTime } from 'luxon';
import type { SessionChange, SessionView } from './changes.ts';
import { planPeriods, readingsFor, type Reading, type ReadingPlan } from './curriculum.ts';
import { hasSessions, sessionsFrom, type MeetingPlan, type Session } from './sessions.ts';

// The club's sessions as they will be held: its schedule's occurrences with the host's changes (cancelled, moved) and
// what each reads by the reading plan, which follows the sessions held (decision 018). Server-side only (luxon).

/** A session with its change and reading: `start`/`end` are when it is held (a moved one's new time). */
export interface PlannedSession extends Session {
  /** The occurrence of the schedule it is: its scheduled start. */
  scheduled: DateTime;
  status: 'scheduled' | 'cancelled' | 'moved';
  note: string | null;
  /** A moved session's own place for that day. */
  place: string | null;
  reading: Reading | null;
}

const millis = (instant: string) => Date.parse(instant);

/** The changes by the scheduled start they are for. */
const byOccurrence = (changes: readonly SessionChange[]) => new Map(changes.map((change) => [millis(change.occurrence), change]));

/** A meeting period's length, generously: `sessionsFrom` needs only a bound to stop at. */
const PERIOD_DAYS = { weekly: 7, biweekly: 14 } as const;

/** A session of the schedule with its change applied. */
export function withChange(session: Session, change: SessionChange | undefined, zone: string): Omit<PlannedSession, 'reading'> {
  const base = { ...session, scheduled: session.start, status: 'scheduled' as const, note: null, place: null };
  if (!change) return base;
  if (change.kind === 'cancelled') return { ...base, status: 'cancelled', note: change.note };
  const start = DateTime.fromISO(change.movedTo!, { zone });
  const length = session.end.diff(session.start);
  return { ...base, start, end: start.plus(length), status: 'moved', note: change.note, place: change.place };
}

/**
 * Every session from the cycle start to the end of the reading plan (each with its change and reading), and when the
 * plan ends; nothing without a cycle start. A cancelled meeting period lengthens the plan by one.
 */
export function planSessions(
  club: MeetingPlan,
  reading: ReadingPlan,
  changes: readonly SessionChange[],
): { sessions: PlannedSession[]; until: DateTime | null } {
  if (!hasSessions(club) || !club.cycleStart) return { sessions: [], until: null };
  const zone = club.timeZone;
  const cycleStart = DateTime.fromISO(club.cycleStart, { zone });
  const periods = planPeriods(reading, club.meetingFrequency) + changes.filter((change) => change.kind === 'cancelled').length + 1;
  const days = PERIOD_DAYS[club.meetingFrequency as keyof typeof PERIOD_DAYS];
  const until = days ? cycleStart.plus({ days: days * periods }) : cycleStart.plus({ months: periods + 1 });
  const found = byOccurrence(changes);
  const scheduled = sessionsFrom(club, cycleStart.toJSDate(), 100_000, until.toJSDate()).map((session) =>
    withChange(session, found.get(session.start.toMillis()), zone),
  );
  const readings = readingsFor(
    reading,
    club.cycleStart,
    club.meetingFrequency,
    scheduled.map((session) => ({ day: session.scheduled.toISODate()!, cancelled: session.status === 'cancelled' })),
  );
  const sessions = scheduled.map((session, index) => ({ ...session, reading: readings[index] ?? null }));
  // The plan ends after the last session that reads a step.
  const last = sessions.findLast((session) => session.reading !== null);
  return { sessions, until: last ? last.scheduled : null };
}

/**
 * The club's next `count` sessions after `now` as they will be held, earliest first: a cancelled one stays in the
 * list (struck through, with its note), a moved one is at its new time; each with what it reads.
 */
export function plannedSessions(
  club: MeetingPlan,
  reading: ReadingPlan,
  changes: readonly SessionChange[],
  now: Date,
  count: number,
): PlannedSession[] {
  if (!hasSessions(club) || count < 1) return [];
  const zone = club.timeZone;
  const found = byOccurrence(changes);
  const readings = new Map(planSessions(club, reading, changes).sessions.map((session) => [session.scheduled.toMillis(), session.reading]));
  const held = (session: Session) => {
    const planned = withChange(session, found.get(session.start.toMillis()), zone);
    return { ...planned, reading: readings.get(session.start.toMillis()) ?? null };
  };
  const upcoming = sessionsFrom(club, now, count + changes.length).map(held);
  // A session moved from before `now` to after it is still to come.
  const movedIn = changes
    .filter((change) => change.kind === 'moved' && millis(change.occurrence) < now.getTime() && millis(change.movedTo!) >= now.getTime())
    .flatMap((change) => {
      const [session] = sessionsFrom(club, new Date(change.occurrence), 1);
      return session && session.start.toMillis() === millis(change.occurrence) ? [held(session)] : [];
    });
  return [...upcoming, ...movedIn]
    .filter((session) => session.start.toMillis() >= now.getTime())
    .sort((a, b) => a.start.toMillis() - b.start.toMillis())
    .slice(0, count);
}

/** A planned session as JSON: instants in ISO, the reading's title. */
export function sessionView(session: PlannedSession): SessionView {
  return {
    occurrence: session.scheduled.toUTC().toISO()!,
    start: session.start.toUTC().toISO()!,
    end: session.end.toUTC().toISO()!,
    status: session.status,
    note: session.note,
    place: session.place,
    reading: session.reading?.title ?? null,
  };
}

/** The session scheduled at `occurrence` (ISO instant) as it will be held, or null when the schedule has none then. */
export function plannedSession(
  club: MeetingPlan,
  reading: ReadingPlan,
  changes: readonly SessionChange[],
  occurrence: string,
): PlannedSession | null {
  if (!hasSessions(club)) return null;
  const [session] = sessionsFrom(club, new Date(occurrence), 1);
  if (!session || session.start.toMillis() !== millis(occurrence)) return null;
  const readings = planSessions(club, reading, changes).sessions;
  const read = readings.find((planned) => planned.scheduled.toMillis() === session.start.toMillis())?.reading ?? null;
  return { ...withChange(session, byOccurrence(changes).get(session.start.toMillis()), club.timeZone), reading: read };
}
