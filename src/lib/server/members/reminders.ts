import type { DateTime } from 'luxon';
import type { ReadingPlan } from '#lib/clubs/meetings/curriculum.ts';
import { plannedSession, plannedSessions, type PlannedSession } from '#lib/clubs/meetings/planned.ts';
import type { SessionView } from '#lib/clubs/meetings/changes.ts';
import { reminderDue, summaryDue } from '#lib/members/reminder-times.ts';
import type { ClubRsvps, ReminderSettings, RsvpAnswer } from '#lib/members/reminders.ts';
import { listSessionChanges, type SessionChangeEvent } from '#server/clubs/index.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import { env } from '#server/platform/env.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { readReadingPlanFile } from '#server/platform/reading-plan-file.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';
import { oneClickUnsubscribe } from '#server/platform/email/unsubscribe-links.ts';
import { memberPlaceDetails } from './member-place.ts';
import { findMemberClub, findMemberOfLink, newMemberLink, type MemberOfLink, type MembersClub } from './members.ts';
import { findMembersClub, listRemindingClubRows } from './member-clubs-read-model.ts';
import { findClubReminderSettings, setClubReminderSettings } from '#server/clubs/index.ts';
import { changeNoticeEmail, reminderEmail, rsvpSummaryEmail } from './reminder-emails.ts';

// Session reminders, RSVPs and change notices of a club's members (issue 40, decision 035, migration 045). The worker's
// `club-reminders` job emails each member before each session held, at the host's lead time, and the host a summary
// the morning of it; a row per member and session (member_reminders), or per club and session (club_rsvp_summaries),
// inserted in the transaction that queues the email, makes each go once whatever runs at the same time or again.

/** How far ahead the job looks: the day-before reminder of a session at 23:59 goes 39 hours before it. */
const LOOK_AHEAD_MS = 48 * 3_600_000;

// ---------------------------------------------------------------------------------------------------------------------
// The host's settings

/** The club's reminder settings (the defaults for no such club). */
export async function readReminderSettings(clubId: number): Promise<ReminderSettings> {
  return findClubReminderSettings(clubId);
}

/** Saves the host's reminder settings on the club. */
export async function saveReminderSettings(clubId: number, settings: ReminderSettings): Promise<ReminderSettings> {
  await setClubReminderSettings(clubId, settings);
  return settings;
}

// ---------------------------------------------------------------------------------------------------------------------
// Sessions as members see them

/** The club's sessions as they will be held (changes applied, with readings) from `now`, `count` of them. */
async function heldSessions(club: MembersClub, reading: ReadingPlan, now: Date, count: number, sql: Sql | TransactionSql = db()) {
  const { changes } = await listSessionChanges(club.id, sql);
  return { sessions: plannedSessions(club, reading, changes, now, count), changes };
}

const isoOf = (time: DateTime) => time.toUTC().toISO()!;

/** A session of the member's page: as held, with the member's answer. */
export type MemberSession = PlannedSession & { occurrence: string; answer: RsvpAnswer | null };

/** The club's next `count` sessions for the member's "Your club" page, each with their answer. */
export async function memberSessions(found: MemberOfLink, reading: ReadingPlan, now: Date, count: number): Promise<MemberSession[]> {
  const { sessions } = await heldSessions(found.club, reading, now, count);
  const answers = await memberAnswers(found.member.id);
  return sessions.map((session) => {
    const occurrence = isoOf(session.scheduled);
    return { ...session, occurrence, answer: answers.get(occurrence) ?? null };
  });
}

/** The member's answers by the sessions' scheduled starts (ISO). */
async function memberAnswers(memberId: number): Promise<Map<string, RsvpAnswer>> {
  const rows = await db()<{ occurrence: Date; answer: RsvpAnswer }[]>`
    select occurrence, answer from member_rsvps where member_id = ${memberId}`;
  return new Map(rows.map((row) => [row.occurrence.toISOString(), row.answer]));
}

// ---------------------------------------------------------------------------------------------------------------------
// Answers

/** Whether a session can still be answered: one held, not begun. */
export type RsvpState = 'open' | 'cancelled' | 'past' | 'unknown';

function stateOf(session: PlannedSession | null, now: Date): RsvpState {
  if (!session) return 'unknown';
  if (session.status === 'cancelled') return 'cancelled';
  return session.start.toMillis() <= now.getTime() ? 'past' : 'open';
}

/** What an RSVP link's page shows: the member, the session as held, the link's answer and the member's current one. */
export interface RsvpOfLink {
  link: MemberOfLink;
  answer: RsvpAnswer;
  session: PlannedSession | null;
  state: RsvpState;
  current: RsvpAnswer | null;
}

/** The RSVP link of `token` ("coming" or "not-coming", for one session), or null for any other token. */
export async function findRsvpOfLink(token: string, reading: ReadingPlan, now: Date): Promise<RsvpOfLink | null> {
  for (const answer of ['coming', 'not-coming'] as const) {
    const link = await findMemberOfLink(token, answer);
    if (!link?.sessionStart) continue;
    const { changes } = await listSessionChanges(link.club.id);
    const session = plannedSession(link.club, reading, changes, link.sessionStart);
    const current = (await memberAnswers(link.member.id)).get(link.sessionStart) ?? null;
    return { link, answer, session, state: stateOf(session, now), current };
  }
  return null;
}

