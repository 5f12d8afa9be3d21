import type postgres from 'postgres';
import { DateTime } from 'luxon';
import type { MeetingFrequency, MeetingSlot } from '#lib/clubs/meetings/types.ts';
import {
  NEXT_CYCLE,
  type JoinOptions,
  type JoinRequest,
  type JoinRequestAnswer,
  type JoinRequestList,
  type JoinRequestStatus,
} from '#lib/clubs/join-request-types.ts';
import { firstName } from '#lib/guides/types.ts';
import { LOCALES, type Language } from '#lib/shared/languages.ts';
import { sessionsFrom } from '#lib/clubs/meetings/sessions.ts';
import type { JoinRequestInput } from '#lib/schemas/join-requests.ts';
import { findAccountLanguage } from '#server/auth/index.ts';
import { db, rowCount, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import { enqueueAcknowledgement } from '#server/platform/email/acknowledgements.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { hashLinkToken, newLinkToken } from '#server/platform/tokens.ts';
import { dateOnly, isListed } from './clubs.ts';
import { joinRequestAcknowledgementEmail, joinRequestEmail, type JoinRequestClub } from './join-request-emails.ts';

// "Ask to join" (issue 28): a visitor's request to join a listed club, stored with the host's email and the visitor's
// acknowledgement in one transaction; the host answers it from the email's one-click links or the club profile.
// join_requests' columns mean what migration 029 says: status 'new' while answered_at is null, the first answer sets
// answered_at, every answer sets closed_at; the reminders, escalations and deletion of open and closed requests are
// the job worker's.

/** How long the links of the host's email work. */
export const JOIN_REQUEST_LINK_DAYS = 30;
/** How many of the club's next sessions "When would you like to start?" offers (the club's page shows as many). */
const START_CHOICES = 4;
/** The newest requests the host's card lists; the counts cover every request. */
const LIST_SIZE = 100;
/** The advisory lock class of one visitor's requests to one club: the second key is the club and the email's. */
const VISITOR_LOCK_CLASS = 1_028;

interface ClubForJoining extends JoinRequestClub {
  /** The host's account, whose language the host's email is written in. */
  ownerId: string;
  acceptingMembers: boolean;
  meetingSlots: MeetingSlot[];
  meetingFrequency: MeetingFrequency;
  cycleStart: Date | null;
  /** The host's cancelled and moved sessions (issue 40): a cancelled one is not offered, a moved one at its new time. */
  sessionChanges: { occurrence: string; kind: 'cancelled' | 'moved'; movedTo: string | null }[];
}

/** The listed club with this id, with what joining it needs; null for an unknown, pending or inactive club. */
async function findClubForJoining(sql: Sql | TransactionSql, clubId: number, now: Date): Promise<ClubForJoining | null> {
  const [club] = await sql<ClubForJoining[]>`
    select id, owner_id, club_name, host_name, email, time_zone,
      accepting_members, meeting_slots, meeting_frequency,
      cycle_start,
      (select coalesce(json_agg(json_build_object('occurrence', occurrence, 'kind', kind, 'movedTo', moved_to)), '[]')
        from club_session_changes where club_id = clubs.id and coalesce(moved_to, occurrence) >= ${now}) as "sessionChanges"
    from clubs
    where id = ${clubId} and ${isListed(sql)}`;
  return club ?? null;
}

/**
 * What the form offers for `club` as of `now`: its next sessions, and the next new cycle when it has a cycle start. A
 * club without times has no sessions to offer: the next new cycle is then its one choice, so that it can still be asked.
 */
function optionsOf(club: ClubForJoining, now: Date, language: Language = 'en'): JoinOptions {
  const plan = { ...club, cycleStart: dateOnly(club.cycleStart) };
  const changes = new Map(club.sessionChanges.map((change) => [Date.parse(change.occurrence), change]));
  const starts = sessionsFrom(plan, now, START_CHOICES + changes.size)
    .flatMap((session) => {
      const change = changes.get(session.start.toMillis());
      if (change?.kind === 'cancelled') return [];
      return [change?.movedTo ? DateTime.fromISO(change.movedTo, { zone: session.start.zone }) : session.start];
    })
    .filter((start) => start.toMillis() >= now.getTime())
    .sort((a, b) => a.toMillis() - b.toMillis())
    .slice(0, START_CHOICES)
    .map((start) => ({
      startAt: start.toUTC().toISO()!,
      label: `${language === 'es' ? start.setLocale(LOCALES.es).toFormat('ccc d LLL, h:mm a') : start.toFormat('ccc, LLL d, h:mm a')} ${start.offsetNameShort}`,
    }));
  return { acceptingMembers: club.acceptingMembers, starts, nextCycle: plan.cycleStart !== null || starts.length === 0 };
}

/**
 * The Ask to join form's choices for a listed club as of `now`, the sessions worded in `language` ("Tue, Dec 8, 7:00 PM
 * CST", "mar 8 dic, 7:00 p.m. CST"); null for any other club.
 */
export async function findJoinOptions(clubId: number, now: Date, language: Language = 'en'): Promise<JoinOptions | null> {
  const club = await findClubForJoining(db(), clubId, now);
  return club && optionsOf(club, now, language);
}

/** The start a request stores for one of the offered options (null: the next new cycle); undefined when not offered. */
function offeredStart(options: JoinOptions, start: string): Date | null | undefined {
  if (start === NEXT_CYCLE) return options.nextCycle ? null : undefined;
  const at = Date.parse(start);
  return options.starts.some((offered) => Date.parse(offered.startAt) === at) ? new Date(at) : undefined;
}

export type JoinRequestOutcome =
  | { status: 'created'; id: number }
  | { status: 'duplicate' }
  | { status: 'unknown-club' }
  | { status: 'not-accepting' }
  | { status: 'start-not-offered' };

/**
 * A visitor's request to join a listed club that takes members, with a start the club offers as of `now`: stored, and
 * in the same transaction the host's email (Reply-To the visitor, with single-use answer links valid
 * JOIN_REQUEST_LINK_DAYS, in the host's account's language) and the visitor's acknowledgement (unless the address has
 * had its share for the day; in `language`, the page's the visitor asked from) queued. The same email asking the same club again within 24 hours stores and sends nothing ('duplicate'); the
 * visitor's advisory lock makes that hold for two requests at once on two instances.
 */
export async function createJoinRequest(
  clubId: number,
  input: JoinRequestInput,
  origin: string,
  now: Date,
  language: Language = 'en',
): Promise<JoinRequestOutcome> {
  return db().begin(async (tx): Promise<JoinRequestOutcome> => {
    const club = await findClubForJoining(tx, clubId, now);
    if (!club) return { status: 'unknown-club' };
    if (!club.acceptingMembers) return { status: 'not-accepting' };
    const startAt = offeredStart(optionsOf(club, now), input.start);
    if (startAt === undefined) return { status: 'start-not-offered' };

    await tx`select pg_advisory_xact_lock(${VISITOR_LOCK_CLASS}, hashtext(${`${club.id}:${input.email.toLowerCase()}`}))`;
    const [earlier] = await tx`
      select 1 from join_requests
      where club_id = ${club.id} and lower(email) = lower(${input.email}) and created_at > now() - interval '24 hours'
      limit 1`;
    if (earlier) return { status: 'duplicate' };

    const token = newLinkToken();
    const [row] = await tx<{ id: number }[]>`
      insert into join_requests (club_id, name, email, phone, start_at, message, token_hash, token_expires_at)
      values (${club.id}, ${input.name}, ${input.email}, ${input.phone}, ${startAt}, ${input.message}, ${hashLinkToken(token)},
        now() + make_interval(days => ${JOIN_REQUEST_LINK_DAYS}))
      returning id`;
    const answerUrl = (answer: JoinRequestAnswer) => `${origin}/join-request?${new URLSearchParams({ token, answer })}`;
    const hostLanguage = await findAccountLanguage(tx, club.ownerId);
    await enqueueEmail(
      tx,
      joinRequestEmail({
        club,
        request: { ...input, startAt },
        answerUrl,
        validDays: JOIN_REQUEST_LINK_DAYS,
        origin,
        language: hostLanguage,
      }),
    );
    await enqueueAcknowledgement(tx, joinRequestAcknowledgementEmail(club, input.email, origin, language));
    return { status: 'created', id: row!.id };
  });
}

const requestColumns = (sql: Sql | TransactionSql) => sql`
  r.id, r.name, r.email, r.phone,
  to_char(r.start_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startAt",
  r.message, r.status,
  to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  to_char(r.answered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "answeredAt"`;

/**
 * A club's requests for its host's card (the caller checks who asks), newest first, with how many there are of each
 * status and the joining switch. Requests whose personal details were deleted are neither listed nor counted.
 */
export async function listJoinRequests(clubId: number): Promise<JoinRequestList> {
  const sql = db();
  const [requests, counts, [club]] = await Promise.all([
    sql<JoinRequest[]>`
      select ${requestColumns(sql)} from join_requests r
      where r.club_id = ${clubId} and r.scrubbed_at is null
      order by r.created_at desc, r.id desc
      limit ${rowCount(sql, LIST_SIZE)}`,
    sql<{ status: JoinRequestStatus; count: number }[]>`
      select status, count(*)::int as count from join_requests
      where club_id = ${clubId} and scrubbed_at is null
      group by status`,
    sql<{ acceptingMembers: boolean }[]>`select accepting_members from clubs where id = ${clubId}`,
  ]);
  const byStatus: Record<JoinRequestStatus, number> = { new: 0, replied: 0, joined: 0, declined: 0 };
  for (const { status, count } of counts) byStatus[status] = count;
  return { requests, counts: byStatus, acceptingMembers: club?.acceptingMembers ?? false };
}

/** Every request to the club whose details are kept, oldest first: for its host's data export. */
export async function listAllJoinRequests(clubId: number, sql: Sql = db()): Promise<JoinRequest[]> {
  return sql<JoinRequest[]>`
    select ${requestColumns(sql)} from join_requests r
    where r.club_id = ${clubId} and r.scrubbed_at is null
    order by r.created_at, r.id`;
}

/** The update of an answer: the status, the first answer's time kept, and the request closed now. */
const answerValues = (sql: Sql | TransactionSql, answer: JoinRequestAnswer, now: Date) =>
  sql`status = ${answer}, answered_at = coalesce(answered_at, ${now}), closed_at = ${now}`;

/**
 * What becomes of a request marked "They've joined" that was not joined before, in the answer's transaction: the
 * members domain makes the visitor a member (issue 40). Handed in by the caller, so that this domain needs none other.
 */
export type OnJoined = (
  tx: TransactionSql,
  visitor: { clubId: number; requestId: number; name: string | null; email: string | null },
) => Promise<unknown>;

/** Calls `onJoined` for a request whose status was `before` and is now joined. */
async function afterAnswer(
  tx: TransactionSql,
  before: { id: number; clubId: number; name: string | null; email: string | null; status: JoinRequestStatus },
  answer: JoinRequestAnswer,
  onJoined: OnJoined | undefined,
): Promise<void> {
  if (onJoined && answer === 'joined' && before.status !== 'joined')
    await onJoined(tx, { clubId: before.clubId, requestId: before.id, name: before.name, email: before.email });
}

/** The request with this condition, locked for its answer, as afterAnswer needs it. */
const lockRequest = (tx: TransactionSql, where: postgres.Fragment) =>
  tx<{ id: number; clubId: number; name: string | null; email: string | null; status: JoinRequestStatus }[]>`
    select id, club_id as "clubId", name, email, status from join_requests r where ${where} for update`;

/**
 * The host's answer to one of the club's requests from the card; null when the club has no such request. `onJoined`
 * runs in the same transaction when the request becomes joined.
 */
export async function answerJoinRequest(
  clubId: number,
  requestId: number,
  answer: JoinRequestAnswer,
  now: Date,
  onJoined?: OnJoined,
): Promise<JoinRequest | null> {
  return db().begin(async (tx) => {
    const [before] = await lockRequest(tx, tx`r.id = ${requestId} and r.club_id = ${clubId} and r.scrubbed_at is null`);
    if (!before) return null;
    const [request] = await tx<JoinRequest[]>`
      update join_requests r set ${answerValues(tx, answer, now)}
      where r.id = ${requestId}
      returning ${requestColumns(tx)}`;
    await afterAnswer(tx, before, answer, onJoined);
    return request ?? null;
  });
}

/** The host's switch: whether the club takes new members. False when there is no such club. */
export async function setAcceptingMembers(clubId: number, acceptingMembers: boolean): Promise<boolean> {
  const [club] = await db()`update clubs set accepting_members = ${acceptingMembers}, updated_at = now() where id = ${clubId} returning id`;
  return club !== undefined;
}

/** A request as its email links' page shows it: the token proves the reader got the host's email. */
export interface JoinRequestLinkView {
  club: { id: number; clubName: string };
  firstName: string;
  status: JoinRequestStatus;
  /** open: the links still answer; answered: a link was used or the host answered and the links expired; expired. */
  state: 'open' | 'answered' | 'expired';
}

/** The request whose links carry `token`, as of `now`; null for a token no request has. Changes nothing. */
export async function findJoinRequestByToken(token: string, now: Date): Promise<JoinRequestLinkView | null> {
  const [row] = await db()<{ clubId: number; clubName: string; name: string; status: JoinRequestStatus; open: boolean }[]>`
    select c.id as "clubId", c.club_name, r.name, r.status, r.token_expires_at > ${now} as open
    from join_requests r join clubs c on c.id = r.club_id
    where r.token_hash = ${hashLinkToken(token)} and r.scrubbed_at is null`;
  if (!row) return null;
  return {
    club: { id: row.clubId, clubName: row.clubName },
    firstName: firstName(row.name),
    status: row.status,
    state: row.open ? 'open' : row.status === 'new' ? 'expired' : 'answered',
  };
}

export type LinkAnswerOutcome = { status: 'answered'; view: JoinRequestLinkView } | { status: 'unknown' | 'already-answered' | 'expired' };

/**
 * Answers the request whose links carry `token`: one conditional UPDATE spends the links (their expiry set to now, so
 * of two clicks one wins) and applies the answer. Changes nothing for an unknown token or spent or expired links, and
 * says which it was.
 */
export async function answerJoinRequestByLink(
  token: string,
  answer: JoinRequestAnswer,
  now: Date,
  onJoined?: OnJoined,
): Promise<LinkAnswerOutcome> {
  const tokenHash = hashLinkToken(token);
  const spent = await db().begin(async (tx) => {
    const [before] = await lockRequest(tx, tx`r.token_hash = ${tokenHash} and r.token_expires_at > ${now} and r.scrubbed_at is null`);
    if (!before) return false;
    await tx`update join_requests set ${answerValues(tx, answer, now)}, token_expires_at = ${now} where id = ${before.id}`;
    await afterAnswer(tx, before, answer, onJoined);
    return true;
  });
  const view = await findJoinRequestByToken(token, now);
  if (spent) return { status: 'answered', view: view! };
  return { status: !view ? 'unknown' : view.state === 'answered' ? 'already-answered' : 'expired' };
}
