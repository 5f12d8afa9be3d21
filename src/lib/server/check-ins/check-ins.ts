import type { CheckInAnswer } from '#lib/check-ins/types.ts';
import type { Club } from '#lib/clubs/types.ts';
import type { User } from '#server/auth/index.ts';
import { changeClubAsAdmin, confirmClubMeeting, findClub, markClubStopped } from '#server/clubs/index.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import { checkInEmail, clubInactiveEmail } from './check-in-emails.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { hashLinkToken, newLinkToken } from '#server/platform/tokens.ts';

/** How long a check-in's links work. */
export const CHECK_IN_LINK_DAYS = 30;

export type CheckInCause = 'scheduled' | 'reports';

/**
 * Records that the host of `clubId` was asked at `sentAt`, sending nothing now: the demo's established clubs were
 * asked before the demo began, so the first start flags them to the admins without asking their hosts in the same
 * second (issue 41, item 17). Nobody holds the link of the token.
 */
export async function recordEarlierCheckIn(tx: Sql | TransactionSql, clubId: number, sentAt: Date): Promise<void> {
  await tx`
    insert into club_check_ins (club_id, token_hash, cause, sent_at, expires_at)
    values (${clubId}, ${hashLinkToken(newLinkToken())}, 'scheduled', ${sentAt},
      ${sentAt}::timestamptz + make_interval(days => ${CHECK_IN_LINK_DAYS}))`;
}

/**
 * Sends the host of `club` an "Is your club still meeting?" email in the caller's transaction: a new check-in row
 * (the token's hash, expiring CHECK_IN_LINK_DAYS after `now`) and its email with the two answers' links.
 */
export async function startCheckIn(
  tx: Sql | TransactionSql,
  club: Pick<Club, 'id' | 'email' | 'hostName' | 'clubName'>,
  cause: CheckInCause,
  now: Date,
  origin: string,
): Promise<void> {
  const token = newLinkToken();
  await tx`
    insert into club_check_ins (club_id, token_hash, cause, sent_at, expires_at)
    values (${club.id}, ${hashLinkToken(token)}, ${cause}, ${now}, ${now}::timestamptz + make_interval(days => ${CHECK_IN_LINK_DAYS}))`;
  const link = (answer: CheckInAnswer) => `${origin}/club-check-in?token=${token}&answer=${answer}`;
  await enqueueEmail(
    tx,
    checkInEmail({ club, cause, stillMeetingUrl: link('still-meeting'), stoppedUrl: link('stopped'), validDays: CHECK_IN_LINK_DAYS }),
  );
}

/** A check-in as its link's page shows it: the token proves the reader got the host's email, so it names the club. */
export interface CheckInView {
  club: { id: number; clubName: string };
  /** open: waiting for the answer; answered; closed: expired, or ended by another answer for the club. */
  state: 'open' | 'answered' | 'closed';
  answer: CheckInAnswer | null;
  answeredAt: string | null;
}