/** Stores the member's answer for the session scheduled at `occurrence` (a later answer replaces it). */
async function saveAnswer(member: { id: number }, clubId: number, occurrence: string, answer: RsvpAnswer, now: Date) {
  await db()`
    insert into member_rsvps (member_id, club_id, occurrence, answer, answered_at)
    values (${member.id}, ${clubId}, ${occurrence}, ${answer}, ${now})
    on conflict (member_id, occurrence) do update set answer = excluded.answer, answered_at = excluded.answered_at`;
}

/**
 * The button of an RSVP link's page: the link's own answer (a "coming" link answers "coming", nothing else) for its
 * own session, while the session is held and to come. Null for an unknown token.
 */
export async function answerRsvpByLink(
  token: string,
  reading: ReadingPlan,
  now: Date,
): Promise<{ state: RsvpState; found: RsvpOfLink } | null> {
  const found = await findRsvpOfLink(token, reading, now);
  if (!found) return null;
  if (found.state === 'open') await saveAnswer(found.link.member, found.link.club.id, found.link.sessionStart!, found.answer, now);
  return { state: found.state, found };
}

/** An answer from the "Your club" page (its `club` link's token) for one of the club's next sessions. */
export async function answerRsvp(
  token: string,
  occurrence: string,
  answer: RsvpAnswer,
  reading: ReadingPlan,
  now: Date,
): Promise<{ state: RsvpState; clubName: string } | null> {
  const link = await findMemberOfLink(token, 'club');
  if (!link) return null;
  const { changes } = await listSessionChanges(link.club.id);
  const session = plannedSession(link.club, reading, changes, occurrence);
  const state = stateOf(session, now);
  if (state === 'open') await saveAnswer(link.member, link.club.id, isoOf(session!.scheduled), answer, now);
  return { state, clubName: link.club.clubName };
}