/** The check-in whose link carries `token`, as of `now`; null for a token no check-in has. Changes nothing. */
export async function findCheckIn(token: string, now: Date): Promise<CheckInView | null> {
  const sql = db();
  const [row] = await sql<{ clubId: number; answer: CheckInAnswer | null; answeredAt: Date | null; open: boolean }[]>`
    select i.club_id, i.answer, i.answered_at, i.expires_at > ${now} as open
    from club_check_ins i
    where i.token_hash = ${hashLinkToken(token)}`;
  if (!row) return null;
  // A check-in goes with its club (on delete cascade): a club deleted meanwhile took its check-in along.
  const club = await findClub(sql, row.clubId);
  if (!club) return null;
  return {
    club: { id: club.id, clubName: club.clubName },
    state: row.answeredAt ? 'answered' : row.open ? 'open' : 'closed',
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/**
 * What else a confirmation settles, in its transaction after the club's row is locked: the route passes questions'
 * closeNotMeetingReports (the open "Not meeting any more" reports are answered). Passed in, as questions' reports
 * start check-ins: the two domains must not need each other, and the reports' table is questions' (decision 040).
 */
export type OnClubConfirmed = (tx: TransactionSql, clubId: number) => Promise<void>;

/** Whether a check-in of `cause` was sent to the club's host in the `days` days before `now`. */
export async function hasCheckInSince(tx: TransactionSql, clubId: number, cause: CheckInCause, now: Date, days: number): Promise<boolean> {
  const [row] = await tx<{ sent: boolean }[]>`
    select exists (select from club_check_ins
      where club_id = ${clubId} and cause = ${cause}
        and sent_at > ${now}::timestamptz - make_interval(days => ${days})) as sent`;
  return row!.sent;
}

export type AnswerOutcome = { status: 'answered'; club: Club } | { status: 'unknown' | 'already-answered' | 'closed' };

/** Where a host whose club left the directory brings it back: the profile's "Yes, still meeting", after signing in. */
export const bringBackUrls = (origin: string, clubId: number) => ({
  profileUrl: `${origin}/club-profile/${clubId}`,
  signInUrl: `${origin}/club-login`,
});

/**
 * Answers the check-in whose link carries `token`, in one transaction: spends it (one conditional UPDATE, so of two
 * clicks one wins), then applies the answer to the club (applyAnswer); "We have stopped" emails the host how to bring
 * the club back. Changes nothing for an unknown, answered or closed check-in, and says which it was.
 */
export async function answerCheckIn(
  token: string,
  answer: CheckInAnswer,
  now: Date,
  origin: string,
  onConfirmed: OnClubConfirmed,
): Promise<AnswerOutcome> {
  const tokenHash = hashLinkToken(token);
  return db().begin(async (tx) => {
    const [spent] = await tx<{ clubId: number }[]>`
      update club_check_ins set answered_at = ${now}, answer = ${answer}
      where token_hash = ${tokenHash} and answered_at is null and expires_at > ${now}
      returning club_id`;
    if (!spent) {
      const [found] = await tx<{ answered: boolean }[]>`
        select answered_at is not null as answered from club_check_ins where token_hash = ${tokenHash}`;
      return { status: !found ? 'unknown' : found.answered ? 'already-answered' : 'closed' };
    }
    await applyAnswer(tx, spent.clubId, answer, now, onConfirmed);
    const club = (await findClub(tx, spent.clubId))!;
    if (answer === 'stopped') {
      await enqueueEmail(tx, clubInactiveEmail({ club, cause: 'stopped', ...bringBackUrls(origin, club.id) }));
    }
    return { status: 'answered', club };
  });
}

/**
 * What an answer does to the club as of `now`: 'still-meeting' confirms it (listed again at once if it was inactive),
 * 'stopped' takes it off the directory (kept). Either way the question is settled, so the club's other open check-ins
 * close: their links then say so instead of answering again. A confirmation also answers the open "Not meeting any
 * more" reports: they are completed, so they cannot add up to another check-in with later ones.
 */
async function applyAnswer(
  tx: TransactionSql,
  clubId: number,
  answer: CheckInAnswer,
  now: Date,
  onConfirmed: OnClubConfirmed,
): Promise<void> {
  await (answer === 'still-meeting' ? confirmClubMeeting(tx, clubId, now) : markClubStopped(tx, clubId, now));
  if (answer === 'still-meeting') await onConfirmed(tx, clubId);
  await tx`update club_check_ins set expires_at = ${now} where club_id = ${clubId} and answered_at is null and expires_at > ${now}`;
}

/**
 * "Yes, still meeting" from the club's profile, by its host or the admin (the caller checks which): the same as the
 * email's link. The admin's confirmation is written to the audit log with the club before and after.
 */
export async function confirmStillMeeting(clubId: number, actor: User, now: Date, onConfirmed: OnClubConfirmed): Promise<Club | null> {
  const confirm = (tx: TransactionSql) => applyAnswer(tx, clubId, 'still-meeting', now, onConfirmed);
  if (actor.role === 'admin') return changeClubAsAdmin(clubId, actor, 'club.confirm-active', confirm);
  return db().begin(async (tx) => {
    await confirm(tx);
    return findClub(tx, clubId);
  });
}