/** The host's view of the answers: counts per upcoming session (no names), each member's answer to the next one held. */
export async function clubRsvps(clubId: number, sessions: readonly SessionView[]): Promise<ClubRsvps> {
  const sql = db();
  const occurrences = sessions.map((session) => session.occurrence);
  const [members] = await sql<{ count: number }[]>`select count(*)::int as count from club_members where club_id = ${clubId}`;
  const rows =
    occurrences.length === 0
      ? []
      : await sql<{ memberId: string; occurrence: Date; answer: RsvpAnswer }[]>`
          select r.member_id, r.occurrence, r.answer from member_rsvps r
          where r.club_id = ${clubId} and r.occurrence in ${sql(occurrences)}`;
  const counts = sessions.map((session) => {
    const answers = rows.filter((row) => row.occurrence.toISOString() === session.occurrence);
    const coming = answers.filter((row) => row.answer === 'coming').length;
    const notComing = answers.length - coming;
    return { occurrence: session.occurrence, coming, notComing, notAnswered: Math.max(0, members!.count - answers.length) };
  });
  const next = sessions.find((session) => session.status !== 'cancelled');
  return {
    sessions: counts,
    next: next
      ? {
          occurrence: next.occurrence,
          answers: Object.fromEntries(
            rows.filter((row) => row.occurrence.toISOString() === next.occurrence).map((row) => [String(row.memberId), row.answer]),
          ),
        }
      : null,
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// Stopping and restarting the reminders

// ---------------------------------------------------------------------------------------------------------------------
// The job

/** A club the job looks at: its members' club, its settings. */
type ReminderClub = MembersClub & ReminderSettings & { hostEmail: string };

/** The clubs with members, meeting times, and reminders or the summary on; inactive clubs are left alone. */
async function remindingClubs(sql: Sql): Promise<ReminderClub[]> {
  const rows = await listRemindingClubRows(sql);
  return rows.map(({ club, ...rest }) => ({ ...club, ...rest }));
}

/** The session as a reminder or a notice describes it. */
const describedSession = (club: ReminderClub | MembersClub, session: PlannedSession) => ({
  start: isoOf(session.start),
  zone: club.timeZone!,
  reading: session.reading?.title ?? null,
  note: session.note,
  moved: session.status === 'moved',
  place: memberPlaceDetails(club, session.place),
});

/**
 * Reminds every member of the club who has not been reminded of `session` and has not stopped their reminders, in one
 * transaction: each member's row in member_reminders is claimed there, and their email queued with it. Returns how
 * many were reminded.
 */
async function remindSession(sql: Sql, club: ReminderClub, session: PlannedSession, now: Date, origin: string): Promise<number> {
  const occurrence = isoOf(session.scheduled);
  return sql.begin(async (tx) => {
    const members = await tx<{ id: string; name: string; email: string }[]>`
      with claimed as (
        insert into member_reminders (member_id, occurrence, sent_at)
        select m.id, ${occurrence}, ${now} from club_members m
        where m.club_id = ${club.id} and m.reminders_stopped_at is null
        order by m.id
        on conflict do nothing
        returning member_id)
      select m.id, m.name, m.email from club_members m join claimed on claimed.member_id = m.id order by m.id`;
    const mailClub = { id: club.id, clubName: club.clubName, hostName: club.hostName, hostEmail: club.hostEmail };
    for (const member of members) {
      const id = Number(member.id);
      const tokens = {
        coming: await newMemberLink(tx, id, 'coming', occurrence),
        notComing: await newMemberLink(tx, id, 'not-coming', occurrence),
        unsubscribe: await newMemberLink(tx, id, 'reminders-off'),
        club: await newMemberLink(tx, id, 'club'),
      };
      await enqueueEmail(tx, reminderEmail({ club: mailClub, member, session: describedSession(club, session), origin, tokens }));
    }
    return members.length;
  });
}

/** Sends the host the morning summary of `session` unless it went already: its row claimed with the email. */
async function summarizeSession(sql: Sql, club: ReminderClub, session: PlannedSession, now: Date, origin: string): Promise<boolean> {
  const occurrence = isoOf(session.scheduled);
  return sql.begin(async (tx) => {
    const claimed = await tx`
      insert into club_rsvp_summaries (club_id, occurrence, sent_at) values (${club.id}, ${occurrence}, ${now})
      on conflict do nothing returning club_id`;
    if (claimed.length === 0) return false;
    const answers = await tx<{ name: string; answer: RsvpAnswer | null }[]>`
      select m.name, r.answer from club_members m
      left join member_rsvps r on r.member_id = m.id and r.occurrence = ${occurrence}
      where m.club_id = ${club.id} order by m.name, m.id`;
    await enqueueEmail(
      tx,
      rsvpSummaryEmail({
        club: { id: club.id, clubName: club.clubName, hostName: club.hostName, hostEmail: club.hostEmail },
        start: isoOf(session.start),
        zone: club.timeZone!,
        coming: answers.filter((row) => row.answer === 'coming').map((row) => row.name),
        notComing: answers.filter((row) => row.answer === 'not-coming').length,
        notAnswered: answers.filter((row) => row.answer === null).length,
        origin,
        unsubscribe: await oneClickUnsubscribe(tx, origin, 'rsvp-summary', club.id),
      }),
    );
    return true;
  });
}

/**
 * The `club-reminders` job: for each club, its sessions held in the next two days whose reminder (or the host's
 * summary) is due at `now` and that have not begun: each member reminded once, the host summarized once. A cancelled
 * session has none; a moved one is reminded by its new time.
 */
export async function runReminders({ sql, now, signal }: { sql: Sql; now: Date; signal?: AbortSignal }): Promise<string> {
  const origin = siteOrigin(env().PORT);
  // The worker runs outside Astro: the reading plan comes from the content files themselves.
  const reading = readReadingPlanFile();
  let reminded = 0;
  let summaries = 0;
  for (const club of await remindingClubs(sql)) {
    if (signal?.aborted) break;
    const { sessions } = await heldSessions(club, reading, now, 4, sql);
    for (const session of sessions) {
      if (session.status === 'cancelled' || session.start.toMillis() - now.getTime() > LOOK_AHEAD_MS) continue;
      if (club.reminderLead !== 'off' && reminderDue(session.start, club.reminderLead).toMillis() <= now.getTime()) {
        reminded += await remindSession(sql, club, session, now, origin);
      }
      if (club.rsvpSummary && summaryDue(session.start).toMillis() <= now.getTime()) {
        if (await summarizeSession(sql, club, session, now, origin)) summaries += 1;
      }
    }
  }
  return `${reminded} reminders, ${summaries} summaries to hosts`;
}

// ---------------------------------------------------------------------------------------------------------------------
// Change notices

/**
 * Tells every member of the club of a session cancelled, moved or undone (the event `changeSession` or
 * `undoSessionChange` returned): one email each, queued in one transaction, Reply-To the host. Returns how many.
 */
export async function notifyMembersOfChange(event: SessionChangeEvent, origin: string): Promise<number> {
  return db().begin(async (tx) => {
    const club = await findMemberClub(tx, event.clubId);
    const membersClub = await findMembersClub(tx, event.clubId);
    if (!club || !membersClub?.timeZone) return 0;
    const members = await tx<{ id: string; name: string; email: string }[]>`
      select id, name, email from club_members where club_id = ${event.clubId} order by id`;
    const { previous, session } = event;
    const knownStart = previous?.kind === 'moved' ? previous.movedTo! : event.occurrence;
    const change = {
      action: event.action,
      undid: event.action === 'undone' ? (previous?.kind ?? null) : null,
      knownStart,
      start: session.start,
      zone: membersClub.timeZone,
      note: event.change?.note ?? null,
      reading: session.reading,
      place: memberPlaceDetails(membersClub, session.place),
    };
    for (const member of members) {
      const clubToken = await newMemberLink(tx, Number(member.id), 'club');
      await enqueueEmail(tx, changeNoticeEmail({ club, member, change, origin, clubToken }));
    }
    return members.length;
  });
}
